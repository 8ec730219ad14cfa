/// The schema behind ``AndroidXMLReader``: checks each element ``XMLScanner`` reports as it opens and builds one
/// timeline per `<vibration-effect>`. Used on one thread, for one parse.
final class AndroidXMLBuilder {
    let file: String?
    let options: AndroidXMLReader.Options
    var failure: PatternReadError?
    private var stack: [(name: String, index: Int)] = []
    private var childCounts: [[String: Int]] = [[:]]
    private var effects: [PatternTimeline] = []
    private var rootName: String?
    // The effect being built.
    private var kind: String?
    private var waveform = AndroidWaveform(timings: [], amplitudes: [])
    private var composition: [AndroidCompositionEntry] = []
    private var transients: [PatternTransient] = []
    private var envelope: [(level: Double, pitch: Double, durationMs: Int)] = []
    private var envelopeInitial: Double?

    init(file: String?, options: AndroidXMLReader.Options) {
        self.file = file
        self.options = options
    }

    func document() throws(PatternReadError) -> PatternDocument {
        guard let first = effects.first else {
            throw PatternReadError(code: .missing, file: file, path: rootName, message: "no vibration-effect")
        }
        let named = rootName == "vibration-select" ? effects.enumerated().map { ("vibration-effect[\($0.offset)]", $0.element) } : []
        return PatternDocument(format: .androidXML, timeline: first, named: named)
    }

    // MARK: Events

    /// Takes the scanner's next event; after a failure (``failure``) the parse should stop.
    func handle(_ event: XMLScanner.Event, _ parser: XMLScanner) {
        guard failure == nil else { return }
        do throws(PatternReadError) {
            switch event {
            case .start(let name, let attributes):
                let parent = stack.last?.name
                let index = childCounts[childCounts.count - 1][name, default: 0]
                childCounts[childCounts.count - 1][name] = index + 1
                stack.append((name, index))
                childCounts.append([:])
                guard stack.count <= 8 else { throw fail(parser, "nested deeper than vibration XML allows") }
                try open(name, parent: parent, attributes: attributes, parser)
            case .end(let name):
                try close(name, parser)
                stack.removeLast()
                childCounts.removeLast()
            case .text(let text):
                guard !text.allSatisfy(\.isWhitespace) else { return }
                throw fail(parser, "unexpected text \(text.prefix(40))")
            }
        } catch {
            failure = error
        }
    }

    // MARK: Schema

    private func open(_ name: String, parent: String?, attributes: [String: String], _ parser: XMLScanner) throws(PatternReadError) {
        switch (parent, name) {
        case (nil, "vibration-effect"), (nil, "vibration-select"):
            rootName = name
            try allow(attributes, [], parser)
            if name == "vibration-effect" { startEffect() }
        case (nil, _):
            throw fail(parser, "the root must be vibration-effect or vibration-select, not \(name)")
        case ("vibration-select", "vibration-effect"):
            try allow(attributes, [], parser)
            startEffect()
        case ("vibration-effect", "waveform-effect"), ("vibration-effect", "predefined-effect"),
            ("vibration-effect", "primitive-effect"), ("vibration-effect", "basic-envelope-effect"),
            ("vibration-effect", "waveform-envelope-effect"):
            guard kind == nil || (kind == "primitive-effect" && name == "primitive-effect") else {
                throw fail(parser, "a vibration-effect holds one effect; \(name) after \(kind!)")
            }
            kind = name
            try openEffect(name, attributes, parser)
        case ("vibration-effect", "vendor-effect"):
            throw fail(parser, "vendor-effect needs Android's vendor vibration effects flag; not supported")
        case ("waveform-effect", "waveform-entry"), ("repeating", "waveform-entry"):
            try allow(attributes, ["durationMs", "amplitude"], parser)
            if parent == "waveform-effect", waveform.repeatIndex >= 0 { throw fail(parser, "waveform-entry after repeating") }
            let duration = try unsigned(attributes, "durationMs", parser, required: true)
            let amplitudeText = try required(attributes, "amplitude", parser)
            let amplitude: Int
            if amplitudeText == "default" {
                amplitude = AndroidWaveform.defaultAmplitude
            } else if let value = Int(amplitudeText), (0...255).contains(value) {
                amplitude = value
            } else {
                throw fail(parser, "amplitude \(amplitudeText) must be 0…255 or default")
            }
            guard waveform.timings.count < options.limits.maxPoints else {
                throw fail(parser, "more than \(options.limits.maxPoints) waveform entries")
            }
            waveform.timings.append(duration)
            waveform.amplitudes.append(amplitude)
        case ("waveform-effect", "repeating"):
            try allow(attributes, [], parser)
            guard waveform.repeatIndex < 0 else { throw fail(parser, "a waveform-effect has at most one repeating") }
            waveform.repeatIndex = waveform.timings.count
        case ("basic-envelope-effect", "control-point"), ("waveform-envelope-effect", "control-point"):
            let basic = parent == "basic-envelope-effect"
            let levelKey = basic ? "intensity" : "amplitude"
            let pitchKey = basic ? "sharpness" : "frequencyHz"
            try allow(attributes, [levelKey, pitchKey, "durationMs"], parser)
            let level = try number(attributes, levelKey, in: 0...1, parser) ?? 0
            let pitch = try number(attributes, pitchKey, in: basic ? 0...1 : 1...10_000, parser) ?? 0
            let duration = try unsigned(attributes, "durationMs", parser, required: true)
            guard duration > 0 else { throw fail(parser, "durationMs must be above 0") }
            guard envelope.count < options.limits.maxPoints else {
                throw fail(parser, "more than \(options.limits.maxPoints) control points")
            }
            envelope.append((level, pitch, duration))
        default:
            throw fail(parser, "unexpected element \(name)" + (parent.map { " in \($0)" } ?? ""))
        }
    }

