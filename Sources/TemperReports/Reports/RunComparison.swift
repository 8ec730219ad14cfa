import TemperCore
import TemperSimulation

/// Two runs side by side, the differences first: what `temper compare` prints and its report shows.
public struct RunComparison: Sendable, Hashable, Codable {
    /// One figure of both runs, as text, and their difference (B − A); `differs` puts it among the differences.
    public struct Row: Sendable, Hashable, Codable {
        public var figure: String
        public var a: String
        public var b: String
        public var difference: String
        public var differs: Bool
    }

    public var a: ComparedRun
    public var b: ComparedRun
    /// With two policies on one scenario: A's run again once for each setting B changes, with that setting as B
    /// has it; what ``causes`` reads. `nil` for other comparisons.
    public var settingEffects: [SettingEffect]?

    public init(_ a: ComparedRun, _ b: ComparedRun) {
        self.a = a
        self.b = b
    }

    /// The verdict, largest difference first: the tier each reached and for how long, then feedback energy and
    /// the peak temperature, one sentence each.
    public var verdict: [String] {
        var lines = [tierVerdict]
        if let lengths = lengthWarning { lines.append(lengths) }
        if let energy = energyVerdict { lines.append(energy) }
        if let peak = peakVerdict { lines.append(peak) }
        return lines
    }

    /// Every figure either run knows, the ones that differ first (in the order below), then those the runs share.
    public var rows: [Row] {
        let all = figures.filter { $0.a != "–" || $0.b != "–" }
        return all.filter(\.differs) + all.filter { !$0.differs }
    }

    private var tierVerdict: String {
        if a.highestTier != b.highestTier {
            let (hot, cool) = a.highestTier > b.highestTier ? (("A", a), ("B", b)) : (("B", b), ("A", a))
            let coolPart =
                cool.1.highestTier == .nominal
                ? "\(cool.0) stayed nominal"
                : "\(cool.0) went no higher than \(cool.1.highestTier) (\(ClockText.format(cool.1.secondsAtHighest)))"
            return "\(hot.0) reached \(hot.1.highestTier) for \(ClockText.format(hot.1.secondsAtHighest)); \(coolPart)."
        }
        if a.highestTier == .nominal { return "Neither left nominal." }
        let (timeA, timeB) = (a.secondsAtHighest, b.secondsAtHighest)
        let tier = a.highestTier
        if ClockText.format(timeA) == ClockText.format(timeB) {
            return "Both reached \(tier), for the same time (\(ClockText.format(timeA)))."
        }
        let longer = timeA > timeB ? "A" : "B"
        return "Both reached \(tier): A for \(ClockText.format(timeA)), B for \(ClockText.format(timeB)); \(longer) stayed there "
            + "\(ClockText.format(abs(timeA - timeB))) longer."
    }

    /// Runs of very different lengths spend their time in tiers over different spans; said before any figure.
    private var lengthWarning: String? {
        let (short, long) = (min(a.durationSeconds, b.durationSeconds), max(a.durationSeconds, b.durationSeconds))
        guard long > 0, short < long / 2 else { return nil }
        return "A lasts \(ClockText.format(a.durationSeconds)) and B \(ClockText.format(b.durationSeconds)): "
            + "their times in each tier cover spans of different length, and the shorter run's chart ends early."
    }

    private var energyVerdict: String? {
        guard let energyA = a.playedMillijoules, let energyB = b.playedMillijoules else { return nil }
        return "Feedback energy played: A \(ReportNumber.energy(millijoules: energyA)), B \(ReportNumber.energy(millijoules: energyB))"
            + Self.relative(energyB, to: energyA) + "."
    }

    private var peakVerdict: String? {
        guard let peakA = a.peakCelsius, let peakB = b.peakCelsius else { return nil }
        let sameSensor = a.peakSensor == b.peakSensor
        let side = { (run: ComparedRun, celsius: Double) in
            ReportNumber.celsius(celsius) + (sameSensor ? "" : run.peakSensor.map { " (\($0))" } ?? "")
        }
        let difference = ReportNumber.signed(peakB - peakA, 1)
        return "Peak temperature" + (sameSensor ? a.peakSensor.map { " (\($0))" } ?? "" : "")
            + ": A \(side(a, peakA)), B \(side(b, peakB))"
            + (difference == "0.0" ? ", the same." : " (B \(difference) K).")
    }

