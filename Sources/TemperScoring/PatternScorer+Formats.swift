import TemperAHAP
public import TemperCore
import TemperPatterns

/// Every format other than AHAP: read into a `PatternTimeline` and priced by the estimator's one pattern path, the
/// same mixing, driver limits and power states an AHAP pattern goes through.
extension PatternScorer {
    /// Extensions `temper score` picks up inside folders: AHAP and the Meta / Lofelt files (JSON and XML files in
    /// other formats are scored when named, not when found in a folder, since a folder's JSON is rarely a pattern).
    static let folderFormats: Set<PatternFormat> = [.ahap, .haptic, .vij]

    static func isAHAP(_ path: String) -> Bool {
        PatternFormat.byExtension(path) == .ahap
    }

    /// The score of a pattern file in any format Temper reads; the reader's diagnostics and what the device
    /// cannot play (frequency on an amplitude-only actuator, say) are its warnings.
    func scoreTimeline(path: String) -> PatternScore {
        let document: PatternDocument
        do {
            document = try PatternReader.load(contentsOf: path)
        } catch {
            return PatternScore(path: path, error: error.description)
        }
        if document.format == .ahap {
            // Content that turned out to be AHAP keeps the AHAP reader's own options (strictness) and waveforms.
            return scoreAHAP(path: path)
        }
        return score(document, path: path)
    }

    /// The score of a pattern held in memory, read and priced as ``score(path:)`` reads and prices a file: the
    /// format from `name`'s extension, else from the content. An AHAP pattern's waveforms are not looked up
    /// (there is no folder to look in), so each is costed as a missing one is.
    ///
    /// - Parameters:
    ///   - bytes: The pattern file's content.
    ///   - name: Names the pattern in the score and its messages; its extension hints at the format.
    public func score(bytes: [UInt8], name: String) -> PatternScore {
        if !Self.isAHAP(name) {
            let document: PatternDocument
            do {
                document = try PatternReader.read(bytes, file: name)
            } catch {
                return PatternScore(path: name, error: error.description)
            }
            if document.format != .ahap { return score(document, path: name) }
        }
        let document: AHAPDocument
        do {
            document = try AHAPReader.read(bytes, file: name, options: readOptions)
        } catch {
            return PatternScore(path: name, error: error.description)
        }
        return score(document, path: name)
    }

    /// The score of a pattern in a format other than AHAP, already read.
    func score(_ document: PatternDocument, path: String) -> PatternScore {
        let pattern: HapticPattern = document.timeline
        let warnings = document.diagnostics.map(\.description) + estimator.playbackNotes(for: document.timeline)
        return score(path: path, pattern: pattern, warnings: warnings)
    }
}
