import Foundation
import TemperCore
import TemperReports

/// The `--report DIR` of `temper score`: writes the run as `index.html`, `report.md` and `data.json`.
/// `ScoreCommand` asks the estimator for power series when `--report` is given, so each pattern gets its curve.
extension ScoreReport {
    func write(toReportFolder folder: String) throws {
        do {
            try PatternEnergyReport.write(results: patterns, device: device, budgetMillijoules: budgetMillijoules, to: URL(fileURLWithPath: folder))
        } catch {
            throw CLIFailure.usage(error.description)
        }
    }
}
