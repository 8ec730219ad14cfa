import Foundation
import TemperTestSupport
import Testing

/// `--perfetto FILE` on simulate and report (issue 22, item 4); what the file holds is checked by
/// TemperPerfettoTests with Perfetto's own proto.
@Suite struct PerfettoCommandTests {
    @Test func reportWritesTheReplayAndSaysWhatItHolds() throws {
        let folder = try TemporaryFolder(prefix: "temper-perfetto")
        let file = folder.path + "/heat-soak.pftrace"
        let result = try TemperRunner.run(["report", "Examples/traces/heat-soak.jsonl", "--perfetto", file])
        #expect(result.status == 0, "\(result.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        #expect(size > 1000)
        let line = try #require(result.stdout.split(separator: "\n").last)
        #expect(line.wholeMatch(of: #/perfetto: .*heat-soak\.pftrace \(\d+ tracks, \d+ events, [\d.]+ kB\)/#) != nil, "\(line)")
    }

    @Test func simulateWritesBothRunsWithoutChangingItsJSON() throws {
        let folder = try TemporaryFolder(prefix: "temper-perfetto")
        let file = folder.path + "/run.pftrace"
        let scenario = try folder.write(
            "short.yaml",
            """
            version: 1
            name: short
            duration: 2 min
            timeStep: 1 s
            device: phone
            policy: default
            workload:
              - { name: load, power: 3 W, for: 2 min }
            """
        )
        let plain = try TemperRunner.run(["simulate", scenario, "--json"])
        let traced = try TemperRunner.run(["simulate", scenario, "--json", "--perfetto", file])
        #expect(traced.status == 0, "\(traced.stderr)")
        #expect(traced.stdout == plain.stdout)
        #expect(FileManager.default.fileExists(atPath: file))
    }

    @Test func aFolderThatIsMissingIsOneLineNamingTheFile() throws {
        let file = "/nonexistent-temper-folder/run.pftrace"
        let result = try TemperRunner.run(["report", "Examples/traces/heat-soak.jsonl", "--perfetto", file])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("temper: \(file): cannot write the Perfetto trace: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
