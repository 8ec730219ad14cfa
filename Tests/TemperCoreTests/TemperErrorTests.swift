import TemperCore
import Testing

@Suite struct TemperErrorTests {
    @Test func aDescriptionNamesThePlaceOnOneLine() {
        let error = TemperError(
            code: .unknownKey,
            message: "unknown key 'evil\nkey\u{1B}[31m'",
            file: "p.yaml",
            path: "tiers",
            line: 3,
            column: 5
        )
        #expect(error.description == "p.yaml:3:5: tiers: unknown key 'evil\\nkey\\u{1B}[31m'")
        #expect(!error.description.contains("\n"))
    }

    @Test func plainMessagesAreUnchanged() {
        let error = TemperError(code: .invalidValue, message: "expected a number, found 'x'", file: "s.yaml")
        #expect(error.description == "s.yaml: expected a number, found 'x'")
    }
}
