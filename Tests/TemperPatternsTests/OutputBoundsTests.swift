import Testing

@testable import TemperPatterns

/// Issue 34: a 150-byte AHAP file with transients at 0 and 1e9 s made `convert --to android-xml` allocate 4.4 GB,
/// and times past what a millisecond `Int` holds trapped the step-wise writers. Times are a day at most on
/// reading; every writer checks what it would build against ``PatternLimits/maxWrittenEntries`` first.
@Suite struct OutputBoundsTests {
    static func transients(at times: [Double]) -> PatternTimeline {
        PatternTimeline(source: .ahap, transients: times.map { PatternTransient(time: $0, amplitude: 1) })
    }

    static let stepTargets: [PatternTarget] = [.androidWaveform, .androidXML, .rumble]

    @Test(arguments: [1e9, 1e15, 1e18, 1e308])
    func anAHAPTimePastADayIsAnErrorWithItsPath(time: Double) {
        let text =
            #"{"Version":1,"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient"}},{"Event":{"Time":\#(time),"EventType":"HapticTransient"}}]}"#
        let error = rejection { () throws(PatternReadError) in _ = try PatternReader.read(Array(text.utf8), file: "far.ahap") }
        #expect(error?.path == "Pattern[1].Event.Time")
        #expect(error?.description.contains("past the limit of 86400 s") == true, "\(String(describing: error))")
    }

    /// Two clicks most of a day apart: a day of silence is one step, not 3.5 million samples.
    @Test(arguments: stepTargets)
    func twoClicksADayApartWriteAFewSteps(target: PatternTarget) throws {
        let written = try PatternWriter.write(Self.transients(at: [0, 86_399]), to: target)
        #expect(written.output.count < 2_000, "\(written.output.count) bytes")
        #expect(throws: Never.self) { try PatternReader.read(written.output, file: "day.\(target.rawValue)") }
    }

    /// A click at the very end of the readers' day still plays its whole step, so a step-wise file would end past
    /// the day and its own reader would refuse it: the writer refuses it first. Android XML, whose primitives
    /// start at their delay, writes it.
    @Test(arguments: [PatternTarget.androidWaveform, .rumble])
    func aClickAtTheEndOfTheDayIsRefusedNotWrittenUnreadable(target: PatternTarget) throws {
        let error = rejection { () throws(PatternReadError) in _ = try PatternWriter.write(Self.transients(at: [0, 86_400]), to: target) }
        #expect(error?.code == .outputTooLarge)
        #expect(error?.description.contains("past the 86400 s its reader accepts") == true, "\(String(describing: error))")
        let xml = try PatternWriter.write(Self.transients(at: [0, 86_400]), to: .androidXML)
        #expect(throws: Never.self) { try PatternReader.read(xml.output, file: "day.xml") }
    }

    /// 80,000 transients are a 22 MB AHAP, past the 16 MiB any pattern file may be: refused, naming the limit,
    /// rather than written where `convert` cannot read it back.
    @Test func anAHAPPastThePatternFileLimitIsRefused() {
        let many = Self.transients(at: (0..<80_000).map { Double($0) / 100 })
        let error = rejection { () throws(PatternReadError) in _ = try PatternWriter.write(many, to: .ahap) }
        #expect(error?.code == .outputTooLarge)
        #expect(error?.description.contains("past the 16777216 a pattern file may be") == true, "\(String(describing: error))")
    }

    /// A timeline built in code past a day is refused, not an `Int` overflow.
    @Test(arguments: stepTargets)
    func aTimelineBuiltPastADayIsRefused(target: PatternTarget) {
        let error = rejection { () throws(PatternReadError) in _ = try PatternWriter.write(Self.transients(at: [0, 1e18]), to: target) }
        #expect(error?.code == .outputTooLarge)
        #expect(error?.description.contains("past the 86400 s Temper writes") == true, "\(String(describing: error))")
    }

