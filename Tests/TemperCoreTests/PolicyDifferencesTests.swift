import TemperCore
import TemperFiles
import Testing

/// What `temper compare` reads to say which settings two policies differ in, and to try each alone.
@Suite struct PolicyDifferencesTests {
    static let library = PolicyLibrary.standard()

    @Test func aPolicyDiffersFromItselfInNothing() throws {
        let phone = try Self.library.policy("phone")
        #expect(try PolicyDifferences(phone, phone).settings.isEmpty)
    }

    @Test func theSettingsAreNamedAndValuedAsAFileWritesThem() throws {
        let differences = try PolicyDifferences(try Self.library.policy("default"), try Self.library.policy("phone"))
        let dwell = try #require(differences.settings.first { $0.path == "classifier.dwell" })
        #expect(dwell.changes == [.init(key: "classifier.dwell", a: "10s", b: "20s")])
        let thresholds = try #require(differences.settings.first { $0.path == "classifier.defaultThresholds" })
        #expect(
            thresholds.changes.map(\.key) == [
                "classifier.defaultThresholds.fair", "classifier.defaultThresholds.serious", "classifier.defaultThresholds.critical",
            ]
        )
        #expect(thresholds.changes[0].a == "70 °C" && thresholds.changes[0].b == "45 °C")
        // Labels change nothing a run does.
        #expect(!differences.settings.contains { ["name", "description", "version"].contains($0.path) })
    }

    @Test func eachSettingTriedAloneChangesOnlyThatSetting() throws {
        let a = try Self.library.policy("default")
        let b = try Self.library.policy("phone")
        let differences = try PolicyDifferences(a, b)
        #expect(differences.settings.count >= 5)
        let dwell = try #require(differences.settings.first { $0.path == "classifier.dwell" })
        var expected = a
        expected.classifier.dwellSeconds = b.classifier.dwellSeconds
        #expect(try differences.policy(aWith: dwell) == expected)
        for setting in differences.settings {
            let tried = try differences.policy(aWith: setting)
            // What is left differs from B in everything but this setting, and from A in this setting alone.
            #expect(try PolicyDifferences(a, tried).settings.map(\.path) == [setting.path])
            #expect(!(try PolicyDifferences(tried, b).settings.map(\.path)).contains(setting.path))
        }
    }
}
