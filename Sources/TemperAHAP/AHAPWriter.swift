/// Writes strict JSON that Apple's loader accepts.
public enum AHAPWriter {
    /// The pattern as pretty-printed, strict UTF-8 JSON.
    public static func write(_ pattern: AHAPPattern) -> [UInt8] { [] }
}
