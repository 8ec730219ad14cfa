import FoundationEssentials
import TemperCore
import TemperReports
import TemperSimulation

/// The human summary `temper simulate` prints, fitted to `width` (the terminal's; prose wraps at 80 columns when
/// piped) and coloured by `style`.
enum SimulateSummary {
    static func text(_ result: SimulationResult, width: Int? = nil, style: TerminalStyle = .plain) -> String {
        let policy = result.withPolicy
        let baseline = result.baseline
        // The verdict first: what happened, why, and what to do; then what was run.
        var lines = TerminalText.wrap(SimulationHeadline(result: result).sentence, width: width ?? TerminalWidth.prosePiped)
            .map(style.bold)
        lines.append("")
        lines.append(
            style.bold("simulation \(result.scenario) on \(result.device)")
                + ": \(ClockText.format(result.durationSeconds)) of virtual time, seed \(result.seed)"
        )
        lines.append("thermal model: \(result.thermalSource)")
        lines.append("")
        lines.append("tier timeline (policy \(policy.policy)):")
        if policy.transitions.isEmpty { lines.append("  stayed nominal") }
        for transition in policy.transitions {
            let power = transition.lowPower ? " (low power)" : ""
            lines.append(
                "  " + TerminalText.padded(ClockText.format(transition.timeSeconds), to: 6)
                    + " \(style.tier(transition.from)) → \(style.tier(transition.to))\(power): \(transition.reasons.first ?? "")"
            )
        }
        lines.append("")
        lines.append(
            "time in tier:    " + Tier.allCases.map { "\($0) \(ClockText.format(policy.tierSeconds[$0]))" }.joined(separator: ", ")
                + ", low power \(ClockText.format(policy.tierSeconds.lowPower))"
        )
        lines.append(
            "decisions:       \(policy.decisions.total): "
                + policy.decisions.byOutcome.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(
                    separator: ", "
                )
        )
        if !policy.decisions.byRule.isEmpty {
            lines.append(
                "rules fired:     "
                    + policy.decisions.byRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            )
        }
        lines.append("")
        let headline = SimulationHeadline(result: result)
        var comparison = OutputTable(
            [(headline.table.headers[0], .left)] + headline.table.headers.dropFirst().map { ($0, OutputTable.Alignment.right) }
        )
        for row in headline.table.rows { comparison.append(row) }
        for (mine, theirs) in zip(policy.playedEnergy.kinds, baseline.playedEnergy.kinds) {
            comparison.append(["  \(mine.name) (J)", joules(mine.millijoules), joules(theirs.millijoules), ""])
        }
        lines.append(comparison.render(width: width))
        if let line = headline.withoutFeedbackLine { lines += TerminalText.wrap(line, width: width ?? TerminalWidth.prosePiped) }
        if let sensitivity = SimulationSensitivity(result: result) {
            lines.append("")
            lines += TerminalText.wrap(sensitivity.line, width: width ?? TerminalWidth.prosePiped)
        }
        return TerminalText.fit(lines.joined(separator: "\n"), width: width)
    }

    private static func joules(_ millijoules: Double) -> String { String(cFormat: "%.2f", millijoules / 1000) }
}
