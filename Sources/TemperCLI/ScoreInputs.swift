import Foundation

/// The pattern files a `temper score` run covers: files as given, and every `*.ahap`, `*.haptic` and `*.vij`
/// under folders.
struct ScoreInputs {
    /// A file to score, or a path that does not exist (scored as an error).
    struct Input: Hashable {
        /// The path as shown and reported.
        var path: String
    }

    /// Files in argument order; each folder's AHAP files sorted by path, so runs are deterministic.
    /// A path that names nothing is kept, so it is reported as unreadable.
    static func collect(_ arguments: [String]) -> [Input] {
        var inputs: [Input] = []
        var seen = Set<String>()
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else {
                if seen.insert(argument).inserted { inputs.append(Input(path: argument)) }
                continue
            }
            for file in ahapFiles(under: argument) where seen.insert(file).inserted {
                inputs.append(Input(path: file))
            }
        }
        return inputs
    }

    /// Every `*.ahap`, `*.haptic` and `*.vij` file (any letter case) below `folder`, sorted; hidden folders are
    /// skipped.
    static func ahapFiles(under folder: String) -> [String] {
        let base = URL(fileURLWithPath: folder, isDirectory: true)
        guard let walker = FileManager.default.enumerator(
            at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
        ) else { return [] }
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

    /// `path` relative to the working directory when it lies below it, for shorter display.
    static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
