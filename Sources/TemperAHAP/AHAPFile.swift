#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only file, closed when the value goes away. Thin POSIX calls, so the size check happens before a
/// single byte is read and a WAV header can be read a few bytes at a time.
package final class AHAPFile {
    private let descriptor: Int32
    /// The file's size in bytes, from `fstat`.
    package let size: Int

    package enum Failure: Error {
        case missing
        case notRegular
        case unreadable(String)
        case tooLarge(size: Int, limit: Int)
    }

    /// The whole file, refused past `limit` bytes before a byte of it is read: the one whole-file read, shared by
    /// ``AHAPReader/load(contentsOf:options:)`` and every other input (TemperFiles' `InputFile`).
    package static func contents(of path: String, limit: Int) throws(Failure) -> [UInt8] {
        let file = try AHAPFile(path: path)
        guard file.size <= limit else { throw .tooLarge(size: file.size, limit: limit) }
        return try file.read(at: 0, count: file.size)
    }

    /// Opens `path` for reading (`open(2)` and `fstat(2)`). Non-blocking, so a FIFO or device named like a
    /// pattern or waveform is refused instead of hanging the reader.
    package init(path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missing }
            throw .unreadable(String(cString: strerror(code)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(message)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .notRegular
        }
        self.descriptor = descriptor
        self.size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from `offset` (`pread(2)`); fewer at the end of the file.
    package func read(at offset: Int, count: Int) throws(Failure) -> [UInt8] {
        guard count > 0, offset < size else { return [] }
        let wanted = min(count, size - offset)
        var buffer = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let result = buffer.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + filled, wanted - filled, off_t(offset + filled))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if result == 0 { break }
            filled += result
        }
        if filled < wanted { buffer.removeLast(wanted - filled) }
        return buffer
    }

    /// The canonical absolute path with symbolic links resolved (`realpath(3)`), or `nil`.
    static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
