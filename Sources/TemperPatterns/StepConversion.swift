/// Timeline → the step-wise targets, following Nice Vibrations' converters so the corpus' expected outputs
/// reproduce: Android waveforms (`clip-players/src/android.rs`) and gamepad rumble
/// (`unity-editor-plugin/src/algorithm.rs`).
public enum StepConversion: Sendable {
    /// Android waveform: emphasis emulated by 30 ms ducked to 1.1/255 (not 0, so the motor stays spinning), 30 ms
    /// at 255 and 30 ms ducked again; linear ramps in steps of at least 25 ms; amplitudes truncated to 0…255.
    public static func androidWaveform(_ timeline: PatternTimeline) -> Converted<AndroidWaveform> {
        var losses: [ConversionLoss] = []
        let points = emphasisBreakpoints(timeline, losses: &losses)
        let rendered = StepRendering.interpolate(StepRendering.emphasize(points, ducking: 1.1 / 255), step: 0.025)
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

    /// Gamepad rumble: the amplitude envelope drives the strong (low-frequency) motor and the frequency envelope,
    /// read as an amplitude, the weak (high-frequency) motor, as Nice Vibrations does; emphasis emulated by a duck
    /// to 0 and a full-speed burst; ramps in steps of at least 1/60 s. A timeline that already has motor tracks
    /// (a rumble read back) keeps them.
    public static func rumble(_ timeline: PatternTimeline) -> Converted<GamepadRumble> {
        var losses: [ConversionLoss] = []
        let lowTrack = timeline.tracks.first { $0.motor == .lowFrequency }
        let highTrack = timeline.tracks.first { $0.motor == .highFrequency }
        if lowTrack != nil || highTrack != nil {
            return Converted(output: motorSteps(low: lowTrack, high: highTrack), losses: losses)
        }
        var low = emphasisBreakpoints(timeline, losses: &losses, frequencyKept: true)
        var ignored: [ConversionLoss] = []
        let track = timeline.primaryTrack(losses: &ignored)
        var frequency = track?.frequency ?? []
        if track?.frequencyUnit == .hertz {
            frequency = frequency.map { PatternFrequencyPoint(time: $0.time, value: FrequencyRange.assumed.normalized($0.value)) }
            losses.append(ConversionLoss(.frequencyMapped, "frequencies in Hz mapped onto the weak motor's 0…1 over 60–300 Hz"))
        }
        var high = frequency.map { StepRendering.Breakpoint(time: Float($0.time), amplitude: Float($0.value)) }
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
        let step: Float = 1.0 / 60.0
        low = StepRendering.interpolate(StepRendering.emphasize(low, ducking: 0), step: step)
        high = StepRendering.interpolate(StepRendering.emphasize(high, ducking: 0), step: step)
        low = StepRendering.extend(low, with: high.map(\.time))
        high = StepRendering.extend(high, with: low.map(\.time))
        let lowWave = StepRendering.waveform(low)
        let highWave = StepRendering.waveform(high)
        let count = min(lowWave.timings.count, highWave.timings.count)
        let steps = (0..<count).map {
            GamepadRumble.Step(
                durationMs: lowWave.timings[$0],
                low: Double(Float(lowWave.amplitudes[$0]) / 255),
                high: Double(Float(highWave.amplitudes[$0]) / 255)
            )
        }
        if timeline.repeatStart != nil { losses.append(ConversionLoss(.repeatDropped, "rumble cannot loop; the pattern plays once")) }
        return Converted(output: GamepadRumble(steps: steps), losses: losses)
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
