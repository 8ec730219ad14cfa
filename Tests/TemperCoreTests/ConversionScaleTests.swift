import TemperAHAP
import TemperPatterns
import Testing

@testable import TemperCore

/// `temper convert` of many events, whole (issue 34: quadratic in events, 80,000 AHAP transients to `.haptic`
/// took 39 s and 40,000 composition primitives 6.6–16.8 s). Its time is the benchmark's
/// (`Benchmarks/ConvertBenchmarks`, 80,000 events within 1 s); this checks that what it converts is all there.
@Suite struct ConversionScaleTests {
    static let count = 20_000

    /// `count` transients 10 ms apart, alternating in strength.
    static var transients: [UInt8] {
        let events = (0..<count).map { index in
            #"{"Event":{"Time":\#(Double(index) / 100),"EventType":"HapticTransient","EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":\#(index % 2 == 0 ? 0.8 : 0.4)}]}}"#
        }
        return Array(#"{"Version":1,"Pattern":[\#(events.joined(separator: ","))]}"#.utf8)
    }

    /// An Android composition of `count` primitives 20 ms apart.
    static var composition: [UInt8] {
        let primitives = (0..<count).map { index in #"{"primitive":"\#(index % 2 == 0 ? "click" : "tick")","scale":0.5,"delayMs":20}"# }
        return Array(#"{"composition":[\#(primitives.joined(separator: ","))]}"#.utf8)
    }

    /// Each source to a format that keeps its events as they are, and AHAP's transients to Android XML, which
    /// turns them into primitives (a loss it reports, at another cost).
    @Test(arguments: [("taps.ahap", PatternTarget.haptic, true), ("taps.json", .androidXML, true), ("taps.ahap", .androidXML, false)])
    func manyEventsConvertWhole(file: String, target: PatternTarget, keepsEvents: Bool) throws {
        let bytes = file.hasSuffix(".ahap") ? Self.transients : Self.composition
        let document = try PatternReader.read(bytes, file: file)
        let timeline = document.timeline.withoutItems().output
        var source: HapticPattern = timeline
        if document.format == .ahap { source = HapticPatternRequest(document: try AHAPReader.read(bytes, file: file)).content }
        let estimator = EnergyEstimator(profile: .referencePhone)
        let (output, cost) = try ConversionCost.converting(timeline, from: source, to: target, on: estimator)
        #expect(output.count > Self.count * 10, "\(output.count) bytes")
        // Every event arrives: the output costs what the source costs, within the 2 % conversions are held to.
        if keepsEvents {
            #expect(
                abs(cost.outputMillijoules / cost.sourceMillijoules - 1) < 0.02,
                "\(cost.sourceMillijoules) → \(cost.outputMillijoules) mJ"
            )
        }
        #expect(cost.perceivedChange != nil)
    }
}
