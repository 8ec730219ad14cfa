import FoundationEssentials

/// A player request in JSON: a request's `id` and `usage`, the starting parameters, and what plays. Without
/// `haptic` the player is one continuous event; with it, the pattern loops every `loopSeconds`:
///
/// ```json
/// { "id": "engine", "usage": "game", "intensity": 0.8, "sharpness": 0.3, "volume": 0.5,
///   "audio": { "position": [0, 0, -2], "rendering": "2d" } }
/// { "id": "heartbeat", "usage": "game", "intensity": 1, "loopSeconds": 0.8,
///   "haptic": { "pattern": { "Pattern": [ … ] } } }
/// ```
extension PlayerRequest: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case id, usage, intensity, sharpness, volume, haptic, loopSeconds, audio
    }

    public init(from decoder: any Decoder) throws {
        try RequestDecoding.rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        guard !id.isEmpty else { throw RequestDecoding.invalid("expected a non-empty id", at: container.codingPath + [CodingKeys.id]) }
        usage = try RequestDecoding.word(UsageClass.self, container, .usage)
        parameters = PlayerParameters(
            intensity: try RequestDecoding.number(container, .intensity, in: 0...1),
            sharpness: try RequestDecoding.optionalNumber(container, .sharpness, in: 0...1) ?? 0.5,
            volume: try RequestDecoding.optionalNumber(container, .volume, in: 0...1) ?? 1
        )
        audio = try container.decodeIfPresent(AudioCue.self, forKey: .audio)
        if container.contains(.haptic) {
            let pattern = try container.decode(HapticPatternRequest.self, forKey: .haptic)
            guard container.contains(.loopSeconds) else {
                throw RequestDecoding.invalid("a looping player needs loopSeconds", at: container.codingPath + [CodingKeys.loopSeconds])
            }
            content = .looping(
                pattern,
                loopSeconds: try RequestDecoding.number(container, .loopSeconds, in: PlayerContent.loopSecondsRange)
            )
        } else {
            guard !container.contains(.loopSeconds) else {
                throw RequestDecoding.invalid(
                    "loopSeconds needs a haptic pattern to loop",
                    at: container.codingPath + [CodingKeys.loopSeconds]
                )
            }
            content = .continuous
        }
    }
}

extension RequestDecoder {
    /// One player request (``PlayerRequest``), with errors that name the JSON path.
    public func decodePlayer(_ bytes: some Collection<UInt8>) throws(TemperError) -> PlayerRequest {
        try run(Data(bytes)) { decoder, data in
            decoder.userInfo[AudioCue.playerSoundKey] = true
            return try decoder.decode(PlayerRequest.self, from: data)
        }
    }
}
