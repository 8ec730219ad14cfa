import Foundation
import TemperAHAP
import TemperCore
import TemperTestSupport
import Testing

/// The intensity × sharpness sweep the `EnergyModel` article shows, computed from the model: the article's table
/// must be exactly this, so it cannot go stale.
@Suite struct EnergySweepTests {
    typealias F = EnergyFixtures
    static let intensities = [0.25, 0.5, 0.75, 1.0]
    static let sharpnesses = [0.0, 0.25, 0.5, 0.75, 1.0]

    /// The sweep as a Markdown table: for each intensity and sharpness, a full click's and a 1 s buzz's energy with
    /// their driver overhead on the phone, and the lowest fraction of either that plays.
    static func table(_ estimator: EnergyEstimator) -> String {
        let header = "| intensity | " + sharpnesses.map { "sharpness " + String(format: "%g", $0) }.joined(separator: " | ") + " |"
        let rule = "|---|" + String(repeating: "---|", count: sharpnesses.count)
        let rows = intensities.map { intensity in
            let cells = sharpnesses.map { sharpness in
                let click = estimator.estimate(F.pattern(F.transient(intensity: intensity, sharpness: sharpness)))
                let buzz = estimator.estimate(F.pattern(F.continuous(duration: 1, intensity: intensity, sharpness: sharpness)))
                let played = min(click.playedFraction, buzz.playedFraction) * 100
                return "\(format(click.energyMillijoules, 2)) / \(format(buzz.energyMillijoules, 1)) · \(format(played, 0)) %"
            }
            return "| " + String(format: "%g", intensity) + " | " + cells.joined(separator: " | ") + " |"
        }
        return ([header, rule] + rows).joined(separator: "\n")
    }

    static func format(_ value: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", value)
    }

    @Test func theArticlesSweepIsTheModels() throws {
        let url = PackagePaths.root.appendingPathComponent("Sources/TemperCore/TemperCore.docc/EnergyModel.md")
        let article = try String(contentsOf: url, encoding: .utf8)
        let expected = Self.table(F.phone)
        #expect(article.contains(expected), "EnergyModel.md should show the sweep as the model computes it:\n\(expected)")
    }
}
