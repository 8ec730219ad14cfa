import Foundation
import TemperCore
import TemperFiles
import TemperTestSupport
import Testing

/// Meta ACF files become device profiles whose every number names its source (`temper profile import`'s work).
@Suite struct ProfileImportTests {
    /// The built-in profiles only, whatever is installed in /etc/temper or the user's folders.
    static let builtIn = DeviceProfileLibrary(search: ConfigurationSearchTests.search([:], folders: []))

    /// An ACF of our own, in the JSON5 spellings real ones use (unquoted keys, single quotes, comments, trailing
    /// commas).
    static let ourACF = """
        { metadata: { device: 'Our test LRA', },
          continuous: { gain: 0.5, emphasis_ducking: 1.0, frequency_min: 120, frequency_max: 180, },
          // emphasis
          emphasis: { gain: 0.8, fade_out_percent: 50,
            frequency_min: { output_frequency: 120, duration_ms: 30, shape: 'sine' },
            frequency_max: { output_frequency: 180, duration_ms: 10, shape: "square" }, },
        }
        """

    @Test func ourACFBecomesAProfileWhoseFiguresCiteTheirLines() throws {
        let importer = try ProfileImport(acf: Array(Self.ourACF.utf8), file: "/tmp/Our LRA.acf", base: "phone", devices: Self.builtIn)
        #expect(importer.defaultName == "Our-LRA")
        let yaml = try importer.checkedYAML(name: "our-lra", file: "our-lra.yaml")
        let profile = try DeviceProfile.parse(yaml: yaml, file: "our-lra.yaml")
        #expect(profile.name == "our-lra")
        #expect(yaml.contains("description: \"Our test LRA, imported from Our LRA.acf over the phone profile.\""))
        #expect(yaml.contains("sharpnessLowFrequency: {value: 120, unit: Hz, source: \"Our LRA.acf continuous.frequency_min (line 2)"))
        #expect(yaml.contains("sharpnessHighFrequency: {value: 180, unit: Hz, source: "))
        #expect(yaml.contains("resonance: {value: 150, unit: Hz, derived: "))
        #expect(yaml.contains("clickDuration: {value: 20, unit: ms, derived: "))
        // The phone's 45.6 mW continuous power × 0.5².
        #expect(yaml.contains("continuousPower: {value: 11.4, unit: mW, derived: "))
        #expect(abs(profile.haptics.continuousMilliwatts - 11.4) < 0.01)
        // The base's other figures stay the base's.
        let phone = try Self.builtIn.profile("phone")
        #expect(profile.battery == phone.battery && profile.haptics.driver == phone.haptics.driver)
        // Every figure line cites a source, or says how it was derived or why it is assumed.
        for line in yaml.split(separator: "\n") where line.contains("value:") {
            #expect(["source:", "derived:", "assumed:", "fitted:"].contains { line.contains($0) }, "\(line)")
        }
    }

    @Test func aBadACFIsItsLineAndKey() {
        #expect {
            try ProfileImport(acf: Array("{\n  continuous: { gain: 2 }\n}\n".utf8), file: "bad.acf", base: "phone", devices: Self.builtIn)
        } throws: { error in
            let description = (error as? TemperError)?.description ?? ""
            return description.hasPrefix("bad.acf:2:") && description.contains("continuous.gain: gain 2 is outside 0...1")
        }
    }

    @Test func anUnknownBaseNamesTheAvailableProfiles() {
        #expect {
            try ProfileImport(acf: Array(Self.ourACF.utf8), file: "our.acf", base: "toaster", devices: Self.builtIn)
        } throws: { error in
            (error as? TemperError)?.code == .unknownDevice && "\(error)".contains("phone")
        }
    }

    @Test(.needsSharedCorpus("acf/facebook__meta-haptics-sdk")) func everyCorpusACFImports() throws {
        let folder = PackagePaths.corpus.appendingPathComponent("acf/facebook__meta-haptics-sdk")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".acf") }
        #expect(files.count == 4)
        for file in files {
            let path = folder.appendingPathComponent(file).path
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let importer = try ProfileImport(acf: bytes, file: path, base: "gamepad", devices: Self.builtIn)
            let yaml = try importer.checkedYAML(file: "\(file).yaml")
            #expect(yaml.contains("name: \(importer.defaultName)\n"), "\(file)")
        }
    }
}
