import Foundation
import TemperAHAP
import TemperCore

/// Reads a scenario's payloads from disk and costs them on the device: `.ahap` patterns through ``AHAPReader`` and
/// request files through ``RequestDecoder``. Used once before a run; the run itself reads nothing.
public struct FeedbackLoader: Sendable {
    public let energy: SimulationEnergyModel

    public init(energy: SimulationEnergyModel) {
        self.energy = energy
    }

    /// The items of one payload at `url`.
    public func load(_ payload: RequestStream.Payload, at url: URL) throws(TemperError) -> [FeedbackItem] {
        switch payload {
        case .pattern:
            let document: AHAPDocument
            do { document = try AHAPReader.load(contentsOf: url.path) } catch {
                throw TemperError(code: .invalidPattern, message: error.message, file: error.file ?? url.path, path: error.path, line: error.line, column: error.column)
            }
            let request = SensoryRequest(
                id: url.lastPathComponent, usage: .game, kind: .haptic(HapticPatternRequest(document: document, sourceFile: url.path))
            )
            return [item(named: url.lastPathComponent, request: request)]
        case .request:
            let requests = try RequestDecoder.load(contentsOf: url.path)
            return requests.enumerated().map { index, request in
                item(named: requests.count == 1 ? url.lastPathComponent : "\(url.lastPathComponent)[\(index)]", request: request)
            }
        }
    }

    /// A named item for a request, costed as written.
    public func item(named name: String, request: SensoryRequest) -> FeedbackItem {
        FeedbackItem(name: name, energy: energy.estimate(request.kind), request: request)
    }
}
