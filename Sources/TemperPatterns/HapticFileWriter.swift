import TemperAHAP

/// Timeline → `.haptic` v1 JSON that both upstream loaders accept.
///
/// Transients that do not sit on an amplitude breakpoint become an emphasis on a breakpoint inserted at their
/// time (the amplitude there unchanged); an emphasis quieter than its breakpoint is raised to it, as the format
/// requires. Reading the output gives back the same timeline for any timeline read from a `.haptic` file.
public enum HapticFileWriter: Sendable {
    /// - Parameter sharpness: The target's sharpness range, onto which frequencies in Hz are mapped.
    public static func write(_ timeline: PatternTimeline, sharpness: SharpnessScale = .centred) -> Converted<[UInt8]> {
        var losses: [ConversionLoss] = []
        var track = timeline.normalizedPrimaryTrack(scale: sharpness, losses: &losses) ?? PatternTrack(amplitude: [])
        track.mergeTransients(timeline.transients, losses: &losses)
        if track.amplitude.count < 2 {
            let end = max(track.amplitude.last?.time ?? 0, 0.001)
            let value = track.amplitude.last?.value ?? 0
            if track.amplitude.isEmpty { track.amplitude.append(PatternPoint(time: 0, value: value)) }
            track.amplitude.append(PatternPoint(time: max(end, track.amplitude[0].time + 0.001), value: value))
        }
        if timeline.repeatStart != nil { losses.append(ConversionLoss(.repeatDropped, ".haptic cannot loop; the pattern plays once")) }
        return Converted(output: Array(text(timeline.metadata, track).utf8), losses: losses)
    }

    static func text(_ metadata: [PatternMetadataEntry], _ track: PatternTrack) -> String {
        var lines: [String] = []
        var fields: [String] = []
        for key in HapticFileReader.metadataKeys {
            if let value = metadata.first(where: { $0.key == key })?.value {
                fields.append("    \(JSONEscaping.quoted(key)): \(JSONEscaping.quoted(value))")
            }
        }
        let tags = metadata.filter { $0.key == "tag" }.map { JSONEscaping.quoted($0.value) }
        fields.append("    \"tags\": [" + tags.joined(separator: ", ") + "]")
        lines.append("{")
        lines.append("  \"version\": { \"major\": 1, \"minor\": 0, \"patch\": 0 },")
        lines.append("  \"metadata\": {\n" + fields.joined(separator: ",\n") + "\n  },")
        lines.append("  \"signals\": { \"continuous\": { \"envelopes\": {")
        let amplitude = track.amplitude.map { point in
            var entry = "{ \"time\": \(number(point.time)), \"amplitude\": \(number(point.value))"
            if let emphasis = point.emphasis {
                entry += ", \"emphasis\": { \"amplitude\": \(number(emphasis.amplitude)), \"frequency\": \(number(emphasis.frequency)) }"
            }
            return "      " + entry + " }"
        }
        var envelopes = ["    \"amplitude\": [\n" + amplitude.joined(separator: ",\n") + "\n    ]"]
        if !track.frequency.isEmpty {
            let frequency = track.frequency.map { "      { \"time\": \(number($0.time)), \"frequency\": \(number($0.value)) }" }
            envelopes.append("    \"frequency\": [\n" + frequency.joined(separator: ",\n") + "\n    ]")
        }
        lines.append(envelopes.joined(separator: ",\n"))
        lines.append("  } } }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func number(_ value: Double) -> String {
        let text = AHAPWriter.number(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension PatternTrack {
    /// Folds transients into this track as emphasis: on the breakpoint at the same time when it has none, else
    /// on a breakpoint inserted there (amplitude unchanged). An emphasis never goes below its breakpoint.
    mutating func mergeTransients(_ transients: [PatternTransient], losses: inout [ConversionLoss]) {
        guard !transients.isEmpty else { return }
        var inserted = 0
        for transient in transients {
            let level = min(max(transient.amplitude, 0), 1)
            let emphasisFrequency = min(max(transient.frequency ?? 0.5, 0), 1)
            if let index = amplitude.firstIndex(where: { $0.time == transient.time && $0.emphasis == nil }) {
                let base = amplitude[index].value
                amplitude[index].emphasis = PatternEmphasis(amplitude: max(level, base), frequency: emphasisFrequency)
            } else {
                let base = self.amplitude(at: transient.time)
                let point = PatternPoint(
                    time: transient.time,
                    value: base,
                    emphasis: PatternEmphasis(amplitude: max(level, base), frequency: emphasisFrequency)
                )
                let index = amplitude.firstIndex(where: { $0.time > transient.time }) ?? amplitude.endIndex
                amplitude.insert(point, at: index)
                inserted += 1
            }
        }
        losses.append(
            ConversionLoss(
                .emphasisMerged,
                "\(transients.count) transient(s) written as emphasis on amplitude breakpoints (\(inserted) breakpoint(s) inserted)"
            )
        )
        if transients.contains(where: { $0.effect != nil }) {
            losses.append(ConversionLoss(.effectApproximated, "Android primitives and predefined effects written as plain emphasis"))
        }
    }
}
