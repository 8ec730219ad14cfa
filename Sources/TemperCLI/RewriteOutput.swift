import Foundation
import TemperAHAP
import TemperCore

/// What `temper rewrite` prints on stdout for one decision.
enum RewriteOutput {
    /// A pattern as AHAP (what Core Haptics would load), anything else as the request's JSON, nothing when dropped.
    static func write(_ decision: Decision) throws {
        guard let request = decision.request else { return }
        switch request.kind {
        case .haptic(let haptic):
            var bytes = AHAPWriter.write(haptic.pattern)
            if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
            FileHandle.standardOutput.write(Data(bytes))
        default:
            print(try TemperJSON.string(request))
        }
    }
}
