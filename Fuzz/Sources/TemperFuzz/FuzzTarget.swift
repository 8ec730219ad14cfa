import Foundation
import TemperAHAP
import TemperCore
@_spi(Fuzzing) import TemperReports
@_spi(Fuzzing) import TemperService
import TemperSimulation

/// One reader under fuzzing. Each run must return (errors are fine) without a trap, a hang or a leak.
enum FuzzTarget: String, CaseIterable {
    case ahap, policy, profile, scenario, request, trace
    case haptic
    case androidJSON = "android-json"
    case androidXML = "android-xml"
    case rumble, feedbackd, acf
    case dbus
    /// `temper convert`'s whole path and `temper calibrate energy`'s reading and fit (``ConvertFuzzing``).
    case convert
    case calibrateEnergy = "calibrate-energy"

    func run(_ bytes: [UInt8]) {
        switch self {
        case .ahap:
            for strict in [false, true] {
                if let document = try? AHAPReader.read(bytes, file: "fuzz.ahap", options: AHAPReadOptions(strict: strict)) {
                    _ = AHAPWriter.write(document.pattern)
                }
            }
        case .policy:
            _ = Policy.read(yaml: String(decoding: bytes, as: UTF8.self), file: "fuzz.yaml")
        case .profile:
            _ = DeviceProfile.problems(yaml: String(decoding: bytes, as: UTF8.self), file: "fuzz.yaml")
        case .scenario:
            _ = try? Scenario.load(yaml: String(decoding: bytes, as: UTF8.self), file: "/nonexistent/fuzz.yaml")
        case .request:
            // Relative pattern files resolve inside a folder that does not exist, so no input reads the disk.
            _ = try? RequestDecoder(fileName: "fuzz.json", baseDirectory: "/nonexistent").decodeList(bytes)
        case .trace:
            // The trace's reader and what is built from it: the replay and the report's charts and clocks.
            guard let snapshots = try? TraceFile.read(Data(bytes), file: "fuzz.jsonl", lenient: true).snapshots else { return }
            let result = TraceReplay.replay(snapshots, settings: .init(), name: "fuzz")
            _ = TraceReport.renderedForFuzzing(result)
        case .haptic:
            // `.haptic` v1, and `.vij` v0 through its upgrade.
            PatternFuzzing.read(bytes, file: "fuzz.haptic", format: .haptic)
            PatternFuzzing.read(bytes, file: "fuzz.vij", format: .vij)
        case .androidJSON:
            // Waveform, composition or envelope, told apart by content as an unnamed file is.
            PatternFuzzing.read(bytes, file: "fuzz.json", format: nil)
        case .androidXML:
            PatternFuzzing.read(bytes, file: "fuzz.xml", format: .androidXML)
        case .rumble:
            PatternFuzzing.read(bytes, file: "fuzz.json", format: .rumble)
        case .feedbackd:
            PatternFuzzing.read(bytes, file: "fuzz.json", format: .feedbackd)
        case .acf:
            PatternFuzzing.readACF(bytes)
        case .dbus:
            // A whole D-Bus message: parsed, type-checked against the interface and read as `serve` reads a call.
            _ = BusCallFuzzing.outcome(ofMessage: bytes)
        case .convert:
            ConvertFuzzing.convert(bytes)
        case .calibrateEnergy:
            ConvertFuzzing.calibrateEnergy(bytes)
        }
    }
}
