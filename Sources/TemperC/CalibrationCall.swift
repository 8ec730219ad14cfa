import FoundationEssentials
import TemperCalibration
import TemperCore
import TemperFiles

/// `temper_calibrate_thermal`: `temper calibrate thermal TRACE... --json` (and its `--out` profile) in-process,
/// through the fit the command line runs (``ThermalCalibration/fit(traceFiles:base:selection:ambient:warning:progress:)``).
enum CalibrationCall {
    struct Options {
        var traces: [String]
        var device: String?
        var ambient: String?
        var selection: ThermalSeries.Selection
    }

    /// The fit's JSON, as `--json` prints it, and the `--out` profile's YAML when `profile` asks for it.
    static func thermal(_ options: Options, profile: Bool) throws(CFailure) -> (json: String, profile: String?) {
        guard !options.traces.isEmpty else { throw CFailure(.argument, "give at least one trace") }
        let ambient = try options.ambient.map { (text) throws(CFailure) in
            guard let given = GivenAmbient(parsing: text) else { throw CFailure(.argument, GivenAmbient.invalid(text)) }
            return given
        }
        let base: (profile: DeviceProfile, source: ConfigurationSearch.Source, text: String)
        do throws(TemperError) { base = try DeviceProfileLibrary.standard().resolve(options.device) } catch {
            throw CFailure(error, reading: .device)
        }
        do throws(TemperError) {
            let fit = try ThermalCalibration.fit(
                traceFiles: options.traces,
                base: base.profile.thermal,
                selection: options.selection,
                ambient: ambient
            )
            let json: String
            do { json = try TemperJSON.string(fit.summary) } catch {
                throw TemperError(code: .cannotCalibrate, message: "cannot write JSON: \(error)")
            }
            guard profile else { return (json, nil) }
            let text = try fit.profileText(
                base: base.profile,
                baseText: base.text,
                file: base.source.description,
                traceNames: options.traces,
                name: nil
            )
            // As `--out` checks before writing: a fitted profile is used at once as a governor's device.
            _ = try DeviceProfile.parse(yaml: text, file: base.source.description)
            return (json, text)
        } catch {
            throw CFailure(error, reading: .calibration)
        }
    }
}

/// `temper_calibrate_thermal`, as Sources/TemperC/include/temper.h documents it.
@c(temper_calibrate_thermal)
public func temperCalibrateThermal(
    _ traces: UnsafePointer<UnsafePointer<CChar>?>?,
    _ count: Int,
    _ device: UnsafePointer<CChar>?,
    _ ambient: UnsafePointer<CChar>?,
    _ internalSensor: UnsafePointer<CChar>?,
    _ skinSensor: UnsafePointer<CChar>?,
    _ power: UnsafePointer<CChar>?,
    _ fitJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ profileYAML: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    cCall { () throws(CFailure) in
        let out = try cOut(fitJSON)
        profileYAML?.pointee = nil
        guard count >= 0, count <= 10_000 else { throw CFailure(.argument, "the trace count \(count) is not in 0...10000") }
        guard count == 0 || traces != nil else { throw CFailure(.argument, "the traces are NULL with a count of \(count)") }
        let paths = try (0..<count).map { (index) throws(CFailure) in try cRequiredText(traces?[index], "trace \(index)") }
        let options = CalibrationCall.Options(
            traces: paths,
            device: try cText(device, "the device"),
            ambient: try cText(ambient, "the ambient"),
            selection: ThermalSeries.Selection(
                internalSensor: try cText(internalSensor, "the internal sensor") ?? "internal",
                skinSensor: try cText(skinSensor, "the skin sensor") ?? "skin",
                power: try cText(power, "the power reading")
            )
        )
        let result = try CalibrationCall.thermal(options, profile: profileYAML != nil)
        out.pointee = cString(result.json)
        if let text = result.profile { profileYAML?.pointee = cString(text) }
    }
}
