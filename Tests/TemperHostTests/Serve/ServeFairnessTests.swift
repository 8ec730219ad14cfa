import Foundation
import Glibc
import TemperTestSupport
import Testing

extension RealDaemonTests {
    /// Two Unix users on one private system bus, root and `nobody` (a client run through `setpriv`): one user's
    /// spending or flood never drops or refuses the other's requests (issue 21, items 2 and 3).
    @Suite(.enabled(if: getuid() == 0, "runs a client as nobody, which needs root"))
    struct ServeFairnessTests {
        /// A policy with a budget at nominal, where the testbed's laptop is.
        static let budgetPolicy = """
            version: 1
            name: fairness
            tiers:
              nominal:
                budget: {energy: 500mJ, window: 60s}

            """

        /// The bus socket's folder is private to root; `nobody` must reach the socket.
        static func openToOthers(_ testbed: HostTestbed) {
            chmod(testbed.workDirectory, 0o755)
        }

        static func example(_ name: String) -> String {
            PackagePaths.root.appendingPathComponent("Examples/requests/\(name)").path
        }

        /// The reason codes of a decision's fired rules.
        static func codes(_ decision: [String: Any]) -> [String] {
            (decision["rules"] as? [[String: Any]] ?? []).compactMap { ($0["reason"] as? [String: Any])?["code"] as? String }
        }

        /// Issue 21: one Decide from `nobody` with the incoming-call audio request emptied the shared budget, and
        /// root's next haptic came back `dropped` (`budget.exhausted`).
        @Test("nobody's exempt incoming-call request neither passes as exempt nor spends root's budget")
        func budgetsPerUser() async throws {
            try await HostTestbed.with { testbed in
                let policy = testbed.workDirectory + "/fairness.yaml"
                try Self.budgetPolicy.write(toFile: policy, atomically: true, encoding: .utf8)
                let (serve, address, _, _) = try ServeTests.serving(testbed, ["--policy", policy])
                Self.openToOthers(testbed)

                let call = try BusClient.python(address, ["decide", Self.example("incoming-call-audio.json")], as: "nobody")
                let nobodys = try #require(call["decision"] as? [String: Any], "nobody is served: \(call)")
                let nobodyCodes = Self.codes(nobodys)
                #expect(nobodyCodes.contains("exempt.notAllowed"), "nobody's exempt usage is ordinary: \(nobodyCodes)")
                #expect(!nobodyCodes.contains("budget.exemptOverdraw"), "and may not overdraw: \(nobodyCodes)")

                let press = try BusClient.python(address, ["decide", Self.example("button-impact.json")])
                let roots = try #require(press["decision"] as? [String: Any], "root is served: \(press)")
                let rootCodes = Self.codes(roots)
                #expect(roots["outcome"] as? String != "dropped", "root's haptic plays: \(roots)")
                #expect(!rootCodes.contains("budget.exhausted"), "root's budget is its own: \(rootCodes)")
                // Issue 23: the decision's JSON over D-Bus carries its perceived change beside its energy.
                #expect(roots["perceivedChangeDecibels"] is Double, "\(roots.keys.sorted())")
                let budget = try #require(roots["budget"] as? [String: Any])
                let capacity = try #require(budget["capacityMillijoules"] as? Double)
                let remaining = try #require(budget["remainingMillijoules"] as? Double)
                #expect(remaining > capacity * 0.9, "root's bucket is nearly full: \(remaining) of \(capacity) mJ")

                // Root is named by the standard exemptCallers: its incoming call stays exempt.
                let ring = try BusClient.python(address, ["decide", Self.example("incoming-call-audio.json")])
                let ringCodes = Self.codes(ring["decision"] as? [String: Any] ?? [:])
                #expect(!ringCodes.contains("exempt.notAllowed"), "\(ringCodes)")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        /// Issue 21: 256 connections per user were allowed, each with its own rate and ticket share.
        @Test("nobody's 40 connections: 32 are served, the rest RateLimited; root is served beside them")
        func connectionsPerUser() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, _) = try ServeTests.serving(testbed)
                Self.openToOthers(testbed)
                let (holder, lines) = try BusClient.startPython(address, ["connections", "40", "60"], as: "nobody")
                defer { holder.terminate() }
                let line = try #require(lines.nextLine(timeout: .seconds(60)), "the client reports")
                let counts = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(counts["ok"] as? Int == 32, "\(counts)")
                #expect(counts["rateLimited"] as? Int == 8, "\(counts)")
                let root = try BusClient.python(address, ["exercise"])
                #expect((root["decide"] as? [String: Any])?["requestID"] as? String == "decided", "root is served: \(root["decide"] ?? "")")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        /// Issue 21: `nobody` with 5 connections took all 1,024 Schedule slots, and root got `QueueFull`.
        @Test("nobody's 1,024 Schedule calls over 5 connections take 256 slots; root still schedules")
        func queueSharesPerUser() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, _) = try ServeTests.serving(testbed, ["--rate-limit", "5000"])
                Self.openToOthers(testbed)
                let (filler, lines) = try BusClient.startPython(address, ["fill", "5", "1024", "60"], as: "nobody")
                defer { filler.terminate() }
                let line = try #require(lines.nextLine(timeout: .seconds(120)), "the filler reports")
                let counts = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(counts["ok"] as? Int == 256, "one user's share: \(counts)")
                #expect(counts["queueFull"] as? Int == 1024 - 256, "\(counts)")

                let root = try BusClient.python(address, ["exercise"])
                #expect(
                    root["scheduleError"] is NSNull || root["scheduleError"] == nil,
                    "root is not refused: \(root["scheduleError"] ?? "")"
                )
                let tickets = root["tickets"] as? [Any] ?? []
                #expect(tickets.allSatisfy { $0 is Int }, "root got both tickets: \(tickets)")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }
    }
}