    private func openEffect(_ name: String, _ attributes: [String: String], _ parser: XMLScanner) throws(PatternReadError) {
        switch name {
        case "predefined-effect":
            try allow(attributes, options.allowHiddenAPIs ? ["name", "fallback"] : ["name"], parser)
            let effectName = try required(attributes, "name", parser)
            guard let effect = AndroidPredefinedEffect(rawValue: effectName), options.allowHiddenAPIs || !effect.isHidden else {
                throw fail(parser, "unknown predefined effect \(effectName); one of tick, click, heavy_click, double_click")
            }
            transients = effect.transients
        case "primitive-effect":
            try allow(attributes, ["name", "scale", "delayMs"], parser)
            let primitiveName = try required(attributes, "name", parser)
            guard let primitive = AndroidPrimitive(rawValue: primitiveName) else {
                throw fail(
                    parser,
                    "unknown primitive \(primitiveName); one of \(AndroidPrimitive.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            let scale = try number(attributes, "scale", in: 0...1, parser) ?? 1
            let delay = try unsigned(attributes, "delayMs", parser, required: false)
            composition.append(AndroidCompositionEntry(primitive: primitive, scale: scale, delayMs: delay))
        case "basic-envelope-effect":
            try allow(attributes, ["initialSharpness"], parser)
            envelopeInitial = try number(attributes, "initialSharpness", in: 0...1, parser)
        case "waveform-envelope-effect":
            try allow(attributes, ["initialFrequencyHz"], parser)
            envelopeInitial = try number(attributes, "initialFrequencyHz", in: 1...10_000, parser)
        default:
            try allow(attributes, [], parser)
        }
    }

    private func close(_ name: String, _ parser: XMLScanner) throws(PatternReadError) {
        switch name {
        case "waveform-effect":
            guard !waveform.timings.isEmpty else { throw fail(parser, "a waveform-effect needs at least one waveform-entry") }
            if waveform.repeatIndex == waveform.timings.count { throw fail(parser, "repeating needs at least one waveform-entry") }
        case "basic-envelope-effect", "waveform-envelope-effect":
            guard !envelope.isEmpty else { throw fail(parser, "\(name) needs at least one control-point") }
        case "vibration-effect":
            try finishEffect(parser)
        case "vibration-select":
            guard !effects.isEmpty else { throw fail(parser, "vibration-select holds no vibration-effect") }
        default: break
        }
    }

    private func startEffect() {
        kind = nil
        waveform = AndroidWaveform(timings: [], amplitudes: [])
        composition = []
        transients = []
        envelope = []
        envelopeInitial = nil
    }

    private func finishEffect(_ parser: XMLScanner) throws(PatternReadError) {
        var timeline: PatternTimeline
        switch kind {
        case "waveform-effect": timeline = waveform.timeline
        case "primitive-effect": timeline = AndroidCompositionEntry.timeline(composition)
        case "predefined-effect": timeline = PatternTimeline(source: .androidXML, transients: transients)
        case "basic-envelope-effect", "waveform-envelope-effect":
            let basic = kind == "basic-envelope-effect"
            var time = 0.0
            var amplitude = [PatternPoint(time: 0, value: 0)]
            let initial = envelopeInitial ?? envelope[0].pitch
            var frequency = [PatternFrequencyPoint(time: 0, value: basic ? initial * initial : initial)]
            for point in envelope {
                time += Double(point.durationMs) / 1000
                amplitude.append(PatternPoint(time: time, value: basic ? point.level * point.level : point.level))
                frequency.append(PatternFrequencyPoint(time: time, value: basic ? point.pitch * point.pitch : point.pitch))
            }
            timeline = PatternTimeline(
                source: .androidXML,
                tracks: [PatternTrack(amplitude: amplitude, frequency: frequency, frequencyUnit: basic ? .normalized : .hertz)]
            )
        default:
            throw fail(parser, "a vibration-effect needs one effect")
        }
        timeline.source = .androidXML
        effects.append(timeline)
    }

    // MARK: Attributes

    private func allow(_ attributes: [String: String], _ known: Set<String>, _ parser: XMLScanner) throws(PatternReadError) {
        if let unknown = attributes.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail(parser, "unexpected attribute \(unknown)")
        }
    }

    private func required(_ attributes: [String: String], _ key: String, _ parser: XMLScanner) throws(PatternReadError) -> String {
        guard let value = attributes[key] else { throw fail(parser, "missing attribute \(key)") }
        return value
    }

    private func unsigned(
        _ attributes: [String: String],
        _ key: String,
        _ parser: XMLScanner,
        required isRequired: Bool
    ) throws(PatternReadError) -> Int {
        guard let text = attributes[key] else {
            if isRequired { throw fail(parser, "missing attribute \(key)") }
            return 0
        }
        guard let value = Int(text), value >= 0, Double(value) <= options.limits.maxSeconds * 1000 else {
            throw fail(parser, "\(key) \(text) must be a whole number of milliseconds from 0 to \(Int(options.limits.maxSeconds * 1000))")
        }
        return value
    }

    private func number(
        _ attributes: [String: String],
        _ key: String,
        in range: ClosedRange<Double>,
        _ parser: XMLScanner
    ) throws(PatternReadError) -> Double? {
        guard let text = attributes[key] else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw fail(parser, "\(key) \(text) must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    private func fail(_ parser: XMLScanner, _ message: String) -> PatternReadError {
        let path = stack.map { $0.index > 0 ? "\($0.name)[\($0.index)]" : $0.name }.joined(separator: "/")
        return PatternReadError(
            code: .invalidXML,
            file: file,
            path: path,
            line: parser.lineNumber,
            column: parser.columnNumber,
            message: message
        )
    }
}
