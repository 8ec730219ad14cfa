/// The facts a WAV file's RIFF header gives: enough to know how long the sound plays.
///
/// The header is read chunk by chunk, skipping chunks other than `fmt ` and `data`, and never trusted
/// blindly: chunk sizes are checked against the real file size, so a header that claims 100 MB of audio in a
/// 1 KB file yields the length of the audio actually present, and a chain of bogus chunks stops after
/// ``maxChunks``.
struct WAVHeader: Sendable, Hashable {
    var channels: Int
    var sampleRate: Int
    var bitsPerSample: Int
    var bytesPerSecond: Int
    /// Audio bytes actually present in the file (the `data` chunk, cut at the end of the file).
    var dataBytes: Int
    /// Whether the `data` chunk claimed more bytes than the file holds.
    var truncated: Bool

    static let maxChunks = 256

    enum Failure: Error, Equatable {
        case notWAV
        case broken(String)
    }

    var durationSeconds: Double { Double(dataBytes) / Double(bytesPerSecond) }

    static func read(_ file: AHAPFile) throws(Failure) -> WAVHeader {
        func bytes(at offset: Int, count: Int) throws(Failure) -> [UInt8] {
            do { return try file.read(at: offset, count: count) } catch { throw .broken("unreadable") }
        }
        let riff = try bytes(at: 0, count: 12)
        guard riff.count == 12, riff[0..<4].elementsEqual("RIFF".utf8), riff[8..<12].elementsEqual("WAVE".utf8) else {
            throw .notWAV
        }
        var format: (channels: Int, rate: Int, bits: Int, byteRate: Int, blockAlign: Int)?
        var data: (bytes: Int, truncated: Bool)?
        var offset = 12
        var chunks = 0
        while offset + 8 <= file.size, chunks < maxChunks, format == nil || data == nil {
            chunks += 1
            let header = try bytes(at: offset, count: 8)
            guard header.count == 8 else { break }
            let size = Int(littleEndian(header, 4, 4))
            let body = offset + 8
            let available = max(0, file.size - body)
            if header[0..<4].elementsEqual("fmt ".utf8) {
                guard size >= 16, available >= 16 else { throw .broken("fmt chunk too short") }
                let fields = try bytes(at: body, count: 16)
                format = (
                    Int(littleEndian(fields, 2, 2)), Int(littleEndian(fields, 4, 4)), Int(littleEndian(fields, 14, 2)),
                    Int(littleEndian(fields, 8, 4)), Int(littleEndian(fields, 12, 2))
                )
            } else if header[0..<4].elementsEqual("data".utf8) {
                data = (min(size, available), size > available)
            }
            // Chunks are padded to an even size. A size past the end simply ends the walk.
            offset = body + size + (size & 1)
        }
        guard let format else { throw .broken("no fmt chunk") }
        guard let data else { throw .broken("no data chunk") }
        var bytesPerSecond = format.byteRate
        if bytesPerSecond <= 0 {
            bytesPerSecond = format.rate * (format.blockAlign > 0 ? format.blockAlign : format.channels * format.bits / 8)
        }
        guard bytesPerSecond > 0 else { throw .broken("no usable sample rate or frame size") }
        return WAVHeader(
            channels: format.channels,
            sampleRate: format.rate,
            bitsPerSample: format.bits,
            bytesPerSecond: bytesPerSecond,
            dataBytes: data.bytes,
            truncated: data.truncated
        )
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt32 {
        (0..<count).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }
}
