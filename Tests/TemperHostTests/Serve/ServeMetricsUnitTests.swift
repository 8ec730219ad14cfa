import Foundation
import Glibc
import TemperTestSupport
import Testing

extension RealDaemonTests {
    /// Issue 21, item 7: under the unit, `--metrics-listen` was blocked by its network restrictions and
    /// `--metrics-textfile` by its read-only file system. `packaging/systemd/temper.service.d/metrics.conf` opens
    /// the loopback addresses and a runtime directory; here its ExecStart runs as written (the port and the
    /// runtime directory moved to free ones), under the unit's umask 077.
    @Suite struct ServeMetricsUnitTests {
        static let dropIn = PackagePaths.root.appendingPathComponent("packaging/systemd/temper.service.d/metrics.conf")

        /// The drop-in's last `ExecStart=`, split into words.
        static func execStart() throws -> [String] {
            let text = try String(contentsOf: dropIn, encoding: .utf8)
            let line = try #require(text.split(separator: "\n").last { $0.hasPrefix("ExecStart=") && $0.count > "ExecStart=".count })
            return line.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
        }

        @Test(
            "systemd-analyze accepts the unit with the metrics drop-in",
            .enabled(if: HarnessRequirements.findOnPath("systemd-analyze") != nil, "needs systemd-analyze")
        )
        func dropInVerifies() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("temper-dropin-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("temper.service.d"),
                withIntermediateDirectories: true
            )
            defer { try? FileManager.default.removeItem(at: folder) }
            let binary = try #require(TemperProcess.executable).path
            let unit = try String(
                contentsOf: ServePackagingTests.packaging.appendingPathComponent("systemd/temper.service"),
                encoding: .utf8
            )
            try unit.replacingOccurrences(of: "/usr/bin/temper", with: binary)
                .write(to: folder.appendingPathComponent("temper.service"), atomically: true, encoding: .utf8)
            try String(contentsOf: Self.dropIn, encoding: .utf8).replacingOccurrences(of: "/usr/bin/temper", with: binary)
                .write(to: folder.appendingPathComponent("temper.service.d/metrics.conf"), atomically: true, encoding: .utf8)
            let result = try BusClient.run(
                "/usr/bin/env",
                [
                    "SYSTEMD_UNIT_PATH=\(folder.path):", "systemd-analyze", "verify", "--man=no",
                    folder.appendingPathComponent("temper.service").path,
                ]
            )
            #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        }

        @Test("the drop-in's ExecStart serves /metrics on localhost and writes a 0644 textfile under umask 077")
        func dropInServes() async throws {
            try await HostTestbed.with { testbed in
                let words = try Self.execStart()
                #expect(words.first == "/usr/bin/temper" && words.dropFirst().first == "serve", "\(words)")
                let listen = try #require(words.firstIndex(of: "--metrics-listen").map { words[$0 + 1] })
                #expect(listen.hasPrefix("127.0.0.1:"), "localhost only: \(listen)")
                let textfile = try #require(words.firstIndex(of: "--metrics-textfile").map { words[$0 + 1] })
                #expect(textfile.hasPrefix("/run/temper/"), "in the drop-in's RuntimeDirectory: \(textfile)")

                let port = try RealDaemonTests.ServeLoadTests.freePort()
                let runtime = testbed.workDirectory + "/run-temper"
                #expect(mkdir(runtime, 0o755) == 0)
                let arguments = Array(words.dropFirst(2)).map {
                    $0.replacingOccurrences(of: listen, with: "127.0.0.1:\(port)").replacingOccurrences(of: "/run/temper", with: runtime)
                }
                // The unit's UMask=0077, inherited by the service as it would be from systemd.
                let previous = umask(0o077)
                let started = Result { try ServeTests.serving(testbed, arguments) }
                umask(previous)
                let (serve, address, _, _) = try started.get()
                try ServeTests.exercise(address)

                let file = runtime + "/" + (textfile.split(separator: "/").last.map(String.init) ?? "")
                var info = stat()
                #expect(stat(file, &info) == 0, "the textfile is written at start: \(file)")
                #expect(info.st_mode & 0o777 == 0o644, "readable by node_exporter: \(String(info.st_mode & 0o777, radix: 8))")
                let written = try String(contentsOfFile: file, encoding: .utf8)
                let served = try RealDaemonTests.ServeLoadTests.scrape(port)
                for metric in ["temper_build_info", "temper_headroom_seconds", "temper_dbus_calls_total", "temper_dbus_errors_total"] {
                    #expect(written.contains("\n" + metric) || written.hasPrefix(metric), "the textfile has \(metric)")
                    #expect(served.contains(metric), "/metrics has \(metric)")
                }
                if let promtool = HarnessRequirements.findOnPath("promtool") {
                    let scraped = testbed.workDirectory + "/scraped.prom"
                    try (served + "\n").write(toFile: scraped, atomically: true, encoding: .utf8)
                    let lint = try BusClient.run("/bin/sh", ["-c", "\(promtool) check metrics < \(scraped)"])
                    #expect(lint.status == 0, "promtool: \(lint.stdout) \(lint.stderr)")
                }
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }
    }
}
