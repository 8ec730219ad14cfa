import TemperCore
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
        let pattern: HapticPattern = document.timeline
        let warnings = document.diagnostics.map(\.description) + estimator.playbackNotes(for: document.timeline)
        return score(path: path, pattern: pattern, estimate: estimator.estimate(pattern), warnings: warnings)
    }
}
