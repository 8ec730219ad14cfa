import TemperAHAP

/// A Meta Actuator Configuration File (`.acf`, JSON5): how Meta's renderer drives one actuator. The renderer's
/// code is authoritative where its README disagrees: `emphasis_ducking` multiplies the continuous amplitude while
/// an emphasis plays (1 = no ducking), and `fade_out_percent` is a percentage (100 = fade to silence).
public struct ActuatorConfiguration: Sendable, Hashable {
    /// A number with the line it was read from, so a profile can cite it.
    public struct Figure: Sendable, Hashable {
        public var value: Double
        /// The key path, e.g. `continuous.frequency_min`.
        public var path: String
        public var line: Int
    }

    public struct EmphasisEnd: Sendable, Hashable {
        public var outputFrequency: Figure
        public var durationMs: Figure
        public var shape: String
    }

    public var device: String?
    public var continuousGain: Figure
    public var emphasisDucking: Figure
    public var frequencyMin: Figure
    public var frequencyMax: Figure
    public var emphasisGain: Figure
    public var fadeOutPercent: Figure
    public var emphasisLow: EmphasisEnd
    public var emphasisHigh: EmphasisEnd

    /// Whether the actuator plays amplitude only (Meta's "simple haptics" consoles set min = max).
    public var isAmplitudeOnly: Bool { frequencyMin.value == frequencyMax.value }

    /// The continuous range as a ``FrequencyRange``, for converting `.haptic` frequency to Hz on this actuator.
    public var frequencyRange: FrequencyRange { FrequencyRange(minHz: frequencyMin.value, maxHz: frequencyMax.value) }
}

/// Reads `.acf` files with TemperAHAP's JSON scanner after ``JSON5Text`` rewrites the JSON5 spellings.
public enum ACFReader: Sendable {
    static let shapes: Set<String> = ["saw", "sine", "square", "triangle"]

    public static func read(
        _ bytes: [UInt8],
        file: String? = nil,
        limits: PatternLimits = .default
    ) throws(PatternReadError) -> ActuatorConfiguration {
        guard bytes.count <= limits.maxFileBytes else {
            throw PatternReadError(
                code: .tooLarge,
                file: file,
                message: "\(bytes.count) bytes, more than the limit of \(limits.maxFileBytes) bytes"
            )
        }
        return try PatternJSON.withDocument(JSON5Text.json(bytes), file: file, limits: limits) {
            (json: inout PatternJSON) throws(PatternReadError) in
            let root = try json.object(PatternJSON.root, named: "the top level")
            json.noteUnknownKeys(root, known: ["metadata", "continuous", "emphasis"])
            var device: String?
            if let metadata = json.member(root, "metadata"), let node = json.member(metadata, "device") {
                device = try json.string(node, named: "device")
            }
            let continuous = try json.object(try json.requireMember(root, "continuous"), named: "continuous")
            func figure(_ object: Int, _ key: String, _ range: ClosedRange<Double>) throws(PatternReadError) -> ActuatorConfiguration.Figure
            {
                let node = try json.requireMember(object, key)
                let value = try json.number(node, named: key, in: range)
                return .init(
                    value: value,
                    path: json.text.path(to: node),
                    line: json.text.location(ofOffset: Int(json.nodes[node].start)).line
                )
            }
            let continuousGain = try figure(continuous, "gain", 0...1)
            let emphasisDucking = try figure(continuous, "emphasis_ducking", 0...1)
            let frequencyMin = try figure(continuous, "frequency_min", 1...20_000)
            let frequencyMax = try figure(continuous, "frequency_max", 1...20_000)
            let emphasis = try json.object(try json.requireMember(root, "emphasis"), named: "emphasis")
            func end(_ key: String) throws(PatternReadError) -> ActuatorConfiguration.EmphasisEnd {
                let node = try json.object(try json.requireMember(emphasis, key), named: key)
                let shapeNode = try json.requireMember(node, "shape")
                let shape = try json.string(shapeNode, named: "shape")
                guard shapes.contains(shape) else {
                    throw json.error(.unsupported, at: shapeNode, "shape \(shape) is not one of saw, sine, square, triangle")
                }
                return .init(
                    outputFrequency: try figure(node, "output_frequency", 1...20_000),
                    durationMs: try figure(node, "duration_ms", 0...10_000),
                    shape: shape
                )
            }
            let configuration = ActuatorConfiguration(
                device: device,
                continuousGain: continuousGain,
                emphasisDucking: emphasisDucking,
                frequencyMin: frequencyMin,
                frequencyMax: frequencyMax,
                emphasisGain: try figure(emphasis, "gain", 0...1),
                fadeOutPercent: try figure(emphasis, "fade_out_percent", 0...100),
                emphasisLow: try end("frequency_min"),
                emphasisHigh: try end("frequency_max")
            )
            guard configuration.frequencyMin.value <= configuration.frequencyMax.value else {
                throw json.error(
                    .outOfRange,
                    at: try json.requireMember(continuous, "frequency_max"),
                    "frequency_max is below frequency_min"
                )
            }
            return configuration
        }
    }
}
