/// Timeline → the step-wise targets, following Nice Vibrations' converters so the corpus' expected outputs
/// reproduce: Android waveforms (`clip-players/src/android.rs`) and gamepad rumble
/// (`unity-editor-plugin/src/algorithm.rs`, its motor mapping as a flavor; by default the model's own).
public enum StepConversion: Sendable {
    /// Android waveform: emphasis emulated by 30 ms ducked to 1.1/255 (not 0, so the motor stays spinning), 30 ms
    /// at 255 and 30 ms ducked again; linear ramps in steps of at least 25 ms; amplitudes truncated to 0…255.
    public static func androidWaveform(_ timeline: PatternTimeline) throws(PatternReadError) -> Converted<AndroidWaveform> {
        try checkSpan(timeline)
        var losses: [ConversionLoss] = []
        let points = emphasisBreakpoints(timeline, losses: &losses)
        let rendered = try limited(
            StepRendering.interpolate(StepRendering.emphasize(points, ducking: 1.1 / 255), step: 0.025, limit: writtenLimit),
            "an Android waveform"
        )
        let (timings, amplitudes) = StepRendering.waveform(rendered)
        let ramps = zip(points, points.dropFirst()).contains { $0.time != $1.time && $0.amplitude != $1.amplitude }
        if ramps {
            losses.append(ConversionLoss(.pointsThinned, "ramps written as steps of at least 25 ms, amplitudes quantised to 0…255"))
        }
        var waveform = AndroidWaveform(timings: timings, amplitudes: amplitudes)
        if let repeatStart = timeline.repeatStart {
            // The first entry at or after the loop point; the loop keeps its place when a step starts there.
            var time = 0.0
            for (index, timing) in timings.enumerated() {
                if time >= repeatStart - 0.0005 {
                    waveform.repeatIndex = index
                    break
                }
                time += Double(timing) / 1000
            }
        }
        return Converted(output: waveform, losses: losses)
    }

    /// Gamepad rumble, both motors driven from one track as ``GamepadMotors`` says (the mapping the energy model
    /// prices), or as Nice Vibrations drives them (`flavor: .niceVibrations`): emphasis emulated by a duck to 0
    /// and a full-speed burst, ramps in steps of at least 1/60 s. A timeline that already has motor tracks (a
    /// rumble read back) keeps them.
    public static func rumble(
        _ timeline: PatternTimeline,
        flavor: AHAPFlavor = .coreHaptics
    ) throws(PatternReadError) -> Converted<GamepadRumble> {
        try checkSpan(timeline)
        let lowTrack = timeline.tracks.first { $0.motor == .lowFrequency }
        let highTrack = timeline.tracks.first { $0.motor == .highFrequency }
        if lowTrack != nil || highTrack != nil {
            return Converted(output: motorSteps(low: lowTrack, high: highTrack), losses: [])
        }
        guard flavor == .niceVibrations else { return try playedRumble(timeline) }
        var losses: [ConversionLoss] = []
        let strong = emphasisBreakpoints(timeline, losses: &losses, frequencyKept: true)
        let weak = niceVibrationsWeakMotor(timeline, losses: &losses)
        let steps = try rumbleSteps(strong: strong, weak: weak)
        if timeline.repeatStart != nil { losses.append(ConversionLoss(.repeatDropped, "rumble cannot loop; the pattern plays once")) }
        return Converted(output: GamepadRumble(steps: steps), losses: losses)
    }

    /// How long an emphasis or transient holds a rumble motor at its level: an ERM click lasts 45–50 ms (TI
    /// SLOA194A table 5-1), about what the energy model plays it for on a gamepad (its ERM's click: 45 ms).
    static let hitSeconds = 0.048

