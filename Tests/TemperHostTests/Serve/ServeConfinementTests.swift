import Foundation
import Testing

extension RealDaemonTests {
    /// `temper serve` started by hand as root gives up every capability and filters its system calls, and still serves.
    @Suite struct ServeConfinementTests {
        /// `Name:\tvalue` lines of a /proc status file.
        static func status(_ path: String) throws -> [String: String] {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            return Dictionary(
                text.split(separator: "\n").compactMap { line -> (String, String)? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2 else { return nil }
                    return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
                },
                uniquingKeysWith: { first, _ in first }
            )
        }

        @Test(
            "as root: no capability in any set of any thread, no_new_privs, a seccomp filter; Decide still answers",
            .enabled(if: getuid() == 0, "only root has capabilities to give up")
        )
        func rootServeKeepsNoPrivilege() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, _) = try ServeTests.serving(testbed, ["--metrics-listen", "127.0.0.1:0"])
                let pid = serve.process.processIdentifier
                let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
                #expect(threads.count > 1, "serve runs several threads; each is checked")
                for thread in threads {
                    let status = try Self.status("/proc/\(pid)/task/\(thread)/status")
                    for set in ["CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"] {
                        // Before: CapEff 000001ffffffffff, every capability, and no filter (issue 21, item 5).
                        #expect(status[set] == "0000000000000000", "thread \(thread) \(set)")
                    }
                    #expect(status["NoNewPrivs"] == "1", "thread \(thread)")
                    // A sanitizer's build keeps no filter (its runtime makes calls of its own; `ServeConfinement`).
                    #expect(status["Seccomp"] == (HarnessRequirements.threadSanitizer ? "0" : "2"), "thread \(thread): filter mode")
                }

                let decide = try ServeTests.decideTap(address)
                #expect(decide.stdout.contains(#""outcome":"pass""#), "\(decide.stderr)")
                serve.interrupt()
                let ended = serve.waitForExit(timeout: .seconds(10))
                #expect(ended.status == 0, "\(ended.stderr)")
                #expect(!ended.stderr.contains("Operation not permitted"), "no call was refused: \(ended.stderr)")
            }
        }

        @Test(
            "as root under valgrind (its preload named): capabilities still dropped, but no filter valgrind would trip on",
            .enabled(if: getuid() == 0, "only root has capabilities to give up")
        )
        func rootServeUnderValgrindKeepsNoCapabilityAndNoFilter() async throws {
            try await HostTestbed.with { testbed in
                // A preload that does not exist is skipped by the loader with a warning; its name is what serve reads.
                let preload = [testbed.childEnvironment()["LD_PRELOAD"], "/nonexistent/vgpreload_core-amd64-linux.so"]
                let (serve, _, _, _) = try ServeTests.serving(
                    testbed,
                    environment: ["LD_PRELOAD": preload.compactMap(\.self).joined(separator: ":")]
                )
                let status = try Self.status("/proc/\(serve.process.processIdentifier)/status")
                #expect(status["CapEff"] == "0000000000000000")
                #expect(status["NoNewPrivs"] == "1")
                // Before: 2, and serve under valgrind never exited after SIGTERM.
                #expect(status["Seccomp"] == "0")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }
    }
}
