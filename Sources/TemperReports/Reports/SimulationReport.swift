public import FoundationEssentials
public import TemperCore
public import TemperSimulation

/// The report of `temper simulate --report DIR`: the run with the policy against the baseline.
public enum SimulationReport: Sendable {
    /// Writes `index.html`, `report.md`, `data.json` and the charts into `directory`.
    public static func write(_ result: SimulationResult, to directory: URL) throws(TemperError) {
        try ReportBundle.write(document(for: result), data: result, to: directory)
    }

    static func document(for result: SimulationResult) -> ReportDocument {
        let policy = result.withPolicy
        let baseline = result.baseline
        var document = ReportDocument(
            title: "Simulation: \(result.scenario)",
            subtitle: "\(result.description) Device \(result.device); \(ClockText.format(result.durationSeconds)) of virtual time "
                + "at \(ReportNumber.coordinate(result.timeStepSeconds)) s steps; seed \(result.seed)."
        )
        let headline = SimulationHeadline(result: result)
        document.headline(headline.sentence)
        document.heading("Summary")
        document.table(headline.table.headers, headline.table.rows)
        if let line = headline.withoutFeedbackLine { document.paragraph(line) }
        document.paragraph("Thermal constants: \(result.thermalSource).")
        document.heading("Timeline")
        document.chart(
            "timeline.svg",
            SimulationTimeline.timeline(for: result),
            caption: "Every lane shares the time axis; with the policy solid, the baseline dashed. Tier: each run's tier, with "
                + "a mark at each change (its tooltip gives the reason). Temperatures: the skin hotspot (which the skin sensor "
                + "reads) lies between the skin mean and the internal node; dotted lines are the classifier's thresholds, listed under "
                + "the chart (a tier starts at its line and is left only below the fainter one under it). Heat sources and feedback "
                + "power are what warms the device; the last lane marks each moment the policy changed requests. Point at a moment "
                + "to read every lane there. Drag across the chart to zoom, double-click to reset; click a legend entry to hide or show its line."
        )
        SimulationSensitivity(result: result)?.write(into: &document)

        document.heading("Tier timeline")
        if policy.transitions.isEmpty {
            document.paragraph("The condition never changed: nominal throughout.")
        } else {
            document.table(
                ["time (m:ss)", "change", "low power", "why"],
                policy.transitions.map { transition in
                    [
                        ClockText.format(transition.timeSeconds), TraceReport.change(transition),
                        transition.lowPower ? "yes" : "no",
                        transition.reasons.first ?? "",
                    ]
                }
            )
        }
        document.table(
            ["tier", "with policy (m:ss)", "baseline (m:ss)"],
            Tier.allCases.map { tier in
                [tier.rawValue, ClockText.format(policy.tierSeconds[tier]), ClockText.format(baseline.tierSeconds[tier])]
            } + [["low power", ClockText.format(policy.tierSeconds.lowPower), ClockText.format(baseline.tierSeconds.lowPower)]]
        )

        document.heading("Decisions")
        document.table(
            ["outcome", "requests"],
            policy.decisions.byOutcome.sorted { $0.key.rawValue < $1.key.rawValue }.map { [$0.key.rawValue, "\($0.value)"] }
        )
        if !policy.decisions.byRule.isEmpty {
            document.table(["rule", "times fired"], policy.decisions.byRule.sorted { $0.key < $1.key }.map { [$0.key, "\($0.value)"] })
        }
        document.paragraph("What the words mean:")
        document.definitions(Glossary.entries(outcomes: Glossary.outcomes.map(\.term), rules: policy.decisions.byRule.keys))

        document.heading("Energy")
        document.chart(
            "energy-by-kind.svg",
            SimulationCharts.energyByKind(result),
            caption: "Feedback energy by kind: what played with the policy, and with the policy off."
        )
        document.table(
            ["kind", "with policy (J)", "baseline (J)"],
            zip(policy.playedEnergy.kinds, baseline.playedEnergy.kinds).map { mine, theirs in
                [mine.name, ReportNumber.fixed(mine.millijoules / 1000, 2), ReportNumber.fixed(theirs.millijoules / 1000, 2)]
            } + [
                [
                    "total", ReportNumber.fixed(policy.playedEnergy.totalMillijoules / 1000, 2),
                    ReportNumber.fixed(baseline.playedEnergy.totalMillijoules / 1000, 2),
                ]
            ]
        )
        document.paragraph("The workload itself used \(ReportNumber.energy(millijoules: policy.workloadEnergyJoules * 1000)) in both runs.")
        if !policy.energyByItem.isEmpty {
            document.chart(
                "energy-by-pattern.svg",
                SimulationCharts.energyByPattern(result),
                caption: "Energy per pattern: what played with the policy, what the policy saved (what the baseline played "
                    + "less what played with it) and what neither run paid (a request's own price less what the baseline paid: "
                    + "what it shared with what already played)."
            )
            patternSavings(result, into: &document)
        }

        if !result.items.isEmpty {
            document.heading("Patterns")
            patterns(result.items, played: policy.playedVariants, into: &document)
        }
        return document
    }

