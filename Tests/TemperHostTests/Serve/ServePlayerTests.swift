import Foundation
import Testing

extension RealDaemonTests {
    /// Live players on the private bus, with python3-gi's Gio as the client: StartPlayer, UpdatePlayer, StopPlayer,
    /// the per-user cap, PlayerClamped on a tier change, and a client that leaves without stopping its players.
    @Suite struct ServePlayerTests {
        /// Serious scales a rumble by half and caps it at 2 s.
        static let policy = """
            version: 1
            name: players
            tiers:
              serious:
                haptics: {mode: capRumble, maxDuration: 2s, fade: 0.1s}
                intensityScale: 0.5

            """

        @Test("a client that leaves the bus has its players stopped, and its user's share of players comes back")
        func vanishedClientsPlayersStop() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, _) = try ServeTests.serving(testbed, environment: ["TEMPER_LOG_LEVEL": "info"])
                // The cap: a user has at most 16 live players.
                let left = try BusClient.python(address, ["players", "17", "0"])
                #expect((left["handles"] as? [Int])?.count == 16, "\(left)")
                let refused = left["errors"] as? [String] ?? []
                #expect(
                    refused.count == 1 && refused[0].contains("QueueFull: user") && refused[0].contains("already has 16 live players"),
                    "\(refused)"
                )
                let name = left["name"] as? String ?? "?"
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(10)
                var logged = false
                while !logged, clock.now < deadline {
                    logged = serve.errors.allLines.contains {
                        $0.contains("stopping its players") && $0.contains("client=\(name)") && $0.contains("count=16")
                    }
                    if !logged { try await Task.sleep(for: .milliseconds(20)) }
                }
                #expect(logged, "the service noticed \(name) leaving: \(serve.errors.allLines.suffix(5))")
                // Its 16 players stopped, so the same user may start 16 again; StopPlayer ends one, once.
                var again: [String: Any] = [:]
                for _ in 0..<50 {
                    again = try BusClient.python(address, ["players", "16", "0.1"])
                    if (again["handles"] as? [Int])?.count == 16 { break }
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect((again["handles"] as? [Int])?.count == 16, "\(again)")
                #expect(again["stopped"] as? Bool == true)
                #expect(again["stoppedAgain"] as? Bool == false)
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        @Test("bad player arguments get one-line InvalidRequest errors; only the owner may update or stop a player")
        func badArguments() async throws {
            try await HostTestbed.with { testbed in
                let (serve, address, _, _) = try ServeTests.serving(testbed)
                let out = try BusClient.python(address, ["player-errors"])
                func error(_ key: String) -> String { out[key] as? String ?? "(none)" }
                let invalid = "org.temper.Temper1.Error.InvalidRequest: "
                #expect(error("notJSON").hasPrefix(invalid + "player_json:"), "\(error("notJSON"))")
                #expect(error("noIntensity").contains("missing key 'intensity'"), "\(error("noIntensity"))")
                #expect(error("hugeIntensity").contains("intensity: expected a number from 0 to 1"), "\(error("hugeIntensity"))")
                #expect(
                    error("loopWithoutPattern").contains("loopSeconds needs a haptic pattern to loop"),
                    "\(error("loopWithoutPattern"))"
                )
                #expect(error("unknownKey").contains("unknown key 'speed'"), "\(error("unknownKey"))")
                #expect(error("nan") == invalid + "intensity must be a number from 0 to 1; got nan", "\(error("nan"))")
                #expect(error("negative") == invalid + "sharpness must be a number from 0 to 1; got -0.25")
                #expect(error("huge") == invalid + "volume must be a number from 0 to 1; got 1e+308")
                #expect(error("infinite") == invalid + "intensity must be a number from 0 to 1; got inf")
                #expect(error("unknownHandle").contains("no live player with handle"), "\(error("unknownHandle"))")
                #expect(error("notOwner").contains("started by this connection"), "\(error("notOwner"))")
                #expect(out["stopByOther"] as? Bool == false)
                #expect(out["stop"] as? Bool == true)
                let update = out["update"] as? [String: Any] ?? [:]
                #expect(update["cause"] as? String == "update", "\(update)")
                #expect((update["playing"] as? [String: Any])?["intensity"] as? Double == 1)
                #expect(!error("notJSON").contains("\n"))
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        @Test("a tier change re-clamps a live player and PlayerClamped tells its owner, with the values and reasons")
        func tierChangeSignalsTheOwner() async throws {
            try await HostTestbed.with { testbed in
                let policy = testbed.workDirectory + "/players.yaml"
                try Self.policy.write(toFile: policy, atomically: true, encoding: .utf8)
                let (serve, address, _, chip) = try ServeTests.serving(testbed, ["--interval", "0.2", "--policy", policy])
                let (client, lines) = try BusClient.startPython(address, ["player-signals", "30"])
                defer { client.terminate() }
                let clock = ContinuousClock()
                var deadline = clock.now + .seconds(20)
                while lines.allLines.isEmpty, clock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
                let started = try JSONSerialization.jsonObject(with: Data((lines.allLines.first ?? "{}").utf8)) as? [String: Any]
                let decision = started?["started"] as? [String: Any] ?? [:]
                #expect(decision["outcome"] as? String == "playing", "\(lines.allLines)")
                // Hot: serious halves the rumble and ends it 2 s after the cap came into force.
                try testbed.setTemperature(chip, index: 1, celsius: 90)
                deadline = clock.now + .seconds(20)
                var clamped: [String: Any]?
                while clamped == nil, clock.now < deadline {
                    clamped = lines.allLines.dropFirst().compactMap {
                        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
                    }.first { line in
                        ((line["clamped"] as? [String: Any])?["condition"] as? [String: Any])?["tier"] as? String == "serious"
                    }
                    if clamped == nil { try await Task.sleep(for: .milliseconds(50)) }
                }
                let line = try #require(clamped, "no PlayerClamped under serious: \(lines.allLines)")
                let signal = line["clamped"] as? [String: Any] ?? [:]
                #expect(signal["cause"] as? String == "condition")
                #expect(signal["outcome"] as? String == "clamped")
                #expect(line["handle"] as? Int == decision["handle"] as? Int)
                let codes = (signal["rules"] as? [[String: Any]] ?? []).compactMap { ($0["reason"] as? [String: Any])?["code"] as? String }
                #expect(codes == ["player.rumbleCap", "player.intensityScale"], "\(signal)")
                let playing = signal["playing"] as? [String: Any] ?? [:]
                #expect(playing["intensity"] as? Double == 0.4)
                // The cap's end in CLOCK_MONOTONIC seconds (the client's time.monotonic()): about 2 s after the signal.
                let end = try #require(playing["hapticsEndSeconds"] as? Double)
                let heard = try #require(line["time"] as? Double)
                #expect(abs(end - (heard + 2)) < 1, "ends at \(end), heard at \(heard)")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }
    }
}
