public import Foundation

/// Where the tests find the package and the shared corpus, from this file's place in the package.
public enum PackagePaths: Sendable {
    /// The package root (this file is `<root>/Tests/TemperTestSupport/PackagePaths.swift`).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shared corpora of real published pattern files, `<root>/../shared/corpus` (one folder per format); read
    /// from there, never copied in. Tests skip cleanly when a folder is absent.
    public static let corpus: URL = root.appendingPathComponent("../shared/corpus").standardizedFileURL

    /// The real AHAP files, `<root>/../shared/corpus/ahap`. Tests skip cleanly when ``hasAHAPCorpus`` is false.
    public static let ahapCorpus: URL = corpus.appendingPathComponent("ahap")

    /// Whether the shared corpus is there.
    public static var hasAHAPCorpus: Bool { FileManager.default.fileExists(atPath: ahapCorpus.path) }
}
