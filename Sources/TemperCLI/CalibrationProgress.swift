import Foundation

/// One line on stderr while a fit iterates (`fitting 2 traces: iteration 12, RMSE 0.052`), drawn only when stderr
/// is a terminal, so pipes and tests see nothing.
struct CalibrationProgress {
    private let label: String
    private let enabled: Bool
    private var drawn = false

    init(label: String, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.label = label
        self.enabled = enabled
    }

    mutating func update(iteration: Int, rmseCelsius: Double) {
        guard enabled else { return }
        drawn = true
        let rmse = String(format: "%.4g", rmseCelsius)
        FileHandle.standardError.write(Data("\r\u{1B}[K\(label): iteration \(iteration), RMSE \(rmse)".utf8))
    }

    func finish() {
        guard enabled, drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
