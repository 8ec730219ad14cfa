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
        // The format needs an envelope that lasts: one breakpoint, or several at time 0 (two transients at once),
        // get an end 1 ms on (the hostile run of issue 34 found two at 0 s written as a file no reader takes).
        if track.amplitude.count < 2 || (track.amplitude.last?.time ?? 0) <= 0 {
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
        let inserted =
            isInTimeOrder(amplitude.map(\.time)) && isInTimeOrder(transients.map(\.time))
            ? mergeInOrder(transients) : mergeByScanning(transients)
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

extension PatternTrack {
    /// Both lists in time order (every real pattern): one pass, as ``mergeByScanning(_:)`` would insert, so
    /// 80,000 transients cost milliseconds rather than minutes. Returns how many breakpoints were inserted.
    private mutating func mergeInOrder(_ transients: [PatternTransient]) -> Int {
        let original = amplitude
        var merged: [PatternPoint] = []
        merged.reserveCapacity(original.count + transients.count)
        var next = 0  // the first original breakpoint not yet in `merged`
        var freeAtTime = 0  // from here on `merged` holds nothing emphasised-free before the current time's run
        var inserted = 0
        for transient in transients {
            let time = transient.time
            if merged.last.map({ $0.time < time }) ?? true { freeAtTime = merged.count }
            while next < original.count, original[next].time <= time {
                if original[next].time < time { freeAtTime = merged.count + 1 }
                merged.append(original[next])
                next += 1
            }
            let level = min(max(transient.amplitude, 0), 1)
            let emphasisFrequency = min(max(transient.frequency ?? 0.5, 0), 1)
            while freeAtTime < merged.count, merged[freeAtTime].time != time || merged[freeAtTime].emphasis != nil { freeAtTime += 1 }
            if freeAtTime < merged.count {
                merged[freeAtTime].emphasis = PatternEmphasis(amplitude: max(level, merged[freeAtTime].value), frequency: emphasisFrequency)
                continue
            }
            // What `amplitude(at:)` reads from the track as it stands: the merged part, then the rest.
            let count = merged.count + original.count - next
            let pointAt = { (index: Int) in index < merged.count ? merged[index] : original[next + index - merged.count] }
            var base = 0.0
            if count > 0, time >= pointAt(0).time, time <= pointAt(count - 1).time {
                base = PatternInterpolation.value(at: time, count: count, time: { pointAt($0).time }, value: { pointAt($0).value })
            }
            merged.append(
                PatternPoint(time: time, value: base, emphasis: PatternEmphasis(amplitude: max(level, base), frequency: emphasisFrequency))
            )
            inserted += 1
        }
        amplitude = merged + original[next...]
        return inserted
    }

    /// Any order: each transient finds its breakpoint by scanning.
    private mutating func mergeByScanning(_ transients: [PatternTransient]) -> Int {
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
        return inserted
    }

    private func isInTimeOrder(_ times: [Double]) -> Bool {
        zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
    }
}
