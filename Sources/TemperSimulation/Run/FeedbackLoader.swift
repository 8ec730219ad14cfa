public import FoundationEssentials
import TemperAHAP
public import TemperCore
import TemperFiles

/// Reads a scenario's payloads from disk and costs them on the device: patterns in any format through
/// `PatternLoader.patternFiles` and
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
            let loaded: LoadedPattern
            do { loaded = try PatternLoader.patternFiles.load(PatternReference(file: url.path, path: url.path)) } catch {
                throw TemperError(
                    code: .invalidPattern,
                    message: error.message,
                    file: error.file ?? url.path,
                    path: error.path,
                    line: error.line,
                    column: error.column,
                    underlying: error
                )
            }
            let request = SensoryRequest(
                id: url.lastPathComponent,
                usage: .game,
                kind: .haptic(HapticPatternRequest(content: loaded.content, sourceFile: url.path))
            )
            return [item(named: url.lastPathComponent, request: request)]
        case .request:
            let requests = try Self.requests(inFile: url.path)
            return requests.enumerated().map { index, request in
                item(named: requests.count == 1 ? url.lastPathComponent : "\(url.lastPathComponent)[\(index)]", request: request)
            }
        }
    }

    /// The requests in a request file (one request or a JSON array); the pattern files they name are read beside it.
    ///
    /// - Throws: `unreadableFile`, or the first request's problem with its JSON path.
    /// - Parameter allowsFilesOutside: Whether the pattern files may be outside the request file's folder.
    public static func requests(inFile path: String, allowsFilesOutside: Bool = false) throws(TemperError) -> [SensoryRequest] {
        let data = Data(try InputFile.bytes(path, kind: .request))
        return try RequestDecoder.forFile(path, patterns: .patternFiles, allowsFilesOutside: allowsFilesOutside).decodeList(data)
    }

    /// A named item for a request, costed as written.
    public func item(named name: String, request: SensoryRequest) -> FeedbackItem {
        FeedbackItem(name: name, energy: energy.estimate(request.kind), request: request)
    }
}
