import Foundation
import TemperTestSupport
import Testing

/// The core does no I/O (issue 20: `FileErrorText` looked at the file system, and the pattern loaders that read
/// files lived in TemperCore). Files are read in TemperFiles and handed to the core through its seams.
@Suite struct PureCoreTests {
    /// What opening, reading or looking at a file takes in Swift or C.
    static let fileAccess = [
        "FileManager", "load(contentsOf", "Data(contentsOf", "String(contentsOf", "contentsOfFile", "FileHandle", "fopen(", "stat(",
        "opendir(", "readdir(",
    ]

    @Test func noSourceInTheCoreTouchesAFile() throws {
        let folder = PackagePaths.root.appendingPathComponent("Sources/TemperCore")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            // Comments may name what the core leaves to others.
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(
                separator: "\n"
            )
            for call in Self.fileAccess {
                #expect(!code.contains(call), "\(file) uses \(call)")
            }
        }
    }
}
