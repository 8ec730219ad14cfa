import Logging
import TemperCore
import Testing

@testable import TemperHost

/// Thresholds at the tier edges, against a fake kernel that behaves as drivers/thermal/thermal_thresholds.c
/// does: one entry per temperature, adding ORs directions in, deleting clears them and drops an empty entry.
@Suite struct ThermalThresholdsTests {
    final class FakeKernel: ThermalThresholdCommands {
        let zones = Locked<[UInt32: [Int32: ThermalThreshold.Directions]]>([:])
        let calls = Locked<[String]>([])
        let refusal = Locked<ThermalNetlinkError?>(nil)

        init(zones: [UInt32: [Int32: ThermalThreshold.Directions]]) { self.zones.withLock { $0 = zones } }

        func thresholds(zone: UInt32) throws(ThermalNetlinkError) -> [ThermalThreshold] {
            try check("get \(zone)", zone)
            return zones.withLock { ($0[zone] ?? [:]).map { ThermalThreshold(millicelsius: $0.key, directions: $0.value) } }
        }

        func add(_ threshold: ThermalThreshold, zone: UInt32) throws(ThermalNetlinkError) {
            try check("add \(zone) \(threshold.millicelsius) \(threshold.directions.rawValue)", zone)
            zones.withLock { $0[zone]![threshold.millicelsius, default: []].formUnion(threshold.directions) }
        }

        func delete(_ threshold: ThermalThreshold, zone: UInt32) throws(ThermalNetlinkError) {
            try check("delete \(zone) \(threshold.millicelsius) \(threshold.directions.rawValue)", zone)
            zones.withLock { zones in
                let left = zones[zone]![threshold.millicelsius, default: []].subtracting(threshold.directions)
                zones[zone]![threshold.millicelsius] = left.isEmpty ? nil : left
            }
        }

        private func check(_ call: String, _ zone: UInt32) throws(ThermalNetlinkError) {
            calls.withLock { $0.append(call) }
            if let refusal = refusal.withLock({ $0 }) { throw refusal }
            guard zones.withLock({ $0[zone] }) != nil else { throw ThermalNetlinkError(.refused, errno: 22, "no zone") }
        }

        func takeCalls() -> [String] {
            calls.withLock { calls in
                defer { calls = [] }
                return calls
            }
        }
    }

    /// A zone with a passive trip at 80 °C and a critical one at 100 °C, no hysteresis of its own.
    static func zone(_ id: Int, passive: Double = 80) -> TemperatureReading {
        TemperatureReading(
            chip: "/sys/class/thermal/thermal_zone\(id)",
            chipName: "thermal_zone\(id)",
            label: "x86_pkg_temp",
            source: .thermalZone,
            celsius: 50,
            high: passive,
            critical: 100
        )
    }

    static func snapshot(_ readings: [TemperatureReading]) -> HostSnapshot { HostSnapshot(time: 0, temperatures: readings) }

    @Test func edgesAreEachTiersEntryUpAndExitDownPerCountedZone() {
        let hwmon = TemperatureReading(chip: "coretemp-isa-0000", chipName: "coretemp-isa-0000", label: "Core 0", celsius: 50)
        let edges = ThermalThresholds.edges([Self.zone(4), hwmon], settings: ClassifierSettings())
        // fair = passive − 10, serious = passive, critical = critical − 5; exits 3 °C (the default hysteresis) under.
        #expect(edges == [4: [70_000: .up, 80_000: .up, 95_000: .up, 67_000: .down, 77_000: .down, 92_000: .down]])
        let ignoring = ClassifierSettings(sensorOverrides: [SensorOverride(chip: "thermal_zone4", ignore: true)])
        #expect(ThermalThresholds.edges([Self.zone(4)], settings: ignoring).isEmpty, "an ignored zone is not watched")
    }

    @Test func anEntryAndAnExitAtOneTemperatureAreOneThresholdBothWays() {
        let settings = ClassifierSettings(sensorOverrides: [
            SensorOverride(
                chip: "thermal_zone0",
                thresholds: TierThresholds(fair: 70, serious: 75, critical: 90),
                hysteresisCelsius: 5
            )
        ])
        let edges = ThermalThresholds.edges([Self.zone(0)], settings: settings)
        #expect(edges[0]?[70_000] == [.up, .down], "fair enters at 70 and serious exits at 75 − 5")
    }

