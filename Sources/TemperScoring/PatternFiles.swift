import FoundationEssentials
import TemperPatterns

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
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory else {
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
        guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: folder) else { return [] }
        // Show files under the folder as the user named it (`Examples/patterns/tap.ahap`).
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var files: [String] = []
        for path in paths {
            guard let format = PatternFormat.byExtension(path), PatternScorer.folderFormats.contains(format) else { continue }
            guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: prefix + path, isDirectory: &isDirectory), !isDirectory else { continue }
            files.append(prefix + path)
        }
        return files.sorted()
    }
}
