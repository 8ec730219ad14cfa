import TemperCore
import Testing

@Suite struct EnergyAmountTests {
    /// 1 µAh at 3.7 V.
    static let microampHour = 3.6 * 3.7
    static let conversions: [(String, Double)] = [
        ("25mJ", 25), ("25 mJ", 25), ("0.5J", 500), ("1e3mJ", 1000), ("10uAh", 10 * microampHour),
        ("10µAh", 10 * microampHour), ("10μAh", 10 * microampHour), ("0.001mAh", 1000 * 0.001 * microampHour), (" 7mJ ", 7),
    ]

    @Test(arguments: conversions)
    func unitsConvertToMillijoules(text: String, millijoules: Double) throws {
        let amount = try EnergyAmount(parsing: text)
        #expect(abs(amount.millijoules(atVolts: 3.7) - millijoules) < 1e-9)
    }

    @Test(
        arguments: [
            ("", "does not start with a number"), ("mJ", "does not start with a number"), ("25", "has no unit"),
            ("-3mJ", "cannot be negative"), ("25kg", "'kg' is not an energy unit"), ("nanmJ", "does not start with a number"),
            ("infJ", "does not start with a number"), ("1..2mJ", "does not start with a number"), ("3 mW", "'mW' is not an energy unit"),
        ] as [(String, String)]
    )
    func junkIsRejectedWithTheAcceptedForms(text: String, reason: String) {
        let error = #expect(throws: TemperError.self) { try EnergyAmount(parsing: text) }
        #expect(error?.code == .invalidValue)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("25mJ, 0.5J, 10uAh") == true)
    }

    @Test func itPrintsAsWritten() throws {
        #expect(try EnergyAmount(parsing: "25mJ").description == "25mJ")
        #expect(try EnergyAmount(parsing: "0.5J").description == "0.5J")
        #expect(try EnergyAmount(parsing: "10uAh").unit == .microampHours)
    }
}