    @Test func followAddsWhatIsMissingAndOwnsOnlyWhatItAdded() {
        // Another program already watches 80 °C going up and 92 °C both ways.
        let kernel = FakeKernel(zones: [4: [80_000: .up, 92_000: [.up, .down]]])
        let thresholds = ThermalThresholds(commands: kernel, logger: Logger(label: "test"))
        thresholds.follow(Self.snapshot([Self.zone(4)]), settings: ClassifierSettings())
        #expect(kernel.takeCalls() == ["get 4", "add 4 67000 2", "add 4 70000 1", "add 4 77000 2", "add 4 95000 1"])
        #expect(thresholds.owned == [4: [67_000: .down, 70_000: .up, 77_000: .down, 95_000: .up]])

        thresholds.follow(Self.snapshot([Self.zone(4)]), settings: ClassifierSettings())
        #expect(kernel.takeCalls().isEmpty, "unchanged edges cost no netlink round trip")

        thresholds.clear()
        #expect(kernel.zones.withLock { $0 } == [4: [80_000: .up, 92_000: [.up, .down]]], "the other program's thresholds stay")
    }

    @Test func movedEdgesMoveTheThresholds() {
        let kernel = FakeKernel(zones: [1: [:]])
        let thresholds = ThermalThresholds(commands: kernel, logger: Logger(label: "test"))
        thresholds.follow(Self.snapshot([Self.zone(1)]), settings: ClassifierSettings())
        _ = kernel.takeCalls()
        // The passive trip moved from 80 to 85 °C: fair 75, serious 85; critical stays at 95.
        thresholds.follow(Self.snapshot([Self.zone(1, passive: 85)]), settings: ClassifierSettings())
        #expect(kernel.zones.withLock { $0[1] } == [72_000: .down, 75_000: .up, 82_000: .down, 85_000: .up, 92_000: .down, 95_000: .up])
        // A zone that vanished loses its thresholds too.
        thresholds.follow(Self.snapshot([]), settings: ClassifierSettings())
        #expect(kernel.zones.withLock { $0[1] } == [:])
        #expect(thresholds.owned.isEmpty)
    }

    @Test func withoutPermissionItStandsBackAfterOneTry() {
        let kernel = FakeKernel(zones: [0: [:], 1: [:]])
        kernel.refusal.withLock { $0 = ThermalNetlinkError(.permission, errno: 1, "refused") }
        let thresholds = ThermalThresholds(commands: kernel, logger: Logger(label: "test"))
        thresholds.follow(Self.snapshot([Self.zone(0), Self.zone(1)]), settings: ClassifierSettings())
        #expect(kernel.takeCalls() == ["get 0"])
        thresholds.follow(Self.snapshot([Self.zone(0, passive: 60), Self.zone(1)]), settings: ClassifierSettings())
        #expect(kernel.takeCalls().isEmpty, "no further tries")
    }

    @Test func aZoneTheKernelDoesNotHaveIsSkippedAndTheOthersServed() {
        let kernel = FakeKernel(zones: [2: [:]])
        let thresholds = ThermalThresholds(commands: kernel, logger: Logger(label: "test"))
        thresholds.follow(Self.snapshot([Self.zone(1), Self.zone(2)]), settings: ClassifierSettings())
        #expect(kernel.zones.withLock { $0[2]?.count } == 6)
        _ = kernel.takeCalls()
        thresholds.follow(Self.snapshot([Self.zone(1, passive: 70), Self.zone(2)]), settings: ClassifierSettings())
        #expect(!kernel.takeCalls().contains { $0.hasPrefix("get 1") }, "zone 1 is not asked again")
    }

    @Test func temperaturesOutsideAZonesRangeAreNotSent() {
        #expect(ThermalThresholds.millicelsius(.nan) == nil)
        #expect(ThermalThresholds.millicelsius(1e12) == nil)
        #expect(ThermalThresholds.millicelsius(-300) == nil)
        #expect(ThermalThresholds.millicelsius(67.5) == 67_500)
        #expect(ThermalThresholds.zoneID("thermal_zone12") == 12)
        #expect(ThermalThresholds.zoneID("thermal_zone") == nil)
        #expect(ThermalThresholds.zoneID("cooling_device1") == nil)
    }
}
