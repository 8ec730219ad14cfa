import Foundation
import TemperCore
import TemperFiles
import TemperPatterns

/// What every pattern format's fuzz target does with what its reader accepts: price it on a phone and on a
/// gamepad (both motors), and write it to every format, so a value the reader lets through cannot trap the
/// costing or a writer either.
enum PatternFuzzing {
    static let estimators: [EnergyEstimator] = ["phone", "gamepad"].compactMap { name in
        let path = "Policies/devices/\(name).yaml"
        guard let data = BuiltInFiles.data(at: path) else { return nil }
        return (try? DeviceProfile.parse(yaml: String(decoding: data, as: UTF8.self), file: path)).map { EnergyEstimator(profile: $0) }
    }

    static func read(_ bytes: [UInt8], file: String, format: PatternFormat?) {
        guard let document = try? PatternReader.read(bytes, file: file, format: format) else { return }
        for timeline in [document.timeline] + document.named.map(\.timeline) {
            for estimator in estimators { _ = estimator.estimate(timeline) }
            for target in PatternTarget.allCases { _ = try? PatternWriter.write(timeline, to: target) }
        }
    }

    /// An actuator configuration, read as `temper profile import` reads it.
    static func readACF(_ bytes: [UInt8]) {
        _ = try? ACFReader.read(bytes, file: "fuzz.acf")
    }
}
