import MetricsTestKit
import TemperCore
import TemperTestKit
import Testing

/// The governor's gauges for live players and peripheral batteries, which `temper serve` exports and the Grafana
/// dashboard charts.
@Suite struct GovernorMetricsTests {
    @Test func livePlayersAreCountedAsTheyStartAndStop() async throws {
        let metrics = TestMetrics()
        let governor = GovernorTestSupport.governor(metrics: metrics)
        let first = try await governor.startPlayer(PlayerTests.engine)
        _ = try await governor.startPlayer(PlayerTests.engine)
        #expect(try metrics.expectGauge("temper_players_live").lastValue == 2)
        await governor.stopPlayer(first.handle)
        #expect(try metrics.expectGauge("temper_players_live").lastValue == 1)
    }

    @Test func peripheralsAreCountedByBatteryConditionEachSample() async throws {
        let metrics = TestMetrics()
        let governor = GovernorTestSupport.governor(metrics: metrics)
        func count(_ battery: String) throws -> Double {
            try metrics.expectGauge("temper_peripherals", [("battery", battery)]).lastValue ?? -1
        }
        await governor.update(with: HostSnapshot(time: 1, peripherals: [PeripheralTests.controller(15), PeripheralTests.phone]))
        #expect(try count("low") == 1)
        #expect(try count("ok") == 1)
        #expect(try count("critical") == 0)
        // The controller runs down to 3 %; the phone is unplugged.
        await governor.update(with: HostSnapshot(time: 2, peripherals: [PeripheralTests.controller(3)]))
        #expect(try count("low") == 0)
        #expect(try count("ok") == 0)
        #expect(try count("critical") == 1)
    }
}
