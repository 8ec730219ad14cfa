import TemperAHAP

/// Reads feedbackd's haptic feedback: a theme file (`{"name", "profiles": [{"name", "feedbacks": [...]}]}`),
/// whose `VibraRumble`, `VibraPeriodic` and `VibraPattern` feedbacks each become a named pattern
/// (`quiet/phone-incoming-call`), or a list of Haptic `Vibrate` steps as the D-Bus method takes them
/// (`a(du)`: magnitude 0…1, duration ms), written `{"vibrate": [[0.8, 200], [0, 100]]}`.
///
/// As feedbackd does, `Sound` and `Led` feedbacks are not haptic and are skipped, and an unknown feedback type is
/// skipped with a diagnostic. Property defaults are feedbackd's: `duration` 1000 ms, `count` 1, `pause` 100 ms,
/// `magnitude` 1.0. `VibraPeriodic`'s `magnitude` and `fade-in-level` are the kernel's 0…65535 (feedbackd 0.0.x
/// themes write `32767`); a value written with a decimal point up to 1.0 is read as relative.
public enum FeedbackdReader: Sendable {
    static let defaultDurationMs = 1000
    static let defaultPauseMs = 100

    public static func read(
        _ bytes: [UInt8],
        file: String? = nil,
        limits: PatternLimits = .default
    ) throws(PatternReadError) -> PatternDocument {
        try PatternJSON.withDocument(bytes, file: file, limits: limits) { (json: inout PatternJSON) throws(PatternReadError) in
            let root = try json.object(PatternJSON.root, named: "the top level")
            if let stepList = json.member(root, "vibrate") {
                json.noteUnknownKeys(root, known: ["vibrate"])
                var magnitudes: [Double] = []
                var durations: [Int] = []
                for element in try json.elements(stepList, named: "vibrate") {
                    let pair = try json.elements(element, named: "a step")
                    guard pair.count == 2 else { throw json.error(.wrongType, at: element, "a step is [magnitude, durationMs]") }
                    magnitudes.append(try json.number(pair[0], named: "magnitude", in: 0...1))
                    durations.append(try json.integer(pair[1], named: "durationMs", in: 0...Double(UInt32.max)))
                }
                let timeline = steps(magnitudes: magnitudes, durations: durations)
                return PatternDocument(format: .feedbackd, timeline: timeline, diagnostics: json.diagnostics)
            }
            guard let profiles = json.member(root, "profiles") else {
                throw json.error(.unknownFormat, at: root, "not a feedbackd theme: expected profiles or vibrate")
            }
            var named: [(name: String, timeline: PatternTimeline)] = []
            for profile in try json.elements(profiles, named: "profiles") {
                _ = try json.object(profile, named: "a profile")
                let profileName =
                    try json.member(profile, "name").map { (n) throws(PatternReadError) in try json.string(n, named: "name") } ?? "?"
                guard let feedbacks = json.member(profile, "feedbacks") else { continue }
                for feedback in try json.elements(feedbacks, named: "feedbacks") {
                    _ = try json.object(feedback, named: "a feedback")
                    let event =
                        try json.member(feedback, "event-name").map { (n) throws(PatternReadError) in
                            try json.string(n, named: "event-name")
                        } ?? "?"
                    let typeNode = try json.requireMember(feedback, "type")
                    let type = try json.string(typeNode, named: "type")
                    if let timeline = try timeline(&json, feedback, type: type, typeNode: typeNode) {
                        named.append((profileName + "/" + event, timeline))
                    }
                }
            }
            guard let first = named.first else { throw json.error(.missing, at: profiles, "the theme has no haptic feedback") }
            return PatternDocument(format: .feedbackd, timeline: first.timeline, diagnostics: json.diagnostics, named: named)
        }
    }

