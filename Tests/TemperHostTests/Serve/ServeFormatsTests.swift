import Foundation
import TemperTestSupport
import Testing

extension RealDaemonTests {
    /// `temper serve`'s Decide over D-Bus with patterns in every format: each is decided at the price `temper
    /// score` gives its file and comes back in its own format. The service reads no file a client names (it may
    /// run as a system service), so patterns travel inline: AHAP and the other JSON formats as JSON, Android XML
    /// as a string.
    @Suite struct ServeFormatsTests {
        static let files = ["door-knock.haptic", "notify-waveform.json", "confirm-composition.json", "pulse.xml", "engine-rumble.json"]
        static let folder = PackagePaths.root.appendingPathComponent("Examples/formats")

        struct Score: Decodable {
            struct Pattern: Decodable { var energyMillijoules: Double? }
            var patterns: [Pattern]
        }

        static func inlineRequest(_ file: String) throws -> [String: Any] {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let pattern: Any = file.hasSuffix(".xml") ? String(decoding: data, as: UTF8.self) : try JSONSerialization.jsonObject(with: data)
            return ["id": file, "usage": "game", "haptic": ["pattern": pattern]]
        }

        @Test("system bus: Decide takes inline patterns in every format, prices them as score does, answers in their format")
        func decideEveryFormat() async throws {
            let scored = try TemperRunner.run(
                ["score"] + Self.files.map { Self.folder.appendingPathComponent($0).path } + ["--format", "json"]
            )
            let expected = try JSONDecoder().decode(Score.self, from: Data(scored.stdout.utf8)).patterns.map(\.energyMillijoules)
            try #require(expected.count == Self.files.count)

            var requests = try Self.files.map(Self.inlineRequest)
            requests.append([
                "id": "by-path", "usage": "game", "haptic": ["file": Self.folder.appendingPathComponent("door-knock.haptic").path],
            ])
            let list = TemporaryFolder.uniquePath(prefix: "temper-serve-formats")
            try JSONSerialization.data(withJSONObject: requests).write(to: list)
            defer { try? FileManager.default.removeItem(at: list) }

            try await HostTestbed.with { testbed in
                let (serve, address, _, _) = try ServeTests.serving(testbed)
                let script = HostTestbed.harnessDirectory.appendingPathComponent("decide_requests.py").path
                let result = try BusClient.run(HarnessRequirements.python, [script, address, list.path], timeout: .seconds(60))
                let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
                let results = try #require(object?["results"] as? [[String: Any]], "\(result.stdout) \(result.stderr)")
                try #require(results.count == requests.count)

                for (index, file) in Self.files.enumerated() {
                    let decision = try #require(results[index]["decision"] as? [String: Any], "\(file): \(results[index])")
                    #expect(decision["outcome"] as? String == "pass", "\(file)")
                    let before = try #require(decision["energyBeforeMillijoules"] as? Double)
                    let score = try #require(expected[index])
                    #expect(abs(before - score) <= 1e-5 * max(1, score), "\(file): \(before) mJ decided, \(score) mJ scored")
                    let request = decision["request"] as? [String: Any]
                    let pattern = (request?["haptic"] as? [String: Any])?["pattern"]
                    switch file {
                    case "door-knock.haptic":
                        let clip = pattern as? [String: Any]
                        #expect(clip?["signals"] != nil && (clip?["metadata"] as? [String: Any])?["editor"] as? String == "Temper examples")
                    case "engine-rumble.json":
                        let rumble = pattern as? [String: Any]
                        #expect(
                            (rumble?["high_frequency_motor_speeds"] as? [Double])?.contains { $0 > 0 } == true,
                            "the weak motor is kept"
                        )
                    case "pulse.xml", "confirm-composition.json":
                        #expect((pattern as? String)?.hasPrefix("<vibration-effect>") == true, "\(file) comes back as Android XML")
                    default:
                        #expect((pattern as? [String: Any])?["timings"] != nil, "\(file) comes back as an Android waveform")
                    }
                }
                let refused = try #require(results.last?["error"] as? String)
                #expect(refused.hasPrefix("org.temper.Temper1.Error.InvalidRequest: "), "\(refused)")
                #expect(refused.contains("haptic.file") && refused.contains("inline") && !refused.contains("\n"), "\(refused)")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }

        /// Every example pattern format, and an AHAP pattern.
        static func scoredFiles() throws -> [String] {
            let formats = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
                folder.appendingPathComponent($0).path
            }
            return formats + [PackagePaths.root.appendingPathComponent("Examples/patterns/heartbeat.ahap").path]
        }

        @Test("system bus: Score answers each example format with its entry of temper score --format json, perception included")
        func scoreEqualsTheCommandLine() async throws {
            let files = try Self.scoredFiles()
            let scored = try TemperRunner.run(["score"] + files + ["--format", "json"])
            let document = try JSONSerialization.jsonObject(with: Data(scored.stdout.utf8)) as? [String: Any]
            let entries = try #require(document?["patterns"] as? [[String: Any]], "\(scored.stderr)")
            try #require(entries.count == files.count)
            try await HostTestbed.with { testbed in
                let (serve, address, _, _) = try ServeTests.serving(testbed)
                var compared = 0
                for (file, entry) in zip(files, entries) {
                    let content = try String(contentsOfFile: file, encoding: .utf8)
                    let call = try BusClient.busctl(
                        address,
                        ["--json=short", "call", "org.temper.Temper1"] + ServeTests.governor + ["Score", "ss", content, ""]
                    )
                    guard entry["status"] as? String != "error" else {
                        #expect(call.status != 0 && call.stderr.contains("ahap_json"), "\(file): \(call.stdout) \(call.stderr)")
                        continue
                    }
                    let reply = try JSONSerialization.jsonObject(with: Data(call.stdout.utf8)) as? [String: Any]
                    let text = try #require((reply?["data"] as? [String])?.first, "\(file): \(call.stdout) \(call.stderr)")
                    var answered = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                    // The command line names the file where the bus names the argument, in the path and in messages.
                    let cli = try JSONSerialization.data(withJSONObject: entry)
                    let renamed = String(decoding: cli, as: UTF8.self)
                        .replacingOccurrences(of: file.replacingOccurrences(of: "/", with: "\\/"), with: "ahap_json")
                        .replacingOccurrences(of: file, with: "ahap_json")
                    var expected = try #require(try JSONSerialization.jsonObject(with: Data(renamed.utf8)) as? [String: Any])
                    answered["path"] = nil
                    expected["path"] = nil
                    #expect(expected["feltStrength"] != nil, "\(file): the command line's entry has its perception (feltStrength…)")
                    #expect(NSDictionary(dictionary: answered).isEqual(to: expected), "\(file):\n\(answered)\n\(expected)")
                    compared += 1
                }
                #expect(compared >= Self.files.count + 1, "at least every decided format and the AHAP pattern were compared")
                serve.interrupt()
                #expect(serve.waitForExit(timeout: .seconds(10)).status == 0)
            }
        }
    }
}
