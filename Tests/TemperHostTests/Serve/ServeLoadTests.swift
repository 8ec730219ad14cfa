import Foundation
import Testing

extension RealDaemonTests {
    /// `temper serve` under floods and rude clients.
    @Suite struct ServeLoadTests {
        @Test("10,000 calls from 5 clients at once: every call answered, rate limits named, memory bounded")
        func flood() async throws {
            try await HostTestbed.with { testbed in
                // 200 calls a second per client (bursts of 400), so the flood meets the limit.
                let (serve, address, _, _) = try ServeTests.serving(testbed, ["--rate-limit", "200"])
                let before = BusClient.residentMebibytes(of: serve.process.processIdentifier) ?? 0
                let out = try BusClient.python(address, ["flood", "5", "2000"], timeout: .seconds(150))
                let after = BusClient.residentMebibytes(of: serve.process.processIdentifier) ?? .infinity
                print("flood: \(out); RSS \(Int(before)) → \(Int(after)) MiB")
                #expect(out["sent"] as? Int == 10_000)
                #expect(out["replies"] as? Int == 10_000, "no lost reply")
                #expect(out["other"] as? Int == 0, "only decisions and RateLimited: \(out["otherErrors"] ?? "")")
                #expect((out["ok"] as? Int ?? 0) >= 5 * 400, "each client's burst is decided")
                #expect((out["rateLimited"] as? Int ?? 0) > 0, "a flood is rate limited")
                #expect(after - before < 64, "memory stays bounded: \(before) → \(after) MiB")
                let tier = try BusClient.busctl(address, ["get-property", "org.temper.Temper1"] + ServeTests.governor + ["Tier"])
                #expect(tier.stdout == "s \"nominal\"", "still answering after the flood")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        @Test("a client killed mid-call with requests scheduled costs nothing: they are cancelled as client.gone")
        func clientGone() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, _) = try ServeTests.serving(testbed, environment: ["TEMPER_LOG_LEVEL": "info"])
                let out = try BusClient.python(address, ["abandon", "5"])
                #expect((out["tickets"] as? [Int])?.count == 5)
                let name = out["name"] as? String ?? "?"
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(10)
                var logged = false
                while !logged, clock.now < deadline {
                    logged = serve.errors.allLines.contains { $0.contains("client left") && $0.contains("client=\(name)") && $0.contains("count=5") }
                    if !logged { try await Task.sleep(for: .milliseconds(20)) }
                }
                #expect(logged, "the service noticed \(name) leaving: \(serve.errors.allLines.suffix(5))")
                let again = try BusClient.python(address, ["exercise"])
                #expect((again["decide"] as? [String: Any])?["requestID"] as? String == "decided", "other clients are served")
                serve.interrupt()
                let result = serve.waitForExit(timeout: .seconds(10))
                #expect(result.status == 0)
                #expect(!result.stderr.contains("dropped"), "every call was answered, none dropped")
            }
        }
    }
}
