import TemperAHAP
import TemperCore
import TemperTestKit
import Testing

/// What a service testing its own use of Temper relies on from the test kit.
@Suite struct TestKitTests {
    @Test func aScriptedSourceGivesEachSnapshotOnceThenRepeatsTheLast() async {
        let source = FakeHostSource(script: [.fake(celsius: 40, at: 0), .fake(celsius: 90, at: 1)])
        let temperatures = [await source.snapshot(), await source.snapshot(), await source.snapshot()]
            .map { $0.temperatures.first?.celsius }
        #expect(temperatures == [40, 90, 90])
        #expect(source.snapshotCount == 3)
        source.set(.fake(celsius: 50))
        #expect(await source.snapshot().temperatures.first?.celsius == 50)
    }

    @Test func theManualClockWakesASleeperOnlyWhenTimeReachesItsDeadline() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(until: 2) }
        await clock.waitForSleepers(1)
        #expect(clock.nextDeadline == 2)
        clock.advance(by: 1)
        #expect(clock.sleeperCount == 1, "not yet due")
        clock.advance(to: 2)
        try await sleeper.value
        #expect(clock.now == 2)
        #expect(clock.sleeperCount == 0)
    }

    @Test func theTestEnergyModelChargesLongerAndStrongerPatternsMore() {
        let model = TestEnergyModel()
        let short = AHAPPattern(items: [
            .event(AHAPEvent(type: .hapticContinuous, time: 0, duration: 0.1, parameters: [.init(id: .hapticIntensity, value: 1)]))
        ])
        let long = AHAPPattern(items: [
            .event(AHAPEvent(type: .hapticContinuous, time: 0, duration: 1, parameters: [.init(id: .hapticIntensity, value: 1)]))
        ])
        #expect(model.energyMillijoules(of: long, waveforms: [:]) > model.energyMillijoules(of: short, waveforms: [:]))
        #expect(model.energyMillijoules(of: short, waveforms: [:]) > 0)
    }
}
