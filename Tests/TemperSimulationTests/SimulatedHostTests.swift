import TemperCore
import Testing

@testable import TemperSimulation

/// The simulated host makes a snapshot only when the governor reads one: what it reads must be what publishing the
/// same state would have shown, and a publish must win over a state staged before it.
@Suite struct SimulatedHostTests {
    static let model = ThermalModel(internalCelsius: 45.12345, skinCelsius: 44.5)
    static let battery = BatteryModel(percentage: 50, onBattery: true)

    static func published(on host: SimulatedHost, at time: Double, watts: Double) -> HostSnapshot {
        host.publish(
            timeSeconds: time,
            model: model,
            ambientCelsius: 25,
            battery: battery,
            powerWatts: watts,
            heatJoules: 10,
            powerProfile: "balanced"
        )
    }

    static func staged(at time: Double, watts: Double) -> SimulatedHost.Staged {
        SimulatedHost.Staged(timeSeconds: time, model: model, battery: battery, powerWatts: watts, heatJoules: 10, powerProfile: "balanced")
    }

    @Test func aStagedStateReadsAsThePublishedSnapshot() async {
        let expected = Self.published(on: SimulatedHost(), at: 12.3456, watts: 2.5)
        let host = SimulatedHost()
        host.stage(Self.staged(at: 12.3456, watts: 2.5))
        #expect(await host.snapshot() == expected)
        #expect(await host.snapshot() == expected)
        #expect(host.readCount == 2)
    }

    @Test func theLatestOfAPublishAndAStageIsRead() async {
        let host = SimulatedHost()
        host.stage(Self.staged(at: 1, watts: 2.5))
        let published = Self.published(on: host, at: 2, watts: 3.5)
        #expect(await host.snapshot() == published)
        host.stage(Self.staged(at: 3, watts: 4.5))
        let later = await host.snapshot()
        #expect(later.time == 3)
        #expect(later != published)
    }
}
