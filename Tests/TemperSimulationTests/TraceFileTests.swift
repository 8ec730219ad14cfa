import Foundation
import Testing
import TemperCore
import TemperSimulation
import TemperSimulationTestSupport

/// The trace's framing: a versioned header, and lines that survive an interrupted recording.
@Suite struct TraceFileTests {
    static var shippedLines: [String] {
        String(decoding: (try? Data(contentsOf: SimulationFixtures.shippedTrace)) ?? Data(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
    }

    private func read(_ text: String, lenient: Bool = false) throws(TemperError) -> TraceFile.Contents {
        try TraceFile.read(Data(text.utf8), file: "t.jsonl", lenient: lenient)
    }

    @Test func aWrittenTraceStatesItsFormatVersionFirst() throws {
        let snapshots = try TraceFile.read(contentsOf: SimulationFixtures.shippedTrace).snapshots
        let written = TraceFile.encode(snapshots)
        let firstLine = String(decoding: written.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        #expect(firstLine == #"{"format":"temper-trace","version":2}"#)
        let again = try TraceFile.read(written)
        #expect(again.formatVersion == 2)
        #expect(again.snapshots == snapshots)
        #expect(again.warnings.isEmpty)
    }

    @Test func aTraceWithoutAHeaderReadsAsVersionOne() throws {
        let contents = try TraceFile.read(contentsOf: SimulationFixtures.shippedTrace)
        #expect(contents.formatVersion == 1)
        #expect(contents.snapshots.count == Self.shippedLines.count)
        #expect(contents.warnings.isEmpty)
    }

    @Test func aNewerFormatOrAnotherFormatIsAnError() throws {
        let line = Self.shippedLines[0]
        #expect {
            try read(#"{"format":"temper-trace","version":3}"# + "\n" + line)
        } throws: { error in
            (error as? TemperError)?.description == "t.jsonl:1: trace format version 3; this build reads versions 1 to 2"
        }
        #expect {
            try read(#"{"format":"other","version":1}"# + "\n" + line)
        } throws: { error in
            (error as? TemperError)?.description == "t.jsonl:1: not a Temper trace (format 'other')"
        }
    }

    /// What `temper record` leaves when killed mid-write (SIGKILL, power loss): a last line cut short.
    @Test func aTornLastLineIsSkippedWithAWarning() throws {
        let lines = Self.shippedLines
        let torn = lines.joined(separator: "\n") + "\n" + lines[0].prefix(40)
        let contents = try read(torn)
        #expect(contents.snapshots.count == lines.count)
        #expect(contents.warnings.map(\.description) == [
            "t.jsonl:\(lines.count + 1): skipped a torn last line (not a host snapshot: not valid JSON)",
        ])
    }

    @Test func aMalformedLastLineFollowedByANewlineIsSkippedToo() throws {
        let lines = Self.shippedLines + [#"{"timestamp": "yesterday"}"#, ""]
        let contents = try read(lines.joined(separator: "\n"))
        #expect(contents.snapshots.count == lines.count - 2)
        #expect(contents.warnings.count == 1)
        #expect(contents.warnings[0].description.hasPrefix("t.jsonl:\(lines.count - 1): skipped a malformed last line"))
    }

    @Test func aMalformedMiddleLineIsAnErrorUnlessLenient() throws {
        var lines = Self.shippedLines
        lines[3] = "garbage"
        let text = lines.joined(separator: "\n")
        #expect {
            try read(text)
        } throws: { error in
            (error as? TemperError)?.description == "t.jsonl:4: not a host snapshot: not valid JSON (--lenient skips such lines)"
        }
        let lenient = try read(text, lenient: true)
        #expect(lenient.snapshots.count == lines.count - 1)
        #expect(lenient.warnings.map(\.description) == ["t.jsonl:4: skipped (not a host snapshot: not valid JSON)"])
    }

    @Test func aTraceOfOnlyAHeaderOrOnlyGarbageHasNoSnapshots() throws {
        for text in [#"{"format":"temper-trace","version":2}"#, "garbage", "\n\n"] {
            #expect(throws: TemperError.self) { try read(text) }
        }
    }
}
