import Foundation
import TemperCore
import TemperSimulationTestSupport
import TemperTestSupport
import Testing

@testable import TemperSimulation

/// The trace's framing: a versioned header, and lines that survive an interrupted recording.
@Suite struct TraceFileTests {
    static var shippedLines: [String] {
        String(decoding: (try? Data(contentsOf: SimulationFixtures.versionOneTrace)) ?? Data(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
    }

    private func read(_ text: String, lenient: Bool = false) throws(TemperError) -> TraceFile.Contents {
        try TraceFile.read(Data(text.utf8), file: "t.jsonl", lenient: lenient)
    }

    @Test func aWrittenTraceStatesItsFormatVersionFirst() throws {
        let snapshots = try TraceFile.read(contentsOf: SimulationFixtures.shippedTrace).snapshots
        let written = TraceFile.encode(snapshots)
        let firstLine = String(decoding: written.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        #expect(firstLine == #"{"format":"temper-trace","version":3}"#)
        let again = try TraceFile.read(written)
        #expect(again.formatVersion == 3)
        #expect(again.snapshots == snapshots)
        #expect(again.warnings.isEmpty)
    }

    @Test func aTraceWithoutAHeaderReadsAsVersionOne() throws {
        let contents = try TraceFile.read(contentsOf: SimulationFixtures.versionOneTrace)
        #expect(contents.formatVersion == 1)
        #expect(contents.snapshots.count == Self.shippedLines.count)
        #expect(contents.warnings.isEmpty)
    }

    @Test("a version 2 trace (the older snapshot shape under a header) still reads, to the same snapshots")
    func aVersionTwoTraceStillReads() throws {
        let versionTwo = #"{"format":"temper-trace","version":2}"# + "\n" + Self.shippedLines.joined(separator: "\n")
        let contents = try read(versionTwo)
        #expect(contents.formatVersion == 2)
        #expect(contents.snapshots == (try TraceFile.read(contentsOf: SimulationFixtures.versionOneTrace).snapshots))
        #expect(contents.snapshots.count == Self.shippedLines.count)
    }

    @Test("a version 3 line is the status document's shape and decodes as one")
    func versionThreeLinesAreStatusDocuments() throws {
        let snapshots = try TraceFile.read(contentsOf: SimulationFixtures.shippedTrace).snapshots
        let lines = String(decoding: TraceFile.encode(snapshots), as: UTF8.self).split(separator: "\n").dropFirst()
        let line = try #require(lines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        for key in [
            "time", "timestamp", "sensors", "power", "fans", "voltages", "currents", "battery", "powerProfile", "performanceDegraded",
            "profiles",
        ] {
            #expect(object[key] != nil, "\(key)")
        }
        #expect(object["temperatures"] == nil && object["powerReadings"] == nil, "the older shape is read, never written")
        let document = try TemperJSON.decoder().decode(HostStatusDocument.self, from: Data(line.utf8))
        #expect(document.snapshot == snapshots[0])
        #expect(document.condition == nil, "a trace written without a classifier has no condition")
    }

    @Test("the recorded example trace is version 3, with fans, voltages and the recorder's condition on each line")
    func theRecordedExampleReads() throws {
        let url = PackagePaths.root.appendingPathComponent("Examples/traces/desktop-fans.jsonl")
        let contents = try TraceFile.read(contentsOf: url)
        #expect(contents.formatVersion == 3)
        #expect(contents.snapshots.allSatisfy { $0.measurements.contains { $0.kind == .fan && $0.value == 1200 } })
        #expect(contents.snapshots.allSatisfy { $0.measurements.contains { $0.kind == .voltage && $0.label == "Vcore" } })
        let lines = String(decoding: try Data(contentsOf: url), as: UTF8.self).split(separator: "\n").dropFirst()
        for line in lines {
            let document = try TemperJSON.decoder().decode(HostStatusDocument.self, from: Data(line.utf8))
            #expect(document.condition?.tier == .fair)
            #expect(document.assessments.map(\.tier) == [.nominal, .fair])
        }
    }

    @Test func aNewerFormatOrAnotherFormatIsAnError() throws {
        let line = Self.shippedLines[0]
        #expect {
            try read(#"{"format":"temper-trace","version":4}"# + "\n" + line)
        } throws: { error in
            (error as? TemperError)?.description == "t.jsonl:1: trace format version 4; this build reads versions 1 to 3"
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
        #expect(
            contents.warnings.map(\.description) == [
                "t.jsonl:\(lines.count + 1): skipped a torn last line (not a host snapshot: not valid JSON)"
            ]
        )
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

    /// A trace whose clock steps back (two recordings pasted together, an edited file) was replayed as if time
    /// ran on, and reported a span shorter than its tiers' durations.
    @Test func aLineWhoseTimeGoesBackwardsIsAnErrorUnlessLenient() throws {
        let snapshots = try read(Self.shippedLines.joined(separator: "\n")).snapshots
        var reordered = Array(snapshots.prefix(4))
        reordered[2].time = reordered[0].time - 1
        let text = String(decoding: TraceFile.encode(reordered), as: UTF8.self)
        let expected = "time goes backwards: \(reordered[2].time) s after \(reordered[1].time) s"
        #expect {
            try read(text)
        } throws: { error in
            (error as? TemperError)?.description == "t.jsonl:4: \(expected) (--lenient skips such lines)"
        }
        let lenient = try read(text, lenient: true)
        #expect(lenient.snapshots.map(\.time) == [reordered[0].time, reordered[1].time, reordered[3].time])
        #expect(lenient.warnings.map(\.description) == ["t.jsonl:4: skipped (\(expected))"])
    }

    @Test func aTraceOfOnlyAHeaderOrOnlyGarbageHasNoSnapshots() throws {
        for text in [#"{"format":"temper-trace","version":2}"#, "garbage", "\n\n"] {
            #expect(throws: TemperError.self) { try read(text) }
        }
    }

    /// The lines a trace is cut into are those `split` would give (blank ones and a last line without its newline
    /// kept), so a torn last line is still told apart from a malformed one.
    @Test(arguments: ["", "\n", "a", "a\n", "a\nb", "a\n\nb\n", "\n\na\n\n"])
    func linesAreCutAsSplitCutsThem(text: String) {
        let data = Data(text.utf8)
        let expected = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) }
        #expect(TraceFile.lineRanges(of: data).map { Array(data[$0]) } == expected)
        // A slice that does not start at 0, as a trace read from the middle of a buffer would.
        let padded = Data(Array("xx".utf8) + Array(text.utf8))[2...]
        #expect(TraceFile.lineRanges(of: padded).map { Array(padded[$0]) } == expected)
    }

