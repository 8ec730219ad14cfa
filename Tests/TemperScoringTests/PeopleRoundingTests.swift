import Foundation
import TemperScoring
import Testing

/// Documents for people round every floating-point number to six significant digits wherever it sits, and pass
/// every other value through untouched.
@Suite struct PeopleRoundingTests {
    struct Inner: Encodable {
        var energy: Double
        var samples: [Double]
        var gain: Float
    }

    struct Document: Encodable {
        var total: Double
        var small: Int8
        var large: UInt64
        var name: String
        var flag: Bool
        var missing: Double?
        var inner: Inner
        var byName: [String: Double]
    }

    @Test func summedNoiseIsRoundedAtEveryDepthAndOtherValuesPassUntouched() throws {
        let document = Document(
            total: 1.5678750000000001,
            small: -7,
            large: UInt64.max,
            name: "ring",
            flag: true,
            missing: nil,
            inner: Inner(energy: 0.1 + 0.2, samples: [1.0 / 3.0, 123_456_789], gain: 0.1),
            byName: ["click": 2.0 / 3.0]
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(RoundedForPeople(document)), as: UTF8.self)
        #expect(text.contains("\"total\":1.56788"))
        #expect(text.contains("\"energy\":0.3,") || text.contains("\"energy\":0.3}"))
        #expect(text.contains("[0.333333,123457000]"))
        #expect(text.contains("\"click\":0.666667"))
        #expect(text.contains("\"small\":-7"))
        #expect(text.contains("\"large\":18446744073709551615"))
        #expect(text.contains("\"name\":\"ring\""))
        #expect(text.contains("\"flag\":true"))
        #expect(!text.contains("missing"))
    }

    @Test func roundingKeepsSixSignificantDigitsAndLeavesNonFiniteAlone() {
        #expect(PeopleRounding.rounded(1.5678750000000001) == 1.56788)
        #expect(PeopleRounding.rounded(-0.000123456789) == -0.000123457)
        #expect(PeopleRounding.rounded(.infinity) == .infinity)
        #expect(PeopleRounding.rounded(.nan).isNaN)
        #expect(PeopleRounding.rounded(0) == 0)
    }
}
