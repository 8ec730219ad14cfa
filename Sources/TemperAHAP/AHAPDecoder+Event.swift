extension AHAPDecoder {
    mutating func decodeEvent(_ eventNode: Int) throws(AHAPError) {
        var typeNode: Int?
        var timeNode: Int?
        var durationNode: Int?
        var parametersNode: Int?
        var waveformNode: Int?
        var volumeEnvelopeNode: Int?
        var loopNode: Int?
        for (key, value) in text.tape.children(of: eventNode) {
            if text.equals(key, "EventType") {
                try noteDuplicate(typeNode, key: key)
                typeNode = value
            } else if text.equals(key, "Time") {
                try noteDuplicate(timeNode, key: key)
                timeNode = value
            } else if text.equals(key, "EventDuration") {
                try noteDuplicate(durationNode, key: key)
                durationNode = value
            } else if text.equals(key, "EventParameters") {
                try noteDuplicate(parametersNode, key: key)
                parametersNode = value
            } else if text.equals(key, "EventWaveformPath") {
                try noteDuplicate(waveformNode, key: key)
                waveformNode = value
            } else if text.equals(key, "EventWaveformUseVolumeEnvelope") {
                try noteDuplicate(volumeEnvelopeNode, key: key)
                volumeEnvelopeNode = value
            } else if text.equals(key, "EventWaveformLoopEnabled") {
                try noteDuplicate(loopNode, key: key)
                loopNode = value
            } else {
                try noteUnknownKey(key, known: Self.eventKeys)
            }
        }

        guard let typeNode else { throw error(.unknownEventType, at: eventNode, "Event has no EventType") }
        guard nodes[typeNode].kind == .string else {
            throw error(.wrongType, at: typeNode, "EventType must be a string, not \(nodes[typeNode].typeName)")
        }
        guard let type = eventType(typeNode) else {
            throw error(.unknownEventType, at: typeNode, "unknown EventType \(text.string(typeNode))")
        }
        var event = AHAPEvent(type: type, time: 0)
        if let timeNode {
            event.time = try time(timeNode, named: "Time")
        } else {
            try note(.defaulted, at: eventNode, "Time missing; defaults to 0")
        }
        if let durationNode {
            var duration = try time(durationNode, named: "EventDuration")
            if type.isContinuous, duration > Self.maxContinuousSeconds {
                try noteMeaningful(
                    .durationClamped,
                    at: durationNode,
                    "EventDuration \(formatted(duration)) s clamped to \(Self.maxContinuousSeconds) s, the longest continuous event",
                    strictMessage:
                        "EventDuration \(formatted(duration)) s out of range 0–\(formattedBound(Self.maxContinuousSeconds)) s, the longest continuous event"
                )
                duration = Self.maxContinuousSeconds
            }
            event.duration = duration
        } else if type.isContinuous {
            throw error(.missingDuration, at: eventNode, "\(type.rawValue) event has no EventDuration")
        }
        if let parametersNode {
            event.parameters = try eventParameters(parametersNode)
        }
        try noteMissingParameters(of: event, at: parametersNode ?? eventNode)
        if type.isHaptic {
            // Waveform keys mean nothing for a haptic event and Core Haptics plays it regardless (design tools
            // write `"EventWaveformPath": null` there), so they are ignored whatever they hold.
            for (node, name) in [
                (waveformNode, "EventWaveformPath"), (volumeEnvelopeNode, "EventWaveformUseVolumeEnvelope"),
                (loopNode, "EventWaveformLoopEnabled"),
            ] {
                guard let node else { continue }
                try note(.inapplicableKey, at: node, "\(name) does not apply to a \(type.rawValue) event; ignored")
            }
            (waveformNode, volumeEnvelopeNode, loopNode) = (nil, nil, nil)
        }
        if let waveformNode {
            let path = try string(waveformNode, named: "EventWaveformPath")
            try checkWaveformPath(path, at: waveformNode)
            event.waveformPath = path
            waveformNodes[eventCount] = waveformNode
        }
        if let volumeEnvelopeNode {
            event.waveformUseVolumeEnvelope = try bool(volumeEnvelopeNode, named: "EventWaveformUseVolumeEnvelope")
        }
        if let loopNode { event.waveformLoopEnabled = try bool(loopNode, named: "EventWaveformLoopEnabled") }

        eventCount += 1
        pattern.items.append(.event(event))
    }

    static let eventKeys = [
        "EventType", "Time", "EventDuration", "EventParameters", "EventWaveformPath", "EventWaveformUseVolumeEnvelope",
        "EventWaveformLoopEnabled",
    ]

    private func eventType(_ node: Int) -> AHAPEventType? {
        if text.equals(node, "HapticTransient") { return .hapticTransient }
        if text.equals(node, "HapticContinuous") { return .hapticContinuous }
        if text.equals(node, "AudioCustom") { return .audioCustom }
        if text.equals(node, "AudioContinuous") { return .audioContinuous }
        return nil
    }

    private mutating func eventParameters(_ listNode: Int) throws(AHAPError) -> [AHAPEventParameter] {
        guard nodes[listNode].kind == .array else {
            throw error(.wrongType, at: listNode, "EventParameters must be an array, not \(nodes[listNode].typeName)")
        }
        var parameters: [AHAPEventParameter] = []
        parameters.reserveCapacity(Int(nodes[listNode].count))
        for (_, entry) in text.tape.children(of: listNode) {
            guard nodes[entry].kind == .object else {
                throw error(.wrongType, at: entry, "an event parameter must be an object, not \(nodes[entry].typeName)")
            }
            var idNode: Int?
            var valueNode: Int?
            for (key, value) in text.tape.children(of: entry) {
                if text.equals(key, "ParameterID") {
                    try noteDuplicate(idNode, key: key)
                    idNode = value
                } else if text.equals(key, "ParameterValue") {
                    try noteDuplicate(valueNode, key: key)
                    valueNode = value
                } else {
                    try noteUnknownKey(key, known: ["ParameterID", "ParameterValue"])
                }
            }
            guard let idNode else {
                try note(.unknownParameterID, at: entry, "event parameter without a ParameterID ignored")
                continue
            }
            guard nodes[idNode].kind == .string else {
                throw error(.wrongType, at: idNode, "ParameterID must be a string, not \(nodes[idNode].typeName)")
            }
            guard let id = Self.eventParameterID(text, idNode) else {
                try noteMeaningful(.unknownParameterID, at: idNode, "unknown event parameter \(text.string(idNode)) ignored")
                continue
            }
            let name = id.rawValue
            let value: Double
            if let valueNode {
                value = try clampedValue(valueNode, entry: entry, id: name, range: id.range)
            } else {
                value = id.defaultValue
                try note(.defaulted, at: entry, "\(name) has no ParameterValue; defaults to \(value)")
            }
            parameters.append(AHAPEventParameter(id: id, value: value))
        }
        return parameters
    }

    /// Leaves a diagnostic for each main parameter the event leaves to its default.
    private mutating func noteMissingParameters(of event: AHAPEvent, at node: Int) throws(AHAPError) {
        let expected: [AHAPEventParameterID] =
            event.type.isHaptic ? [.hapticIntensity, .hapticSharpness] : [.audioVolume]
        for id in expected where !event.parameters.contains(where: { $0.id == id }) {
            try note(.defaulted, at: node, "\(id.rawValue) missing; defaults to \(id.defaultValue)")
        }
    }

    static func eventParameterID(_ text: JSONText, _ node: Int) -> AHAPEventParameterID? {
        if text.equals(node, "HapticIntensity") { return .hapticIntensity }
        if text.equals(node, "HapticSharpness") { return .hapticSharpness }
        if text.equals(node, "AudioVolume") { return .audioVolume }
        if text.equals(node, "AttackTime") { return .attackTime }
        if text.equals(node, "DecayTime") { return .decayTime }
        if text.equals(node, "ReleaseTime") { return .releaseTime }
        if text.equals(node, "Sustained") { return .sustained }
        if text.equals(node, "AudioPitch") { return .audioPitch }
        if text.equals(node, "AudioPan") { return .audioPan }
        if text.equals(node, "AudioBrightness") { return .audioBrightness }
        return nil
    }
}