    private static func timeline(
        _ json: inout PatternJSON,
        _ feedback: Int,
        type: String,
        typeNode: Int
    ) throws(PatternReadError) -> PatternTimeline? {
        let maxMs = json.limits.maxSeconds * 1000
        func milliseconds(_ key: String, default value: Int) throws(PatternReadError) -> Int {
            try json.member(feedback, key).map { (n) throws(PatternReadError) in try json.integer(n, named: key, in: 0...maxMs) } ?? value
        }
        switch type {
        case "VibraRumble":
            let duration = try milliseconds("duration", default: defaultDurationMs)
            let count =
                try json.member(feedback, "count").map { (n) throws(PatternReadError) in try json.integer(n, named: "count", in: 0...10_000)
                } ?? 1
            let pause = try milliseconds("pause", default: defaultPauseMs)
            let magnitude = try json.optionalNumber(feedback, "magnitude", in: 0...1) ?? 1
            guard Double(count * (duration + pause)) <= maxMs else {
                throw json.error(.limitExceeded, at: feedback, "the rumble lasts more than \(Int(json.limits.maxSeconds)) s")
            }
            var magnitudes: [Double] = []
            var durations: [Int] = []
            for index in 0..<count {
                magnitudes.append(magnitude)
                durations.append(duration)
                if index < count - 1 {
                    magnitudes.append(0)
                    durations.append(pause)
                }
            }
            return steps(magnitudes: magnitudes, durations: durations)
        case "VibraPeriodic":
            let duration = try milliseconds("duration", default: defaultDurationMs)
            let magnitude = try level(json, feedback, "magnitude") ?? 1
            let fadeTime = min(try milliseconds("fade-in-time", default: 0), duration)
            let fadeLevel = try level(json, feedback, "fade-in-level") ?? magnitude
            var points = [PatternPoint(time: 0, value: fadeTime > 0 ? fadeLevel : magnitude)]
            if fadeTime > 0 { points.append(PatternPoint(time: Double(fadeTime) / 1000, value: magnitude)) }
            points.append(PatternPoint(time: Double(duration) / 1000, value: magnitude))
            return PatternTimeline(source: .feedbackd, tracks: [PatternTrack(amplitude: points)])
        case "VibraPattern":
            let magnitudesNode = try json.requireMember(feedback, "magnitudes")
            let magnitudes = try json.elements(magnitudesNode, named: "magnitudes").map { (n) throws(PatternReadError) in
                try json.number(n, named: "magnitude", in: 0...1)
            }
            let durations = try json.elements(try json.requireMember(feedback, "durations"), named: "durations").map {
                (n) throws(PatternReadError) in try json.integer(n, named: "duration", in: 0...maxMs)
            }
            guard magnitudes.count == durations.count else {
                throw json.error(
                    .missing,
                    at: magnitudesNode,
                    "\(magnitudes.count) magnitudes for \(durations.count) durations; they must match"
                )
            }
            return steps(magnitudes: magnitudes, durations: durations)
        case "Sound", "Led":
            return nil
        default:
            json.note(at: typeNode, "feedback type \(type) is not one feedbackd knows; skipped")
            return nil
        }
    }

    /// A kernel force-feedback level, 0…65535, or a relative one up to 1.0.
    private static func level(_ json: PatternJSON, _ feedback: Int, _ key: String) throws(PatternReadError) -> Double? {
        guard let node = json.member(feedback, key) else { return nil }
        let value = try json.number(node, named: key, in: 0...65535)
        return value <= 1 && json.nodes[node].flag == false ? value : value / 65535
    }

    static func steps(magnitudes: [Double], durations: [Int]) -> PatternTimeline {
        var points: [PatternPoint] = []
        var elapsedMs = 0
        for (magnitude, duration) in zip(magnitudes, durations) {
            points.append(PatternPoint(time: Double(elapsedMs) / 1000, value: magnitude))
            elapsedMs += duration
            points.append(PatternPoint(time: Double(elapsedMs) / 1000, value: magnitude))
        }
        return PatternTimeline(source: .feedbackd, tracks: points.isEmpty ? [] : [PatternTrack(amplitude: points)])
    }
}
