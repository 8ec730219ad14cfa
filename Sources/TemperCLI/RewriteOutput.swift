import Foundation
import TemperAHAP
import TemperCore
import TemperPatterns

/// What `temper rewrite` prints on stdout for one decision.
enum RewriteOutput {
    /// The target a pattern read in `format` is written back in: its own format where Temper writes it, AHAP for
    /// the formats it reads but does not write (Android compositions and envelopes, feedbackd themes).
    static func target(for format: PatternFormat) -> PatternTarget {
        switch format {
        case .ahap, .androidComposition, .androidEnvelope, .feedbackd: .ahap
        case .haptic, .vij: .haptic
        case .androidWaveform: .androidWaveform
        case .androidXML: .androidXML
        case .rumble: .rumble
        }
    }

    /// A pattern in `target` (AHAP, what Core Haptics would load, unless told otherwise; other targets with what
    /// the conversion loses on stderr), anything else as the request's JSON, nothing when dropped.
    static func write(_ decision: Decision, as target: PatternTarget = .ahap) throws {
        guard let request = decision.request else { return }
        switch request.kind {
        case .haptic(let haptic):
            var bytes: [UInt8]
            if target == .ahap {
                bytes = AHAPWriter.write(haptic.pattern)
            } else {
                let converted = PatternWriter.write(AHAPBridge.timeline(from: haptic.pattern).output, to: target)
                for loss in converted.losses { printError("\(haptic.sourceFile ?? request.id) → \(target.rawValue): lost: \(loss.message)") }
                bytes = converted.output
            }
            if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
            FileHandle.standardOutput.write(Data(bytes))
        default:
            print(try TemperJSON.string(request))
        }
    }
}
