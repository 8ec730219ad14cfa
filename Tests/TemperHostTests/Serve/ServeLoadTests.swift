import Foundation
import Testing

extension RealDaemonTests {
    /// `temper serve` under floods and rude clients.
    @Suite struct ServeLoadTests {
        @Test("10,000 calls from 5 clients at once: every call answered, rate limits named, memory bounded")
        func flood() async throws {
            try await HostTestbed.with { testbed in
                // 50 calls a second per client (bursts of 100), so the flood meets the limit even on a loaded machine
                // (with the whole suite running, the 10,000 calls took 15 s: 133 a second per client).
                let (serve, address, _, _) = try ServeTests.serving(testbed, ["--rate-limit", "50"])
                let before = BusClient.residentMebibytes(of: serve.process.processIdentifier) ?? 0
                let out = try BusClient.python(address, ["flood", "5", "2000"], timeout: .seconds(150))
                let after = BusClient.residentMebibytes(of: serve.process.processIdentifier) ?? .infinity
                print("flood: \(out); RSS \(Int(before)) → \(Int(after)) MiB")
                #expect(out["sent"] as? Int == 10_000)
                #expect(out["replies"] as? Int == 10_000, "no lost reply")
                #expect(out["other"] as? Int == 0, "only decisions and RateLimited: \(out["otherErrors"] ?? "")")
                // The five clients are one user: together they may have 128 calls in progress (the service's
                // per-user share), so a flood sent at once gets at least that many decided, not each client's burst.
                #expect((out["ok"] as? Int ?? 0) >= 128, "one user's share of calls in progress is decided")
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
                    logged = serve.errors.allLines.contains {
                        $0.contains("client left") && $0.contains("client=\(name)") && $0.contains("count=5")
                    }
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

        @Test("clients that send Schedule and leave at once, 300 times: each request gets exactly one decision, none stays queued")
        func clientsLeavingBeforeTheirTicket() async throws {
            try await HostTestbed.with { testbed in
                let port = try Self.freePort()
                let (serve, address, _, _) = try ServeTests.serving(testbed, ["--metrics-listen", "127.0.0.1:\(port)"])
                let out = try BusClient.python(address, ["hit-and-run", "300"])
                let sent = try #require(out["sent"] as? Int)
                let farAhead = try #require(out["farAhead"] as? Int)
                #expect(out["clients"] as? Int == sent, "one client per request")

                // Settled when every request has its decision and none waits; the deadline only bounds a failure.
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(20)
                var metrics = Metrics(text: "")
                repeat {
                    metrics = Metrics(text: try Self.scrape(port))
                    if metrics.sum("temper_decisions_total") >= Double(sent), metrics.value("temper_pending_requests") == 0 { break }
                    try await Task.sleep(for: .milliseconds(100))
                } while clock.now < deadline
                #expect(metrics.sum("temper_decisions_total") == Double(sent), "exactly one decision per request")
                #expect(metrics.value("temper_pending_requests") == 0, "nothing left queued until its target time")
                let gone = metrics.value(#"temper_rules_fired_total{rule="client.gone"}"#) ?? 0
                #expect(
                    gone >= Double(farAhead) && gone <= Double(sent),
                    "every far-ahead request cancelled as client.gone: \(gone) of \(farAhead)"
                )
                serve.interrupt()
                let result = serve.waitForExit(timeout: .seconds(10))
                #expect(result.status == 0)
            }
        }

        /// Issue 20: serve sampled behind the governor's back, so `temper_sample_duration_seconds_count` stayed at 1
        /// however long it ran. Now the governor's own loop samples, and every sample is timed.
        @Test("under serve, the sample-duration histogram counts every sample")
        func everySampleIsTimed() async throws {
            try await HostTestbed.with { testbed in
                let port = try Self.freePort()
                let (serve, _, _, _) = try ServeTests.serving(testbed, ["--interval", "0.2", "--metrics-listen", "127.0.0.1:\(port)"])
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(20)
                var count = 0.0
                repeat {
                    count = Metrics(text: try Self.scrape(port)).value("temper_sample_duration_seconds_count") ?? 0
                    if count >= 10 { break }
                    try await Task.sleep(for: .milliseconds(100))
                } while clock.now < deadline
                #expect(count >= 10, "ten samples at 0.2 s counted: \(count)")
                serve.interrupt()
                let result = serve.waitForExit(timeout: .seconds(10))
                #expect(result.status == 0)
            }
        }

        /// Issue 21, item 7: no metric said how many D-Bus calls came or failed, nor the headroom.
        @Test("metrics count D-Bus calls and errors by method and error name, and show the headroom")
        func busMetrics() async throws {
            try await HostTestbed.with { testbed in
                let port = try Self.freePort()
                let (serve, address, _, _) = try ServeTests.serving(testbed, ["--metrics-listen", "127.0.0.1:\(port)"])
                try ServeTests.exercise(address)
                let metrics = Metrics(text: try Self.scrape(port))
                let tooLarge = GovernorErrors.tooLarge
                #expect((metrics.value(#"temper_dbus_calls_total{method="Decide"}"#) ?? 0) >= 5, "decided, and four refused")
                #expect(metrics.value(#"temper_dbus_calls_total{method="GetCondition"}"#) == 1)
                #expect(
                    metrics.value(#"temper_dbus_errors_total{method="Decide",error="\#(tooLarge)"}"#) == 1,
                    "64 KiB refused by the method"
                )
                #expect(
                    metrics.value(#"temper_dbus_errors_total{method="Score",error="\#(tooLarge)"}"#) == 1,
                    "2 MiB refused before dispatch"
                )
                #expect(
                    (metrics.value(#"temper_dbus_errors_total{method="Decide",error="org.temper.Temper1.Error.InvalidRequest"}"#) ?? 0) >= 3
                )
                #expect(
                    metrics.value(#"temper_dbus_errors_total{method="Cancel",error="\#(tooLarge)"}"#) == 0,
                    "every series is there from the start"
                )
                #expect(metrics.value("temper_headroom_seconds") == -1, "no forecast on an idle laptop")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        enum GovernorErrors {
            static let tooLarge = "org.temper.Temper1.Error.TooLarge"
        }

        /// Issue 20: serve ran two GLib threads (the host's `temper.bus` and the service's `temper.serve`); the host's
        /// bus watch, the endpoint, uevents and the governor's timers now share one.
        @Test("serve runs one GLib thread of Temper's own")
        func oneGLibThread() async throws {
            try await HostTestbed.with { testbed in
                let (serve, _, _, _) = try ServeTests.serving(testbed)
                let tasks = "/proc/\(serve.process.processIdentifier)/task"
                let names = try FileManager.default.contentsOfDirectory(atPath: tasks).compactMap { task in
                    try? String(contentsOfFile: "\(tasks)/\(task)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                }
                #expect(names.filter { $0.hasPrefix("temper.") }.sorted() == ["temper.glib"], "\(names.sorted())")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        static func freePort() throws -> Int {
            let result = try BusClient.run(
                HarnessRequirements.python,
                ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"]
            )
            return try #require(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        }

        static func scrape(_ port: Int) throws -> String {
            let code = "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=5).read().decode())"
            return try BusClient.run(HarnessRequirements.python, ["-c", code, "http://127.0.0.1:\(port)/metrics"]).stdout
        }

        /// Prometheus text, by series (name and labels as printed).
        struct Metrics {
            var series: [(key: String, value: Double)]
            init(text: String) {
                series = text.split(separator: "\n").compactMap { line in
                    guard !line.hasPrefix("#"), let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...])
                    else { return nil }
                    return (String(line[..<space]), value)
                }
            }
            func value(_ key: String) -> Double? { series.first { $0.key == key }?.value }
            func sum(_ name: String) -> Double {
                series.filter { $0.key == name || $0.key.hasPrefix(name + "{") }.reduce(0) { $0 + $1.value }
            }
        }
    }
}
