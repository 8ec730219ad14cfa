import Glibc

/// One integer sysfs attribute kept open between reads and read with `pread` from its start, where sysfs
/// produces the value afresh on every read: a sweep costs one system call a value instead of the open, `fstat`,
/// read and close of reading it by name.
///
/// A file replaced under its path (umockdev's testbed and tools that write files atomically rename a new one over
/// it; a driver that updates its attribute group removes and re-creates them) leaves the descriptor on the old
/// inode, which reads the old value or fails: ``reopenIfReplaced()`` finds that out, and a failed read opens the
/// path again once. Not thread-safe; its owner serialises reads.
final class SysfsAttributeFile {
    let path: String
    private var descriptor: Int32

    /// Opens `path` for reading; `nil` when it cannot be opened.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The attribute as a decimal integer (optional sign, then digits, then only white space); `nil` when it
    /// cannot be read or holds anything else, so the caller can fall back to a reader that explains why.
    func readInteger() -> Int64? {
        switch readOpenFile() {
        case .value(let value): return value
        case .notAnInteger: return nil
        case .unreadable:
            reopen()
            guard case .value(let value) = readOpenFile() else { return nil }
            return value
        }
    }

    /// Opens the path again when the open file is no longer the one there (its last link is gone).
    func reopenIfReplaced() {
        var status = stat()
        if descriptor < 0 || fstat(descriptor, &status) != 0 || status.st_nlink == 0 { reopen() }
    }

    private func reopen() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
    }

    private enum Read {
        case value(Int64)
        case notAnInteger
        case unreadable
    }

    private func readOpenFile() -> Read {
        guard descriptor >= 0 else { return .unreadable }
        // An integer attribute is at most 20 characters and a newline; a longer one is not an integer.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            let count = pread(descriptor, buffer.baseAddress, buffer.count, 0)
            guard count >= 0 else { return .unreadable }
            guard count > 0, count < buffer.count, let value = Self.integer(in: UnsafeBufferPointer(rebasing: buffer[..<count]))
            else { return .notAnInteger }
            return .value(value)
        }
    }

    static func integer(in bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index += 1 }
        var magnitude: Int64 = 0
        var digits = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            // 18 digits always fit in an Int64; anything longer is not a sensor value.
            guard digits < 18 else { return nil }
            magnitude = magnitude * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        guard digits > 0 else { return nil }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: " ") else { return nil }
            index += 1
        }
        return negative ? -magnitude : magnitude
    }
}
