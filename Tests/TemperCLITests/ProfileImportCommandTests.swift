import Foundation
import TemperTestSupport
import Testing

/// `temper profile import`: its arguments, output and errors (what the profile holds: ProfileImportTests).
@Suite struct ProfileImportCommandTests {
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

    func withACF(_ text: String, _ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("temper-\(UUID().uuidString).acf").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test func ourACFBecomesAProfileThatScores() throws {
        try withACF(Self.ourACF) { path in
            let profile = FileManager.default.temporaryDirectory.appendingPathComponent("temper-\(UUID().uuidString).yaml").path
            defer { try? FileManager.default.removeItem(atPath: profile) }
            let result = try TemperRunner.run(["profile", "import", path, "--name", "our-lra", "--out", profile])
            #expect(result.status == 0, "\(result.stderr)")
            // The content is ProfileImportTests' (TemperFilesTests); here, that the command writes it.
            let yaml = try String(contentsOfFile: profile, encoding: .utf8)
            #expect(yaml.contains("name: our-lra\n"))
            #expect(yaml.contains("continuousPower: {value: 11.4, unit: mW, derived: "))
            let score = try TemperRunner.run(["score", "Examples/patterns/ui-tap.ahap", "--device", profile])
            #expect(score.status == 0, "\(score.stderr)")
        }
    }

    @Test func badACFIsOneLineWithItsLine() throws {
        try withACF("{\n  continuous: { gain: 2 }\n}\n") { path in
            let result = try TemperRunner.run(["profile", "import", path])
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("temper: \(path):2:"))
            #expect(result.stderr.contains("continuous.gain: gain 2 is outside 0...1"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }
}
