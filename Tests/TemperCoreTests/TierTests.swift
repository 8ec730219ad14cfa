import TemperCore
import Testing

@Suite struct TierTests {
    @Test func tiersAreOrderedCoolestFirst() {
        #expect(Tier.allCases.sorted() == [.nominal, .fair, .serious, .critical])
        #expect(Tier.fair.next == .serious)
        #expect(Tier.nominal.previous == nil)
    }

    @Test(arguments: [
        ("serious", Condition(tier: .serious)),
        ("serious,low-power", Condition(tier: .serious, lowPower: true)),
        ("nominal, low-power", Condition(tier: .nominal, lowPower: true)),
    ])
    func conditionParsesTheCommandLineForm(text: String, expected: Condition) {
        #expect(Condition(parsing: text) == expected)
    }

    @Test func conditionRejectsUnknownWords() {
        #expect(Condition(parsing: "warm") == nil)
        #expect(Condition(parsing: "fair,turbo") == nil)
    }
}
