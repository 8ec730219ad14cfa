import TemperAHAP

/// Reads the JSON shapes we define for Android's API-only effects (see docs/scoring.md), checking what Android's
/// builders check (they throw `IllegalArgumentException`, so these are errors, not diagnostics):
///
/// - waveform: `{"timings": [ms…], "amplitudes": [0…255 or -1], "repeat": -1}`; without `amplitudes` the
///   timings alternate off and on at the default amplitude, as `createWaveform(timings, repeat)` does;
/// - composition: `{"composition": [{"primitive": "click", "scale": 1, "delayMs": 0}, …]}`;
/// - API 36 basic envelope: `{"basicEnvelope": {"initialSharpness": 0.5, "controlPoints":
///   [{"intensity": 1, "sharpness": 0.5, "durationMs": 50}, …]}}` (intensity and sharpness are perceptual, mapped
///   like AHAP's: amplitude = intensity², frequency = sharpness²);
/// - API 36 waveform envelope: `{"waveformEnvelope": {"initialFrequencyHz": 150, "controlPoints":
///   [{"amplitude": 1, "frequencyHz": 150, "durationMs": 50}, …]}}`.
public enum AndroidJSONReader: Sendable {
    public static func read(
        _ bytes: [UInt8],
        file: String? = nil,
        limits: PatternLimits = .default
    ) throws(PatternReadError) -> PatternDocument {
        try PatternJSON.withDocument(bytes, file: file, limits: limits) { (json: inout PatternJSON) throws(PatternReadError) in
            let root = try json.object(PatternJSON.root, named: "the top level")
            if json.member(root, "timings") != nil {
                json.noteUnknownKeys(root, known: ["timings", "amplitudes", "repeat"])
                let waveform = try readWaveform(json, root)
                return PatternDocument(format: .androidWaveform, timeline: waveform.timeline, diagnostics: json.diagnostics)
            }
            if let node = json.member(root, "composition") {
                json.noteUnknownKeys(root, known: ["composition"])
                let entries = try readComposition(&json, node)
                return PatternDocument(
                    format: .androidComposition,
                    timeline: AndroidCompositionEntry.timeline(entries),
                    diagnostics: json.diagnostics
                )
            }
            if let node = json.member(root, "basicEnvelope") {
                json.noteUnknownKeys(root, known: ["basicEnvelope"])
                return PatternDocument(
                    format: .androidEnvelope,
                    timeline: try readEnvelope(&json, node, basic: true),
                    diagnostics: json.diagnostics
                )
            }
            if let node = json.member(root, "waveformEnvelope") {
                json.noteUnknownKeys(root, known: ["waveformEnvelope"])
                return PatternDocument(
                    format: .androidEnvelope,
                    timeline: try readEnvelope(&json, node, basic: false),
                    diagnostics: json.diagnostics
                )
            }
            throw json.error(
                .unknownFormat,
                at: root,
                "not an Android effect: expected timings, composition, basicEnvelope or waveformEnvelope"
            )
        }
    }

    static func readWaveform(_ json: PatternJSON, _ root: Int) throws(PatternReadError) -> AndroidWaveform {
        let timingsNode = try json.requireMember(root, "timings")
        let maxMilliseconds = json.limits.maxSeconds * 1000
        let timings = try json.elements(timingsNode, named: "timings").map { (node) throws(PatternReadError) in
            try json.integer(node, named: "timing", in: 0...maxMilliseconds)
        }
        guard !timings.isEmpty else { throw json.error(.missing, at: timingsNode, "timings is empty") }
        let total = timings.reduce(0, +)
        guard Double(total) <= maxMilliseconds else {
            throw json.error(.limitExceeded, at: timingsNode, "the timings add up to \(total) ms, more than \(Int(maxMilliseconds)) ms")
        }
        var amplitudes: [Int]
        if let node = json.member(root, "amplitudes") {
            let elements = try json.elements(node, named: "amplitudes")
            amplitudes = []
            for element in elements {
                let value = try json.integer(element, named: "amplitude", in: -1...255)
                amplitudes.append(value)
            }
            guard amplitudes.count == timings.count else {
                throw json.error(.missing, at: node, "\(amplitudes.count) amplitudes for \(timings.count) timings; they must match")
            }
        } else {
            amplitudes = timings.indices.map { $0 % 2 == 0 ? 0 : AndroidWaveform.defaultAmplitude }
        }
        var repeatIndex = -1
        if let node = json.member(root, "repeat") {
            repeatIndex = try json.integer(node, named: "repeat", in: -1...Double(timings.count - 1))
        }
        return AndroidWaveform(timings: timings, amplitudes: amplitudes, repeatIndex: repeatIndex)
    }

