import TemperTestSupport

/// The AHAP part of the shared corpus (`ahap/`): its files and its validation table.
enum Corpus {
    static let folder = SharedCorpus.root + "/ahap"

    /// Every `.ahap` file, relative to ``folder``, sorted.
    static var files: [String] { SharedCorpus.files("ahap", suffixes: [".ahap"]) }

    /// VALIDATION.tsv as one row per file, keyed by column name.
    static var validation: [String: [String: String]] {
        let rows = SharedCorpus.table("ahap", "VALIDATION.tsv").compactMap { row in row["file"].map { ($0, row) } }
        return Dictionary(rows, uniquingKeysWith: { _, last in last })
    }
}
