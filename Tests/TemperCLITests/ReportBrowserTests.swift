import Foundation
import TemperTestSupport
import Testing

/// `scripts/check-reports.sh` in headless Chromium, at 1400 and 420 px: the reports of a 16-sensor workstation
/// trace (five coretemp sensors sharing their limits), a 2,000-sensor one, a desktop with fans and voltages and a
/// simulation lay out with no text outside its chart and no label on another, and pointing at a timeline reads
/// out the tier and each lane's values (issue 38); and the check does catch a label that runs out.
/// Skipped where Chromium is not installed.
@Suite(.serialized, .offThePool, .enabled(if: Chromium.isInstalled, "needs chromium (apt-get install chromium)"))
struct ReportBrowserTests {
    /// Runs the check on `reports`; its exit status and what it printed.
    static func check(_ reports: URL) throws -> (status: Int32, output: String) {
        let shots = reports.appendingPathComponent("shots")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", PackagePaths.root.appendingPathComponent("scripts/check-reports.sh").path, reports.path, shots.path]
        process.currentDirectoryURL = PackagePaths.root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func theWorkstationDesktopAndSimulationReportsKeepTheirTextInsideTheirCharts() throws {
        let reports = TemporaryFolder.uniquePath(prefix: "temper-browser")
        defer { try? FileManager.default.removeItem(at: reports) }
        for trace in ["workstation-16", "desktop-fans"] {
            let run = try TemperRunner.run([
                "report", "Examples/traces/\(trace).jsonl", "--report", reports.appendingPathComponent(trace).path,
            ])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let simulation = try TemperRunner.run([
            "simulate", "Examples/scenarios/heat-soak.yaml", "--report", reports.appendingPathComponent("heat-soak").path,
        ])
        #expect(simulation.status == 0, "\(simulation.stderr)")
        // 2,000 sensors: the legend names 24 lines and counts the rest; the readout lists 8 a lane.
        let wide = reports.appendingPathComponent("workstation-2000.jsonl")
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generator.arguments = [
            "python3", PackagePaths.root.appendingPathComponent("scripts/make-workstation-trace.py").path, "--sensors", "2000",
        ]
        FileManager.default.createFile(atPath: wide.path, contents: nil)
        generator.standardOutput = try FileHandle(forWritingTo: wide)
        try generator.run()
        generator.waitUntilExit()
        let report = try TemperRunner.run(["report", wide.path, "--report", reports.appendingPathComponent("workstation-2000").path])
        #expect(report.status == 0, "\(report.stderr)")
        try FileManager.default.removeItem(at: wide)
        let (status, output) = try Self.check(reports)
        #expect(status == 0, "\(output)")
        for page in ["workstation-16", "workstation-2000", "desktop-fans", "heat-soak"] {
            for width in [1400, 420] { #expect(output.contains("ok \(page) at \(width) px"), "\(page) at \(width) px: \(output)") }
        }
        for width in [1400, 420] {
            let readout = try #require(
                output.split(separator: "\n").first { $0.contains("pointing at the middle of workstation-16 at \(width) px:") },
                "\(output)"
            )
            #expect(
                readout.contains("| tier: critical (since 3:50 serious → critical: sensor coretemp-isa-0000/Package id 0"),
                "\(readout)"
            )
            #expect(readout.contains("| Temperatures | coretemp-isa-0000/Package id 0: "), "\(readout)")
            #expect(readout.contains("| Currents: 14.0 A"), "\(readout)")
        }
    }

    @Test func aLabelRunningOutOfItsChartFailsTheCheck() throws {
        let reports = TemporaryFolder.uniquePath(prefix: "temper-browser")
        defer { try? FileManager.default.removeItem(at: reports) }
        let folder = reports.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = """
            <!DOCTYPE html><html><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width"/></head><body>
            <figure><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100" width="300" height="100"><title>broken</title>
            <text x="250" y="50" font-size="11">Package id 0 fair 70 °C</text></svg></figure></body></html>
            """
        try Data(page.utf8).write(to: folder.appendingPathComponent("index.html"))
        let (status, output) = try Self.check(reports)
        #expect(status == 1)
        #expect(output.contains("text \"Package id 0 fair 70 °C\" runs outside chart \"broken\""), "\(output)")
    }
}

/// Where the browser check can run.
enum Chromium {
    static let isInstalled = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].contains {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
