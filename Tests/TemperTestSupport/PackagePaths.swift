import Foundation

/// Where the tests find the package and the shared corpus, from this file's place in the package.
public enum PackagePaths {
    /// The package root (this file is `<root>/Tests/TemperTestSupport/PackagePaths.swift`).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shared corpus of real published AHAP files, `<root>/../shared/corpus/ahap`; read from there, never
    /// copied in. Tests skip cleanly when ``hasAHAPCorpus`` is false.
    public static let ahapCorpus: URL = root.appendingPathComponent("../shared/corpus/ahap").standardizedFileURL

    /// Whether the shared corpus is there.
    public static var hasAHAPCorpus: Bool { FileManager.default.fileExists(atPath: ahapCorpus.path) }
}
