import Foundation
import TemperTestSupport
import Testing

/// `temper import` as a person runs it (issue 33): a trace on stdout or in a file that `report` reads, warnings on
/// stderr, and one clear line for what cannot be read.
@Suite struct ImportCommandTests {
    func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("temper-import-\(UUID().uuidString)-\(name)").path
    }

    @Test func aRecordingBecomesATraceThatReportReads() throws {
        let recording = scratch("loop.log")
        let trace = scratch("loop.jsonl")
        defer {
            try? FileManager.default.removeItem(atPath: recording)
            try? FileManager.default.removeItem(atPath: trace)
        }
        var text = ""
        for second in 0..<30 { text += "\(1_700_000_000 + second)\ntemp=\(40 + Double(second) / 2)'C\n" }
        try text.write(toFile: recording, atomically: true, encoding: .utf8)
        let imported = try TemperRunner.run(["import", recording, "--out", trace])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("vcgencmd, 30 samples over 0:29"), "\(imported.stdout)")
        let report = try TemperRunner.run(["report", trace])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("30 snapshots"))
        let piped = try TemperRunner.run(["import", recording])
        #expect(piped.stdout.hasPrefix(#"{"format":"temper-trace","version":3}"#))
        #expect(piped.stderr.contains("30 samples"))
    }

    /// A 1 GB sparse file is refused before it is read, in one line; a FIFO is not a regular file.
    @Test func hugeFilesAndFIFOsAreRefusedAtOnce() throws {
        let huge = scratch("huge.csv")
        let fifo = scratch("fifo")
        defer {
            try? FileManager.default.removeItem(atPath: huge)
            try? FileManager.default.removeItem(atPath: fifo)
        }
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: huge))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        // The size in the message is the file's own, from its metadata: refused before a byte is read.
        let refused = try TemperRunner.run(["import", huge])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains("cannot read the recording: 1073741824 bytes, more than the limit of 268435456 bytes"),
            "\(refused.stderr)"
        )
        #expect(refused.stderr.filter { $0 == "\n" }.count == 1)
        #expect(mkfifo(fifo, 0o600) == 0)
        let notRegular = try TemperRunner.run(["import", fifo])
        #expect(notRegular.status == 2 && notRegular.stderr.contains("it is not a regular file"), "\(notRegular.stderr)")
    }

    @Test func badOptionsAreOneLineErrors() throws {
        let format = try TemperRunner.run(["import", "README.md", "--from", "excel"])
        #expect(format.status == 2 && format.stderr.contains("unknown format 'excel'"), "\(format.stderr)")
        let columns = try TemperRunner.run(["import", "README.md", "--columns", "time=a,temp=b"])
        #expect(columns.stderr.contains("'temp=b' is not ROLE=COLUMN"), "\(columns.stderr)")
        let interval = try TemperRunner.run(["import", "README.md", "--from", "sensors", "--interval=-1"])
        #expect(interval.stderr.contains("expected seconds between 0 and 3600"), "\(interval.stderr)")
        let unknown = try TemperRunner.run(["import", "README.md"])
        #expect(unknown.status == 2 && unknown.stderr.contains("README.md:1: not a format Temper recognises"), "\(unknown.stderr)")
    }
}
