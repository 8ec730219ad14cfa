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

    /// Two clicks a day apart: a day of silence is one step, not 3.5 million samples.
    @Test(arguments: stepTargets)
    func twoClicksADayApartWriteAFewSteps(target: PatternTarget) throws {
        let written = try PatternWriter.write(Self.transients(at: [0, 86_400]), to: target)
        #expect(written.output.count < 2_000, "\(written.output.count) bytes")
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
}
