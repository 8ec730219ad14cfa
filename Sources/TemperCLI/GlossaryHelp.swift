import TemperReports

/// The outcomes and rules a decision names, defined for `--help` from the reports' own ``Glossary``: one entry a
/// paragraph, wrapped to fit 80 columns (ArgumentParser wraps at 79) with the meaning hanging under its term.
enum GlossaryHelp {
    static let text = section("Outcomes", Glossary.outcomes) + "\n\n" + section("Rules", Glossary.rules)

    private static func section(_ title: String, _ entries: [(term: String, meaning: String)]) -> String {
        var lines = ["\(title):"]
        for entry in entries {
            let wrapped = TerminalText.wrap("\(entry.term): \(entry.meaning)", width: 74)
            lines += wrapped.enumerated().map { index, line in (index == 0 ? "  " : "    ") + line }
        }
        return lines.joined(separator: "\n")
    }
}
