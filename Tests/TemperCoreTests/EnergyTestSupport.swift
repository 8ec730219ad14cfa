import Foundation
import TemperAHAP
import TemperCore
import TemperTestSupport

/// Profiles and patterns for the energy tests.
enum EnergyFixtures {
    static let devicesFolder = PackagePaths.root.appendingPathComponent("Policies/devices").path

    /// The profiles in Policies/devices, found as a search folder's `devices/` (the folder searched is `Policies`).
    static let library = DeviceProfileLibrary(
        search: ConfigurationSearch(
            folders: [PackagePaths.root.appendingPathComponent("Policies").path],
            readText: { path in try? String(contentsOfFile: path, encoding: .utf8) },
            listDirectory: { path in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] }
        )
    )

    static func profile(_ name: String) throws -> DeviceProfile { try library.profile(name) }

    static let phone = EnergyEstimator(profile: .referencePhone)

    static func transient(at time: Double = 0, intensity: Double, sharpness: Double = 0.5) -> AHAPItem {
        .event(
            AHAPEvent(
                type: .hapticTransient,
                time: time,
                parameters: [.init(id: .hapticIntensity, value: intensity), .init(id: .hapticSharpness, value: sharpness)]
            )
        )
    }

    static func continuous(at time: Double = 0, duration: Double, intensity: Double, sharpness: Double = 0.5) -> AHAPItem {
        .event(
            AHAPEvent(
                type: .hapticContinuous,
                time: time,
                duration: duration,
                parameters: [.init(id: .hapticIntensity, value: intensity), .init(id: .hapticSharpness, value: sharpness)]
            )
        )
    }

    static func audio(at time: Double = 0, duration: Double, volume: Double) -> AHAPItem {
        .event(AHAPEvent(type: .audioContinuous, time: time, duration: duration, parameters: [.init(id: .audioVolume, value: volume)]))
    }

    static func pattern(_ items: AHAPItem...) -> AHAPPattern { AHAPPattern(items: items) }

    /// Transients and continuous events: what scales with intensity.
    static func actuator(_ estimate: EnergyEstimate) -> Double {
        estimate.breakdown.transientsMillijoules + estimate.breakdown.continuousMillijoules
    }
}
