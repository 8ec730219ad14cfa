import Foundation
import Logging
import TemperCore
import TemperTestSupport
import Testing

@testable import TemperHost

/// Thermal zones read from a plain directory tree through the sysfs root override (no testbed needed).
@Suite struct ThermalZoneReaderTests {
    /// Builds `<root>/class/thermal/<zone>/…` from attribute text.
    static func makeSysfs(_ zones: [String: [String: String]]) throws -> URL {
        let root = TemporaryFolder.uniquePath(prefix: "temper-sysfs")
        for (zone, attributes) in zones {
            let directory = root.appendingPathComponent("class/thermal/\(zone)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, value) in attributes {
                try Data(value.utf8).write(to: directory.appendingPathComponent(name))
            }
        }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("class/thermal/cooling_device0"),
            withIntermediateDirectories: true
        )
        return root
    }

    @Test("the passive trip supplies high and the critical trip supplies critical, with hysteresis")
    func tripPointsBecomeLimits() throws {
        let root = try Self.makeSysfs([
            "thermal_zone0": [
                "type": "x86_pkg_temp\n", "temp": "47000\n",
                "trip_point_0_type": "active\n", "trip_point_0_temp": "60000\n",
                "trip_point_1_type": "passive\n", "trip_point_1_temp": "90000\n", "trip_point_1_hyst": "2000\n",
                "trip_point_2_type": "critical\n", "trip_point_2_temp": "105000\n", "trip_point_2_hyst": "0\n",
            ]
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let readings = ThermalZoneReader(sysfsRoot: root.path).read()
        #expect(readings.count == 1, "cooling devices are not zones")
        let zone = try #require(readings.first)
        #expect(zone.label == "x86_pkg_temp")
        #expect(zone.source == .thermalZone)
        #expect(zone.celsius == 47)
        #expect(zone.high == 90)
        #expect(zone.highHysteresis == 2)
        #expect(zone.critical == 105)
        #expect(zone.health == .ok)
    }

    @Test("an unreadable zone temperature is an error on that zone only", arguments: ["", "warm\n", nil])
    func brokenZoneTemperature(temp: String?) throws {
        var broken = ["type": "acpitz\n"]
        broken["temp"] = temp
        let root = try Self.makeSysfs(["thermal_zone0": broken, "thermal_zone1": ["type": "pch\n", "temp": "40000\n"]])
        defer { try? FileManager.default.removeItem(at: root) }
        let readings = ThermalZoneReader(sysfsRoot: root.path).read()
        #expect(readings.map(\.label) == ["acpitz", "pch"])
        #expect(readings[0].celsius == nil)
        #expect(readings[0].health != .ok)
        #expect(readings[1].celsius == 40)
        #expect(readings[1].health == .ok)
    }

    @Test("a zone the kernel also exports as hwmon lends its trips where hwmon has no limits, and is not listed twice")
    func mergeWithHwmonTwin() {
        let hwmon = TemperatureReading(
            chip: "/sys/class/hwmon/hwmon1",
            chipName: "acpitz-acpi-0",
            label: "temp1",
            celsius: 45,
            critical: 99
        )
        let zone = TemperatureReading(
            chip: "/sys/class/thermal/thermal_zone0",
            chipName: "thermal_zone0",
            label: "acpitz",
            source: .thermalZone,
            celsius: 45,
            high: 90,
            highHysteresis: 2,
            critical: 105
        )
        let other = TemperatureReading(
            chip: "/sys/class/thermal/thermal_zone1",
            chipName: "thermal_zone1",
            label: "pch",
            source: .thermalZone,
            celsius: 41
        )
        let merged = LinuxHost.merge(hwmon: [hwmon], zones: [zone, other])
        #expect(merged.count == 2)
        #expect(merged[0].high == 90, "the passive trip fills the missing high")
        #expect(merged[0].highHysteresis == 2)
        #expect(merged[0].critical == 99, "hwmon's own critical wins")
        #expect(merged[1].label == "pch")
    }

    @Test("a host that does not watch the bus reports the battery unavailable and never touches D-Bus")
    func noBusWatching() async {
        let root = TemporaryFolder.uniquePath(prefix: "temper-empty")
        let host = LinuxHost(configuration: .init(sysfsRoot: root.path, watchesBus: false), logger: .init(label: "test"))
        await host.start()
        let snapshot = await host.snapshot()
        #expect(snapshot.battery.status == .unavailable)
        #expect(snapshot.powerProfile == .unknown)
        #expect(host.bus == nil)
    }
}
