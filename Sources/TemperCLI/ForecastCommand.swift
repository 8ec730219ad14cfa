import ArgumentParser
import FoundationEssentials
import TemperCalibration
import TemperCore
import TemperSimulation

/// `temper forecast TRACE`: the forecast test on a recording the model did not generate.
struct ForecastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Test the fitted thermal forecast against persistence and the straight-line trend on a trace.",
        discussion: """
            Fits a one- or two-node model (chosen by the Bayesian information criterion) of one sensor to the \
            first --fit-fraction of the trace, then forecasts every later reading at each horizon from what was \
            known when the forecast was made, the heat input held at its last known value. The model is compared \
            with persistence (no change) and with the straight-line trend (a least-squares line over the last \
            20 s, extrapolated, as Android does): per horizon the RMSE of each, and the model's RMSE minus the \
            others' with a 95 % paired block-bootstrap interval (negative: the model is better). Where the trace \
            crosses the threshold, how many seconds ahead each method saw it and its false alarms.

            The input is measured power when the trace has it (W), else a load proxy (utilisation or clock) whose \
            scale is fitted, else none. The model's one hyperparameter (its mode wander) is chosen on the last \
            30 % of the fit part, never on the part being scored.

            Examples:
              temper simulate Examples/scenarios/calibration-steps.yaml \\
                --record-trace steps.jsonl
              temper forecast steps.jsonl --sensor internal --horizons 10s,30s,60s
              temper forecast steps.jsonl --sensor internal --threshold 40 --json
              temper import tegrastats.log --out jetson.jsonl && temper forecast jetson.jsonl
            """
    )

    @Argument(help: "A trace from 'temper import', 'temper record' or 'temper simulate --record-trace'.", completion: .file())
    var trace: String

    @Option(help: "The share of the trace, from its start, the model is fitted on (0.1 to 0.9).")
    var fitFraction = 0.5

    @Option(help: ArgumentHelp("Forecast horizons, comma-separated (10s,30s,60s; at most 3600 s).", valueName: "list"))
    var horizons = "10s,30s,60s"

    @Option(help: "The temperature sensor (label or chip/label). Default: the one whose readings span the widest range.")
    var sensor: String?

    @Option(help: "The power or load reading used as heat input. Default: the largest power reading, else a utilisation, else a clock.")
    var input: String?

    @Option(help: "The temperature (°C) whose crossings are counted. Default: 3/4 of the way up the fit part's range.")
    var threshold: Double?

    @Option(
        parsing: .unconditional,
        help: "The room's temperature (°C) with its uncertainty (24±0.5), when the input is measured power."
    )
    var ambient: String?

    @Flag(help: "Print the result as JSON: horizons[].seconds and horizons[].rmseCelsius.{model,trend,persistence} among the rest.")
    var json = false

    func validate() throws {
        guard (0.1...0.9).contains(fitFraction) else { throw ValidationError("--fit-fraction must be in 0.1...0.9, not \(fitFraction)") }
        _ = try parsedHorizons()
        if let threshold, !(threshold.isFinite && (-40...200).contains(threshold)) {
            throw ValidationError("--threshold must be a temperature in -40...200 °C, not \(threshold)")
        }
        if let ambient, GivenAmbient(parsing: ambient) == nil { throw ValidationError(GivenAmbient.invalid(ambient)) }
    }

    func run() throws {
        let test: ForecastTest
        do throws(TemperError) {
            let contents = try TraceFile.read(contentsOf: URL(fileURLWithPath: trace))
            for warning in contents.warnings { printError("temper: warning: \(warning.description)") }
            let series = try SensorSeries(snapshots: contents.snapshots, name: trace, sensor: sensor, input: input)
            let settings = ForecastTest.Settings(
                fitFraction: fitFraction,
                horizonsSeconds: (try? parsedHorizons()) ?? [10, 30, 60],
                thresholdCelsius: threshold,
                ambient: ambient.flatMap(GivenAmbient.init(parsing:))
            )
            test = try ForecastTest.run(series, settings: settings)
        } catch {
            throw CLIFailure.usage(error.description)
        }
        if json {
            FitFooter.printWarnings(test.fit?.goodness.warnings ?? [])
            print(try TemperJSON.string(ForecastSummary(test)))
        } else {
            print(TerminalText.fit(ForecastText.text(test), width: TerminalWidth.current()))
        }
    }

    /// `10s,30s,1min` as seconds (a bare number is seconds), each in 1...3600.
    private func parsedHorizons() throws(ValidationError) -> [Double] {
        var seconds: [Double] = []
        for part in horizons.split(separator: ",").map(\.trimmingSpaces) {
            let unit = ["min", "s", "m"].first { part.hasSuffix($0) } ?? ""
            let value = Double(part.dropLast(unit.count).trimmingSpaces).map { $0 * (unit == "s" || unit.isEmpty ? 1 : 60) }
            guard let value, value.isFinite, (1...3600).contains(value) else {
                throw ValidationError("--horizons takes durations from 1 s to 3600 s such as 10s,30s,60s, not '\(part.prefix(40))'")
            }
            seconds.append(value)
        }
        guard (1...12).contains(seconds.count) else { throw ValidationError("--horizons takes 1 to 12 durations, not \(seconds.count)") }
        return seconds.sorted()
    }
}
