/// Dual-motor rumble: a strong (low-frequency) and a weak (high-frequency) motor, each held at a magnitude for a
/// duration, as SDL's `SDL_RumbleGamepad`, the Web Gamepad API's `dual-rumble` effect and Linux's
/// `ff_rumble_effect` take it. Two JSON shapes are read:
///
/// - Nice Vibrations' `GamepadRumble`: `{"durations_ms": [ms…], "low_frequency_motor_speeds": [0…1],
///   "high_frequency_motor_speeds": [0…1]}` (equal lengths), which is also what Temper writes;
/// - our step list: `{"rumble": [{"startDelayMs": 0, "durationMs": 200, "strongMagnitude": 1, "weakMagnitude":
///   0.5}, …]}`, played one after the other, magnitudes 0…1 as the Web Gamepad API takes them (SDL's and
///   Linux's 0…65535 divided by 65535).
public enum RumbleReader: Sendable {
    public static func read(
        _ bytes: [UInt8],
        file: String? = nil,
        limits: PatternLimits = .default
    ) throws(PatternReadError) -> PatternDocument {
        try PatternJSON.withDocument(bytes, file: file, limits: limits) { (json: inout PatternJSON) throws(PatternReadError) in
            let root = try json.object(PatternJSON.root, named: "the top level")
            var steps: [GamepadRumble.Step] = []
            if let list = json.member(root, "rumble") {
                json.noteUnknownKeys(root, known: ["rumble"])
                for element in try json.elements(list, named: "rumble") {
                    _ = try json.object(element, named: "a rumble step")
                    json.noteUnknownKeys(element, known: ["startDelayMs", "durationMs", "strongMagnitude", "weakMagnitude"])
                    let delay =
                        try json.member(element, "startDelayMs").map { (n) throws(PatternReadError) in
                            try json.integer(n, named: "startDelayMs", in: 0...json.limits.maxSeconds * 1000)
                        } ?? 0
                    let duration = try json.integer(
                        try json.requireMember(element, "durationMs"),
                        named: "durationMs",
                        in: 0...json.limits.maxSeconds * 1000
                    )
                    let strong = try json.optionalNumber(element, "strongMagnitude", in: 0...1) ?? 0
                    let weak = try json.optionalNumber(element, "weakMagnitude", in: 0...1) ?? 0
                    if delay > 0 { steps.append(GamepadRumble.Step(durationMs: delay, low: 0, high: 0)) }
                    steps.append(GamepadRumble.Step(durationMs: duration, low: strong, high: weak))
                }
            } else if let durationsNode = json.member(root, "durations_ms") {
                json.noteUnknownKeys(root, known: ["durations_ms", "low_frequency_motor_speeds", "high_frequency_motor_speeds"])
                let durations = try json.elements(durationsNode, named: "durations_ms").map { (n) throws(PatternReadError) in
                    try json.integer(n, named: "duration", in: 0...json.limits.maxSeconds * 1000)
                }
                let lowNode = try json.requireMember(root, "low_frequency_motor_speeds")
                let highNode = try json.requireMember(root, "high_frequency_motor_speeds")
                let low = try json.elements(lowNode, named: "low_frequency_motor_speeds").map { (n) throws(PatternReadError) in
                    try json.number(n, named: "speed", in: 0...1)
                }
                let high = try json.elements(highNode, named: "high_frequency_motor_speeds").map { (n) throws(PatternReadError) in
                    try json.number(n, named: "speed", in: 0...1)
                }
                guard low.count == durations.count else {
                    throw json.error(.missing, at: lowNode, "\(low.count) speeds for \(durations.count) durations; they must match")
                }
                guard high.count == durations.count else {
                    throw json.error(.missing, at: highNode, "\(high.count) speeds for \(durations.count) durations; they must match")
                }
                steps = durations.indices.map { GamepadRumble.Step(durationMs: durations[$0], low: low[$0], high: high[$0]) }
            } else {
                throw json.error(.unknownFormat, at: root, "not a rumble: expected rumble or durations_ms")
            }
            let total = steps.reduce(0) { $0 + $1.durationMs }
            guard Double(total) <= json.limits.maxSeconds * 1000 else {
                throw json.error(.limitExceeded, at: root, "the steps add up to \(total) ms, more than \(Int(json.limits.maxSeconds)) s")
            }
            return PatternDocument(format: .rumble, timeline: GamepadRumble(steps: steps).timeline, diagnostics: json.diagnostics)
        }
    }
}

/// Nice Vibrations' `GamepadRumble`: parallel lists of durations and the two motors' speeds.
public struct GamepadRumble: Sendable, Hashable {
    public struct Step: Sendable, Hashable {
        public var durationMs: Int
        public var low: Double
        public var high: Double

        public init(durationMs: Int, low: Double, high: Double) {
            self.durationMs = durationMs
            self.low = low
            self.high = high
        }
    }

    public var steps: [Step]

    public init(steps: [Step]) { self.steps = steps }

    /// Two step-wise tracks, one per motor.
    public var timeline: PatternTimeline {
        var low: [PatternPoint] = []
        var high: [PatternPoint] = []
        var elapsedMs = 0
        for step in steps {
            low.append(PatternPoint(time: Double(elapsedMs) / 1000, value: step.low))
            high.append(PatternPoint(time: Double(elapsedMs) / 1000, value: step.high))
            elapsedMs += step.durationMs
            low.append(PatternPoint(time: Double(elapsedMs) / 1000, value: step.low))
            high.append(PatternPoint(time: Double(elapsedMs) / 1000, value: step.high))
        }
        guard !steps.isEmpty else { return PatternTimeline(source: .rumble) }
        return PatternTimeline(
            source: .rumble,
            tracks: [PatternTrack(motor: .lowFrequency, amplitude: low), PatternTrack(motor: .highFrequency, amplitude: high)]
        )
    }

    /// The `GamepadRumble` JSON shape.
    public var json: String {
        func list(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }
        return "{\n  \"durations_ms\": \(list(steps.map { String($0.durationMs) })),\n"
            + "  \"low_frequency_motor_speeds\": \(list(steps.map { Self.speed($0.low) })),\n"
            + "  \"high_frequency_motor_speeds\": \(list(steps.map { Self.speed($0.high) }))\n}\n"
    }

    /// A speed as single precision prints it (`0.2`, not `0.20000000298023224`), since speeds are `f32` upstream.
    static func speed(_ value: Double) -> String { "\(Float(value))" }
}
