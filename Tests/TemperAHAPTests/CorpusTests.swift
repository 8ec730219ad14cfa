import Foundation
import TemperTestSupport
import Testing

@testable import TemperAHAP

@Suite("Corpus", .needsSharedCorpus("ahap/VALIDATION.tsv"))
struct CorpusTests {
    @Test func everyFileIsReadAndMatchesTheValidationTable() throws {
        let files = Corpus.files
        let validation = Corpus.validation
        #expect(files.count == 85)
        #expect(validation.count == 85)
        for file in files {
            let document: AHAPDocument
            do {
                document = try AHAPReader.load(contentsOf: Corpus.folder + "/" + file)
            } catch {
                Issue.record("\(file) was rejected: \(error)")
                continue
            }
            let row = try #require(validation[file], "\(file) is not in VALIDATION.tsv")
            let pattern = document.pattern
            #expect(pattern.events.count == Int(row["n_events"] ?? ""), "\(file)")
            #expect(pattern.dynamicParameters.count == Int(row["n_params"] ?? ""), "\(file)")
            #expect(pattern.parameterCurves.count == Int(row["n_curves"] ?? ""), "\(file)")
            let types = Set(pattern.events.map(\.type.rawValue)).sorted().joined(separator: ",")
            #expect(types == row["event_types"], "\(file)")
            let parameterIDs = Set(pattern.events.flatMap { $0.parameters.map(\.id.rawValue) }).sorted().joined(separator: ",")
            #expect(parameterIDs == row["event_param_ids"], "\(file)")
            let maxPoints = pattern.parameterCurves.map(\.controlPoints.count).max() ?? 0
            #expect(maxPoints == Int(row["max_curve_points"] ?? ""), "\(file)")

            // Durations over 30 s are clamped, so compare those against the clamp.
            let written = Double(row["max_event_duration"] ?? "") ?? -1
            let longest = pattern.events.compactMap(\.duration).max() ?? 0
            #expect(abs(longest - min(written, 30)) < 1e-9, "\(file)")
            let clampedDuration = (row["issues"] ?? "").contains("EventDuration>30s")
            #expect(document.diagnostics.contains { $0.code == .durationClamped } == clampedDuration, "\(file)")
            if !clampedDuration, let end = Double(row["pattern_end_s"] ?? "") {
                // The table rounds some ends to two decimals.
                #expect(abs(AHAPSampler(document: document).duration - end) < 0.006, "\(file)")
            }
            let strictJSON = row["strict_json"] == "True"
            #expect(document.diagnostics.contains { $0.code == .trailingComma || $0.code == .comment } == !strictJSON, "\(file)")
        }
    }

    /// Apple's own samples write `"Version": 1` and list events in file order; neither is worth a note, so the
    /// real corpus reads exactly as before with 44 fewer notes (101 warnings from `temper score` before, 57 after).
    @Test func validFilesCarryNoNoiseNotes() throws {
        var notes = 0
        for file in Corpus.files {
            let document = try AHAPReader.load(contentsOf: Corpus.folder + "/" + file)
            #expect(!document.diagnostics.contains { $0.code == .version && document.pattern.version != nil }, "\(file)")
            #expect(!document.diagnostics.contains { $0.code == .outOfOrder && $0.path.hasSuffix(".Event.Time") }, "\(file)")
            // No corpus file has a curve over 16 points or a waveform key on a haptic event.
            #expect(!document.diagnostics.contains { $0.code == .longCurve || $0.code == .inapplicableKey }, "\(file)")
            notes += document.diagnostics.count
        }
        #expect(notes == Self.expectedNotes)
    }

    static let expectedNotes = 57

    @Test func readWriteReadIsTheIdentityForEveryFile() throws {
        for file in Corpus.files {
            guard let document = try? AHAPReader.load(contentsOf: Corpus.folder + "/" + file) else { continue }
            let written = AHAPWriter.write(document.pattern)
            let again = try AHAPReader.read(written, file: file)
            #expect(again.pattern == document.pattern, "\(file)")
            #expect(!again.diagnostics.contains { [.trailingComma, .comment, .clamped, .durationClamped].contains($0.code) }, "\(file)")
            #expect(try JSONSerialization.jsonObject(with: Data(written)) is [String: Any], "\(file)")
        }
    }

    @Test func strictModeRejectsOnlyFilesWhoseMeaningLeniencyChanged() throws {
        var rejected: [String] = []
        for file in Corpus.files {
            let path = Corpus.folder + "/" + file
            let lenient = try AHAPReader.load(contentsOf: path)
            let changesMeaning = lenient.diagnostics.contains { [.clamped, .durationClamped, .unknownParameterID].contains($0.code) }
            do {
                _ = try AHAPReader.load(contentsOf: path, options: AHAPReadOptions(strict: true))
                #expect(!changesMeaning, "\(file)")
            } catch {
                #expect(error.code == .strictViolation, "\(file)")
                #expect(changesMeaning, "\(file)")
                rejected.append(file)
            }
        }
        // Three files clamp sharpness, four carry events over 30 s.
        #expect(rejected.count == 7)
    }

    @Test func everyFileSamplesWithinRange() throws {
        for file in Corpus.files {
            let document = try AHAPReader.load(contentsOf: Corpus.folder + "/" + file)
            let samples = AHAPSampler(document: document).timeline(step: 0.01)
            #expect(!samples.isEmpty)
            #expect(
                samples.allSatisfy { (0...1).contains($0.intensity) && (0...1).contains($0.sharpness) && (0...1).contains($0.audioVolume) },
                "\(file)"
            )
        }
    }
}
