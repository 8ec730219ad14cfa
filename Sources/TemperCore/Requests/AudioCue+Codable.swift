extension AudioCue: Codable {
    /// Set in a decoder's user info when the cue is a live player's sound, which lasts as long as its player: it
    /// needs no `durationSeconds` or `waveform`.
    static let playerSoundKey = CodingUserInfoKey(rawValue: "temper.audio.playerSound")!

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case position, sceneToMetres, listener, rendering, volume, durationSeconds, waveform, distanceModel, stereo
    }

    public init(from decoder: any Decoder) throws {
        try RequestDecoding.rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        position = try container.decode(Vector3.self, forKey: .position)
        sceneToMetres = try RequestDecoding.optionalNumber(container, .sceneToMetres, in: 1e-6...1e6) ?? 1
        listener = try container.decodeIfPresent(Listener.self, forKey: .listener) ?? Listener()
        rendering = container.contains(.rendering) ? try RequestDecoding.word(AudioRendering.self, container, .rendering) : .spatial
        volume = try RequestDecoding.optionalNumber(container, .volume, in: 0...1) ?? 1
        durationSeconds = try RequestDecoding.optionalNumber(container, .durationSeconds, in: 0...3600)
        waveform = try container.decodeIfPresent(String.self, forKey: .waveform)
        distanceModel = try container.decodeIfPresent(DistanceModel.self, forKey: .distanceModel) ?? DistanceModel()
        stereo = try container.decodeIfPresent(StereoPlacement.self, forKey: .stereo)
        guard durationSeconds != nil || waveform != nil || decoder.userInfo[Self.playerSoundKey] as? Bool == true else {
            throw RequestDecoding.invalid("expected durationSeconds or waveform", at: container.codingPath)
        }
        let model = distanceModel
        guard model.referenceDistance > 0, model.rolloff >= 0, model.maxDistance >= model.referenceDistance,
            model.referenceDistance.isFinite, model.rolloff.isFinite, model.maxDistance.isFinite
        else {
            throw RequestDecoding.invalid(
                "expected referenceDistance > 0, rolloff ≥ 0 and maxDistance ≥ referenceDistance",
                at: container.codingPath + [CodingKeys.distanceModel]
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)
        try container.encode(sceneToMetres, forKey: .sceneToMetres)
        try container.encode(listener, forKey: .listener)
        try container.encode(rendering, forKey: .rendering)
        try container.encode(volume, forKey: .volume)
        try container.encodeIfPresent(durationSeconds, forKey: .durationSeconds)
        try container.encodeIfPresent(waveform, forKey: .waveform)
        try container.encode(distanceModel, forKey: .distanceModel)
        try container.encodeIfPresent(stereo, forKey: .stereo)
    }
}

extension Listener: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case position, forward, up }

    public init(from decoder: any Decoder) throws {
        try RequestDecoding.rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Listener()
        position = try container.decodeIfPresent(Vector3.self, forKey: .position) ?? defaults.position
        forward = try container.decodeIfPresent(Vector3.self, forKey: .forward) ?? defaults.forward
        up = try container.decodeIfPresent(Vector3.self, forKey: .up) ?? defaults.up
        guard let unitForward = forward.normalized else {
            throw RequestDecoding.invalid("expected a non-zero forward vector", at: container.codingPath + [CodingKeys.forward])
        }
        guard let unitUp = up.normalized, abs(unitUp.dot(unitForward)) < 0.999 else {
            throw RequestDecoding.invalid(
                "expected a non-zero up vector not parallel to forward",
                at: container.codingPath + [CodingKeys.up]
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)
        try container.encode(forward, forKey: .forward)
        try container.encode(up, forKey: .up)
    }
}

extension Vector3: Codable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var values: [Double] = []
        while !container.isAtEnd {
            let value = try container.decode(Double.self)
            guard RequestDecoding.coordinates.contains(value) else {
                throw RequestDecoding.invalid(
                    "expected a coordinate from -1000000000 to 1000000000, found \(value)",
                    at: decoder.codingPath
                )
            }
            values.append(value)
        }
        guard values.count == 3 else {
            throw RequestDecoding.invalid("expected [x, y, z], found \(values.count) numbers", at: decoder.codingPath)
        }
        self.init(values[0], values[1], values[2])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
        try container.encode(z)
    }
}