    /// " (B +22.0 %)", or nothing when A is zero.
    private static func relative(_ value: Double, to base: Double) -> String {
        guard base != 0 else { return value == 0 ? "" : " (B more, A none)" }
        return " (B \(ReportNumber.signed((value / base - 1) * 100, 1)) %)"
    }

    private var figures: [Row] {
        var rows = [
            Self.row(
                "highest tier",
                a.highestTier.rawValue,
                b.highestTier.rawValue,
                difference: a.highestTier == b.highestTier ? "" : "differs"
            )
        ]
        for tier in Tier.allCases.reversed() {
            rows.append(Self.clockRow("time \(tier)", a.tierSeconds[tier], b.tierSeconds[tier]))
        }
        rows.append(Self.clockRow("time in low power", a.tierSeconds.lowPower, b.tierSeconds.lowPower))
        rows.append(
            Self.numberRow("peak temperature", a.peakCelsius, b.peakCelsius, format: ReportNumber.celsius) {
                "\(ReportNumber.signed($1 - $0, 1)) K"
            }
        )
        rows.append(
            Self.numberRow("feedback played", a.playedMillijoules, b.playedMillijoules, format: { ReportNumber.energy(millijoules: $0) }) {
                Self.signedEnergy($1 - $0)
            }
        )
        rows.append(
            Self.numberRow(
                "feedback asked",
                a.requestedMillijoules,
                b.requestedMillijoules,
                format: { ReportNumber.energy(millijoules: $0) }
            ) {
                Self.signedEnergy($1 - $0)
            }
        )
        // To the tenth of a point shown, so the difference is that of the figures printed (8.5 − 8.4, not 0.0).
        let used = { (run: ComparedRun) in
            run.batteryStartPercentage.flatMap { start in run.batteryEndPercentage.map { ((start - $0) * 10).rounded() / 10 } }
        }
        rows.append(
            Self.numberRow("battery used", used(a), used(b), format: { ReportNumber.fixed($0, 1) + " points" }) {
                ReportNumber.signed($1 - $0, 1)
            }
        )
        let changed = { (run: ComparedRun) in run.changedDecisions.flatMap { changed in run.decisions.map { (changed, $0) } } }
        rows.append(
            Self.row(
                "requests changed",
                changed(a).map { "\($0.0) of \($0.1)" } ?? "–",
                changed(b).map { "\($0.0) of \($0.1)" } ?? "–",
                difference: changed(a).flatMap { ca in changed(b).map { ReportNumber.signed(Double($0.0 - ca.0), 0) } } ?? ""
            )
        )
        rows.append(Self.clockRow("duration", a.durationSeconds, b.durationSeconds))
        return rows
    }

    static func signedEnergy(_ millijoules: Double) -> String {
        (millijoules < 0 ? "−" : "+") + ReportNumber.energy(millijoules: abs(millijoules))
    }

    private static func row(_ figure: String, _ a: String, _ b: String, difference: String) -> Row {
        Row(figure: figure, a: a, b: b, difference: a == b ? "" : difference, differs: a != b)
    }

    private static func clockRow(_ figure: String, _ a: Double, _ b: Double) -> Row {
        let sign = b >= a ? "+" : "−"
        return row(figure, ClockText.format(a), ClockText.format(b), difference: sign + ClockText.format(abs(b - a)))
    }

    private static func numberRow(
        _ figure: String,
        _ a: Double?,
        _ b: Double?,
        format: (Double) -> String,
        difference: (Double, Double) -> String
    ) -> Row {
        let change = a.flatMap { a in b.map { difference(a, $0) } } ?? ""
        return row(figure, a.map(format) ?? "–", b.map(format) ?? "–", difference: change)
    }
}
