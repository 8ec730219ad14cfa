extension AHAPDecoder {
    /// The longest continuous event Core Haptics plays, in seconds.
    static let maxContinuousSeconds = 30.0

    func number(_ node: Int, named name: String) throws(AHAPError) -> Double {
        guard nodes[node].kind == .number else {
            throw error(.wrongType, at: node, "\(name) must be a number, not \(nodes[node].typeName)")
        }
        return nodes[node].number
    }

    func string(_ node: Int, named name: String) throws(AHAPError) -> String {
        guard nodes[node].kind == .string else {
            throw error(.wrongType, at: node, "\(name) must be a string, not \(nodes[node].typeName)")
        }
        return text.string(node)
    }

    func bool(_ node: Int, named name: String) throws(AHAPError) -> Bool {
        guard nodes[node].kind == .bool else {
            throw error(.wrongType, at: node, "\(name) must be true or false, not \(nodes[node].typeName)")
        }
        return nodes[node].number != 0
    }

    /// A time or duration: a finite number from zero to ``AHAPLimits/maxSeconds``.
    func time(_ node: Int, named name: String) throws(AHAPError) -> Double {
        let value = try number(node, named: name)
        guard value.isFinite else { throw error(.invalidTime, at: node, "\(name) must be finite") }
        guard value >= 0 else { throw error(.invalidTime, at: node, "\(name) \(formatted(value)) is negative") }
        let limit = options.limits.maxSeconds
        guard value <= limit else {
            throw error(.invalidTime, at: node, "\(name) \(formatted(value)) s is past the limit of \(formattedBound(limit)) s")
        }
        return value
    }

    /// A parameter value clamped into `range`, with a diagnostic (an error in strict mode) when it was outside.
    /// The diagnostic names `entry` (the parameter or control point) as its path, as in
    /// `Pattern[12].Event.EventParameters[1]: HapticSharpness 2234.26 clamped to 1.0`, and the value's own
    /// line:column.
    mutating func clampedValue(_ node: Int, entry: Int, id: String, range: ClosedRange<Double>) throws(AHAPError) -> Double {
        let value = try number(node, named: "ParameterValue")
        guard !value.isNaN else { throw error(.wrongType, at: node, "ParameterValue of \(id) is not a number") }
        guard !range.contains(value) else { return value }
        let clamped = min(max(value, range.lowerBound), range.upperBound)
        try noteMeaningful(
            .clamped,
            at: entry,
            locatedAt: node,
            "\(id) \(formatted(value)) clamped to \(clamped)",
            strictMessage: "\(id) \(formatted(value)) out of range \(formattedBound(range.lowerBound))–\(formattedBound(range.upperBound))"
        )
        return clamped
    }

    /// Checks an `EventWaveformPath` without touching the file system: it must be relative and stay inside the
    /// pattern's folder.
    func checkWaveformPath(_ path: String, at node: Int) throws(AHAPError) {
        guard !path.isEmpty else { throw error(.wrongType, at: node, "EventWaveformPath is empty") }
        if path.hasPrefix("/") || path.hasPrefix("~") || path.hasPrefix("\\") || path.contains(":") {
            throw error(.waveformOutsideFolder, at: node, "EventWaveformPath \(path) must be relative to the pattern's folder")
        }
        var depth = 0
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                depth -= 1
                guard depth >= 0 else {
                    throw error(.waveformOutsideFolder, at: node, "EventWaveformPath \(path) leaves the pattern's folder")
                }
            default: depth += 1
            }
        }
    }
}
