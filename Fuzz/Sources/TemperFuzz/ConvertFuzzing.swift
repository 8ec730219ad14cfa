import FoundationEssentials
import TemperAHAP
import TemperCalibration
import TemperCore
import TemperFiles
import TemperPatterns

/// `temper convert`'s whole path on what a reader accepts, and `temper calibrate energy`'s reading and fit: the
/// paths issue 34's six crashes were in (a time of 1e9 s allocated 24 GB in a writer; the fit priced every row).
enum ConvertFuzzing {
    /// A pattern in any format, told apart by content, converted to every output format on a phone and on a
    /// gamepad as `temper convert` converts it: read, rendered, shaped to the device (as `--device` does, for
    /// every other input length), written, read back, priced and compared. The input's length picks the flavor,
    /// so a seed file stays a whole pattern.
    static func convert(_ bytes: [UInt8]) {
        guard let document = try? PatternReader.read(bytes, file: "fuzz", format: nil) else { return }
        let flavor = AHAPFlavor.allCases[bytes.count % AHAPFlavor.allCases.count]
        let shaped = bytes.count / AHAPFlavor.allCases.count % 2 == 1
        let rendered = document.timeline.withoutItems().output
        var source: HapticPattern = rendered
        if document.format == .ahap, let ahap = try? AHAPReader.read(bytes, file: "fuzz.ahap") {
            source = HapticPatternRequest(document: ahap).content
        }
        for estimator in PatternFuzzing.estimators {
            var timeline = rendered
            if shaped { timeline = timeline.playable(on: estimator.profile).output }
            for target in PatternTarget.allCases {
                _ = try? ConversionCost.converting(timeline, from: source, to: target, flavor: flavor, on: estimator)
            }
        }
    }

    /// A measurements CSV, read as `temper calibrate energy` reads it; each row's pattern one of three built-in
    /// examples (picked by its path's length, so the fuzzer reaches every one without touching the disk), then a
    /// fit of the clicks' energy, which prices each distinct pattern at every step.
    static func calibrateEnergy(_ bytes: [UInt8]) {
        guard let rows = try? EnergyMeasurementsCSV.parse(String(decoding: bytes, as: UTF8.self), file: "fuzz.csv") else { return }
        let measurements = rows.map { row in
            let document = examples[row.patternPath.utf8.count % examples.count]
            return EnergyMeasurement(row: row, pattern: document.pattern, waveforms: document.waveforms)
        }
        guard let base = PatternFuzzing.estimators.first?.profile, !examples.isEmpty else { return }
        _ = try? EnergyCalibration.fit(base: base, measurements: measurements, keys: ["clickEnergy", "continuousPower"])
    }

    static let examples: [AHAPDocument] = ["heartbeat", "gradual-swell", "heavy-decay"].compactMap { name in
        let path = "Examples/patterns/\(name).ahap"
        return BuiltInFiles.data(at: path).flatMap { try? AHAPReader.read(Array($0), file: path) }
    }
}
