public import FoundationEssentials
import TemperCore

/// The built-in example patterns and scenarios as real files, for the defaults of `temper score` and
/// `temper simulate`: their readers resolve files beside each other (a scenario's `../patterns/…`, a pattern's
/// WAV), so the examples are unpacked into a private temporary folder for the length of one call.
public enum BuiltInExamples: Sendable {
    /// Unpacks every built-in `Examples/…` file under a new temporary folder, calls `body` with that folder (it
    /// holds `Examples/patterns/…`), and removes the folder afterwards, whatever `body` does.
    ///
    /// - Throws: `unreadableFile` when the temporary folder cannot be written, or what `body` throws.
    public static func withUnpacked<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
        let root = try unpack()
        defer { try? FileManager.default.removeItem(at: root) }
        return try await body(root)
    }

    private static func unpack() throws(TemperError) -> URL {
        let fileManager = FileManager.default
        let root = fileManager.temporaryDirectory.appendingPathComponent("temper-examples-\(UUID().uuidString)", isDirectory: true)
        do {
            // Private to this user: nobody else should swap a file in between unpacking and reading.
            try fileManager.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            for path in BuiltInFiles.paths where path.hasPrefix("Examples/") {
                guard let data = BuiltInFiles.data(at: path) else { continue }
                let url = root.appendingPathComponent(path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
        } catch {
            try? fileManager.removeItem(at: root)
            throw TemperError(
                code: .unreadableFile,
                message: "cannot unpack the built-in examples (set TMPDIR to a writable folder): "
                    + FileErrorText.describe(error, path: root.path),
                file: root.path
            )
        }
        return root
    }
}
