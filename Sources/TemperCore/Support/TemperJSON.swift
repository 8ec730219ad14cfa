public import FoundationEssentials

/// The one JSON setup every document Temper writes uses (command output, reports' data, status, traces): keys
/// sorted, slashes unescaped, and non-finite numbers written as the strings `inf`, `-inf` and `nan` instead
/// of failing the whole document.
public enum TemperJSON: Sendable {
    /// How a document is laid out.
    public enum Layout: Sendable {
        /// Indented, for people: command output and report data.
        case pretty
        /// One line, for line-oriented files and streams: traces, `watch --json`.
        case line
    }

    /// An encoder with Temper's settings.
    public static func encoder(_ layout: Layout = .pretty) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            layout == .pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    /// A decoder that reads back what ``encoder(_:)`` wrote, non-finite numbers included.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    /// `value` as JSON text.
    public static func string(_ value: some Encodable, _ layout: Layout = .pretty) throws -> String {
        String(decoding: try encoder(layout).encode(value), as: UTF8.self)
    }
}
