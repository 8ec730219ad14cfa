import TemperAHAP

/// Reads Meta / Lofelt `.haptic` v1 and upgrades Lofelt `.vij` v0, lenient where Meta's renderer is lenient
/// (its `LegacyCompatibility` mode) and strict where both upstream loaders are strict.
///
/// Errors (one line, with the JSON path and line:column): a `version.major` other than 1 (or a v0 file's 0.2),
/// a missing `signals.continuous.envelopes.amplitude`, values outside 0...1, times that go backwards or are
/// negative, an emphasis quieter than its breakpoint, fewer than two amplitude breakpoints or a zero duration.
/// Diagnostics: frequency breakpoints after the amplitude envelope ends (Meta's strict mode rejects them; 38
/// real files have them), unknown keys, and a `version.minor` above 0 (Nice Vibrations' partial support).
public enum HapticFileReader: Sendable {
    /// Reads `.haptic` or `.vij` bytes; which one is decided by the `version` key, as Nice Vibrations does.
    public static func read(
        _ bytes: [UInt8],
        file: String? = nil,
        limits: PatternLimits = .default
    ) throws(PatternReadError) -> PatternDocument {
        try PatternJSON.withDocument(bytes, file: file, limits: limits) { (json: inout PatternJSON) throws(PatternReadError) in
            let root = try json.object(PatternJSON.root, named: "the top level")
            guard let versionNode = json.member(root, "version") else {
                return try VijUpgrade.read(&json, root: root)
            }
            let (major, minor, patch) = try version(json, versionNode)
            if major == 0, minor == 2, patch == 0 { return try VijUpgrade.read(&json, root: root) }
            guard major == 1 else {
                throw json.error(
                    .unsupported,
                    at: versionNode,
                    "unsupported version \(major).\(minor).\(patch); .haptic v1 or v0.2.0 expected"
                )
            }
            if minor > 0 { json.note(at: versionNode, "version 1.\(minor) is newer than 1.0; read as 1.0") }
            let timeline = try readV1(&json, root: root)
            return PatternDocument(format: .haptic, timeline: timeline, diagnostics: json.diagnostics)
        }
    }

    private static func version(_ json: PatternJSON, _ node: Int) throws(PatternReadError) -> (Int, Int, Int) {
        _ = try json.object(node, named: "version")
        let major = try json.integer(try json.requireMember(node, "major"), named: "major", in: 0...1_000_000)
        let minor =
            try json.member(node, "minor").map { (n) throws(PatternReadError) in try json.integer(n, named: "minor", in: 0...1_000_000) }
            ?? 0
        let patch =
            try json.member(node, "patch").map { (n) throws(PatternReadError) in try json.integer(n, named: "patch", in: 0...1_000_000) }
            ?? 0
        return (major, minor, patch)
    }

    static let metadataKeys = ["editor", "author", "source", "project", "description"]

