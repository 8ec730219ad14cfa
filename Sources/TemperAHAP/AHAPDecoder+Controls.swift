extension AHAPDecoder {
    /// The most control points real exporters write in one curve; longer ones are split.
    static let exportedCurvePoints = 16

    /// A `Parameter` item: a dynamic parameter from its time on.
    mutating func decodeParameter(_ itemNode: Int) throws(AHAPError) {
        var idNode: Int?
        var valueNode: Int?
        var timeNode: Int?
        for (key, value) in text.tape.children(of: itemNode) {
            if text.equals(key, "ParameterID") {
                try noteDuplicate(idNode, key: key)
                idNode = value
            } else if text.equals(key, "ParameterValue") {
                try noteDuplicate(valueNode, key: key)
                valueNode = value
            } else if text.equals(key, "Time") {
                try noteDuplicate(timeNode, key: key)
                timeNode = value
            } else {
                try noteUnknownKey(key, known: ["ParameterID", "ParameterValue", "Time"])
            }
        }
        let time = try itemTime(timeNode, item: itemNode)
        guard let id = try dynamicID(idNode, item: itemNode) else { return }
        let value: Double
        if let valueNode {
            value = try clampedValue(valueNode, entry: itemNode, id: id.rawValue, range: id.range)
        } else {
            value = id.defaultValue
            try note(.defaulted, at: itemNode, "\(id.rawValue) has no ParameterValue; defaults to \(value)")
        }
        pattern.items.append(.parameter(AHAPDynamicParameter(id: id, value: value, time: time)))
    }

    /// A `ParameterCurve` item: a dynamic parameter interpolated between control points.
    mutating func decodeCurve(_ itemNode: Int) throws(AHAPError) {
        var idNode: Int?
        var timeNode: Int?
        var pointsNode: Int?
        for (key, value) in text.tape.children(of: itemNode) {
            if text.equals(key, "ParameterID") {
                try noteDuplicate(idNode, key: key)
                idNode = value
            } else if text.equals(key, "Time") {
                try noteDuplicate(timeNode, key: key)
                timeNode = value
            } else if text.equals(key, "ParameterCurveControlPoints") {
                try noteDuplicate(pointsNode, key: key)
                pointsNode = value
            } else {
                try noteUnknownKey(key, known: ["ParameterID", "Time", "ParameterCurveControlPoints"])
            }
        }
        let time = try itemTime(timeNode, item: itemNode)
        guard let pointsNode else {
            throw error(.emptyCurve, at: itemNode, "ParameterCurve has no ParameterCurveControlPoints")
        }
        guard nodes[pointsNode].kind == .array else {
            throw error(.wrongType, at: pointsNode, "ParameterCurveControlPoints must be an array, not \(nodes[pointsNode].typeName)")
        }
        let count = Int(nodes[pointsNode].count)
        guard count > 0 else { throw error(.emptyCurve, at: pointsNode, "ParameterCurve has no control points") }
        guard count <= options.limits.maxCurvePoints else {
            throw error(.limitExceeded, at: pointsNode, "\(count) control points, more than the limit of \(options.limits.maxCurvePoints)")
        }
        if count > Self.exportedCurvePoints {
            try note(
                .longCurve,
                at: pointsNode,
                "\(count) control points; Core Haptics exporters split curves at \(Self.exportedCurvePoints), so some players may not play them all"
            )
        }
        guard let id = try dynamicID(idNode, item: itemNode) else { return }
        var points: [AHAPControlPoint] = []
        points.reserveCapacity(count)
        var latest = -Double.infinity
        for (_, pointNode) in text.tape.children(of: pointsNode) {
            let point = try controlPoint(pointNode, id: id)
            if point.time < latest {
                try note(
                    .outOfOrder,
                    at: pointNode,
                    "control point Time \(formatted(point.time)) is before the previous point's \(formatted(latest))"
                )
            }
            latest = max(latest, point.time)
            points.append(point)
        }
        pattern.items.append(.curve(AHAPParameterCurve(id: id, time: time, controlPoints: points)))
    }

    private mutating func controlPoint(_ node: Int, id: AHAPDynamicParameterID) throws(AHAPError) -> AHAPControlPoint {
        guard nodes[node].kind == .object else {
            throw error(.wrongType, at: node, "a control point must be an object, not \(nodes[node].typeName)")
        }
        var timeNode: Int?
        var valueNode: Int?
        for (key, value) in text.tape.children(of: node) {
            if text.equals(key, "Time") {
                try noteDuplicate(timeNode, key: key)
                timeNode = value
            } else if text.equals(key, "ParameterValue") {
                try noteDuplicate(valueNode, key: key)
                valueNode = value
            } else {
                try note(.unknownKey, at: key, "unknown key \(text.string(key)) ignored")
            }
        }
        let time = try itemTime(timeNode, item: node)
        let value: Double
        if let valueNode {
            value = try clampedValue(valueNode, entry: node, id: id.rawValue, range: id.range)
        } else {
            value = id.defaultValue
            try note(.defaulted, at: node, "control point has no ParameterValue; defaults to \(value)")
        }
        return AHAPControlPoint(time: time, value: value)
    }

    private mutating func itemTime(_ timeNode: Int?, item: Int) throws(AHAPError) -> Double {
        guard let timeNode else {
            try note(.defaulted, at: item, "Time missing; defaults to 0")
            return 0
        }
        return try time(timeNode, named: "Time")
    }

    /// The item's dynamic parameter ID, or `nil` (with a diagnostic) when it is missing or unknown.
    private mutating func dynamicID(_ idNode: Int?, item: Int) throws(AHAPError) -> AHAPDynamicParameterID? {
        guard let idNode else {
            try note(.unknownParameterID, at: item, "item without a ParameterID ignored")
            return nil
        }
        guard nodes[idNode].kind == .string else {
            throw error(.wrongType, at: idNode, "ParameterID must be a string, not \(nodes[idNode].typeName)")
        }
        for id in AHAPDynamicParameterID.allCases where text.equals(idNode, id.staticName) { return id }
        try noteMeaningful(.unknownParameterID, at: idNode, "unknown dynamic parameter \(text.string(idNode)) ignored")
        return nil
    }
}

extension AHAPDynamicParameterID {
    /// The raw value as a `StaticString`, so matching compares bytes without building a `String`.
    var staticName: StaticString {
        switch self {
        case .hapticIntensityControl: "HapticIntensityControl"
        case .hapticSharpnessControl: "HapticSharpnessControl"
        case .hapticAttackTimeControl: "HapticAttackTimeControl"
        case .hapticDecayTimeControl: "HapticDecayTimeControl"
        case .hapticReleaseTimeControl: "HapticReleaseTimeControl"
        case .audioVolumeControl: "AudioVolumeControl"
        case .audioPanControl: "AudioPanControl"
        case .audioPitchControl: "AudioPitchControl"
        case .audioBrightnessControl: "AudioBrightnessControl"
        case .audioAttackTimeControl: "AudioAttackTimeControl"
        case .audioDecayTimeControl: "AudioDecayTimeControl"
        case .audioReleaseTimeControl: "AudioReleaseTimeControl"
        }
    }
}
