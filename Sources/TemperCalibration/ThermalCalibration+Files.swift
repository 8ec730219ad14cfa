public import FoundationEssentials
public import TemperCore
public import TemperSimulation

extension ThermalCalibration {
    /// `temper calibrate thermal`'s fit from trace files, shared by the command line and libtemper
    /// (`temper_calibrate_thermal`) so both read, select and fit the same way: each file read as ``TraceFile``
    /// reads it, reduced to `selection`'s readings, then ``fit(_:base:ambient:progress:)`` from `base`.
    /// - Parameter warning: told of each line a trace skipped (a torn last line), as it is read.
    public static func fit(
        traceFiles: [String],
        base: ThermalFigures,
        selection: ThermalSeries.Selection = .init(),
        ambient: GivenAmbient? = nil,
        warning: (TemperError) -> Void = { _ in },
        progress: ((_ iteration: Int, _ rmse: Double) -> Void)? = nil
    ) throws(TemperError) -> ThermalFit {
        let series = try traceFiles.map { (path) throws(TemperError) in
            let contents = try TraceFile.read(contentsOf: URL(fileURLWithPath: path))
            contents.warnings.forEach(warning)
            return try ThermalSeries(snapshots: contents.snapshots, name: path, selection: selection)
        }
        return try fit(series, base: base, ambient: ambient, progress: progress)
    }
}

extension GivenAmbient {
    /// `24`, `24C`, `24 °C`, `24±0.5`, `24+-0.5`, `24+/-0.5 °C` (as `--ambient` takes it): a temperature in
    /// -40...80 °C and an uncertainty in 0.01...20 °C (``defaultUncertaintyCelsius`` when none is written); `nil`
    /// for anything else.
    public init?(parsing text: String) {
        var rest = text.replacing(" ", with: "")
        for unit in ["°C", "C"] { rest = rest.replacing(unit, with: "") }
        let parts = rest.components(separatedBy: "±").flatMap { $0.components(separatedBy: "+/-") }.flatMap {
            $0.components(separatedBy: "+-")
        }
        guard (1...2).contains(parts.count), let celsius = Double(parts[0]), celsius.isFinite, (-40...80).contains(celsius) else {
            return nil
        }
        guard parts.count == 2 else {
            self.init(celsius: celsius)
            return
        }
        guard let uncertainty = Double(parts[1]), uncertainty.isFinite, (0.01...20).contains(uncertainty) else { return nil }
        self.init(celsius: celsius, uncertaintyCelsius: uncertainty)
    }

    /// The one line `--ambient` (and libtemper) reject a text it cannot read with.
    public static func invalid(_ text: String) -> String {
        "--ambient must be a temperature in -40...80 °C, optionally with an uncertainty in 0.01...20 °C (24 or 24±0.5), not '\(text)'"
    }
}