    /// The per-pattern chart's numbers, and their sum: the headline's saving.
    static func patternSavings(_ result: SimulationResult, into document: inout ReportDocument) {
        let rows = PatternSavings.rows(result)
        let joules = { (millijoules: Double) in ReportNumber.fixed(millijoules / 1000, 2) }
        document.table(
            [
                "pattern", "requests", "own price (J)", "baseline played (J)", "played with the policy (J)", "saved by the policy (J)",
                "not paid in either run (J)",
            ],
            rows.map { row in
                [
                    row.name, "\(row.requests)", joules(row.requestedMillijoules), joules(row.baselineMillijoules),
                    joules(row.playedMillijoules), joules(row.savedMillijoules), joules(row.unpaidMillijoules),
                ]
            }
        )
        let saved = rows.reduce(0) { $0 + $1.savedMillijoules }
        let unpaid = rows.reduce(0) { $0 + $1.unpaidMillijoules }
        document.paragraph(
            "Over all patterns the policy saved \(ReportNumber.energy(millijoules: saved)), the headline's saving; "
                + "\(ReportNumber.energy(millijoules: unpaid)) of the requests' own prices was paid in neither run."
        )
    }

    /// A table of each pattern as written and as the policy played it, and one power chart per pattern with what
    /// played instead drawn over it.
    static func patterns(_ items: [ItemProfile], played: [ItemProfile], into document: inout ReportDocument) {
        let variants = { (item: ItemProfile) in played.filter { $0.name.hasPrefix(item.name + ", ") } }
        let row = { (name: String, form: String, profile: ItemProfile) in
            [
                name, form, ReportNumber.fixed(profile.energyMillijoules, 1), ReportNumber.fixed(profile.peakMilliwatts, 0),
                ReportNumber.fixed(profile.durationSeconds, 3),
            ]
        }
        document.table(
            ["pattern", "played as", "energy (mJ)", "peak (mW)", "duration (s)"],
            items.flatMap { item in
                [row(item.name, "written", item)] + variants(item).map { row("", String($0.name.dropFirst(item.name.count + 2)), $0) }
            }
        )
        if !played.isEmpty {
            document.paragraph("What played instead is the first of each way the policy changed a pattern (outcome and rules).")
        }
        for (index, item) in items.enumerated() where !item.powerSeries.isEmpty {
            let instead = variants(item)
            let curves =
                [PowerChart.Curve(name: "as written", series: item.powerSeries, durationSeconds: item.durationSeconds)]
                + instead.map {
                    PowerChart.Curve(
                        name: String($0.name.dropFirst(item.name.count + 2)),
                        series: $0.powerSeries,
                        durationSeconds: $0.durationSeconds
                    )
                }
            document.chart(
                "power-\(index + 1).svg",
                PowerChart(title: "Power of \(item.name)", curves: curves).chart(),
                caption: instead.isEmpty
                    ? "Power over time of \(item.name); it always played as written."
                    : "Power over time of \(item.name) as written (solid) and as the policy played it instead (dashed)."
            )
        }
    }
}
