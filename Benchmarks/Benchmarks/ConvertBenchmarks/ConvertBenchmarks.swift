import Benchmark
import Foundation
import TemperAHAP
import TemperCore
import TemperPatterns

// `temper convert` of many events, in-process (issue 34: 80,000 AHAP transients to `.haptic` took 39 s and
// 40,000 composition primitives 6.6–16.8 s, quadratic in the perceived-change summary and the transient merge).
// The goal: each conversion of 80,000 events (read, written, read back, priced and compared, as the command
// does) within 1 s, and a fixed multiple of reading the same bytes, the floor measured in the same run.
//
// - Read80000AHAPTransients: the floor, the 15 MB AHAP file read into a timeline.
// - Convert80000AHAPTransientsToHaptic: the issue's 39 s case.
// - Convert80000PrimitivesToAndroidXML: a composition of 80,000 primitives written back as Android XML.
//
// First release run (5 iterations, load 12 from other builds): to `.haptic` 620 ms CPU p50 (630 p90), 998 ms wall
// p50, 157 MB; to Android XML 590 ms CPU (600 p90), 960 ms wall, 121 MB; the floor 90 ms CPU, 145 ms wall. The
// checked-in thresholds (`Benchmarks/Thresholds/ConvertBenchmarks.*.p90.json`) hold the CPU p90 at 700 ms with
// 300 ms either way, so a conversion over the 1 s goal fails `thresholds check`. CPU, because wall time on this
// shared machine moves with its load.

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident],
        maxDuration: .seconds(10),
        maxIterations: 5,
        thresholds: [.cpuTotal: .init(absolute: [.p90: 300_000_000])]
    )
    let transients = ConvertInput.ahapTransients(80_000)
    let primitives = ConvertInput.composition(80_000)

    Benchmark("Read80000AHAPTransients", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? PatternReader.read(transients, file: "taps.ahap")) }
    }

    Benchmark("Convert80000AHAPTransientsToHaptic", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(ConvertInput.convert(transients, file: "taps.ahap", to: .haptic)) }
    }

    Benchmark("Convert80000PrimitivesToAndroidXML", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(ConvertInput.convert(primitives, file: "taps.json", to: .androidXML)) }
    }
}

enum ConvertInput {
    /// `count` transients 10 ms apart, alternating intensity so no two are alike.
    static func ahapTransients(_ count: Int) -> [UInt8] {
        let events = (0..<count).map { index in
            #"{"Event":{"Time":\#(Double(index) / 100),"EventType":"HapticTransient","EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":\#(index % 2 == 0 ? 0.8 : 0.4)}]}}"#
        }
        return Array(#"{"Version":1,"Pattern":[\#(events.joined(separator: ","))]}"#.utf8)
    }

    /// An Android composition of `count` primitives, 20 ms apart.
    static func composition(_ count: Int) -> [UInt8] {
        let primitives = (0..<count).map { index in
            #"{"primitive":"\#(index % 2 == 0 ? "click" : "tick")","scale":0.5,"delayMs":20}"#
        }
        return Array(#"{"composition":[\#(primitives.joined(separator: ","))]}"#.utf8)
    }

    /// What `temper convert` does with the bytes: read, render AHAP's events, write, read back, price, compare.
    static func convert(_ bytes: [UInt8], file: String, to target: PatternTarget) -> Int {
        guard let document = try? PatternReader.read(bytes, file: file) else { return -1 }
        var source: HapticPattern = document.timeline
        if document.format == .ahap, let ahap = try? AHAPReader.read(bytes, file: file) {
            source = HapticPatternRequest(document: ahap).content
        }
        let timeline = document.timeline.withoutItems().output
        let estimator = EnergyEstimator(profile: .referencePhone)
        guard let converted = try? ConversionCost.converting(timeline, from: source, to: target, on: estimator) else { return -2 }
        return converted.output.count
    }
}
