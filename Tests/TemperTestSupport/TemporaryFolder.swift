public import Foundation

/// A fresh folder under the system's temporary directory, removed when the value goes away.
public final class TemporaryFolder: Sendable {
    public let path: String

    public init(prefix: String = "temper-test") throws {
        path = Self.uniquePath(prefix: prefix).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A path under the temporary directory that nothing uses yet, for a tool to create (a report folder).
    public static func uniquePath(prefix: String = "temper-test") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }

    /// Writes `bytes` to `name` inside the folder (making subfolders) and returns the file's path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }
}
