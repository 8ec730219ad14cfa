import FoundationEssentials
import TemperCore
import TemperScoring

/// `temper score`'s JSON and CSV, written pattern by pattern as each is scored, so output keeps pace with
/// reading instead of waiting for the whole document. The JSON is ``ScoreDocumentStream``'s: the library's
/// encoding of each ``PatternScore``, byte for byte the document ``ScoreDocument`` writes whole.
struct ScoreStream {
    let format: ScoreFormat
    private var document: ScoreDocumentStream?
    private var buffer: [UInt8] = []
    private let output: OutputStream

    /// Starts the document: the run's header and the opening of its pattern list, or the CSV's header.
    init(format: ScoreFormat, device: DeviceProfile, budgetMillijoules: Double?, output: OutputStream = .standardOutput) throws {
        self.format = format
        self.output = output
        switch format {
        case .json:
            let document = try ScoreDocumentStream(device: device, budgetMillijoules: budgetMillijoules)
            buffer.append(contentsOf: document.header)
            self.document = document
        case .csv:
            line(ScoreOutput.csvHeader.joined(separator: ","))
        case .table:
            break
        }
    }

    /// Writes one pattern's score.
    mutating func write(_ score: PatternScore) throws {
        switch format {
        case .json:
            guard var document else { break }
            try document.append(score, to: &buffer)
            self.document = document
        case .csv: line(ScoreOutput.csvRow(score))
        case .table: break
        }
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Ends the document with its summary and writes what is left.
    mutating func finish(_ summary: ScoreSummary) throws {
        if let document { buffer.append(contentsOf: try document.end(summary)) }
        flush()
    }

    private mutating func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        output.print(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
