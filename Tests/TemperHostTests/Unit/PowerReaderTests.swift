import Foundation
import Logging
import TemperCore
import Testing

@testable import TemperHost

/// RAPL counters and battery power read from a plain directory tree through the sysfs root override.
@Suite struct PowerReaderTests {
    /// Writes `<root>/<relative path>` files from attribute text.
    static func makeSysfs(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("temper-sysfs-\(UUID().uuidString)")
        for (path, value) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(value.utf8).write(to: url)
        }
        return root
    }

    @Test func raplZonesAreCumulativeJoulesThatSurviveTheCounterWrapping() throws {
        let root = try Self.makeSysfs([
            "class/powercap/intel-rapl/enabled": "1\n",
            "class/powercap/intel-rapl:0/name": "package-0\n",
            "class/powercap/intel-rapl:0/energy_uj": "262143000000\n",
            "class/powercap/intel-rapl:0/max_energy_range_uj": "262143328850\n",
            "class/powercap/intel-rapl:0:0/name": "core\n",
            "class/powercap/intel-rapl:0:0/energy_uj": "1000000\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let reader = PowercapReader(sysfsRoot: root.path)
        let first = reader.read()
        #expect(first.map(\.label) == ["package-0", "core"], "the control type without a counter is not a zone")
        #expect(first.allSatisfy { $0.kind == .energy && $0.health == .ok })
        #expect(first[0].value == 262_143)
        // The package counter passes its range and starts again near zero: 328 850 µJ + 500 000 µJ later.
        try Data("500000\n".utf8).write(to: root.appendingPathComponent("class/powercap/intel-rapl:0/energy_uj"))
        let second = reader.read()
        let gained = try #require(second[0].value) - (try #require(first[0].value))
        #expect(abs(gained - 0.82885) < 1e-9)
        #expect(second[1].value == 1)
    }

    @Test func anUnreadableCounterIsAnErrorOnThatZoneOnly() throws {
        let root = try Self.makeSysfs([
            "class/powercap/intel-rapl:0/name": "package-0\n", "class/powercap/intel-rapl:0/energy_uj": "lots\n",
            "class/powercap/intel-rapl:1/name": "psys\n", "class/powercap/intel-rapl:1/energy_uj": "2000000\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let readings = PowercapReader(sysfsRoot: root.path).read()
        #expect(readings.count == 2)
        #expect(readings[0].value == nil && readings[0].health != .ok)
        #expect(readings[1].value == 2 && readings[1].health == .ok)
    }

    @Test func batteriesGivePowerNowOrCurrentTimesVoltage() throws {
        let root = try Self.makeSysfs([
            "class/power_supply/AC/type": "Mains\n", "class/power_supply/AC/online": "1\n",
            "class/power_supply/BAT0/type": "Battery\n", "class/power_supply/BAT0/power_now": "7250000\n",
            "class/power_supply/BAT1/type": "Battery\n", "class/power_supply/BAT1/current_now": "-1500000\n",
            "class/power_supply/BAT1/voltage_now": "3850000\n",
            "class/power_supply/BAT2/type": "Battery\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let readings = PowerSupplyReader(sysfsRoot: root.path).read()
        #expect(readings.map(\.chipName) == ["BAT0", "BAT1", "BAT2"], "mains adapters have no battery power")
        #expect(readings[0].value == 7.25 && readings[0].kind == .power)
        #expect(abs(try #require(readings[1].value) - 5.775) < 1e-12)
        #expect(readings[1].label == "current_now × voltage_now")
        #expect(readings[2].value == nil && readings[2].health != .ok)
    }

    @Test func theLinuxHostAddsThemToItsPowerReadings() async throws {
        let root = try Self.makeSysfs([
            "class/powercap/intel-rapl:0/name": "package-0\n", "class/powercap/intel-rapl:0/energy_uj": "3000000\n",
            "class/power_supply/BAT0/type": "Battery\n", "class/power_supply/BAT0/power_now": "4000000\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let host = LinuxHost(configuration: .init(sysfsRoot: root.path, watchesBus: false), logger: .init(label: "test"))
        let snapshot = await host.snapshot()
        #expect(snapshot.powerReadings.contains { $0.label == "package-0" && $0.kind == .energy && $0.value == 3 })
        #expect(snapshot.powerReadings.contains { $0.chipName == "BAT0" && $0.kind == .power && $0.value == 4 })
    }
}