    /// A rumble that plays what the timeline plays on a gamepad (``GamepadMotors``): both motors at the track's
    /// amplitude, each step holding the mean of its stretch (ramps cut at 1/60 s, so a ramp's energy is kept), an
    /// emphasis or transient raising both to its amplitude for ``hitSeconds``. Frequency is not played.
    static func playedRumble(_ timeline: PatternTimeline) throws(PatternReadError) -> Converted<GamepadRumble> {
        var losses: [ConversionLoss] = []
        let track = timeline.primaryTrack(losses: &losses) ?? PatternTrack(amplitude: [])
        if !track.frequency.isEmpty || timeline.transients.contains(where: { $0.frequency != nil }) {
            losses.append(ConversionLoss(.frequencyDropped, "frequency dropped: rumble motors play amplitude only"))
        }
        var hits = timeline.transients.map { (time: $0.time, amplitude: $0.amplitude) }
        for point in track.amplitude { if let emphasis = point.emphasis { hits.append((point.time, emphasis.amplitude)) } }
        if !hits.isEmpty {
            losses.append(
                ConversionLoss(
                    .emphasisMerged,
                    "\(hits.count) emphasis or transient(s) played as \(Int(hitSeconds * 1000)) ms steps at their amplitude"
                )
            )
        }
        if timeline.transients.contains(where: { $0.effect != nil }) {
            losses.append(ConversionLoss(.effectApproximated, "Android primitives and predefined effects written as plain steps"))
        }
        // From 0: a rumble starts when it is played, so a late first breakpoint is a silent first step.
        var times = Set(track.amplitude.map(\.time) + (hits.isEmpty && track.amplitude.isEmpty ? [] : [0]))
        for hit in hits {
            times.insert(hit.time)
            times.insert(hit.time + hitSeconds)
        }
        let step = 1.0 / 60.0
        let rampSteps = zip(track.amplitude, track.amplitude.dropFirst()).reduce(0.0) { total, pair in
            pair.1.time - pair.0.time > step && pair.0.value != pair.1.value ? total + (pair.1.time - pair.0.time) / step : total
        }
        guard rampSteps + Double(times.count) <= Double(writtenLimit) else { throw tooLarge("a rumble") }
        var ramps = false
        for (a, b) in zip(track.amplitude, track.amplitude.dropFirst()) where b.time - a.time > step && a.value != b.value {
            ramps = true
            var time = a.time + step
            while time < b.time - step / 2 {
                times.insert(time)
                time += step
            }
        }
        if ramps { losses.append(ConversionLoss(.pointsThinned, "ramps written as steps of at most 1/60 s")) }
        let sorted = times.filter { $0.isFinite && $0 >= 0 }.sorted()
        var steps: [GamepadRumble.Step] = []
        var elapsedMs = 0
        var playing = HitWindow(hits)
        for (start, end) in zip(sorted, sorted.dropFirst()) {
            let endMs = Int((end * 1000).rounded())
            guard endMs > elapsedMs else { continue }
            let middle = (start + end) / 2
            var level = track.amplitude(at: middle)
            if let hit = playing.loudest(at: middle) { level = max(level, hit) }
            level = min(max(level, 0), 1)
            steps.append(GamepadRumble.Step(durationMs: endMs - elapsedMs, low: level, high: level))
            elapsedMs = endMs
        }
        if timeline.repeatStart != nil { losses.append(ConversionLoss(.repeatDropped, "rumble cannot loop; the pattern plays once")) }
        return Converted(output: GamepadRumble(steps: steps), losses: losses)
    }

    /// Nice Vibrations' weak motor: the frequency envelope read as a speed (Hz mapped onto 0…1 first); still
    /// without one. Says where that departs from ``GamepadMotors``.
    private static func niceVibrationsWeakMotor(
        _ timeline: PatternTimeline,
        losses: inout [ConversionLoss]
    ) -> [StepRendering.Breakpoint] {
        var ignored: [ConversionLoss] = []
        let track = timeline.primaryTrack(losses: &ignored)
        var frequency = track?.frequency ?? []
        if track?.frequencyUnit == .hertz {
            frequency = frequency.map { PatternFrequencyPoint(time: $0.time, value: FrequencyRange.assumed.normalized($0.value)) }
            losses.append(ConversionLoss(.frequencyMapped, "frequencies in Hz mapped onto the weak motor's 0…1 over 60–300 Hz"))
        }
        if !frequency.isEmpty {
            losses.append(
                ConversionLoss(
                    .frequencyMapped,
                    "the frequency envelope drives the weak motor's speed, as Nice Vibrations does, where one track drives both motors alike"
                )
            )
        } else if track != nil {
            losses.append(
                ConversionLoss(
                    .tracksMerged,
                    "the weak motor stays still: Nice Vibrations drives it from a frequency envelope, which this pattern has none of, where one track drives both motors alike"
                )
            )
        }
        return frequency.map { StepRendering.Breakpoint(time: Float($0.time), amplitude: Float($0.value)) }
    }

