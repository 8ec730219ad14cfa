import TemperAHAP
import TemperTestSupport
import Testing

@testable import TemperPatterns

/// The 17 `.haptic` → AHAP pairs the upstream converters' own tests assert, compared the way those tests do:
/// parsed equality, values and control-point times within 1e-7, event and curve times exact in single precision,
/// order significant.
@Suite struct HapticToAHAPPairTests {
    static let pairs = SharedCorpus.table("haptic", "PAIRS.tsv")

    @Test(.needsSharedCorpus("haptic/PAIRS.tsv")) func allSeventeenPairsAreListed() throws {
        #expect(Self.pairs.count == 17)
    }

    @Test(.needsSharedCorpus("haptic/PAIRS.tsv"), arguments: pairs.indices)
    func pairReproduces(index: Int) throws {
        let pair = Self.pairs[index]
        let input = try #require(pair["haptic_file"])
        let expectedFile = try #require(pair["expected_ahap_file"])
        let flavor: AHAPFlavor = expectedFile.hasPrefix("facebook__") ? .meta : .niceVibrations
        let timeline = try HapticFileReader.read(try SharedCorpus.bytes("haptic", input), file: input).timeline
        let converted = AHAPConversion.convert(timeline, flavor: flavor).output
        let expected = try AHAPReader.read(try SharedCorpus.bytes("haptic", expectedFile), file: expectedFile).pattern
        // The NV tests that go through the v0 upgrade or the split compare without metadata (lib.rs:193-211).
        let compareMetadata = flavor == .niceVibrations && !(pair["notes"] ?? "").contains("Metadata NOT compared")
        if compareMetadata { #expect(converted.metadata == expected.metadata, "\(input)") }
        #expect(converted.items.count == expected.items.count, "\(input)")
        for (ours, theirs) in zip(converted.items, expected.items) {
            #expect(AHAPItemComparison.matches(ours, theirs), "\(input): \(ours) vs \(theirs)")
        }
    }
}

/// Upstream holds every value as `f32` on both sides, so values are compared in single precision too.
enum AHAPItemComparison {
    static let tolerance: Float = 1e-7

    static func close(_ lhs: Double, _ rhs: Double) -> Bool { abs(Float(lhs) - Float(rhs)) <= tolerance }

    static func matches(_ lhs: AHAPItem, _ rhs: AHAPItem) -> Bool {
        switch (lhs, rhs) {
        case (.event(let a), .event(let b)):
            return a.type == b.type && Float(a.time) == Float(b.time) && a.duration.map(Float.init) == b.duration.map(Float.init)
                && a.parameters.count == b.parameters.count
                && zip(a.parameters, b.parameters).allSatisfy { $0.id == $1.id && close($0.value, $1.value) }
        case (.curve(let a), .curve(let b)):
            return a.id == b.id && Float(a.time) == Float(b.time) && a.controlPoints.count == b.controlPoints.count
                && zip(a.controlPoints, b.controlPoints).allSatisfy {
                    close($0.time, $1.time) && close($0.value, $1.value)
                }
        case (.parameter(let a), .parameter(let b)):
            return a == b
        default:
            return false
        }
    }
}
