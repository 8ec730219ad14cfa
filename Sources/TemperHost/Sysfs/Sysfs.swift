import Glibc

/// Plain POSIX reads of sysfs. Deliberately libc calls (`opendir`, `open`, `read`) so umockdev's preload,
/// which redirects `/sys` into its testbed, sees every access.
enum Sysfs {
    /// The entry names of a directory, sorted; empty when it cannot be opened.
    static func entries(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// A small attribute file's text without its trailing newline, or the errno that stopped the read.
    static func read(_ path: String) -> Result<String, SysfsError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SysfsError(path: path, errno: errno)) }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { return .failure(SysfsError(path: path, errno: errno)) }
        var text = String(decoding: buffer.prefix(count), as: UTF8.self)
        while text.last == "\n" || text.last == " " { text.removeLast() }
        return .success(text)
    }

    /// An integer attribute (µJ, µW, µA, µV); a failure when missing, empty or not a number.
    static func readInteger(_ path: String) -> Result<Int64, SysfsError> {
        read(path).flatMap { text in
            guard let value = Int64(text) else { return .failure(SysfsError(path: path, message: "not a number: \"\(text)\"")) }
            return .success(value)
        }
    }

    /// A millidegree attribute as °C; a failure when missing, empty or not a number.
    static func readMillidegrees(_ path: String) -> Result<Double, SysfsError> {
        read(path).flatMap { text in
            guard let value = Int(text) else { return .failure(SysfsError(path: path, message: "not a number: \"\(text)\"")) }
            return .success(Double(value) / 1000)
        }
    }
}

/// Why a sysfs attribute could not be read.
struct SysfsError: Error, Sendable, Hashable, CustomStringConvertible {
    var path: String
    /// The errno; `EINVAL` when the file was read but its content was unusable.
    var code: Int
    var message: String

    init(path: String, errno code: Int32) {
        self.path = path
        self.code = Int(code)
        self.message = String(cString: strerror(code))
    }

    init(path: String, message: String) {
        self.path = path
        self.code = Int(EINVAL)
        self.message = message
    }

    var description: String { "\(path): \(message)" }
}
