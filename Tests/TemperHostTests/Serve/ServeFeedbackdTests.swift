import Foundation
import Testing

extension RealDaemonTests {
    /// `temper serve --feedbackd` against the real feedbackd on a private session bus.
    @Suite struct ServeFeedbackdTests {
        static func profile(_ address: String) throws -> String? {
            let result = try BusClient.gdbus(
                address,
                [
                    "call", "--dest", "org.sigxcpu.Feedback", "--object-path", "/org/sigxcpu/Feedback",
                    "--method", "org.freedesktop.DBus.Properties.Get", "org.sigxcpu.Feedback", "Profile",
                ]
            )
            // (<'quiet'>,)
            return result.stdout.split(separator: "'").dropFirst().first.map(String.init)
        }

        static func setProfile(_ address: String, _ profile: String) throws {
            _ = try BusClient.gdbus(
                address,
                [
                    "call", "--dest", "org.sigxcpu.Feedback", "--object-path", "/org/sigxcpu/Feedback",
                    "--method", "org.freedesktop.DBus.Properties.Set", "org.sigxcpu.Feedback", "Profile", "<'\(profile)'>",
                ]
            )
        }

        /// Polls feedbackd until its profile is `expected` (or `timeout` passes); returns the last one read.
        static func waitForProfile(_ address: String, _ expected: String, timeout: Duration = .seconds(10)) async throws -> String? {
            let clock = ContinuousClock()
            let deadline = clock.now + timeout
            var last = try profile(address)
            while last != expected, clock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                last = try profile(address)
            }
            return last
        }

        @Test("serious → quiet, critical → silent, cleared → the user's profile back; a user's change is not fought")
        func profileFollowsCondition() async throws {
            try await HostTestbed.with { testbed in
                let session = try testbed.startFeedbackd()
                #expect(try Self.profile(session) == "full")
                let policy = URL(fileURLWithPath: testbed.workDirectory).appendingPathComponent("quick-dwell.yaml")
                try Data("version: 1\nclassifier:\n  dwellSeconds: 0.5\n".utf8).write(to: policy)
                let (serve, _, _, chip) = try ServeTests.serving(
                    testbed,
                    ["--feedbackd", "--interval", "0.2", "--policy", policy.path],
                    environment: ["DBUS_SESSION_BUS_ADDRESS": session, "TEMPER_LOG_LEVEL": "info"]
                )

                try testbed.setTemperature(chip, index: 1, celsius: 82)
                #expect(try await Self.waitForProfile(session, "quiet") == "quiet", "serious → quiet")

                // The user wants full feedback back: Temper stands back, for as long as the condition holds.
                try Self.setProfile(session, "full")
                try await Task.sleep(for: .seconds(1))
                #expect(try Self.profile(session) == "full", "the user's change is not fought")
                #expect(serve.errors.allLines.contains { $0.contains("standing back") })

                // A new change of condition: Temper acts again, and remembers the user's full.
                try testbed.setTemperature(chip, index: 1, celsius: 96)
                #expect(try await Self.waitForProfile(session, "silent") == "silent", "critical → silent")

                try testbed.setTemperature(chip, index: 1, celsius: 40)
                #expect(try await Self.waitForProfile(session, "full", timeout: .seconds(15)) == "full", "cleared → the user's profile")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }
    }
}
