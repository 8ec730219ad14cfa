/// Timeline → Android vibration XML: a composition of `<primitive-effect>`s when the timeline is only
/// Android primitives (several in one effect, as the Java parser accepts), else a `<waveform-effect>` from
/// ``StepConversion/androidWaveform(_:)`` with its loop as `<repeating>`.
public enum AndroidXMLWriter: Sendable {
    public static func write(_ timeline: PatternTimeline) throws(PatternReadError) -> Converted<String> {
        try StepConversion.checkSpan(timeline)
        let primitives = timeline.transients.compactMap { $0.effect.flatMap(AndroidPrimitive.init(rawValue:)) }
        if timeline.tracks.isEmpty, !timeline.transients.isEmpty, primitives.count == timeline.transients.count {
            var lines = ["<vibration-effect>"]
            var end = 0.0
            for (transient, primitive) in zip(timeline.transients, primitives) {
                let delay = max(0, Int(((transient.time - end) * 1000).rounded()))
                var attributes = "name=\"\(primitive.rawValue)\""
                if transient.amplitude != 1 { attributes += " scale=\"\(Float(min(max(transient.amplitude, 0), 1)))\"" }
                if delay > 0 { attributes += " delayMs=\"\(delay)\"" }
                lines.append("    <primitive-effect \(attributes)/>")
                end = transient.time + (transient.duration ?? primitive.typicalSeconds)
            }
            lines.append("</vibration-effect>")
            return Converted(output: lines.joined(separator: "\n") + "\n", losses: [])
        }
        let converted = try StepConversion.androidWaveform(timeline)
        let waveform = converted.output
        func entry(_ index: Int, indent: String) -> String {
            let amplitude = waveform.amplitudes[index] == AndroidWaveform.defaultAmplitude ? "default" : String(waveform.amplitudes[index])
            return "\(indent)<waveform-entry durationMs=\"\(waveform.timings[index])\" amplitude=\"\(amplitude)\"/>"
        }
        var lines = ["<vibration-effect>", "    <waveform-effect>"]
        let loop = waveform.repeatIndex >= 0 ? waveform.repeatIndex : waveform.timings.count
        lines += (0..<loop).map { entry($0, indent: "        ") }
        if loop < waveform.timings.count {
            lines.append("        <repeating>")
            lines += (loop..<waveform.timings.count).map { entry($0, indent: "            ") }
            lines.append("        </repeating>")
        }
        if waveform.timings.isEmpty { lines.append("        <waveform-entry durationMs=\"0\" amplitude=\"0\"/>") }
        lines += ["    </waveform-effect>", "</vibration-effect>"]
        return Converted(output: lines.joined(separator: "\n") + "\n", losses: converted.losses)
    }
}