    private static func readV1(_ json: inout PatternJSON, root: Int) throws(PatternReadError) -> PatternTimeline {
        json.noteUnknownKeys(root, known: ["version", "metadata", "signals"])
        var timeline = PatternTimeline(source: .haptic)
        if let metadata = json.member(root, "metadata") {
            timeline.metadata = try readMetadata(json, metadata)
        }
        let signals = try json.object(try json.requireMember(root, "signals"), named: "signals")
        let continuous = try json.object(try json.requireMember(signals, "continuous"), named: "continuous")
        let envelopes = try json.object(try json.requireMember(continuous, "envelopes"), named: "envelopes")
        json.noteUnknownKeys(envelopes, known: ["amplitude", "frequency"])
        let amplitudeNode = try json.requireMember(envelopes, "amplitude")
        var amplitude: [PatternPoint] = []
        var lastTime = 0.0
        let amplitudeElements = try json.elements(amplitudeNode, named: "amplitude")
        amplitude.reserveCapacity(amplitudeElements.count)
        for element in amplitudeElements {
            let point = try json.object(element, named: "an amplitude breakpoint")
            let time = try breakpointTime(json, point, after: &lastTime)
            let value = try json.number(try json.requireMember(point, "amplitude"), named: "amplitude", in: 0...1)
            var emphasis: PatternEmphasis?
            if let emphasisNode = json.member(point, "emphasis"), json.kind(emphasisNode) != .null {
                _ = try json.object(emphasisNode, named: "emphasis")
                let amplitudeValueNode = try json.requireMember(emphasisNode, "amplitude")
                let emphasisAmplitude = try json.number(amplitudeValueNode, named: "emphasis amplitude", in: 0...1)
                let emphasisFrequency = try json.number(
                    try json.requireMember(emphasisNode, "frequency"),
                    named: "emphasis frequency",
                    in: 0...1
                )
                guard emphasisAmplitude >= value else {
                    throw json.error(
                        .outOfRange,
                        at: amplitudeValueNode,
                        "emphasis amplitude \(formatted(emphasisAmplitude)) is below the breakpoint's amplitude \(formatted(value))"
                    )
                }
                emphasis = PatternEmphasis(amplitude: emphasisAmplitude, frequency: emphasisFrequency)
            }
            amplitude.append(PatternPoint(time: time, value: value, emphasis: emphasis))
        }
        guard amplitude.count >= 2 else {
            throw json.error(.missing, at: amplitudeNode, "\(amplitude.count) amplitude breakpoints; at least 2 are needed")
        }
        guard lastTime > 0 else { throw json.error(.outOfRange, at: amplitudeNode, "the amplitude envelope lasts 0 s") }
        var track = PatternTrack(amplitude: amplitude)
        if let frequencyNode = json.member(envelopes, "frequency"), json.kind(frequencyNode) != .null {
            track.frequency = try readFrequency(&json, frequencyNode, end: lastTime)
        }
        timeline.tracks = [track]
        return timeline
    }

    private static func readFrequency(
        _ json: inout PatternJSON,
        _ node: Int,
        end: Double
    ) throws(PatternReadError) -> [PatternFrequencyPoint] {
        var points: [PatternFrequencyPoint] = []
        var lastTime = 0.0
        var late: (node: Int, count: Int)?
        for element in try json.elements(node, named: "frequency") {
            let point = try json.object(element, named: "a frequency breakpoint")
            let time = try breakpointTime(json, point, after: &lastTime)
            if time > end { late = (late?.node ?? element, (late?.count ?? 0) + 1) }
            let value = try json.number(try json.requireMember(point, "frequency"), named: "frequency", in: 0...1)
            points.append(PatternFrequencyPoint(time: time, value: value))
        }
        if let late {
            json.note(
                at: late.node,
                "\(late.count) frequency breakpoint(s) after the amplitude envelope ends at \(formatted(end)) s kept, and silent: the amplitude envelope sets the duration (Meta's lenient mode; its strict mode rejects them)"
            )
        }
        return points
    }

    /// A breakpoint's `time`, which may not go back before the previous breakpoint's (`lastTime`, moved on).
    private static func breakpointTime(
        _ json: PatternJSON,
        _ point: Int,
        after lastTime: inout Double
    ) throws(PatternReadError) -> Double {
        let timeNode = try json.requireMember(point, "time")
        let time = try json.number(timeNode, named: "time", in: 0...json.limits.maxSeconds)
        guard time >= lastTime else {
            throw json.error(
                .outOfOrder,
                at: timeNode,
                "time \(formatted(time)) is before the previous breakpoint's \(formatted(lastTime))"
            )
        }
        lastTime = time
        return time
    }

    private static func readMetadata(_ json: PatternJSON, _ node: Int) throws(PatternReadError) -> [PatternMetadataEntry] {
        guard json.kind(node) == .object else { return [] }
        var entries: [PatternMetadataEntry] = []
        for key in metadataKeys {
            guard let value = json.member(node, key), json.kind(value) == .string else { continue }
            entries.append(PatternMetadataEntry(key: key, value: json.text.string(value)))
        }
        if let tags = json.member(node, "tags"), json.kind(tags) == .array {
            for tag in try json.elements(tags, named: "tags") where json.kind(tag) == .string {
                entries.append(PatternMetadataEntry(key: "tag", value: json.text.string(tag)))
            }
        }
        return entries
    }
}
