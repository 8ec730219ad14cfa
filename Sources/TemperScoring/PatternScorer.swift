public import TemperAHAP
public import TemperCore

/// Scores pattern files on a device: each file is read the way Apple's loader reads it (its leniencies become
/// warnings, its errors an `error` status) and costed by the estimator, against an optional budget.
///
/// What `temper score` does, for a service or tool that wants the same scores without the command line.
public struct PatternScorer: Sendable {
    public var estimator: EnergyEstimator
    public var readOptions: AHAPReadOptions
    /// The budget each pattern is checked against, or `nil` for none.
    public var budgetMillijoules: Double?
    /// The trim whose saving each pattern reports (`temper score --trim 2dB`), or `nil` for none.
    public var trim: PerceptualTrim?

    public init(
        estimator: EnergyEstimator,
        readOptions: AHAPReadOptions = .init(),
        budgetMillijoules: Double? = nil,
        trim: PerceptualTrim? = nil
    ) {
        self.estimator = estimator
        self.readOptions = readOptions
        self.budgetMillijoules = budgetMillijoules
        self.trim = trim
    }

    /// `pattern`'s score: its estimate, with how strongly it is felt for it.
    func score(path: String, pattern: HapticPattern, warnings: [String]) -> PatternScore {
        let (estimate, perception) = estimator.estimateAndPerception(of: pattern, trim: trim)
        var score = PatternScore(path: path, estimate: estimate, warnings: warnings, budgetMillijoules: budgetMillijoules)
        score.perception = perception
        return score
    }

    /// The score of one pattern file; an unreadable or invalid file is a score with an error, never a throw.
    public func score(path: String) -> PatternScore {
        Self.isAHAP(path) ? scoreAHAP(path: path) : scoreTimeline(path: path)
    }

    /// The score of one `.ahap` file.
    func scoreAHAP(path: String) -> PatternScore {
        let document: AHAPDocument
        do {
            document = try AHAPReader.load(contentsOf: path, options: readOptions)
        } catch {
            return PatternScore(path: path, error: error.description)
        }
        return score(document, path: path)
    }

    /// The score of an AHAP pattern already read.
    func score(_ document: AHAPDocument, path: String) -> PatternScore {
        let pattern = HapticPattern.ahap(document.pattern, waveforms: document.waveforms)
        return score(path: path, pattern: pattern, warnings: document.diagnostics.map(\.description))
    }

    /// Scores every file in order, telling `progress` how many are done and which comes next.
    ///
    /// - Parameters:
    ///   - paths: Pattern files, e.g. from ``PatternFiles/collect(_:)``.
    ///   - device: The profile ``estimator`` was made from, named in the report.
    ///   - progress: Called before each file with the count done so far and its path.
    public func report(
        _ paths: [String],
        device: DeviceProfile,
        progress: (_ done: Int, _ next: String) -> Void = { _, _ in }
    ) -> ScoreReport {
        var scores: [PatternScore] = []
        scores.reserveCapacity(paths.count)
        for (done, path) in paths.enumerated() {
            progress(done, path)
            scores.append(score(path: path))
        }
        return ScoreReport(device: device, budgetMillijoules: budgetMillijoules, patterns: scores)
    }
}
