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
                #expect(zip(snapshots, snapshots.dropFirst()).allSatisfy { $0.timestamp! < $1.timestamp! && $0.time < $1.time })
                // Issue 22, item 10: record ends with a closing line saying what it wrote.
                #expect(result.stdout.hasPrefix("recorded \(snapshots.count) snapshots over 0:0"), "\(result.stdout)")
                #expect(result.stdout.contains("into \(out.path) (") && result.stdout.contains("B)"), "\(result.stdout)")

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

        @Test("record carries RAPL energy across a counter wrap, hwmon power and energy, and the battery's power")
        func recordsPower() async throws {
            try await HostTestbed.with { testbed in
                try testbed.addHwmonChip("coretemp", temperatures: [HostTestbed.package])
                try testbed.addHwmonPowerChip("amdgpu", instance: 1, microwatts: 4_500_000, microjoules: 12_000_000)
                let range: Int64 = 262_143_328_850
                let zone = try testbed.addRAPLZone(0, name: "package-0", microjoules: range - 1000, rangeMicrojoules: range)
                _ = try testbed.addPowerSupplies(percent: 50, onAC: false)
                let out = URL(fileURLWithPath: testbed.workDirectory).appendingPathComponent("power.jsonl")
                let record = try testbed.startTemper(["record", "--out", out.path, "--interval", "0.1"], bus: false)
                try await Self.waitForLines(3, in: out)
                // The counter passes its range: 1000 µJ to the top, then 500 µJ more.
                try testbed.setAttributes(zone, ["energy_uj": "500\n"], uevent: false)
                let before = try Self.decode(out).count
                try await Self.waitForLines(before + 3, in: out)
                record.interrupt()
                let result = record.waitForExit(timeout: .seconds(5))
                #expect(result.status == 0, "\(result.stderr)")
                let snapshots = try Self.decode(out)
                let rapl = snapshots.compactMap { $0.powerReadings.first { $0.label == "package-0" }?.value }
                #expect(rapl.count == snapshots.count)
                #expect(zip(rapl, rapl.dropFirst()).allSatisfy { $0 <= $1 }, "RAPL energy never runs back: \(rapl)")
                #expect(abs(try #require(rapl.last) - (try #require(rapl.first)) - 0.0015) < 1e-9)
                let last = try #require(snapshots.last)
                #expect(
                    last.powerReadings.contains { $0.kind == .power && $0.label == "total" && $0.value == 4.5 },
                    "hwmon power through libsensors"
                )
                #expect(
                    last.powerReadings.contains { $0.kind == .energy && $0.label == "total" && $0.value == 12 },
                    "hwmon energy through libsensors"
                )
                #expect(
                    last.powerReadings.contains { $0.chipName == "BAT0" && $0.label == "power_now" && $0.value == 10 },
                    "the battery's power_now"
                )
            }
        }

        static func waitForLines(_ count: Int, in url: URL) async throws {
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(10)
            while clock.now < deadline {
                let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                if text.split(separator: "\n").count >= count { return }
                try await Task.sleep(for: .milliseconds(20))
            }
        }

        /// The snapshots after the header line, which must name the format and its version.
        static func decode(_ url: URL) throws -> [HostSnapshot] {
            try documents(url).map(\.snapshot)
        }

        /// The lines after the header, each in the status document's shape.
        static func documents(_ url: URL) throws -> [HostStatusDocument] {
            let decoder = HostSnapshot.traceDecoder()
            let lines = try String(decoding: Data(contentsOf: url), as: UTF8.self).split(separator: "\n")
            #expect(lines.first == #"{"format":"temper-trace","version":3}"#)
            return try lines.dropFirst().map { try decoder.decode(HostStatusDocument.self, from: Data($0.utf8)) }
        }
    }
}
