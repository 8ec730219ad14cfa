import Glibc
import TemperCore
import TemperFiles

/// A file descriptor the command line writes to: standard output or error, or a file it opened and owns.
///
/// What Foundation's `FileHandle` did for Temper, on `write(2)` alone, so the binary does not link Foundation.
final class OutputStream: Sendable {
    static let standardOutput = OutputStream(borrowing: STDOUT_FILENO)
    static let standardError = OutputStream(borrowing: STDERR_FILENO)

    let descriptor: Int32
    private let owned: Bool

    private init(borrowing descriptor: Int32) {
        self.descriptor = descriptor
        self.owned = false
    }

    /// Takes a descriptor this stream closes when it goes.
    init(owning descriptor: Int32) {
        self.descriptor = descriptor
        self.owned = true
    }

    deinit {
        if owned { close(descriptor) }
    }

    /// Writes every byte (`write(2)` until done; an interrupted call is retried).
    /// - Throws: the `errno` of a write that failed.
    func write(_ bytes: some Collection<UInt8>) throws(OutputStreamError) {
        let array = Array(bytes)
        var written = 0
        while written < array.count {
            let result = array.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw OutputStreamError(errno: errno)
            }
            written += result
        }
    }

    /// Writes text; a failure (a closed pipe, a full disk) is dropped, as for `print`.
    func print(_ text: String) {
        print(text.utf8)
    }

    /// Writes bytes; a failure is dropped, as for `print`.
    func print(_ bytes: some Collection<UInt8>) {
        try? write(bytes)
    }

    /// Where the next write goes: the bytes written so far to a file this stream opened (`lseek(2)`).
    func offset() throws(OutputStreamError) -> Int {
        let position = lseek(descriptor, 0, SEEK_CUR)
        guard position >= 0 else { throw OutputStreamError(errno: errno) }
        return Int(position)
    }

    /// Waits until the file's bytes are on the disk (`fsync(2)`).
    func synchronize() throws(OutputStreamError) {
        guard fsync(descriptor) == 0 else { throw OutputStreamError(errno: errno) }
    }
}

/// A failed write, with the system's code.
struct OutputStreamError: Error {
    var errno: Int32
}

/// Standard input, read to its end.
enum StandardInput {
    /// Every byte until end of file, or `nil` as soon as there are more than `limit`: `/dev/zero` is refused
    /// after `limit` bytes, not read until memory runs out.
    static func readAll(limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return bytes }
            guard bytes.count + count <= limit else { return nil }
            bytes += chunk.prefix(count)
        }
    }

    /// Every byte of standard input read as an input of `kind` (`-` for a file name), at most its kind's limit,
    /// with the error a file past the limit gets: `<stdin>: cannot read the pattern: more than the limit of …`.
    static func bytes(as kind: InputKind) throws(TemperError) -> [UInt8] {
        guard let bytes = readAll(limit: kind.maxBytes) else {
            throw TemperError(
                code: .unreadableFile,
                message: "cannot read \(kind.noun): more than the limit of \(kind.maxBytes) bytes",
                file: "<stdin>"
            )
        }
        return bytes
    }
}
