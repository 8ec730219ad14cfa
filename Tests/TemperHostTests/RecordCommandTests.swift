import Foundation
import TemperCore
import Testing

extension RealDaemonTests {
    /// `temper record` under the testbed: JSON lines of HostSnapshot that replay can read back.
    @Suite struct RecordCommandTests {
        @Test("record writes one decodable HostSnapshot per line for the duration")
        func recordsForDuration() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package, HostTestbed.core])
                let out = URL(fileURLWithPath: testbed.workDirectory).appendingPathComponent("trace.jsonl")
                let result = try testbed.runTemper(["record", "--out", out.path, "--duration", "0.5", "--interval", "0.1"], bus: false)
                #expect(result.status == 0, "\(result.stderr)")
                let snapshots = try Self.decode(out)
                #expect(snapshots.count >= 3)
                #expect(snapshots.count <= 7)
                #expect(snapshots.allSatisfy { $0.temperatures.contains { $0.label == "Package id 0" && $0.celsius == 50 } })
                #expect(snapshots.allSatisfy { $0.battery.status == .unavailable })
                #expect(zip(snapshots, snapshots.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })

                // What record writes, replay reads: `temper report` turns the trace into a report.
                let report = URL(fileURLWithPath: testbed.workDirectory).appendingPathComponent("report")
                let replayed = try testbed.runTemper(["report", out.path, "--report", report.path], bus: false)
                #expect(replayed.status == 0, "\(replayed.stderr)")
                #expect(replayed.stdout.contains("\(snapshots.count) snapshots"), "\(replayed.stdout)")
            }
        }

        @Test("an interrupt ends recording cleanly and never leaves a torn last line")
        func interruptLeavesWholeLines() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                let out = URL(fileURLWithPath: testbed.workDirectory).appendingPathComponent("interrupted.jsonl")
                let record = try testbed.startTemper(["record", "--out", out.path, "--interval", "0.1"], bus: false)
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(10)
                while clock.now < deadline, ((try? Data(contentsOf: out))?.count ?? 0) < 4000 {
                    try await Task.sleep(for: .milliseconds(20))
                }
                record.interrupt()
                let result = record.waitForExit(timeout: .seconds(5))
                #expect(result.status == 0, "Ctrl-C exits cleanly: \(result.stderr)")
                let data = try Data(contentsOf: out)
                #expect(data.last == UInt8(ascii: "\n"))
                #expect(try Self.decode(out).count >= 3)
            }
        }

        /// The snapshots after the header line, which must name the format and its version.
        static func decode(_ url: URL) throws -> [HostSnapshot] {
            let decoder = HostSnapshot.traceDecoder()
            let lines = try String(decoding: Data(contentsOf: url), as: UTF8.self).split(separator: "\n")
            #expect(lines.first == #"{"format":"temper-trace","version":2}"#)
            return try lines.dropFirst().map { try decoder.decode(HostSnapshot.self, from: Data($0.utf8)) }
        }
    }
}
