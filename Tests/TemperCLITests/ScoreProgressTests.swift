import Foundation
import TemperTestSupport
import Testing

/// `temper score`'s progress bar: drawn on stderr only when stderr is a terminal and the set is large.
/// A terminal comes from ``TemperRunner/runOnATerminal(_:environment:)``; without one the terminal tests skip.
@Suite struct ScoreProgressTests {
    static var hasScript: Bool { TemperRunner.hasTerminal }
    static let tap = #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#

    /// A folder of `count` copies of a tap, removed after `body`.
    func withPatterns(_ count: Int, _ body: (URL) throws -> Void) throws {
        let folder = TemporaryFolder.uniquePath(prefix: "temper-progress")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<count {
            try Self.tap.write(to: folder.appendingPathComponent("tap-\(index).ahap"), atomically: true, encoding: .utf8)
        }
        try body(folder)
    }

    @Test(.enabled(if: hasScript)) func aLargeSetShowsAProgressBarOnATerminal() throws {
        try withPatterns(25) { folder in
            let result = try TemperRunner.runOnATerminal(["score", folder.path, "--format", "json"])
            #expect(result.status == 0, "\(result.stdout)")
            #expect(result.stdout.contains("\r\u{1B}[K[------------------------------] 0/25 "), "\(result.stdout)")
            #expect(result.stdout.contains("] 24/25 "))
            #expect(result.stdout.contains("tap-"))
            // The bar erases itself before the output.
            #expect(result.stdout.contains("\r\u{1B}[K{"))
        }
    }

    @Test(.enabled(if: hasScript)) func noProgressBarForASmallSet() throws {
        try withPatterns(5) { folder in
            let result = try TemperRunner.runOnATerminal(["score", folder.path, "--format", "json"])
            #expect(result.status == 0)
            #expect(!result.stdout.contains("/5 "), "\(result.stdout)")
        }
    }

    @Test func noProgressBarWhenStderrIsNotATerminal() throws {
        try withPatterns(25) { folder in
            let piped = try TemperRunner.run(["score", folder.path])
            #expect(piped.status == 0)
            #expect(piped.stderr.isEmpty)
        }
    }
}