    /// The two motors' breakpoints rendered to steps on one time grid, in single precision as upstream.
    private static func rumbleSteps(
        strong: [StepRendering.Breakpoint],
        weak: [StepRendering.Breakpoint]
    ) throws(PatternReadError) -> [GamepadRumble.Step] {
        let step: Float = 1.0 / 60.0
        let half = writtenLimit / 2
        var low = try limited(StepRendering.interpolate(StepRendering.emphasize(strong, ducking: 0), step: step, limit: half), "a rumble")
        var high = try limited(StepRendering.interpolate(StepRendering.emphasize(weak, ducking: 0), step: step, limit: half), "a rumble")
        low = StepRendering.extend(low, with: high.map(\.time))
        high = StepRendering.extend(high, with: low.map(\.time))
        let lowWave = StepRendering.waveform(low)
        let highWave = StepRendering.waveform(high)
        let count = min(lowWave.timings.count, highWave.timings.count)
        return (0..<count).map {
            GamepadRumble.Step(
                durationMs: lowWave.timings[$0],
                low: Double(Float(lowWave.amplitudes[$0]) / 255),
                high: Double(Float(highWave.amplitudes[$0]) / 255)
            )
        }
    }

    /// Motor tracks as they are: one step per interval between breakpoints, holding each motor's level in the
    /// middle of it, so step-wise tracks (a rumble read back) come out unchanged.
    static func motorSteps(low: PatternTrack?, high: PatternTrack?) -> GamepadRumble {
        let times = Set((low?.amplitude ?? []).map(\.time) + (high?.amplitude ?? []).map(\.time)).sorted()
        var steps: [GamepadRumble.Step] = []
        var elapsedMs = 0
        for (start, end) in zip(times, times.dropFirst()) {
            let endMs = Int((end * 1000).rounded())
            guard endMs > elapsedMs else { continue }
            let middle = (start + end) / 2
            steps.append(
                GamepadRumble.Step(
                    durationMs: endMs - elapsedMs,
                    low: low?.amplitude(at: middle) ?? 0,
                    high: high?.amplitude(at: middle) ?? 0
                )
            )
            elapsedMs = endMs
        }
        return GamepadRumble(steps: steps)
    }

    /// The most entries a step-wise output holds (``PatternLimits/maxWrittenEntries``).
    static var writtenLimit: Int { PatternLimits.default.maxWrittenEntries }

    /// The error for an output past ``writtenLimit``, refused before it is built.
    static func tooLarge(_ what: String) -> PatternReadError {
        PatternReadError(
            code: .outputTooLarge,
            message: "\(what) of this pattern would hold more than \(writtenLimit) entries, the most Temper writes"
        )
    }

    /// Step-wise outputs count whole milliseconds in integers: a timeline built in code past the readers' day
    /// (``PatternLimits/maxSeconds``) is refused rather than overflowing them.
    static func checkSpan(_ timeline: PatternTimeline) throws(PatternReadError) {
        let span = max(timeline.duration, timeline.repeatStart ?? 0)
        let limit = PatternLimits.default.maxSeconds
        guard span.isFinite, span <= limit else {
            throw PatternReadError(code: .outputTooLarge, message: "the pattern lasts \(span) s, past the \(Int(limit)) s Temper writes")
        }
    }

    /// A step-wise file must stay inside the span its reader accepts: a hit at the very end of the readers' day
    /// still plays its whole step, which would end past it, so such a file is refused rather than written
    /// unreadable. (Inside Android XML the same steps are read back, so it is checked only for the files.)
    static func checkWrittenSpan(milliseconds: Int, _ what: String) throws(PatternReadError) {
        let limit = PatternLimits.default.maxSeconds
        guard Double(milliseconds) <= limit * 1000 else {
            throw PatternReadError(
                code: .outputTooLarge,
                message:
                    "\(what) of this pattern would last \(milliseconds) ms, past the \(Int(limit)) s its reader accepts: a hit at the end still plays its whole step"
            )
        }
    }

    private static func limited(
        _ rendered: [StepRendering.Breakpoint]?,
        _ what: String
    ) throws(PatternReadError) -> [StepRendering.Breakpoint] {
        guard let rendered else { throw tooLarge(what) }
        return rendered
    }

    /// The primary track's amplitude with every transient folded in as emphasis, in single precision.
    static func emphasisBreakpoints(
        _ timeline: PatternTimeline,
        losses: inout [ConversionLoss],
        frequencyKept: Bool = false
    ) -> [StepRendering.Breakpoint] {
        var track = timeline.primaryTrack(losses: &losses) ?? PatternTrack(amplitude: [])
        if !track.frequency.isEmpty, !frequencyKept {
            losses.append(ConversionLoss(.frequencyDropped, "frequency dropped: the target has amplitude only"))
        }
        track.mergeTransients(timeline.transients, losses: &losses)
        if track.amplitude.contains(where: { $0.emphasis != nil }) {
            losses.append(ConversionLoss(.emphasisMerged, "emphasis played as a 30 ms burst between 30 ms ducks"))
        }
        return track.amplitude.map {
            StepRendering.Breakpoint(time: Float($0.time), amplitude: Float($0.value), emphasis: $0.emphasis != nil)
        }
    }
}
