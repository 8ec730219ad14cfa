import Logging
import MetricsTestKit
import Synchronization
import TemperCore
import TemperLifecycle
import TemperTestKit
import Testing

@testable import TemperService

/// `temper serve`'s timing on the virtual clock, with a fake host: the governor serve makes, running its own loop,
/// samples on the interval, at once when a change is announced, releases each scheduled request at its target time,
/// and every sample reaches the properties and the sample-duration histogram. The same loop the simulator proves.
@Suite struct ServeTimingTests {
    static let quiet = Logger(label: "temper.serve.test") { _ in SwiftLogNoOpLogHandler() }

    struct Running {
        let clock = ManualClock()
        let source = FakeHostSource(.fake(celsius: 45, at: 0))
        let metrics = TestMetrics()
        let governor: Governor
        let emitted: AsyncStream<[String]>
        let tasks: [Task<Void, Never>]

        init() async {
            governor = GovernorBusService.makeGovernor(
                policy: .default,
                energyModel: TestEnergyModel(),
                source: source,
                clock: clock,
                configuration: .init(sampleIntervalSeconds: 1),
                logger: ServeTimingTests.quiet,
                metricsFactory: metrics
            )
            let (emitted, sink) = AsyncStream.makeStream(of: [String].self)
            self.emitted = emitted
            let properties = GovernorProperties(policy: "default", condition: .nominal)
            let samples = governor.samples()
            let governor = governor
            tasks = [
                Task {
                    await GovernorBusService.publish(samples, to: properties) { changes, _ in sink.yield(changes.map(\.0)) }
                    sink.finish()
                },
                Task { try? await governor.run() },
            ]
            await clock.waitForSleepers(1)
        }

        /// Moves the clock to `time` with the host reading `celsius` there, and waits for the loop to sleep again.
        func advance(to time: Double, celsius: Double = 45) async {
            source.set(.fake(celsius: celsius, at: time))
            clock.advance(to: time)
            await clock.waitForSleepers(1)
        }

        /// The first `PropertiesChanged` that names `property`; `nil` when none came before the governor stopped (a
        /// watchdog stops it after 10 s, so a failure does not hang).
        func firstEmission(naming property: String) async -> [String]? {
            let watchdog = Task {
                try await Task.sleep(for: .seconds(10))
                for task in tasks { task.cancel() }
            }
            defer { watchdog.cancel() }
            for await names in emitted where names.contains(property) { return names }
            return nil
        }

        var samplesTimed: Int { (try? metrics.expectTimer("temper_sample_duration_seconds").values.count) ?? -1 }

        func stop() async {
            for task in tasks { task.cancel() }
            for task in tasks { await task.value }
        }
    }

    @Test func serveSamplesEveryIntervalAndEachSampleIsTimed() async throws {
        let run = await Running()
        #expect(run.source.snapshotCount == 1, "the first sample at once")
        for second in 1...5 { await run.advance(to: Double(second)) }
        #expect(run.source.snapshotCount == 6, "one sample a second: t = 0…5")
        // Under the old serve, which sampled behind the governor's back, this stayed at 1.
        #expect(run.samplesTimed == 6, "temper_sample_duration_seconds counts every sample")
        #expect(run.clock.nextDeadline == 6)
        await run.stop()
    }

    @Test func anAnnouncedChangeIsSampledAtOnceAndPublished() async throws {
        let run = await Running()
        await run.advance(to: 1)
        await run.advance(to: 1.5)
        #expect(run.source.snapshotCount == 2, "nothing between intervals")

        // A uevent, UPower or a thermal trip: the host reads hot, and the service asks for a sample.
        run.source.set(.fake(celsius: 99, at: 1.5))
        run.governor.sampleSoon()
        await run.clock.waitForSleepers(1)
        #expect(run.source.snapshotCount == 3, "sampled at once, without the clock moving")
        #expect(run.clock.now == 1.5)
        #expect(run.clock.nextDeadline == 2.5, "the next sample a full interval after the announced one")
        #expect(run.samplesTimed == 3)
        let tier = await run.firstEmission(naming: "Tier")
        #expect(tier != nil, "PropertiesChanged(Tier) from the governor's sample")

        // A burst of announcements while the loop is busy is one sample.
        for _ in 0..<5 { run.governor.sampleSoon() }
        await run.clock.waitForSleepers(1)
        #expect(run.source.snapshotCount == 4)
        await run.stop()
    }

    /// Issue 21: while temperatures moved, `Reasons` and `Condition` changed about once a second (their text
    /// carries the temperature), so every client woke every second.
    @Test func movingTemperaturesInOneTierSignalNoReasonsOrCondition() async throws {
        let run = await Running()
        await run.advance(to: 1, celsius: 75)
        for step in 2...8 { await run.advance(to: Double(step), celsius: 75 + 0.1 * Double(step)) }
        await run.stop()
        var emissions: [[String]] = []
        for await names in run.emitted { emissions.append(names) }
        let fair = try #require(emissions.firstIndex { $0.contains("Tier") }, "the tier changed to fair: \(emissions)")
        #expect(emissions[fair].contains("Reasons") && emissions[fair].contains("Condition"))
        let later = emissions[(fair + 1)...].filter { $0.contains("Reasons") || $0.contains("Condition") }
        #expect(later.isEmpty, "seven samples in one tier with the same reason codes: \(later)")
    }

    @Test func aScheduledRequestIsReleasedAtItsTargetTimeBetweenSamples() async throws {
        let run = await Running()
        let decisions = run.governor.decisions()
        let request = SensoryRequest(id: "tap", usage: .game, kind: .system(.impact(.heavy, intensity: 1)))
        _ = try await run.governor.schedule(request, at: 0.25)
        await run.clock.waitForSleepers(1)
        #expect(run.clock.nextDeadline == 0.25, "the schedule cut the loop's sleep short")
        await run.advance(to: 0.25)
        var iterator = decisions.makeAsyncIterator()
        let released = await iterator.next()
        #expect(released?.requestID == "tap")
        #expect(run.source.snapshotCount == 1, "a release is not a sample")
        #expect(run.clock.nextDeadline == 1)
        await run.stop()
    }
}
