import Foundation
import TemperTestSupport
import Testing

/// The man pages (issue 38, item 3): one per command plus temper(1) as the index, UTF-8 kept (generate-manual
/// dropped every non-ASCII character: `--ambient 24±0.5` read `240.5`), the real exit status, checked in under
/// packaging/man/ and equal to what scripts/generate-man.py makes from the parser.
@Suite struct ManPageTests {
    static let folder = PackagePaths.root.appendingPathComponent("packaging/man")
    static let python = URL(fileURLWithPath: "/usr/bin/python3")
    static let man = URL(fileURLWithPath: "/usr/bin/man")

    static func pages(in folder: URL) throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".1") }
        return try Dictionary(
            uniqueKeysWithValues: names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
        )
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: python.path), "needs python3"))
    func theCheckedInPagesAreWhatTheGeneratorMakes() throws {
        let scratch = try TemporaryFolder(prefix: "temper-man")
        let result = try TemperRunner.run(
            [PackagePaths.root.appendingPathComponent("scripts/generate-man.py").path, TemperRunner.executable.path, scratch.path],
            executable: Self.python
        )
        #expect(result.status == 0, "\(result.stderr)")
        let generated = try Self.pages(in: URL(fileURLWithPath: scratch.path))
        let checkedIn = try Self.pages(in: Self.folder)
        #expect(
            generated.keys.sorted() == checkedIn.keys.sorted(),
            "run: python3 scripts/generate-man.py .build/debug/temper packaging/man"
        )
        for (name, text) in generated {
            #expect(checkedIn[name] == text, "\(name) differs: run python3 scripts/generate-man.py .build/debug/temper packaging/man")
        }
    }

    @Test func everyCommandHasItsPageAndTheIndexNamesThem() throws {
        let pages = try Self.pages(in: Self.folder)
        for page in [
            "temper", "temper-score", "temper-simulate", "temper-policy", "temper-policy-check", "temper-calibrate-thermal",
            "temper-profile-import", "temper-compare", "temper-serve",
        ] {
            #expect(pages["\(page).1"] != nil, "no \(page).1")
        }
        let index = try #require(pages["temper.1"])
        #expect(index.contains(".BR temper-score (1)") && index.contains(".BR temper-compare (1)"))
    }

    /// What `man -l` shows a reader, as plain text 80 columns wide.
    static func read(_ page: String) throws -> String {
        let result = try TemperRunner.run(
            ["-l", Self.folder.appendingPathComponent(page).path],
            environment: [
                "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "MAN_KEEP_FORMATTING": "",
            ],
            executable: Self.man
        )
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: man.path), "needs man (Debian's man-db)"))
    func manShowsTheTextWithItsSymbolsAndTheExitStatus() throws {
        let thermal = try Self.read("temper-calibrate-thermal.1")
        #expect(thermal.contains("24±0.5"), "\(thermal)")
        #expect(thermal.contains("(°C)"), "\(thermal)")
        #expect(thermal.contains("--ambient <ambient>"), "\(thermal)")
        #expect(thermal.contains("EXIT STATUS"))
        let status = thermal.components(separatedBy: "EXIT STATUS").last ?? ""
        for code in ["0", "1", "2"] {
            #expect(status.contains("       \(code)\n") || status.contains("       \(code)  "), "exit status \(code): \(status)")
        }
        #expect(!status.contains(">0"))
        let calibrate = try Self.read("temper-calibrate.1")
        #expect(calibrate.contains("χ²"), "\(calibrate)")
        let index = try Self.read("temper.1")
        #expect(index.contains("temper-score(1)"), "\(index)")
    }
}
