import Foundation
import TemperTestSupport

/// The shared real-world corpus at `<package root>/../shared/corpus/ahap`, when it is there.
enum Corpus {
    static let folder: String = PackagePaths.ahapCorpus.path

    static var isPresent: Bool {
        FileManager.default.fileExists(atPath: folder + "/VALIDATION.tsv")
    }

    /// Every `.ahap` file, relative to ``folder``, sorted.
    static var files: [String] {
        guard isPresent else { return [] }
        let all = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return all.filter { $0.hasSuffix(".ahap") }.sorted()
    }

    /// VALIDATION.tsv as one dictionary per file, keyed by column name.
    static var validation: [String: [String: String]] {
        guard let text = try? String(contentsOfFile: folder + "/VALIDATION.tsv", encoding: .utf8) else { return [:] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [:] }
        var rows: [String: [String: String]] = [:]
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            var row: [String: String] = [:]
            for (index, name) in header.enumerated() where index < fields.count { row[name] = fields[index] }
            if let file = row["file"] { rows[file] = row }
        }
        return rows
    }
}
