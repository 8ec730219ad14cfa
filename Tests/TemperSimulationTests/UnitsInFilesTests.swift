import Foundation
import TemperCore
import TemperSimulation
import TemperTestSupport
import Testing

/// Issue 22, item 4: a scenario's or policy's physical numbers need their units, and no key names its unit in
/// place of the value carrying it.
@Suite struct UnitsInFilesTests {
    @Test func everyBareQuantityInAScenarioIsNamedAtOnce() throws {
        let (_, errors) = Scenario.read(
            yaml: """
                version: 1
                name: bare
                duration: 10 min
                timeStep: 1
                ambient: 25
                insulation:
                  - { name: towel, resistance: 10, from: 0 s, for: 1 min }
                streams:
                  - { name: ticks, kind: periodic, every: 2, usage: ui, patterns: [a.ahap] }
                """,
            file: "bare.yaml"
        )
        let paths = errors.map { $0.path ?? "" }
        #expect(paths == ["timeStep", "ambient", "insulation[0].resistance", "streams[0].every"], "\(errors)")
        #expect(errors.allSatisfy { $0.message.contains("needs its unit") }, "\(errors)")
    }

    /// Issue 22: no key names its unit any more, so no key takes a bare number; the values carry their units.
    @Test func timesAndTemperatureDifferencesCarryTheirUnits() throws {
        let policy = try Policy.parse(yaml: "version: 1\nclassifier: {dwell: 12 s, hysteresis: 4 K, absurdLimit: 150 °C}\n")
        #expect(policy.classifier.dwellSeconds == 12)
        #expect(policy.classifier.hysteresisCelsius == 4)
        #expect(policy.classifier.absurdLimitCelsius == 150)
        let bare = Policy.read(yaml: "version: 1\nclassifier: {dwell: 12, hysteresis: 4}\n", file: "bare.yaml").errors
        #expect(bare.map { $0.path ?? "" } == ["classifier.dwell", "classifier.hysteresis"], "\(bare)")
        #expect(bare.allSatisfy { $0.message.contains("needs its unit") }, "\(bare)")
        let scenario = Scenario.read(
            yaml: "version: 1\nname: x\nduration: 1 min\nambient: [{at: 0 s, temperature: 30}]\ninitial: {skin: 30}\n",
            file: "bare.yaml"
        ).errors
        #expect(scenario.map { $0.path ?? "" } == ["ambient[0].temperature", "initial.skin"], "\(scenario)")
    }

    /// `policy show` writes what `policy check` reads back: its thresholds carry their unit.
    @Test func theEffectivePolicyReadsBack() throws {
        let policy = try Policy.parse(yaml: "version: 1\nclassifier: {defaultThresholds: {fair: 41 °C, serious: 52 °C, critical: 63 °C}}\n")
        let again = try Policy.parse(yaml: policy.yamlDocument())
        #expect(again.classifier.defaultThresholds == policy.classifier.defaultThresholds)
    }

    @Test func everyShippedScenarioCarriesItsUnits() throws {
        let root = PackagePaths.root
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Examples/scenarios").path)
            .filter { $0.hasSuffix(".yaml") }
        #expect(scenarios.count >= 4)
        for name in scenarios {
            let (_, errors) = try Scenario.read(contentsOf: root.appendingPathComponent("Examples/scenarios/\(name)"))
            #expect(errors.isEmpty, "\(name): \(errors)")
        }
    }
}
