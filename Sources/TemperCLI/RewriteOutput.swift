import FoundationEssentials
import TemperCore
import TemperPatterns

/// What `temper rewrite` prints on stdout for one decision.
enum RewriteOutput {
    /// A pattern in `target`, or in its own format (``PatternTarget/writingBack(_:)``) when `target` is `nil`,
    /// with what a conversion loses on stderr; anything else as the request's JSON; nothing when dropped.
    static func write(_ decision: Decision, as target: PatternTarget? = nil) throws {
        guard let request = decision.request else { return }
        switch request.kind {
        case .haptic(let haptic):
            let target = target ?? PatternTarget.writingBack(haptic.content.format)
            let converted = try PatternWriter.write(haptic.content, to: target)
            for loss in converted.losses { printError("\(haptic.sourceFile ?? request.id) → \(target.rawValue): lost: \(loss.message)") }
            var bytes = converted.output
            if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
            OutputStream.standardOutput.print(bytes)
        default:
            print(try TemperJSON.string(request))
        }
    }
}

/// `temper rewrite --explain` on a terminal: each decision in a few lines, figures rounded. `--json`, or a
/// pipe, gets the whole decision as JSON instead.
enum RewriteExplanation {
    static func text(_ decisions: [Decision], width: Int?, style: TerminalStyle = .plain) -> String {
        let blocks = decisions.map { decision in
            var lines = [
                style.bold(decision.requestID) + " (\(decision.usage.rawValue)) under " + style.tiers(in: decision.condition.description)
                    + ": " + style.bold(decision.outcome.rawValue)
            ]
            var energy = "  energy:   \(energy(decision.energyBeforeMillijoules)) as asked → \(energy(decision.energyAfterMillijoules))"
            if abs(decision.marginalEnergyMillijoules - decision.energyAfterMillijoules) >= 0.05 {
                energy += ", \(self.energy(decision.marginalEnergyMillijoules)) on top of what already plays"
            }
            lines.append(energy)
            if let change = decision.perceivedChange { lines.append("  felt:     \(change.words)") }
            if let budget = decision.budget {
                lines.append(
                    "  budget:   \(self.energy(budget.remainingMillijoules)) of \(self.energy(budget.capacityMillijoules)) left "
                        + "in its \(QuantityLimits.number(budget.windowSeconds)) s window"
                )
            }
            if decision.rules.isEmpty { lines.append("  rules:    none fired") }
            for (index, rule) in decision.rules.enumerated() {
                lines.append((index == 0 ? "  rules:    " : "            ") + "\(rule.rule): \(rule.reason.message)")
            }
            for channel in FeedbackChannel.allCases {
                guard decision.channels.count > 1, let summary = decision.channels[channel] else { continue }
                lines.append("  " + TerminalText.padded(channel.rawValue + ":", to: 10) + summary)
            }
            return lines.joined(separator: "\n")
        }
        return TerminalText.fit(blocks.joined(separator: "\n\n"), width: width)
    }

    /// `7.3 mJ`, `0.42 mJ`, `2.05 J`: three significant figures at most, as the other summaries give energy.
    static func energy(_ millijoules: Double) -> String {
        guard millijoules.isFinite else { return "\(millijoules) mJ" }
        if abs(millijoules) >= 1000 { return String(cFormat: "%.2f J", millijoules / 1000) }
        if abs(millijoules) >= 10 || millijoules == 0 { return String(cFormat: "%.1f mJ", millijoules) }
        return String(cFormat: "%.2f mJ", millijoules)
    }
}
