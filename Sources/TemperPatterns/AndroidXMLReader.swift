import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

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
        // libxml2 would expand entities declared in a DTD; Android's parser has no use for one, so none is read.
        if containsDTD(bytes) {
            throw PatternReadError(
                code: .invalidXML,
                file: file,
                message: "a DOCTYPE or ENTITY declaration is not allowed in vibration XML"
            )
        }
        let builder = AndroidXMLBuilder(file: file, options: options)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        if let failure = builder.failure { throw failure }
        guard parsed else {
            let message = parser.parserError.map { "not well-formed XML (\(($0 as NSError).code))" } ?? "not well-formed XML"
            throw PatternReadError(code: .invalidXML, file: file, line: parser.lineNumber, column: parser.columnNumber, message: message)
        }
        return try builder.document()
    }

    private static func containsDTD(_ bytes: [UInt8]) -> Bool {
        let markers: [[UInt8]] = [Array("<!DOCTYPE".utf8), Array("<!ENTITY".utf8)]
        return markers.contains { marker in
            bytes.count >= marker.count
                && (0...(bytes.count - marker.count)).contains { start in
                    bytes[start] == marker[0] && Array(bytes[start..<start + marker.count]) == marker
                }
        }
    }
}
