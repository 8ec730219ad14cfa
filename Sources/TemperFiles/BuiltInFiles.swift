public import FoundationEssentials

/// The files compiled into Temper, by their path in the project: the policies (`Policies/*.yaml`), the device
/// profiles (`Policies/devices/*.yaml`), the example patterns (`Examples/patterns/`) and the scenarios
/// (`Examples/scenarios/`, the default `heat-soak.yaml` among them).
///
/// They are generated Swift source (`scripts/generate-builtins.py`), not bundle resources, so a binary copied out
/// of the build folder or installed anywhere has them without looking anything up on disk.
public enum BuiltInFiles: Sendable {
    /// One file's bytes as the generator wrote them.
    enum Content: Sendable {
        case text(String)
        case base64(String)
    }

    /// The project folders the generator copies from; `Examples/scenarios` with its subfolders.
    public static let includedFolders = ["Policies", "Policies/devices", "Examples/patterns", "Examples/scenarios"]

    /// Every built-in file's project path, sorted.
    public static var paths: [String] { contents.keys.sorted() }

    /// A built-in file's bytes; `nil` when there is no such file.
    public static func data(at path: String) -> Data? {
        switch contents[path] {
        case .text(let text): Data(text.utf8)
        case .base64(let encoded): Data(base64Encoded: encoded)
        case nil: nil
        }
    }

    /// The built-in text files under `folder` (a project path such as `Policies`), keyed by project path.
    public static func texts(under folder: String) -> [String: String] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var texts: [String: String] = [:]
        for (path, content) in contents where path.hasPrefix(prefix) {
            if case .text(let text) = content { texts[path] = text }
        }
        return texts
    }
}
