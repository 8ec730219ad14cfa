public import TemperCore
import TemperSimulation

/// What one setting B changes does on its own: A's run made again with that setting as B has it and everything
/// else as A has it. `temper compare` runs one such run per setting that differs, so each cause it names is a
/// difference a run showed, not a guess from which settings differ.
public struct SettingEffect: Sendable, Hashable, Codable {
    /// The setting's key path, as a policy file spells it (`classifier.dwell`, `tiers.fair`).
    package var setting: String
    /// The keys under it that differ, each with A's and B's value as a file writes them.
    package var changes: [PolicyDifferences.Change]
    /// A's run with this setting as B has it.
    package var run: ComparedRun

    package init(_ setting: PolicyDifferences.Setting, run: ComparedRun) {
        self.setting = setting.path
        changes = setting.changes
        self.run = run
    }

    /// A's and B's value: the value itself where the setting is one key, else each key under it that differs.
    package var values: (a: String, b: String) {
        if changes.count == 1, let change = changes.first, change.key == setting { return (change.a, change.b) }
        let under = { (change: PolicyDifferences.Change) in String(change.key.dropFirst(setting.count + 1)) }
        return (
            changes.map { "\(under($0)) \($0.a)" }.joined(separator: "; "),
            changes.map { "\(under($0)) \($0.b)" }.joined(separator: "; ")
        )
    }

    /// The setting and its two values in one phrase: `classifier.dwell 20s (A 10s)`.
    var phrase: String {
        let (a, b) = values
        return "\(setting) \(b) (A \(a))"
    }
}

extension RunComparison {
    /// One figure the verdict compares, read off any run.
    package struct Measure {
        package var name: String
        package var value: (ComparedRun) -> Double?
        /// Differences smaller than this are the same figure as printed.
        package var resolution: Double
        package var text: (Double) -> String
        /// What a move is of, where its text does not say (" in critical").
        package var suffix = ""
    }

    /// The figures of the verdict: time at the tier it talks about, feedback played, the peak.
    package var measures: [Measure] {
        let tier = max(a.highestTier, b.highestTier)
        var measures: [Measure] = []
        if tier > .nominal {
            let seconds: (ComparedRun) -> Double? = { $0.tierSeconds[tier] }
            var time = Measure(name: "time in \(tier)", value: seconds, resolution: 1) { ($0 < 0 ? "−" : "+") + ClockText.format(abs($0)) }
            time.suffix = " in \(tier)"
            measures.append(time)
        }
        measures.append(Measure(name: "feedback played", value: \.playedMillijoules, resolution: 50) { Self.signedEnergy($0) })
        measures.append(Measure(name: "peak temperature", value: \.peakCelsius, resolution: 0.05) { "\(ReportNumber.signed($0, 1)) K" })
        return measures
    }

    /// What `effect`'s run did to A's verdict figures (``measures``), those it moved: "+0:30 in critical, −2.24 J".
    package func moves(of effect: SettingEffect) -> String {
        let moved = measures.compactMap { measure -> String? in
            guard let base = measure.value(a), let tried = measure.value(effect.run), abs(tried - base) >= measure.resolution else {
                return nil
            }
            return measure.text(tried - base) + measure.suffix
        }
        return moved.isEmpty ? "no change" : moved.joined(separator: ", ")
    }

    /// One row per setting B changes: its path, A's and B's values, and what it alone gave A (``moves(of:)``).
    package var settingRows: [[String]] {
        (settingEffects ?? []).map { effect in
            let (a, b) = effect.values
            return [effect.setting, a, b, moves(of: effect)]
        }
    }

    /// For each verdict figure that differs, the setting whose run alone moved A's the most the way B's went,
    /// with how much of the difference it accounts for; or that no one setting moved it that way.
    package var causes: [String] {
        guard let effects = settingEffects, !effects.isEmpty else { return [] }
        return measures.compactMap { measure in
            guard let valueA = measure.value(a), let valueB = measure.value(b), abs(valueB - valueA) >= measure.resolution else {
                return nil
            }
            let difference = valueB - valueA
            let moves = effects.compactMap { effect in measure.value(effect.run).map { (effect, $0 - valueA) } }
            guard let (effect, move) = moves.filter({ $0.1 * difference > 0 }).max(by: { abs($0.1) < abs($1.1) }),
                abs(move) >= measure.resolution
            else {
                return "B's \(measure.name) (\(measure.text(difference))): no one setting B changes moves A's that way alone; "
                    + "they do it together."
            }
            let share = min(move / difference, 9.99)
            var sentence =
                "B's \(measure.name) (\(measure.text(difference))): \(effect.phrase) alone gives A \(measure.text(move))"
            sentence += share >= 0.95 ? "." : ", \(ReportNumber.fixed(share * 100, 0)) % of it; the rest comes from the settings together."
            return sentence
        }
    }
}
