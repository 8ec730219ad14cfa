import TemperAHAP

/// Lofelt `.vij` v0, validated as Nice Vibrations validates it and upgraded to `.haptic` v1 as it upgrades
/// (`core/datamodel/src/v1.rs`, `From<v0::DataModel>`):
/// - `voices.envelopes[0]` becomes the amplitude envelope, with a final breakpoint at `metadata.duration`
///   holding the last amplitude when the duration is later than the last breakpoint;
/// - `envelopes[1]` becomes the frequency envelope, only when there are exactly two envelopes;
/// - `transients[0]` (amplitude) and `transients[1]` (frequency) become emphasis on the amplitude breakpoint
///   at exactly the same time; other transients are dropped (each drop is a diagnostic);
/// - of the metadata only `editor` is kept.
enum VijUpgrade {
    struct Breakpoint {
        var time: Double
        var amplitude: Double
        var node: Int
    }

    static func read(_ json: inout PatternJSON, root: Int) throws(PatternReadError) -> PatternDocument {
        json.noteUnknownKeys(root, known: ["version", "metadata", "voices", "variation"])
        var duration = 0.0
        var editor: String?
        if let metadata = json.member(root, "metadata"), json.kind(metadata) == .object {
            if let node = json.member(metadata, "duration") {
                duration = try json.number(node, named: "duration", in: 0...json.limits.maxSeconds)
            }
            if let node = json.member(metadata, "editor") { editor = try json.string(node, named: "editor") }
        }
        let voices = try json.object(try json.requireMember(root, "voices"), named: "voices")
        let envelopesNode = try json.requireMember(voices, "envelopes")
        let transientsNode = try json.requireMember(voices, "transients")
        let envelopes = try json.elements(envelopesNode, named: "envelopes").map { (node) throws(PatternReadError) in
            try breakpoints(json, node)
        }
        let transients = try json.elements(transientsNode, named: "transients").map { (node) throws(PatternReadError) in
            try breakpoints(json, node)
        }

        // Nice Vibrations' v0 validation (v0.rs), which its loader applies before upgrading.
        guard let amplitudeEnvelope = envelopes.first else { throw json.error(.missing, at: envelopesNode, "no envelopes") }
        guard !amplitudeEnvelope.isEmpty else { throw json.error(.missing, at: envelopesNode, "the amplitude envelope is empty") }
        for envelope in envelopes {
            var lastTime = 0.0
            for point in envelope {
                guard (0...1).contains(point.amplitude) else {
                    throw json.error(.outOfRange, at: point.node, "amplitude \(formatted(point.amplitude)) is outside 0...1")
                }
                guard point.time >= lastTime else {
                    throw json.error(
                        .outOfOrder,
                        at: point.node,
                        "time \(formatted(point.time)) is before the previous breakpoint's \(formatted(lastTime))"
                    )
                }
                lastTime = point.time
            }
            if lastTime > duration, let last = envelope.last {
                throw json.error(
                    .outOfRange,
                    at: last.node,
                    "time \(formatted(lastTime)) is after the file's duration \(formatted(duration))"
                )
            }
        }
        if !transients.isEmpty {
            guard transients.count == 2 else {
                throw json.error(.missing, at: transientsNode, "transients need an amplitude and a frequency list")
            }
            guard transients[0].count == transients[1].count else {
                throw json.error(
                    .missing,
                    at: transientsNode,
                    "\(transients[0].count) transient amplitudes but \(transients[1].count) frequencies"
                )
            }
            for (amplitude, frequency) in zip(transients[0], transients[1]) {
                guard amplitude.time == frequency.time else {
                    throw json.error(
                        .outOfOrder,
                        at: frequency.node,
                        "transient time \(formatted(frequency.time)) does not match its amplitude's \(formatted(amplitude.time))"
                    )
                }
                for point in [amplitude, frequency] where !(0...1).contains(point.amplitude) {
                    throw json.error(.outOfRange, at: point.node, "amplitude \(formatted(point.amplitude)) is outside 0...1")
                }
            }
        }

        var amplitude = amplitudeEnvelope.map { PatternPoint(time: $0.time, value: $0.amplitude) }
        if let last = amplitude.last, duration > last.time {
            amplitude.append(PatternPoint(time: duration, value: last.value))
        }
        var frequency: [PatternFrequencyPoint] = []
        if envelopes.count == 2 {
            frequency = envelopes[1].map { PatternFrequencyPoint(time: $0.time, value: $0.amplitude) }
        }
        if transients.count == 2 {
            var pending = Array(zip(transients[0], transients[1]))
            for index in amplitude.indices {
                guard let match = pending.firstIndex(where: { $0.0.time == amplitude[index].time }) else { continue }
                amplitude[index].emphasis = PatternEmphasis(amplitude: pending[match].0.amplitude, frequency: pending[match].1.amplitude)
                pending.remove(at: match)
            }
            for (dropped, _) in pending {
                json.note(
                    at: dropped.node,
                    "transient at \(formatted(dropped.time)) s has no amplitude breakpoint at that time; dropped, as Nice Vibrations does"
                )
            }
        }
        let metadata = editor.map { [PatternMetadataEntry(key: "editor", value: $0)] } ?? []
        let timeline = PatternTimeline(source: .vij, metadata: metadata, tracks: [PatternTrack(amplitude: amplitude, frequency: frequency)])
        json.note(at: root, "v0 file upgraded to .haptic v1")
        return PatternDocument(format: .vij, timeline: timeline, diagnostics: json.diagnostics)
    }

    private static func breakpoints(_ json: PatternJSON, _ node: Int) throws(PatternReadError) -> [Breakpoint] {
        try json.elements(node, named: "an envelope").map { (element) throws(PatternReadError) in
            _ = try json.object(element, named: "a breakpoint")
            let time = try json.number(try json.requireMember(element, "time"), named: "time", in: 0...json.limits.maxSeconds)
            let amplitude = try json.number(try json.requireMember(element, "amplitude"), named: "amplitude")
            return Breakpoint(time: time, amplitude: amplitude, node: element)
        }
    }
}
