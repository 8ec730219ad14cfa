/// Reads Android vibration XML (`application/vnd.android.haptics.vibration+xml`, `vibration.xsd`) as AOSP's
/// `VibrationXmlParser` does: root `<vibration-effect>` or `<vibration-select>` (whose first effect plays; each is
/// also a named pattern), holding one `<waveform-effect>`, `<predefined-effect>`, one or more
/// `<primitive-effect>`s (the Java parser accepts several although the xsd allows one), or an API 36
/// `<basic-envelope-effect>` / `<waveform-envelope-effect>`. Unknown elements and attributes, text, DTDs and
/// `<vendor-effect>` (it needs a vendor flag) are errors with line:column, as the platform parser rejects them.
/// Hidden-API effects (`texture_tick`, `thud`, `pop`, `fallback=`) need ``Options/allowHiddenAPIs``.
public enum AndroidXMLReader: Sendable {
    public struct Options: Sendable, Hashable {
        public var allowHiddenAPIs: Bool
        public var limits: PatternLimits

        public init(allowHiddenAPIs: Bool = false, limits: PatternLimits = .default) {
            self.allowHiddenAPIs = allowHiddenAPIs
            self.limits = limits
        }
    }

    public static func read(_ bytes: [UInt8], file: String? = nil, options: Options = .init()) throws(PatternReadError) -> PatternDocument {
        guard bytes.count <= options.limits.maxFileBytes else {
            throw PatternReadError(
                code: .tooLarge,
                file: file,
                message: "\(bytes.count) bytes, more than the limit of \(options.limits.maxFileBytes) bytes"
            )
        }
        let builder = AndroidXMLBuilder(file: file, options: options)
        var scanner = XMLScanner(bytes)
        do throws(XMLScanner.Failure) {
            while builder.failure == nil, let event = try scanner.next() {
                builder.handle(event, scanner)
            }
        } catch {
            throw PatternReadError(
                code: .invalidXML,
                file: file,
                line: error.line,
                column: error.column,
                message: "not well-formed XML: \(error.message)"
            )
        }
        if let failure = builder.failure { throw failure }
        return try builder.document()
    }
}
