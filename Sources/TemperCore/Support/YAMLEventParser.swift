import CYAML

/// One libyaml event, copied out of C memory.
enum YAMLEvent {
    case streamStart, streamEnd, documentEnd
    case documentStart(YAMLMark)
    case scalar(YAMLScalar, anchor: String?)
    case alias(String, YAMLMark)
    case sequenceStart(anchor: String?, YAMLMark)
    case mappingStart(anchor: String?, YAMLMark)
    case sequenceEnd, mappingEnd
}

/// libyaml's own report of a syntax error.
struct YAMLParseFailure: Error {
    var problem: String
    var context: String?
    var mark: YAMLMark?

    /// The failure in Temper's words: libyaml's bare "while parsing" context says nothing.
    func temperError(file: String?) -> TemperError {
        let message = context.map { $0 == "while parsing" ? problem : "\($0) \(problem)" } ?? problem
        return TemperError(code: .invalidYAML, message: message, file: file, line: mark?.line, column: mark?.column)
    }
}

/// Owns a libyaml parser and the bytes it reads. The parser points at itself (its string reader's data), so it
/// lives at a fixed heap address; both go when the owner does.
final class YAMLEventParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let bytes: UnsafeMutableBufferPointer<UInt8>

    init(_ text: String) {
        let utf8 = text.utf8
        bytes = .allocate(capacity: max(utf8.count, 1))
        _ = bytes.initialize(from: utf8)
        parser = .allocate(capacity: 1)
        yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, bytes.baseAddress, utf8.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        bytes.deallocate()
    }

    /// The next event (`yaml_parser_parse`).
    func next() throws(YAMLParseFailure) -> YAMLEvent {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw failure() }
        defer { yaml_event_delete(&event) }
        let mark = Self.mark(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT: return .streamEnd
        case YAML_DOCUMENT_START_EVENT: return .documentStart(mark)
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias(Self.text(event.data.alias.anchor) ?? "", mark)
        case YAML_SEQUENCE_START_EVENT: return .sequenceStart(anchor: Self.text(event.data.sequence_start.anchor), mark)
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT: return .mappingStart(anchor: Self.text(event.data.mapping_start.anchor), mark)
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            // A tag (`!!str 5`) or quotes make a scalar a string as written; only a plain one can be null.
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil
            return .scalar(YAMLScalar(text: text, isPlain: isPlain, mark: mark), anchor: Self.text(scalar.anchor))
        default:
            throw YAMLParseFailure(problem: "an event libyaml should not give (\(event.type.rawValue))", mark: mark)
        }
    }

    private func failure() -> YAMLParseFailure {
        let problem = Self.text(parser.pointee.problem) ?? "the YAML text cannot be read"
        switch parser.pointee.error {
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            return YAMLParseFailure(
                problem: YAMLSyntaxWords.message(problem: problem, context: Self.text(parser.pointee.context)),
                mark: Self.mark(parser.pointee.problem_mark)
            )
        case YAML_MEMORY_ERROR:
            return YAMLParseFailure(problem: "out of memory while reading the YAML text")
        default:
            // A reader error (bad UTF-8, say) has a byte offset, not a line.
            return YAMLParseFailure(problem: "\(problem) at byte \(parser.pointee.problem_offset)")
        }
    }

    private static func mark(_ mark: yaml_mark_t) -> YAMLMark {
        YAMLMark(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
