import Foundation
import ServiceLifecycle
import TemperCore
import TemperLifecycle
import TemperMetrics
import Testing

@Suite struct MetricsTextfileWriterTests {
    @Test func writesTheExportAtomicallyAndLeavesNoTemporaryFile() async throws {
        let folder = try MetricsTools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = PrometheusExport()
        let governor = MetricsTools.governor(export: export)
        await governor.setCondition(Condition(tier: .serious))
        let path = folder.appendingPathComponent("temper.prom").path
        let writer = MetricsTextfileWriter(path: path, export: export, logger: MetricsTools.quietLogger)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent(".temper.prom.\(getpid()).tmp").path,
            withDestinationPath: "/nonexistent"
        )
        // A symlink planted where the temporary file goes is not followed.
        #expect(throws: MetricsError.self) { try writer.write() }
        try FileManager.default.removeItem(atPath: folder.appendingPathComponent(".temper.prom.\(getpid()).tmp").path)

        try writer.write()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == export.text())
        await governor.setCondition(Condition(tier: .critical))
        try writer.write()
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("temper_tier 3"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["temper.prom"])
        if MetricsTools.hasPrometheus {
            #expect(try MetricsTools.promtoolProblems(String(contentsOfFile: path, encoding: .utf8)) == nil)
        }
    }

    /// Under umask 077 (a hardened unit's) the file came out 0600, which node_exporter, another user, cannot read.
    @Test func theTextfileIsReadableByAllWhateverTheUmask() throws {
        let folder = try MetricsTools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("temper.prom").path
        let writer = MetricsTextfileWriter(path: path, export: PrometheusExport(), logger: MetricsTools.quietLogger)
        // The umask is the process's: only group and others' bits change, so tests running beside this one keep
        // their own access to what they create.
        let previous = umask(0o077)
        defer { umask(previous) }
        try writer.write()
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o644)
    }

    @Test func anUnwritableFolderIsAnErrorNamingTheFile() {
        let writer = MetricsTextfileWriter(
            path: "/nonexistent/folder/temper.prom",
            export: PrometheusExport(),
            logger: MetricsTools.quietLogger
        )
        let error = #expect(throws: MetricsError.self) { try writer.write() }
        #expect(error?.code == .cannotWrite)
        #expect(error?.description.contains("/nonexistent/folder/temper.prom") == true)
    }

    @Test func asAServiceItWritesAtStartAndAgainAtShutdown() async throws {
        let folder = try MetricsTools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = PrometheusExport()
        let governor = MetricsTools.governor(export: export)
        let path = folder.appendingPathComponent("temper.prom").path
        let options = MetricsOptions(textfile: path, textfileInterval: .seconds(3600))
        let services = try await options.services(export: export, logger: MetricsTools.quietLogger)
        #expect(services.count == 1)
        let group = ServiceGroup(services: services, logger: MetricsTools.quietLogger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            while !FileManager.default.fileExists(atPath: path) { try await Task.sleep(for: .milliseconds(10)) }
            #expect(try String(contentsOfFile: path, encoding: .utf8).contains("temper_tier 0"))
            await governor.setCondition(Condition(tier: .fair))
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("temper_tier 1"))
    }
}

@Suite struct MetricsOptionsTests {
    @Test func anUnwritableTextfileFailsWhenTheServicesAreMade() async throws {
        let options = MetricsOptions(textfile: "/nonexistent/folder/temper.prom")
        let error = await #expect(throws: MetricsError.self) {
            _ = try await options.services(export: PrometheusExport(), logger: MetricsTools.quietLogger)
        }
        #expect(error?.code == .cannotWrite)
        #expect(try await MetricsOptions().services(export: PrometheusExport(), logger: MetricsTools.quietLogger).isEmpty)
        #expect(!MetricsOptions().isEnabled)
    }
}
