import TemperAHAP
import TemperCore
import TemperPatterns

// INTERIM (issue 13): the energy model scores AHAPPattern only, and is being rewritten (branch physics). Until
// the lead wires the format-neutral PatternTimeline into scoring, a non-AHAP pattern is scored as the AHAP that
// Meta's `.haptic` → AHAP converter would make of it. Each such score says so in its warnings, with what the
// conversion lost (a rumble's weak motor, for one). Remove this file when scoring takes timelines.
extension PatternScorer {
    /// Extensions `temper score` picks up inside folders: AHAP and the Meta / Lofelt files (JSON and XML files in
    /// other formats are scored when named, not when found in a folder, since a folder's JSON is rarely a pattern).
    static let folderExtensions: Set<String> = ["ahap", "haptic", "vij"]

    static func isAHAP(_ path: String) -> Bool {
        PatternFormat.byExtension(path) == .ahap
    }

    /// The converters write continuous events at sharpness 0 and let the sharpness curve add the real value.
    /// A pattern with no frequency at all plays at the actuator's default instead (Meta's renderer starts its
    /// oscillator at 0.5), so it is costed at sharpness 0.5, not at the far end of the actuator's range.
    static func withDefaultSharpness(_ pattern: AHAPPattern, for timeline: PatternTimeline) -> AHAPPattern {
        guard timeline.tracks.allSatisfy(\.frequency.isEmpty) else { return pattern }
        var pattern = pattern
        for index in pattern.items.indices {
            guard case .event(var event) = pattern.items[index], event.type == .hapticContinuous else { continue }
            event.parameters = event.parameters.map { $0.id == .hapticSharpness ? AHAPEventParameter(id: .hapticSharpness, value: 0.5) : $0 }
            pattern.items[index] = .event(event)
        }
        return pattern
    }

    func scoreThroughAHAPBridge(path: String) -> PatternScore {
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
        let converted = AHAPConversion.convert(document.timeline, flavor: .meta)
        let estimate = estimator.estimate(Self.withDefaultSharpness(converted.output, for: document.timeline), waveforms: [:])
        let warnings = ["scored as AHAP through Meta's .haptic → AHAP mapping (interim, until scoring reads timelines)"]
            + document.diagnostics.map(\.description) + converted.losses.map { "conversion to AHAP: \($0.message)" }
        return PatternScore(path: path, estimate: estimate, warnings: warnings, budgetMillijoules: budgetMillijoules)
    }
}
