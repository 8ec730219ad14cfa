import Foundation

/// The pattern files a scoring run covers: files as given, and every `*.ahap`, `*.haptic` and `*.vij` under
/// folders (other formats are scored when named, since a folder's JSON or XML is rarely a pattern).
public enum PatternFiles: Sendable {
    /// Files in argument order; each folder's pattern files sorted by path, so runs are deterministic.
    /// A path that names nothing is kept, so it is scored (and reported) as unreadable. Each path is as the user
    /// named it: `Examples/patterns/tap.ahap` for the folder `Examples/patterns`.
    public static func collect(_ arguments: [String]) -> [String] {
        var inputs: [String] = []
        var seen = Set<String>()
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else {
                if seen.insert(argument).inserted { inputs.append(argument) }
                continue
            }
            for file in patternFiles(under: argument) where seen.insert(file).inserted {
                inputs.append(file)
            }
        }
        return inputs
    }

    /// Every `*.ahap`, `*.haptic` and `*.vij` file (any letter case) below `folder`, sorted; hidden folders are
    /// skipped.
    public static func patternFiles(under folder: String) -> [String] {
        let base = URL(fileURLWithPath: folder, isDirectory: true)
        guard
            let walker = FileManager.default.enumerator(
                at: base,
                includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles]
            )
        else { return [] }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let basePath = base.standardizedFileURL.path
        var files: [String] = []
        for case let url as URL in walker where PatternScorer.folderExtensions.contains(url.pathExtension.lowercased()) {
            let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
            guard isFile else { continue }
            // Show files under the folder as the user named it (`Examples/patterns/tap.ahap`).
            let full = url.standardizedFileURL.path
            let relative = full.hasPrefix(basePath + "/") ? String(full.dropFirst(basePath.count + 1)) : full
            files.append(prefix + relative)
        }
        return files.sorted()
    }
}
