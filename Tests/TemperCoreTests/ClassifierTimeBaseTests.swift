import Foundation
import TemperCore
import Testing

/// One time base: the classifier measures dwell, trends and forecasts on each snapshot's ``HostSnapshot/time`` (the
/// governor's clock); the wall-clock timestamp is metadata it never reads.
@Suite struct ClassifierTimeBaseTests {
    typealias F = ClassifierFixtures

    @Test func theWallClockTimestampDoesNotMoveTheDwell() {
        let samples = [(0.0, 85.0)] + (1...11).map { (Double($0), 76.9) }
        var onTheClock = Classifier()
        let expected = samples.map { onTheClock.update(with: F.snapshot(at: $0.0, [F.cpu($0.1)])).tier }
        // The same snapshots with a wall clock that jumps back and forth (an NTP step, a suspend): nothing changes.
        var withJumpingWallClock = Classifier()
        let tiers = samples.enumerated().map { index, sample in
            var snapshot = F.snapshot(at: sample.0, [F.cpu(sample.1)])
            snapshot.timestamp = Date(timeIntervalSince1970: index.isMultiple(of: 2) ? 1_800_000_000 : 1_000_000_000)
            return withJumpingWallClock.update(with: snapshot).tier
        }
        #expect(expected.last == .fair, "the dwell completes at t = 11")
        #expect(tiers == expected)
    }

    @Test func aTraceLineWithOnlyAWallClockTakesItAsItsTime() throws {
        let decoder = HostSnapshot.traceDecoder()
        let old =
            #"{"battery":{"batteries":[],"onBattery":false,"present":false,"status":"unavailable","warningLevel":"unknown"},"powerProfile":{},"powerReadings":[],"temperatures":[],"timestamp":1767225610}"#
        #expect(try decoder.decode(HostSnapshot.self, from: Data(old.utf8)).time == 1_767_225_610)
        let stamped = HostSnapshot(time: 12.5, timestamp: Date(timeIntervalSince1970: 1_767_225_610))
        let line = try HostSnapshot.traceEncoder().encode(stamped)
        #expect(try decoder.decode(HostSnapshot.self, from: line) == stamped)
        let neither =
            #"{"battery":{"batteries":[],"onBattery":false,"present":false,"status":"unavailable","warningLevel":"unknown"},"powerProfile":{},"powerReadings":[],"temperatures":[]}"#
        #expect(throws: DecodingError.self) { try decoder.decode(HostSnapshot.self, from: Data(neither.utf8)) }
    }
}