    /// A trace file is streamed a line at a time (issue 34: read whole, a 10^6-line trace held 1.3 GB in
    /// `temper report`); what it reads, skips and refuses is what reading its bytes whole does.
    @Test func aStreamedFileReadsAsItsBytesDo() throws {
        let lines = Self.shippedLines
        var middle = lines
        middle[3] = "garbage"
        let texts = [
            lines.joined(separator: "\n"), lines.joined(separator: "\n") + "\n" + lines[0].prefix(40),
            (lines + [#"{"timestamp": "yesterday"}"#, ""]).joined(separator: "\n"), middle.joined(separator: "\n"),
            middle.joined(separator: "\n") + "\ngarbage\n\n", "garbage",
        ]
        let folder = try TemporaryFolder()
        for (index, text) in texts.enumerated() {
            let path = try folder.write("\(index).jsonl", text)
            for lenient in [false, true] {
                let whole = Result { () throws(TemperError) in try TraceFile.read(Data(text.utf8), file: path, lenient: lenient) }
                var streamed: [HostSnapshot] = []
                let read = Result { () throws(TemperError) in
                    try TraceFile.stream(contentsOf: URL(fileURLWithPath: path), lenient: lenient) { streamed.append($0) }
                }
                #expect(read.map(\.warnings) == whole.map(\.warnings), "text \(index), lenient \(lenient)")
                // A refused trace may have handed over the snapshots before the line that ended it.
                if let snapshots = try? whole.get().snapshots { #expect(streamed == snapshots, "text \(index), lenient \(lenient)") }
            }
        }
    }
}
