import Foundation
import TemperCore
import TemperTestSupport
import Testing

@testable import TemperFiles

/// Traces are read a chunk at a time (issue 34: a 10^6-line trace was read whole, and `temper report` held
/// 1.3 GB); the lines must be those a whole read cuts, wherever a chunk ends.
@Suite struct InputFileLinesTests {
    static func lines(of path: String, kind: InputKind = .trace) throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var numbers: [Int] = []
        try InputFile.forEachLine(path, kind: kind) { line, number in
            lines.append(Array(line))
            numbers.append(number)
        }
        #expect(numbers == Array(1...lines.count))
        return lines
    }

    @Test(arguments: ["", "\n", "a", "a\n", "a\nb", "a\n\nb\n", "\n\na\n\n", "a\r\nb\r\n"])
    func linesAreCutAsSplitCutsThem(text: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("t.jsonl", text)
        let expected = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) }
        #expect(try Self.lines(of: path) == expected)
    }

    /// Lines of every length from 1 to 3,000 bytes, 5 MiB in all: many end, and one is longer than, a chunk.
    @Test func linesAcrossChunksAreWhole() throws {
        var text: [UInt8] = []
        var length = 1
        while text.count < 5 << 20 {
            text += [UInt8](repeating: UInt8(ascii: "a") + UInt8(length % 26), count: length) + [UInt8(ascii: "\n")]
            length = length % 3_000 + 1
        }
        text += [UInt8](repeating: UInt8(ascii: "z"), count: InputFile.chunkBytes + 17)
        let folder = try TemporaryFolder()
        let path = try folder.write("long.jsonl", text)
        let expected = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) }
        #expect(try Self.lines(of: path) == expected)
    }

    /// The same checks as a whole read, before any line: a file past its kind's limit and a folder.
    @Test func aFilePastItsLimitOrAFolderIsRefusedFirst() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("big.csv", "a\n")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(InputKind.measurements.maxBytes + 1))
        try handle.close()
        var called = false
        #expect {
            try InputFile.forEachLine(path, kind: .measurements) { _, _ in called = true }
        } throws: { error in
            (error as? TemperError)?.message == "cannot read the measurements: 16777217 bytes, more than the limit of 16777216 bytes"
        }
        #expect {
            try InputFile.forEachLine(folder.path, kind: .trace) { _, _ in called = true }
        } throws: { error in
            (error as? TemperError)?.message == "cannot read the trace: it is a folder, not a file"
        }
        #expect(!called)
    }
}