    static func readComposition(_ json: inout PatternJSON, _ node: Int) throws(PatternReadError) -> [AndroidCompositionEntry] {
        let elements = try json.elements(node, named: "composition")
        guard !elements.isEmpty else { throw json.error(.missing, at: node, "a composition needs at least one primitive") }
        var entries: [AndroidCompositionEntry] = []
        for element in elements {
            _ = try json.object(element, named: "a composition entry")
            json.noteUnknownKeys(element, known: ["primitive", "scale", "delayMs"])
            let nameNode = try json.requireMember(element, "primitive")
            let name = try json.string(nameNode, named: "primitive")
            guard let primitive = AndroidPrimitive(rawValue: name) else {
                throw json.error(
                    .unsupported,
                    at: nameNode,
                    "unknown primitive \(name); one of \(AndroidPrimitive.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            let scale = try json.optionalNumber(element, "scale", in: 0...1) ?? 1
            let delay =
                try json.member(element, "delayMs").map { (n) throws(PatternReadError) in
                    try json.integer(n, named: "delayMs", in: 0...json.limits.maxSeconds * 1000)
                } ?? 0
            entries.append(AndroidCompositionEntry(primitive: primitive, scale: scale, delayMs: delay))
        }
        return entries
    }

    static func readEnvelope(_ json: inout PatternJSON, _ node: Int, basic: Bool) throws(PatternReadError) -> PatternTimeline {
        _ = try json.object(node, named: basic ? "basicEnvelope" : "waveformEnvelope")
        let initialKey = basic ? "initialSharpness" : "initialFrequencyHz"
        json.noteUnknownKeys(node, known: [initialKey, "controlPoints"])
        let maxHz = 10_000.0
        let initial = try json.optionalNumber(node, initialKey, in: basic ? 0...1 : 1...maxHz)
        let pointsNode = try json.requireMember(node, "controlPoints")
        let elements = try json.elements(pointsNode, named: "controlPoints")
        guard !elements.isEmpty else { throw json.error(.missing, at: pointsNode, "an envelope needs at least one control point") }
        var time = 0.0
        var amplitude = [PatternPoint(time: 0, value: 0)]
        var frequency: [PatternFrequencyPoint] = []
        var lastLevel = 0.0
        for element in elements {
            _ = try json.object(element, named: "a control point")
            let levelKey = basic ? "intensity" : "amplitude"
            let pitchKey = basic ? "sharpness" : "frequencyHz"
            json.noteUnknownKeys(element, known: [levelKey, pitchKey, "durationMs"])
            let level = try json.number(try json.requireMember(element, levelKey), named: levelKey, in: 0...1)
            let pitch = try json.number(try json.requireMember(element, pitchKey), named: pitchKey, in: basic ? 0...1 : 1...maxHz)
            let durationNode = try json.requireMember(element, "durationMs")
            let duration = try json.integer(durationNode, named: "durationMs", in: 0...json.limits.maxSeconds * 1000)
            guard duration > 0 else { throw json.error(.outOfRange, at: durationNode, "durationMs must be above 0") }
            if frequency.isEmpty {
                frequency.append(PatternFrequencyPoint(time: 0, value: basic ? (initial ?? pitch) * (initial ?? pitch) : initial ?? pitch))
            }
            time += Double(duration) / 1000
            guard time <= json.limits.maxSeconds else {
                throw json.error(.limitExceeded, at: durationNode, "the envelope lasts more than \(Int(json.limits.maxSeconds)) s")
            }
            amplitude.append(PatternPoint(time: time, value: basic ? level * level : level))
            frequency.append(PatternFrequencyPoint(time: time, value: basic ? pitch * pitch : pitch))
            lastLevel = level
        }
        if lastLevel != 0 {
            json.note(
                at: elements[elements.count - 1],
                "the envelope ends at \(formatted(lastLevel)), not 0; the vibrator stops abruptly there"
            )
        }
        return PatternTimeline(
            source: .androidEnvelope,
            tracks: [PatternTrack(amplitude: amplitude, frequency: frequency, frequencyUnit: basic ? .normalized : .hertz)]
        )
    }
}
