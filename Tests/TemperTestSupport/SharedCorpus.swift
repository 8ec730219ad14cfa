public import Foundation

/// The shared real-world corpora at `<package root>/../shared/corpus/<folder>`, when they are there; the tests that
/// read them are skipped elsewhere (``Testing/Trait/needsSharedCorpus(_:)``).
public enum SharedCorpus {
    public static let root: String = PackagePaths.corpus.path

    public static func path(_ folder: String, _ file: String) -> String { root + "/" + folder + "/" + file }

    public static func bytes(_ folder: String, _ file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(folder, file))))
    }

    /// Files under `folder` whose names end with one of `suffixes`, relative to it, sorted.
    public static func files(_ folder: String, suffixes: [String]) -> [String] {
        let all = (try? FileManager.default.subpathsOfDirectory(atPath: root + "/" + folder)) ?? []
        return all.filter { name in suffixes.contains { name.hasSuffix($0) } }.sorted()
    }

    /// A TSV file as one dictionary per row, keyed by column name.
    public static func table(_ folder: String, _ file: String) -> [[String: String]] {
        guard let text = try? String(contentsOfFile: path(folder, file), encoding: .utf8) else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
        return lines.dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            var row: [String: String] = [:]
            for (index, name) in header.enumerated() where index < fields.count { row[name] = fields[index] }
            return row
        }
    }

    /// SOURCES.tsv's `role` for each file of `folder`.
    public static func roles(_ folder: String) -> [String: String] {
        var roles: [String: String] = [:]
        for row in table(folder, "SOURCES.tsv") { if let file = row["file"] { roles[file] = row["role"] } }
        return roles
    }
}
