import TemperTestSupport
import Testing

@testable import TemperPatterns

/// Every `.haptic` and `.vij` in the shared corpus: the valid ones read (and survive a write and a read back),
/// the invalid ones are rejected with one line naming the file.
@Suite(.needsSharedCorpus("haptic")) struct HapticCorpusTests {
    static let roles = SharedCorpus.roles("haptic")
    static let files = SharedCorpus.files("haptic", suffixes: [".haptic", ".vij"])
    static let valid = files.filter { ["haptic-v1", "vij-v0"].contains(roles[$0] ?? "") }
    static let invalid = files.filter { (roles[$0] ?? "").hasSuffix("-invalid") }

    @Test func corpusHasBothKinds() throws {
        #expect(Self.valid.count == 196)
        #expect(Self.invalid.count == 21)
    }

    @Test func everyValidFileReads() throws {
        for file in Self.valid {
            do {
                let document = try PatternReader.read(try SharedCorpus.bytes("haptic", file), file: file)
                #expect(document.timeline.tracks.count == 1, "\(file)")
                #expect(document.timeline.duration > 0, "\(file)")
            } catch {
                Issue.record("\(file): \(error)")
            }
        }
    }

    @Test func everyInvalidFileIsRejectedOnOneLine() throws {
        for file in Self.invalid {
            #expect(throws: PatternReadError.self, "\(file)") {
                _ = try PatternReader.read(try SharedCorpus.bytes("haptic", file), file: file)
            }
            let bytes = try SharedCorpus.bytes("haptic", file)
            if let error = rejection({ () throws(PatternReadError) in _ = try PatternReader.read(bytes, file: file) }) {
                #expect(!error.description.contains("\n"))
                #expect(error.description.hasPrefix(file + ":"), "\(error)")
            }
        }
    }

    /// Model → .haptic → model is the identity for every file read from `.haptic`.
    @Test func writingAndReadingBackKeepsTheModel() throws {
        for file in Self.valid where file.hasSuffix(".haptic") {
            let timeline = try HapticFileReader.read(try SharedCorpus.bytes("haptic", file), file: file).timeline
            let written = HapticFileWriter.write(timeline)
            let again = try HapticFileReader.read(written.output, file: file).timeline
            #expect(again == timeline, "\(file)")
            #expect(written.losses.isEmpty, "\(file)")
        }
    }

    @Test func lateFrequencyBreakpointsAreKeptWithADiagnostic() throws {
        let file = "Lofelt__NiceVibrations/core__datamodel__src__test_data__ios__2_points.haptic"
        let document = try HapticFileReader.read(try SharedCorpus.bytes("haptic", file), file: file)
        #expect(document.diagnostics.contains { $0.message.contains("after the amplitude envelope ends") })
    }

    /// The v0 → v1 upgrades the upstream tests assert (signals equal, exact in single precision); the two whose
    /// v0 input is invalid are converted upstream without validation, and rejected here.
    @Test func vijUpgradesMatchTheirExpectedHaptic() throws {
        let pairs = SharedCorpus.table("haptic", "OTHER_PAIRS.tsv").filter { $0["kind"] == "v0_to_v1_upgrade" }
        for pair in pairs {
            let input = pair["input_file"]!
            let expectedFile = pair["expected_file"]!
            guard !(pair["notes"] ?? "").contains("NOT validated") else {
                #expect(throws: PatternReadError.self) {
                    _ = try HapticFileReader.read(try SharedCorpus.bytes("haptic", input), file: input)
                }
                continue
            }
            let upgraded = try HapticFileReader.read(try SharedCorpus.bytes("haptic", input), file: input).timeline
            let expected = try HapticFileReader.read(try SharedCorpus.bytes("haptic", expectedFile), file: expectedFile).timeline
            #expect(single(upgraded.tracks) == single(expected.tracks), "\(input)")
        }
    }

    private func single(_ tracks: [PatternTrack]) -> [[Float]] {
        tracks.flatMap { track in
            [
                track.amplitude.flatMap {
                    [Float($0.time), Float($0.value), Float($0.emphasis?.amplitude ?? -1), Float($0.emphasis?.frequency ?? -1)]
                },
                track.frequency.flatMap { [Float($0.time), Float($0.value)] },
            ]
        }
    }
}
