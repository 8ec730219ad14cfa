import Foundation
import TemperTestSupport
import Testing

/// Issue 22, item 4: every physical number in a scenario, policy or profile needs its unit, as `--budget` does.
/// A scenario with `duration: 45` ran 45 s and `power: 3.5` was accepted, exit 0.
@Suite struct UnitsInFilesTests {
    func run(_ command: [String], on yaml: String) throws -> TemperRunner.Result {
        let folder = TemporaryFolder.uniquePath(prefix: "temper-units")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("units.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try TemperRunner.run(command + [file.path])
    }

    func simulate(_ yaml: String) throws -> TemperRunner.Result { try run(["simulate"], on: yaml) }

    @Test func aScenarioDurationWithoutItsUnitIsRefused() throws {
        let result = try simulate("version: 1\nname: bare\nduration: 45\n")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("units.yaml:3:11: duration: '45' needs its unit: expected a duration in ms, s, min, h or d"),
            "\(result.stderr)"
        )
    }

    @Test func aWorkloadPowerWithoutItsUnitIsRefused() throws {
        let result = try simulate("version: 1\nname: bare\nduration: 45 s\nworkload:\n  - { name: gaming, power: 3.5, for: 10 s }\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("workload[0].power: '3.5' needs its unit: expected a power in W or mW"), "\(result.stderr)")
    }

    @Test func policyCheckNamesAThresholdAndAWindowWithoutTheirUnits() throws {
        let result = try run(
            ["policy", "check"],
            on: """
                version: 1
                classifier:
                  defaultThresholds: {fair: 70, serious: 85 °C, critical: 95 °C}
                tiers:
                  serious: {budget: {energy: 2J, window: 60}}
                """
        )
        #expect(result.status == 1, "\(result.stderr)")
        let output = result.stdout + result.stderr
        #expect(
            output.contains("units.yaml:3:29: classifier.defaultThresholds.fair: '70' needs its unit: expected a temperature in °C"),
            "\(output)"
        )
        #expect(output.contains("window: '60' needs its unit: expected a duration in ms, s, min, h or d"), "\(output)")
    }

    @Test func everyShippedPolicyPassesItsCheck() throws {
        for name in ["default", "phone", "handheld"] {
            let result = try TemperRunner.run(["policy", "check", "Policies/\(name).yaml"])
            #expect(result.status == 0, "\(name): \(result.stdout)\(result.stderr)")
        }
    }
}
