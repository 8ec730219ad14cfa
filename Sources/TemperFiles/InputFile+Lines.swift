import Glibc
import TemperAHAP
package import TemperCore

extension InputFile {
    /// How much of a file a streamed read holds at once.
    static let chunkBytes = 1 << 20

    /// Calls `body` with each line of `path` and its number from 1 (the newline left out; the last line also
    /// when the file does not end with one), reading a chunk at a time: memory holds a chunk and a line, never
    /// the file, so a long trace or measurements file costs what its reader keeps. The same checks as
    /// ``bytes(_:kind:)`` come first: a regular file within its kind's limit.
    package static func forEachLine(
        _ path: String,
        kind: InputKind,
        _ body: (_ line: ArraySlice<UInt8>, _ number: Int) throws(TemperError) -> Void
    ) throws(TemperError) {
        func failure(_ error: AHAPFile.Failure) -> TemperError {
            TemperError(code: .unreadableFile, message: "cannot read \(kind.noun): \(reason(error, path: path))", file: path)
        }
        let file: AHAPFile
        do {
            file = try AHAPFile(path: path)
        } catch {
            throw failure(error)
        }
        guard file.size <= kind.maxBytes else { throw failure(.tooLarge(size: file.size, limit: kind.maxBytes)) }
        var pending: [UInt8] = []
        var number = 0
        var offset = 0
        while offset < file.size {
            let chunk: [UInt8]
            do {
                chunk = try file.read(at: offset, count: chunkBytes)
            } catch {
                throw failure(error)
            }
            if chunk.isEmpty { break }
            offset += chunk.count
            var start = chunk.startIndex
            while let newline = chunk.withUnsafeBytes({ newlineIndex(in: $0, from: start) }) {
                number += 1
                if pending.isEmpty {
                    try body(chunk[start..<newline], number)
                } else {
                    pending += chunk[start..<newline]
                    try body(pending[...], number)
                    pending.removeAll(keepingCapacity: true)
                }
                start = newline + 1
            }
            pending += chunk[start...]
        }
        // The last line, after the final newline: empty when the file ends with one, as a whole read splits it.
        try body(pending[...], number + 1)
    }

    /// Calls `body` with each line of `path` as UTF-8 text, read as ``forEachLine(_:kind:_:)`` reads it (a
    /// leading byte-order mark dropped, a carriage return before the newline kept for the reader to drop).
    package static func forEachTextLine(
        _ path: String,
        kind: InputKind,
        _ body: (_ line: Substring, _ number: Int) throws(TemperError) -> Void
    ) throws(TemperError) {
        try forEachLine(path, kind: kind) { (bytes, number) throws(TemperError) in
            var bytes = bytes
            if number == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw TemperError(
                    code: .unreadableFile,
                    message: "cannot read \(kind.noun): line \(number) is not UTF-8 text (a binary file?)",
                    file: path
                )
            }
            try body(text[...], number)
        }
    }

    /// The offset of the first newline in `bytes` from `start` (`memchr`: a search element by element is several
    /// times slower over a trace of megabytes).
    package static func newlineIndex(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
        return found.map { base.distance(to: UnsafeRawPointer($0)) }
    }
}