    /// A day-long ramp is 5.2 million rumble steps at 1/60 s as played: refused, saying the limit, before any is
    /// built. (Nice Vibrations' flavor keeps one step per 8-bit level, 257 here.)
    @Test func aDayLongRampIsRefusedAsRumble() throws {
        let ramp = PatternTrack(amplitude: [PatternPoint(time: 0, value: 0), PatternPoint(time: 86_400, value: 1)])
        let timeline = PatternTimeline(source: .haptic, tracks: [ramp])
        let error = rejection { () throws(PatternReadError) in _ = try StepConversion.rumble(timeline) }
        #expect(error?.code == .outputTooLarge)
        #expect(error?.description.contains("more than 500000 entries") == true, "\(String(describing: error))")
        #expect(try StepConversion.rumble(timeline, flavor: .niceVibrations).output.steps.count < 300)
    }

    /// 4,000 ramps of 21.6 s each keep up to 257 quantised steps apiece: past the limit as an Android waveform.
    @Test func manyLongRampsAreRefusedAsAnAndroidWaveform() {
        let points = (0...4_000).map { PatternPoint(time: Double($0) * 21.6, value: $0.isMultiple(of: 2) ? 0 : 1) }
        let timeline = PatternTimeline(source: .haptic, tracks: [PatternTrack(amplitude: points)])
        for target in [PatternTarget.androidWaveform, .androidXML] {
            let error = rejection { () throws(PatternReadError) in _ = try PatternWriter.write(timeline, to: target) }
            #expect(error?.code == .outputTooLarge, "\(target)")
        }
    }

    /// 80,000 taps 100 ms apart as played rumble: each a 48 ms step at its amplitude, then a silent one, in order
    /// (each step looked at every hit, so 40,000 taps took 4.4 minutes in a debug build); and as Nice
    /// Vibrations' rumble, whose breakpoint merge scanned for every breakpoint.
    @Test func eightyThousandTapsAsRumbleAreEachTheirStep() throws {
        let taps = (0..<80_000).map { PatternTransient(time: Double($0) / 10, amplitude: $0.isMultiple(of: 2) ? 1 : 0.5) }
        let timeline = PatternTimeline(source: .ahap, transients: taps)
        let steps = try StepConversion.rumble(timeline).output.steps
        #expect(steps.count == 160_000 - 1)
        #expect(steps[0] == GamepadRumble.Step(durationMs: 48, low: 1, high: 1))
        #expect(steps[1] == GamepadRumble.Step(durationMs: 52, low: 0, high: 0))
        #expect(steps[2] == GamepadRumble.Step(durationMs: 48, low: 0.5, high: 0.5))
        #expect(steps.last == GamepadRumble.Step(durationMs: 48, low: 0.5, high: 0.5))
        let played = steps.filter { $0.low > 0 }
        #expect(played.count == 80_000)
        #expect(played.map(\.low) == taps.map(\.amplitude))
        // Nice Vibrations' emphasis is seven breakpoints a tap: 80,000 of them are past the limit, 5,000 are not.
        let refused = rejection { () throws(PatternReadError) in _ = try StepConversion.rumble(timeline, flavor: .niceVibrations) }
        #expect(refused?.code == .outputTooLarge)
        var fewer = timeline
        fewer.transients.removeLast(75_000)
        let niceVibrations = try StepConversion.rumble(fewer, flavor: .niceVibrations).output.steps
        #expect(niceVibrations.filter { $0.low == 1 }.count == 5_000)
    }

    /// Two transients at once at 0 s were written as an envelope that lasts 0 s, which the reader refuses.
    @Test(arguments: [0.0, -0.0])
    func twoTransientsAtTheStartWriteAHapticThatReads(time: Double) throws {
        let written = try PatternWriter.write(Self.transients(at: [time, time]), to: .haptic)
        let timeline = try PatternReader.read(written.output, file: "two.haptic").timeline
        #expect(timeline.tracks.first?.amplitude.filter { $0.emphasis != nil }.count == 2)
    }
}
