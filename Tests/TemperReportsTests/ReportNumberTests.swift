import Foundation
import Testing

@testable import TemperReports

/// SVG coordinates are written without `printf`; they read as `printf`'s two decimals do, trailing zeros dropped.
@Suite struct ReportNumberTests {
    /// The text `%.2f` gives, trailing zeros and a negative zero dropped: what `coordinate` wrote before.
    static func printed(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    @Test func coordinatesMatchPrintfAwayFromTies() {
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for _ in 0..<20_000 {
            let value = Double.random(in: -5000...5000, using: &generator)
            // Exactly half a hundredth from two neighbours is a tie the two roundings may break differently.
            let hundredths = value * 100
            guard abs(hundredths - hundredths.rounded(.down) - 0.5) > 1e-6 else { continue }
            #expect(ReportNumber.coordinate(value) == Self.printed(value), "\(value)")
            compared += 1
        }
        #expect(compared > 19_000)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (-0.001, "0"), (1.5, "1.5"), (-0.05, "-0.05"), (12.34, "12.34"), (100, "100"),
        (0.1, "0.1"), (1e20, "100000000000000000000"), (-3.999, "-4"),
    ])
    func coordinatesRead(value: Double, text: String) {
        #expect(ReportNumber.coordinate(value) == text)
    }
}
