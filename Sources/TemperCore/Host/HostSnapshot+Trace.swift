public import Foundation

extension HostSnapshot {
    /// The encoder for traces (`temper record`): one compact JSON object per line, dates as seconds since 1970.
    public static func traceEncoder() -> JSONEncoder {
        let encoder = TemperJSON.encoder(.line)
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    /// The decoder that reads what ``traceEncoder()`` wrote.
    public static func traceDecoder() -> JSONDecoder {
        let decoder = TemperJSON.decoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
