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

        /// A policy whose tiers follow the temperature within half a second, and a state folder, in the testbed.
        static func quickPolicy(_ testbed: HostTestbed) throws -> (policy: String, state: String) {
            let work = URL(fileURLWithPath: testbed.workDirectory)
            let policy = work.appendingPathComponent("quick-dwell.yaml")
            try Data("version: 1\nclassifier:\n  dwell: 500ms\n".utf8).write(to: policy)
            return (policy.path, work.appendingPathComponent("state").path)
        }

        @Test("serious → quiet, critical → silent, cleared → the user's profile back; a user's full stands across tiers")
        func profileFollowsCondition() async throws {
            try await HostTestbed.with { testbed in
                let session = try testbed.startFeedbackd()
                #expect(try Self.profile(session) == "full")
                let (policy, state) = try Self.quickPolicy(testbed)
                let (serve, _, _, chip) = try ServeTests.serving(
                    testbed,
                    ["--feedbackd", "--interval", "0.2", "--policy", policy, "--state-directory", state],
                    environment: ["DBUS_SESSION_BUS_ADDRESS": session, "TEMPER_LOG_LEVEL": "info"]
                )

                try testbed.setTemperature(chip, index: 1, celsius: 82)
                #expect(try await Self.waitForProfile(session, "quiet") == "quiet", "serious → quiet")

                // The user wants full feedback back: it stands, also when the tier changes (issue 21: the next tier
                // change set silent over it).
                try Self.setProfile(session, "full")
                try await Task.sleep(for: .seconds(1))
                #expect(try Self.profile(session) == "full", "the user's change is not fought")
                #expect(serve.errors.allLines.contains { $0.contains("changed by someone else") })
                try testbed.setTemperature(chip, index: 1, celsius: 96)
                try await Task.sleep(for: .seconds(2))
                #expect(try Self.profile(session) == "full", "the user's explicit full stands at critical")

                // Cleared: the user's full is simply their profile; the next episode is Temper's again.
                try testbed.setTemperature(chip, index: 1, celsius: 40)
                try await Task.sleep(for: .seconds(2))
                #expect(try Self.profile(session) == "full")
                try testbed.setTemperature(chip, index: 1, celsius: 96)
                #expect(try await Self.waitForProfile(session, "silent") == "silent", "critical → silent")
                try testbed.setTemperature(chip, index: 1, celsius: 40)
                #expect(try await Self.waitForProfile(session, "full", timeout: .seconds(15)) == "full", "cleared → the user's profile")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        @Test("kill -9 while holding silent: the next start puts the user's profile back, hot or cool")
        func userProfileSurvivesACrash() async throws {
            try await HostTestbed.with { testbed in
                let session = try testbed.startFeedbackd()
                try Self.setProfile(session, "quiet")  // the user's own, not feedbackd's default
                let (policy, state) = try Self.quickPolicy(testbed)
                let arguments = ["serve", "--feedbackd", "--interval", "0.2", "--policy", policy, "--state-directory", state]
                let environment = ["DBUS_SESSION_BUS_ADDRESS": session]
                let address = testbed.environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? ""
                var (serve, _, _, chip) = try ServeTests.serving(testbed, Array(arguments.dropFirst()), environment: environment)
                func restart() throws {
                    serve = try testbed.startTemper(arguments, environment: environment)
                    try BusClient.waitForService(address)
                }
                func crash() {
                    kill(serve.process.processIdentifier, SIGKILL)
                    #expect(serve.waitForExit(timeout: .seconds(10)).status == SIGKILL)
                }

                // Restarted while still critical: it keeps silent and knows it is its own.
                try testbed.setTemperature(chip, index: 1, celsius: 96)
                #expect(try await Self.waitForProfile(session, "silent") == "silent")
                crash()
                let marks = try String(contentsOfFile: state + "/feedbackd-profile", encoding: .utf8)
                #expect(marks == "held=silent\nuser=quiet\n")
                try restart()
                try testbed.setTemperature(chip, index: 1, celsius: 40)
                #expect(try await Self.waitForProfile(session, "quiet") == "quiet", "cleared after a crash → the user's quiet")
                // Cooling may pass through serious (quiet, held as Temper's): the mark goes once nothing is held.
                for _ in 0..<100 where FileManager.default.fileExists(atPath: state + "/feedbackd-profile") {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(!FileManager.default.fileExists(atPath: state + "/feedbackd-profile"), "nothing left to remember")

                // Restarted after it cooled down: the start puts the user's profile back.
                try testbed.setTemperature(chip, index: 1, celsius: 96)
                #expect(try await Self.waitForProfile(session, "silent") == "silent")
                crash()
                try testbed.setTemperature(chip, index: 1, celsius: 40)
                try restart()
                #expect(try await Self.waitForProfile(session, "quiet") == "quiet", "a cool start → the user's quiet")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }
    }
}
