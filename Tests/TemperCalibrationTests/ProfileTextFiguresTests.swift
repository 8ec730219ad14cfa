import Foundation
import TemperCalibration
import TemperCore
import Testing

/// `ProfileText.replacingFigures`: a fit rewrites only its figures' lines and keeps everything else as written.
@Suite("Profile text figures")
struct ProfileTextFiguresTests {
    static let text = """
        version: 1
        name: phone
        # The actuator.
        haptics:
          clickEnergy: {value: 0.545, unit: uAh, source: "TI"}
          # a comment inside the section
          resonance:
            value: 145
            unit: Hz
            source: "AOSP"
          qualityFactor: {value: 12, derived: "fit"}
        audio:
          resonance: {value: 1, derived: "not the haptics one"}
        """

    @Test func replacesEachNamedFigureInItsSectionAndKeepsTheRest() throws {
        let result = try ProfileText.replacingFigures(
            [
                ("resonance", "  resonance: {value: 150, unit: \"Hz\", fitted: \"m.csv\"}"),
                ("clickEnergy", "  clickEnergy: {value: 6.1, unit: \"mJ\", fitted: \"m.csv\"}"),
            ],
            inSection: "haptics",
            in: Self.text,
            file: "p.yaml",
            name: "mine"
        )
        #expect(
            result == """
                version: 1
                name: mine
                # The actuator.
                haptics:
                  clickEnergy: {value: 6.1, unit: "mJ", fitted: "m.csv"}
                  # a comment inside the section
                  resonance: {value: 150, unit: "Hz", fitted: "m.csv"}
                  qualityFactor: {value: 12, derived: "fit"}
                audio:
                  resonance: {value: 1, derived: "not the haptics one"}
                """
        )
    }

    @Test func aFigureTheBaseDoesNotHaveIsAnErrorNamingItsKeyPath() {
        let error = #expect(throws: TemperError.self) {
            try ProfileText.replacingFigures(
                [("driverIdle", "  driverIdle: {value: 1}")],
                inSection: "haptics",
                in: Self.text,
                file: "p.yaml"
            )
        }
        #expect(error?.path == "haptics.driverIdle")
        #expect(error?.file == "p.yaml")
        let noSection = #expect(throws: TemperError.self) {
            try ProfileText.replacingFigures([("x", "  x: 1")], inSection: "thermal", in: Self.text, file: "p.yaml")
        }
        #expect(noSection?.path == "thermal")
    }

    @Test func theShippedPhoneProfileTakesEveryFittableFigure() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let phone = try String(contentsOf: root.appendingPathComponent("Policies/devices/phone.yaml"), encoding: .utf8)
        let lines = EnergyCalibration.fittableKeys.map { key in (key, "  \(key): {value: 2, fitted: \"test\"}") }
        let result = try ProfileText.replacingFigures(lines, inSection: "haptics", in: phone, file: "phone.yaml")
        let profile = try DeviceProfile.parse(
            yaml: result.replacingOccurrences(of: "{value: 2, fitted", with: "{value: 2, unit: \"ratio\", fitted")
                .replacingOccurrences(of: "clickEnergy: {value: 2, unit: \"ratio\"", with: "clickEnergy: {value: 2, unit: \"mJ\"")
                .replacingOccurrences(of: "continuousPower: {value: 2, unit: \"ratio\"", with: "continuousPower: {value: 2, unit: \"mW\"")
                .replacingOccurrences(of: "resonance: {value: 2, unit: \"ratio\"", with: "resonance: {value: 146, unit: \"Hz\"")
                .replacingOccurrences(of: "driverIdle: {value: 2, unit: \"ratio\"", with: "driverIdle: {value: 2, unit: \"mW\"")
        )
        #expect(profile.provenance["haptics.driverIdle"]?.kind == .fitted)
        #expect(profile.provenance["haptics.activeTimeout"]?.kind == .source)
        #expect(profile.haptics.resonanceHertz == 146)
    }
}
