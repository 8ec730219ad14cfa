import Foundation
import TemperTestSupport
import Testing

/// Issue 22, item 8: `status` printed each broken sensor's error twice, a fixed three-line paragraph every run,
/// and the cause of the tier last. A fake sysfs tree (`TEMPER_SYSFS_ROOT`) gives one hot thermal zone and two
/// broken ones.
@Suite struct StatusTextTests {
    static func withFakeHost(_ body: (URL) throws -> Void) throws {
        let root = TemporaryFolder.uniquePath(prefix: "temper-status")
        defer { try? FileManager.default.removeItem(at: root) }
        let zones: [(type: String, temp: String, trips: [(String, String)])] = [
            ("x86_pkg_temp", "88000", [("passive", "85000"), ("critical", "105000")]),
            ("acpitz", "garbage", []),
            ("iwlwifi", "", []),
        ]
        for (index, zone) in zones.enumerated() {
            let folder = root.appendingPathComponent("class/thermal/thermal_zone\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try (zone.type + "\n").write(to: folder.appendingPathComponent("type"), atomically: true, encoding: .utf8)
            try (zone.temp + "\n").write(to: folder.appendingPathComponent("temp"), atomically: true, encoding: .utf8)
            for (trip, (kind, celsius)) in zone.trips.enumerated() {
                try (kind + "\n").write(to: folder.appendingPathComponent("trip_point_\(trip)_type"), atomically: true, encoding: .utf8)
                try (celsius + "\n").write(to: folder.appendingPathComponent("trip_point_\(trip)_temp"), atomically: true, encoding: .utf8)
            }
        }
        try body(root)
    }

    @Test func theCauseComesFirstAndEachErrorOnce() throws {
        try Self.withFakeHost { root in
            let result = try TemperRunner.run(["status"], environment: ["TEMPER_SYSFS_ROOT": root.path, "COLUMNS": "120"])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "Condition: serious", "\(result.stdout)")
            #expect(
                lines.dropFirst().first?.hasPrefix("  - sensor thermal_zone0/x86_pkg_temp at 88.0 °C ≥ serious 85.0 °C") == true,
                "\(result.stdout)"
            )
            #expect(lines.contains("  - 2 sensors not read, so not counted (the table says why)"), "\(result.stdout)")
            for broken in ["thermal_zone1/temp", "thermal_zone2/temp"] {
                #expect(result.stdout.components(separatedBy: broken).count - 1 == 1, "\(broken) once: \(result.stdout)")
            }
            #expect(!result.stdout.contains("errno"), "\(result.stdout)")
            #expect(!result.stdout.contains("A running governor"), "no fixed paragraph: \(result.stdout)")
            #expect(!result.stdout.contains("fail-safe"), "the fail-safe only when sensors are lost: \(result.stdout)")
        }
    }
}
