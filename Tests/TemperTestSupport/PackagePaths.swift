public import Foundation
public import Testing

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

extension PackagePaths {
    /// Whether `../shared/corpus` is beside the package: a clone without it skips the tests that read it.
    public static var hasCorpus: Bool { FileManager.default.fileExists(atPath: corpus.path) }

    /// Whether `relative` (a folder or file under the shared corpus, e.g. `haptic/PAIRS.tsv`) is there.
    public static func hasCorpus(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: corpus.appendingPathComponent(relative).path)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only where the shared corpus of real pattern files is beside the package; elsewhere it is
    /// skipped with this reason, never failed.
    public static var needsSharedCorpus: Self {
        .enabled(if: PackagePaths.hasCorpus, "the shared corpus (../shared/corpus) is not beside the package")
    }

    /// Runs a test only where `relative` (a folder or file of the shared corpus, e.g. `haptic/PAIRS.tsv`) is there;
    /// elsewhere it is skipped with the reason: no corpus at all, or a corpus without that part.
    public static func needsSharedCorpus(_ relative: String) -> Self {
        guard PackagePaths.hasCorpus else { return needsSharedCorpus }
        return .enabled(if: PackagePaths.hasCorpus(relative), "the shared corpus has no \(relative)")
    }
}
