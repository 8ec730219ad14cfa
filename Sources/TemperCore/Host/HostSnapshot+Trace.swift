public import FoundationEssentials

extension HostSnapshot {
    /// The encoder for traces (`temper record`): one compact JSON object per line, keys sorted.
    public static func traceEncoder() -> JSONEncoder {
        TemperJSON.encoder(.line)
    }

    /// The decoder that reads what ``traceEncoder()`` wrote, and the traces of format versions 1 and 2.
    public static func traceDecoder() -> JSONDecoder {
        TemperJSON.decoder()
    }
}
