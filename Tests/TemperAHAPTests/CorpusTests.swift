import Testing
@testable import TemperAHAP

@Suite("Corpus", .enabled(if: Corpus.isPresent, "the shared AHAP corpus is not beside the package"))
struct CorpusTests {
    @Test func everyFileIsReadOrRejectedWithAnError() throws {
        let files = Corpus.files
        #expect(files.count == 85)
        var read = 0
        var rejected: [String] = []
        for file in files {
            do {
                let document = try AHAPReader.load(contentsOf: Corpus.folder + "/" + file)
                read += 1
                print("OK \(file) events=\(document.pattern.events.count) diagnostics=\(document.diagnostics.count)")
                for diagnostic in document.diagnostics.prefix(4) { print("   \(diagnostic.code) \(diagnostic.line ?? 0):\(diagnostic.column ?? 0) \(diagnostic)") }
            } catch {
                rejected.append("\(error)")
            }
        }
        print("read \(read), rejected \(rejected.count)")
        for reason in rejected { print("  \(reason)") }
    }
}
