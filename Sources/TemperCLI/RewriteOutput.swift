import FoundationEssentials
import TemperAHAP
import TemperCore
import TemperPatterns

/// What `temper rewrite` prints on stdout for one decision.
enum RewriteOutput {
    /// A pattern in `target`, or in its own format (``PatternTarget/writingBack(_:)``) when `target` is `nil`,
    /// with what a conversion loses on stderr; anything else as the request's JSON; nothing when dropped.
    static func write(_ decision: Decision, as target: PatternTarget? = nil) throws {
        guard let request = decision.request else { return }
        switch request.kind {
        case .haptic(let haptic):
            let target = target ?? PatternTarget.writingBack(haptic.content.format)
            let converted: Converted<[UInt8]>
            switch haptic.content {
            case .ahap(let pattern, _) where target == .ahap:
                converted = Converted(output: AHAPWriter.write(pattern), losses: [])
            case .ahap(let pattern, _):
                converted = PatternWriter.write(AHAPBridge.timeline(from: pattern).output, to: target)
            case .timeline(let timeline):
                converted = PatternWriter.write(timeline, to: target)
            }
            for loss in converted.losses { printError("\(haptic.sourceFile ?? request.id) → \(target.rawValue): lost: \(loss.message)") }
            var bytes = converted.output
            if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
            OutputStream.standardOutput.print(bytes)
        default:
            print(try TemperJSON.string(request))
        }
    }
}
