/// A PCM WAV file: `frames` frames of silence, optionally with extra chunks before `data` and a `data` size
/// that lies.
func wavBytes(
    sampleRate: Int = 8000,
    channels: Int = 1,
    bitsPerSample: Int = 16,
    frames: Int,
    extraChunk: Bool = false,
    claimedDataBytes: Int? = nil
) -> [UInt8] {
    func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    let blockAlign = channels * bitsPerSample / 8
    let dataBytes = frames * blockAlign
    var body: [UInt8] = Array("WAVE".utf8)
    body +=
        Array("fmt ".utf8) + le32(16) + le16(1) + le16(channels) + le32(sampleRate)
        + le32(sampleRate * blockAlign) + le16(blockAlign) + le16(bitsPerSample)
    if extraChunk {
        // An odd-sized chunk, to check the pad byte is skipped.
        body += Array("LIST".utf8) + le32(5) + Array("INFOx".utf8) + [0]
    }
    body += Array("data".utf8) + le32(claimedDataBytes ?? dataBytes) + [UInt8](repeating: 0, count: dataBytes)
    return Array("RIFF".utf8) + le32(body.count) + body
}
