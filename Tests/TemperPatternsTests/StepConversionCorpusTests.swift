import Foundation
import TemperTestSupport
import Testing

@testable import TemperPatterns

/// The expected Android waveform and the 7 gamepad rumble outputs transcribed from Nice Vibrations' tests.
@Suite struct StepConversionCorpusTests {
    struct Expected: Decodable {
        var timings_ms: [Int]?
        var amplitudes: [Int]?
        var durations_ms: [Int]?
        var low_frequency_motor_speeds: [Double]?
        var high_frequency_motor_speeds: [Double]?
    }

    static let rumblePairs = SharedCorpus.table("gamepad-rumble", "PAIRS.tsv").filter {
        !($0["expected_gamepad_rumble_file"] ?? "").isEmpty
    }

    @Test(.needsSharedCorpus("haptic/PAIRS.tsv")) func androidWaveformOfValidV1() throws {
        let pair = try #require(SharedCorpus.table("haptic", "PAIRS.tsv").first { !($0["expected_android_file_or_empty"] ?? "").isEmpty })
        let expected = try JSONDecoder().decode(
            Expected.self,
            from: Data(try SharedCorpus.bytes("haptic", pair["expected_android_file_or_empty"]!))
        )
        let timeline = try HapticFileReader.read(try SharedCorpus.bytes("haptic", pair["haptic_file"]!)).timeline
        let converted = try StepConversion.androidWaveform(timeline)
        #expect(converted.output.timings == expected.timings_ms)
        #expect(converted.output.amplitudes == expected.amplitudes)
        #expect(converted.output.repeatIndex == -1)
        #expect(converted.losses.contains { $0.kind == .emphasisMerged })
        #expect(converted.losses.contains { $0.kind == .frequencyDropped })
    }

    @Test(.needsSharedCorpus("gamepad-rumble/PAIRS.tsv")) func sevenRumblePairsAreListed() throws {
        #expect(Self.rumblePairs.count == 7)
    }

    /// Durations exact; speeds rounded to 3 decimals on both sides, as the upstream test compares them.
    @Test(.needsSharedCorpus("gamepad-rumble/PAIRS.tsv"), arguments: rumblePairs.indices)
    func rumbleReproduces(index: Int) throws {
        let pair = Self.rumblePairs[index]
        let input = String(pair["input_file"]!.dropFirst("../haptic/".count))
        let expected = try JSONDecoder().decode(
            Expected.self,
            from: Data(try SharedCorpus.bytes("gamepad-rumble", pair["expected_gamepad_rumble_file"]!))
        )
        let timeline = try HapticFileReader.read(try SharedCorpus.bytes("haptic", input)).timeline
        let rumble = try StepConversion.rumble(timeline, flavor: .niceVibrations).output
        func rounded(_ values: [Double]) -> [Double] { values.map { ($0 * 1000).rounded() / 1000 } }
        #expect(rumble.steps.map(\.durationMs) == expected.durations_ms, "\(input)")
        #expect(rounded(rumble.steps.map(\.low)) == rounded(expected.low_frequency_motor_speeds ?? []), "\(input)")
        #expect(rounded(rumble.steps.map(\.high)) == rounded(expected.high_frequency_motor_speeds ?? []), "\(input)")
    }

    /// Upstream only checks that the car clip gives more than 100 entries.
    @Test(.needsSharedCorpus("haptic")) func bigV0ClipGivesManyRumbleSteps() throws {
        let file = "Lofelt__NiceVibrations/unity-editor-plugin__src__test_data__car.vij"
        let timeline = try HapticFileReader.read(try SharedCorpus.bytes("haptic", file)).timeline
        #expect(try StepConversion.rumble(timeline, flavor: .niceVibrations).output.steps.count > 100)
    }
}
