import TemperAHAP
import TemperCore

/// Reads one pattern file and scores it: the reader's leniencies become warnings, its errors an `error` status.
struct PatternScorer: Sendable {
    var estimator: EnergyEstimator
    var readOptions: AHAPReadOptions
    var budgetMillijoules: Double?

    func score(path: String) -> PatternScore {
        guard Self.isAHAP(path) else { return scoreThroughAHAPBridge(path: path) }
        return scoreAHAP(path: path)
    }

    func scoreAHAP(path: String) -> PatternScore {
        let document: AHAPDocument
        do {
            document = try AHAPReader.load(contentsOf: path, options: readOptions)
        } catch {
            return PatternScore(path: path, error: error.description)
        }
        let estimate = estimator.estimate(document.pattern, waveforms: document.waveforms)
        return PatternScore(
            path: path, estimate: estimate, warnings: document.diagnostics.map(\.description), budgetMillijoules: budgetMillijoules
        )
    }
}
