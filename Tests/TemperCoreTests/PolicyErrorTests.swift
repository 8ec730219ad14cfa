import TemperCore
import Testing

@Suite struct PolicyErrorTests {
    private func errors(_ yaml: String) -> [TemperError] { Policy.check(yaml: yaml, file: "p.yaml") }

    @Test func unknownKeysAreNamedWithWhatWasExpected() throws {
        let found = errors(
            """
            version: 1
            tiers:
              serious:
                hapticz: off
            """
        )
        let error = try #require(found.first)
        #expect(found.count == 1)
        #expect(error.code == .unknownKey)
        #expect(error.path == "tiers.serious.hapticz")
        #expect(error.line == 4 && error.column == 5)
        #expect(error.message.contains("unknown key 'hapticz'"))
        #expect(error.message.contains("haptics"))
        #expect(error.description.hasPrefix("p.yaml:4:5: tiers.serious.hapticz: unknown key 'hapticz'"))
    }

    @Test func everyErrorIsReportedInDocumentOrder() {
        let found = errors(
            """
            version: 1
            colour: blue
            classifier:
              dwell: soon
              failSafeTier: warm
              defaultThresholds: {fair: 90 °C, serious: 80 °C, critical: 95 °C}
            tiers:
              lukewarm: {}
              fair:
                particleScale: 1.5
                haptics: {mode: wobble}
              critical:
                budget: {energy: 10uAh, window: 60s}
            lowPower:
              nominal:
                haptics: {mode: capRumble, maxDuration: 0.2s, fade: 0.5s}
            exemptUsages: [alarm, sirens]
            """
        )
        #expect(
            found.map(\.path) == [
                "colour", "classifier.dwell", "classifier.failSafeTier", "classifier.defaultThresholds",
                "tiers.lukewarm", "tiers.fair.particleScale", "tiers.fair.haptics.mode", "tiers.critical.budget.energy",
                "lowPower.nominal.haptics.fade", "exemptUsages[1]",
            ]
        )
        #expect(found.allSatisfy { $0.line != nil && $0.column != nil && $0.file == "p.yaml" })
        #expect(found.map(\.line) == [2, 4, 5, 6, 8, 10, 11, 13, 16, 17])
    }

    @Test(arguments: [
        ("classifier: {dwell: soon}", "expected a duration in ms, s, min, h or d, such as 60s, 500ms or 10 min, found 'soon'"),
        ("classifier: {failSafeTier: warm}", "expected one of nominal, fair, serious, critical, found 'warm'"),
        (
            "classifier: {defaultThresholds: {fair: 90 °C, serious: 80 °C, critical: 95 °C}}",
            "expected fair ≤ serious ≤ critical, found 90.0, 80.0, 95.0"
        ),
        ("classifier: {defaultThresholds: {fair: 60 °C, serious: 80 °C}}", "missing key 'critical'"),
        ("classifier: {lowBatteryPercentage: 120}", "expected a number from 0 to 100, found '120'"),
        (
            "classifier: {lowBatteryPercentage: 10, criticalBatteryPercentage: 15}",
            "expected criticalBatteryPercentage at or under lowBatteryPercentage (10.0), found 15.0"
        ),
        ("classifier: {sensorOverrides: [{ignore: true}]}", "expected 'chip' or 'label' (or both) to say which sensor this overrides"),
        ("classifier: {powerSaverMeansLowPower: maybe}", "expected true or false, found 'maybe'"),
        ("tiers: {fair: {particleScale: 1.5}}", "expected a number from 0 to 1, found '1.5'"),
        ("tiers: {fair: {haptics: wobble}}", "expected one of full, capRumble, transientsOnly, simpleImpact, off, found 'wobble'"),
        (
            "tiers: {fair: {haptics: {mode: simpleImpact, style: squishy}}}",
            "expected one of light, medium, heavy, rigid, soft, found 'squishy'"
        ),
        // Issue 22: keys that named their unit took bare numbers; each is now its quantity, and the old name says so.
        ("classifier: {dwellSeconds: 10}", "'dwellSeconds' is now 'dwell', with its unit: write dwell: 10s"),
        ("classifier: {hysteresisCelsius: 3}", "'hysteresisCelsius' is now 'hysteresis', with its unit: write hysteresis: 3 K"),
        ("classifier: {hysteresis: 3}", "'3' needs its unit: expected a temperature difference in K or °C, such as 3 K or 3 °C"),
        ("classifier: {absurdLimit: 200}", "'200' needs its unit: expected a temperature in °C, such as 25 °C"),
        ("tiers: {fair: {rumbleCapSeconds: 0.5}}", "'rumbleCapSeconds' is now 'rumbleCap', with its unit: write rumbleCap: 0.5s"),
        (
            "tiers: {fair: {haptics: {mode: capRumble, maxSeconds: 1}}}",
            "'maxSeconds' is now 'maxDuration', with its unit: write maxDuration: 0.5s"
        ),
        ("tiers: {fair: {haptics: {mode: simpleImpact, maxSeconds: 1}}}", "unknown key 'maxSeconds' (expected one of: mode, style)"),
        (
            "tiers: {fair: {budget: {energy: 10uAh, window: 60s}}}",
            "expected an energy in mJ or J, found the charge '10uAh': a charge needs a voltage to become energy"
        ),
        ("tiers: {fair: {budget: {energy: 500, window: 60s}}}", "expected an energy with a unit, e.g. 500mJ or 0.5J, found '500'"),
        ("tiers: {fair: {budget: {energy: 500mJ}}}", "missing key 'window'"),
        ("tiers: {fair: {budget: 500mJ}}", "expected a budget such as {energy: 500mJ, window: 60s}, or none"),
        ("tiers: [fair]", "expected a mapping, found a list"),
        ("exemptUsages: alarm", "expected a list, found 'alarm'"),
    ])
    func eachMistakeSaysWhatWasExpected(body: String, message: String) throws {
        let found = errors("version: 1\n" + body)
        #expect(found.map(\.message) == [message])
        #expect(try #require(found.first).line != nil)
    }

    @Test func versionIsRequiredAndReadFirst() throws {
        let missing = try #require(errors("name: x").first)
        #expect(missing.code == .missingKey)
        #expect(missing.message == "missing key 'version'")
        let future = errors("version: 2\nwhatever: {}")
        #expect(future.count == 1, "a newer version's body is not judged by version 1's schema")
        #expect(future.first?.code == .unsupportedVersion)
        #expect(future.first?.line == 1)
    }

    @Test func syntaxErrorsCarryLineAndColumn() throws {
        let error = try #require(errors("version: 1\ntiers: {fair: [\n").first)
        #expect(error.code == .invalidYAML)
        #expect(error.line != nil)
    }

    /// libyaml's own text leaked: "while parsing Maximum nesting level reached, set with yaml_set_max_nest_level()".
    @Test func tooDeepANestingIsSaidInOurWords() throws {
        let deep = "version: 1\nname: " + String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000) + "\n"
        let error = try #require(errors(deep).first)
        #expect(error.code == .invalidYAML)
        #expect(error.message == "nested more than 1000 levels deep, the most a YAML file may be")
        #expect(error.line == 2)
    }

    @Test func duplicateKeysAreOneLocatedError() throws {
        let error = try #require(errors("version: 1\nname: a\nname: b\n").first)
        #expect(error.code == .invalidYAML)
        #expect(error.message == "duplicate key 'name' in one mapping (first on line 2)")
        #expect(error.line == 3)
    }

    @Test func aDocumentThatIsNotAMappingIsRefused() {
        #expect(errors("- version: 1").first?.code == .invalidPolicy)
        #expect(errors("").first?.code == .invalidYAML)
    }

    @Test func parseThrowsTheFirstError() {
        #expect(throws: TemperError.self) { try Policy.parse(yaml: "version: 1\ncolour: blue", file: "p.yaml") }
        let error = #expect(throws: TemperError.self) {
            try Policy.parse(yaml: "version: 1\ncolour: blue\ntiers: {fair: {particleScale: 2}}", file: "p.yaml")
        }
        #expect(error?.path == "colour")
    }
}
