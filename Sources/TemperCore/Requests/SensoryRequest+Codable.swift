extension SensoryRequest: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case id, usage, targetTimeSeconds, device, haptic, audio, system, visual
    }

    /// The longest device name read: UPower object paths and serials are far shorter.
    static let maxDeviceLength = 256

    private static let payloadKeys: [CodingKeys] = [.haptic, .audio, .system, .visual]

    public init(from decoder: any Decoder) throws {
        try RequestDecoding.rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        guard !id.isEmpty else { throw RequestDecoding.invalid("expected a non-empty id", at: container.codingPath + [CodingKeys.id]) }
        usage = try RequestDecoding.word(UsageClass.self, container, .usage)
        targetTime = try RequestDecoding.optionalNumber(container, .targetTimeSeconds, in: RequestDecoding.targetTimes)
        device = try container.decodeIfPresent(String.self, forKey: .device)
        if let device, device.isEmpty || device.utf8.count > Self.maxDeviceLength {
            throw RequestDecoding.invalid(
                "expected a device name of 1 to \(Self.maxDeviceLength) bytes (a kind such as gamepad, a UPower path or a serial), found \(device.utf8.count) bytes",
                at: container.codingPath + [CodingKeys.device]
            )
        }
        let present = Self.payloadKeys.filter { container.contains($0) }
        guard present.count == 1, let key = present.first else {
            let found = present.isEmpty ? "none" : present.map(\.rawValue).joined(separator: " and ")
            throw RequestDecoding.invalid(
                "expected exactly one of haptic, audio, system, visual; found \(found)",
                at: container.codingPath
            )
        }
        switch key {
        case .haptic: kind = .haptic(try container.decode(HapticPatternRequest.self, forKey: .haptic))
        case .audio: kind = .audio(try container.decode(AudioCue.self, forKey: .audio))
        case .system: kind = .system(try container.decode(SystemFeedback.self, forKey: .system))
        default: kind = .visual(try container.decode(VisualEffect.self, forKey: .visual))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(usage, forKey: .usage)
        try container.encodeIfPresent(targetTime, forKey: .targetTimeSeconds)
        try container.encodeIfPresent(device, forKey: .device)
        switch kind {
        case .haptic(let haptic): try container.encode(haptic, forKey: .haptic)
        case .audio(let cue): try container.encode(cue, forKey: .audio)
        case .system(let feedback): try container.encode(feedback, forKey: .system)
        case .visual(let effect): try container.encode(effect, forKey: .visual)
        }
    }
}

extension SystemFeedback: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case type, style, intensity, notification }
    private enum FeedbackType: String, CaseIterable { case impact, selection, notification }

    public init(from decoder: any Decoder) throws {
        try RequestDecoding.rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try RequestDecoding.word(FeedbackType.self, container, .type) {
        case .impact:
            let style = try RequestDecoding.word(ImpactStyle.self, container, .style)
            self = .impact(style, intensity: try RequestDecoding.optionalNumber(container, .intensity, in: 0...1) ?? 1)
        case .selection:
            self = .selection
        case .notification:
            self = .notification(try RequestDecoding.word(NotificationStyle.self, container, .notification))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .impact(let style, let intensity):
            try container.encode("impact", forKey: .type)
            try container.encode(style, forKey: .style)
            try container.encode(intensity, forKey: .intensity)
        case .selection:
            try container.encode("selection", forKey: .type)
        case .notification(let kind):
            try container.encode("notification", forKey: .type)
            try container.encode(kind, forKey: .notification)
        }
    }
}

extension VisualEffect: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case particleCount, qualityLevel }

    public init(from decoder: any Decoder) throws {
        try RequestDecoding.rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        particleCount = try RequestDecoding.count(container, .particleCount, in: 0...10_000_000)
        qualityLevel = container.contains(.qualityLevel) ? try RequestDecoding.count(container, .qualityLevel, in: 0...100) : 0
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(particleCount, forKey: .particleCount)
        try container.encode(qualityLevel, forKey: .qualityLevel)
    }
}
