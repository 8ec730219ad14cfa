import Foundation
import TemperTestSupport
import Testing

/// Every numeric field of every format, and every numeric option, fed the values a hostile or careless user
/// writes: zero, a negative, 1e308, 1e-300, NaN and a huge count. Each run must end (within 10 s, under a 4 GB
/// address-space limit, enforced by `timeout` and `ulimit`, not measured) with exit 0 or with exit 2 and one line;
/// the values no field accepts (1e308, NaN, a huge count) must be exit 2.
@Suite struct BoundsTests {
    /// A value and whether every field must refuse it.
    static let values: [(text: String, alwaysRefused: Bool)] = [
        ("0", false), ("-1", false), ("1e308", true), ("1e-300", false), ("nan", true), ("1e30", true),
    ]

    struct Field: CustomStringConvertible, Sendable {
        var format: String
        var name: String
        /// The file's text with this field's value left as `@@`.
        var text: String
        var description: String { "\(format) \(name)" }
    }

    // MARK: Running

    /// Runs temper under a hard time and memory bound; a hang or a runaway allocation fails as a kill.
    static func bounded(_ arguments: [String]) throws -> TemperRunner.Result {
        let script = #"ulimit -v 4194304; exec "$0" "$@""#
        return try TemperRunner.run(
            ["-s", "KILL", "10", "/bin/sh", "-c", script, TemperRunner.executable.path] + arguments,
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/temper-no-bus"],
            executable: URL(fileURLWithPath: "/usr/bin/timeout")
        )
    }

    static func check(_ result: TemperRunner.Result, refused: Bool, _ what: String) {
        #expect([0, 2].contains(result.status), "\(what): exit \(result.status): \(result.stderr.suffix(300))")
        if refused { #expect(result.status == 2, "\(what) must be refused: \(result.stdout.prefix(200))") }
        if result.status == 2 {
            #expect(result.stderr.split(separator: "\n").count == 1, "\(what): \(result.stderr)")
        }
    }

    static func write(_ text: String, _ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("temper-bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    static func variants(of field: Field, unit: String = "") -> [(String, Bool)] {
        values.map { value in
            let written = value.text == "nan" ? (field.format == "request" ? "NaN" : ".nan") : value.text
            return (
                field.text.replacingOccurrences(of: "@@", with: unit.isEmpty || value.text == "nan" ? written : "\(written) \(unit)"),
                value.alwaysRefused
            )
        }
    }

    // MARK: Scenarios

    static let pattern = PackagePaths.root.appendingPathComponent("Examples/patterns/ui-tap.ahap").path
    static let request = PackagePaths.root.appendingPathComponent("Examples/scenarios/requests/selection-tick.json").path

    /// A small scenario naming every numeric key once; `⟨key⟩` marks where a field's value goes.
    static let scenario = """
        version: 1
        name: bounds
        duration: ⟨duration:20 s⟩
        timeStep: ⟨timeStep:100 ms⟩
        seed: ⟨seed:7⟩
        device: phone
        ambient:
          - { at: ⟨ambient.at:0 s⟩, temperature: ⟨ambient.temperature:25 °C⟩ }
        workload:
          - { name: a, power: ⟨workload.power:2 W⟩, from: ⟨workload.from:0 s⟩, for: ⟨workload.for:5 s⟩ }
          - { name: b, power: 1 W, until: ⟨workload.until:10 s⟩ }
        streams:
          - { name: p, kind: periodic, every: ⟨periodic.every:1 s⟩, from: ⟨stream.from:0 s⟩, until: ⟨stream.until:15 s⟩, seed: ⟨stream.seed:3⟩, patterns: [\(pattern)] }
          - { name: q, kind: poisson, rate: ⟨poisson.rate:1/s⟩, requests: [\(request)] }
          - { name: b, kind: burst, count: ⟨burst.count:3⟩, spacing: ⟨burst.spacing:50 ms⟩, every: ⟨burst.every:5 s⟩, patterns: [\(pattern)] }
        initial:
          internal: ⟨initial.internal:30 °C⟩
          skin: ⟨initial.skin:29 °C⟩
          batteryPercentage: ⟨initial.batteryPercentage:80⟩
        """

    /// The scenario's fields, and the unit each is written with (none for plain numbers).
    static let scenarioUnits: [String: String] = [
        "duration": "s", "timeStep": "s", "ambient.at": "s", "workload.power": "W", "workload.from": "s", "workload.for": "s",
        "workload.until": "s", "periodic.every": "s", "stream.from": "s", "stream.until": "s", "poisson.rate": "/s",
        "burst.spacing": "s", "burst.every": "s", "ambient.temperature": "°C", "initial.internal": "°C", "initial.skin": "°C",
    ]

    /// `template` with every `⟨key:default⟩` at its default except `key`, left as `@@`.
    static func fields(_ template: String, format: String) -> [Field] {
        let pattern = /⟨([^:⟩]+):([^⟩]*)⟩/
        let keys = template.matches(of: pattern).map { String($0.output.1) }
        return keys.map { key in
            let text = template.replacing(pattern) { match in match.output.1 == key ? "@@" : String(match.output.2) }
            return Field(format: format, name: key, text: text)
        }
    }

    @Test(arguments: fields(scenario, format: "scenario"))
    func everyScenarioFieldIsBounded(field: Field) throws {
        for (text, refused) in Self.variants(of: field) + Self.variants(of: field, unit: Self.scenarioUnits[field.name] ?? "") {
            let url = try Self.write(text, "bounds.yaml")
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            Self.check(
                try Self.bounded(["simulate", url.path, "--json"]),
                refused: refused,
                "\(field): \(text.split(separator: "\n").first { $0.contains(field.name.split(separator: ".").last!) } ?? "")"
            )
        }
    }

    @Test func derivedCeilingsAreErrorsNamingTheLimit() throws {
        let cases = [
            ("duration: 7 days", "duration: 604800 s\ntimeStep: 1 ms", "more than the limit of 1000000"),
            ("rate", "duration: 1 h", "more than the limit of 200000"),
        ]
        for (name, header, message) in cases {
            let stream = name == "rate" ? "streams:\n  - { kind: poisson, rate: 1000/s, patterns: [\(Self.pattern)] }\n" : ""
            let url = try Self.write("version: 1\nname: x\n\(header)\n\(stream)", "ceiling.yaml")
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            let result = try Self.bounded(["simulate", url.path])
            #expect(result.status == 2)
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    // MARK: Policies

    static let policy = """
        version: 1
        classifier:
          defaultThresholds: {fair: ⟨fair:70 °C⟩, serious: ⟨serious:85 °C⟩, critical: ⟨critical:95 °C⟩}
          sensorOverrides: [{chip: coretemp, hysteresis: ⟨override.hysteresis:3 K⟩}]
          hysteresis: ⟨hysteresis:3 K⟩
          dwell: ⟨dwell:10 s⟩
          trendWindow: ⟨trendWindow:20 s⟩
          preemptiveEscalation: ⟨preemptiveEscalation:30 s⟩
          absurdLimit: ⟨absurdLimit:200 °C⟩
          sensorLossTimeout: ⟨sensorLossTimeout:30 s⟩
          lowBatteryPercentage: ⟨lowBatteryPercentage:20⟩
          criticalBatteryPercentage: ⟨criticalBatteryPercentage:5⟩
        tiers:
          nominal:
            intensityScale: ⟨intensityScale:1⟩
            audioVolumeScale: ⟨audioVolumeScale:1⟩
            particleScale: ⟨particleScale:1⟩
            budget: {energy: ⟨budget.energy:2 J⟩, window: ⟨budget.window:60 s⟩}
            rumbleCap: ⟨rumbleCap:0.5 s⟩
          fair:
            haptics: {mode: capRumble, maxDuration: ⟨maxDuration:0.5 s⟩, fade: ⟨fade:0.1 s⟩}
        """

    static let policyUnits: [String: String] = [
        "dwell": "s", "trendWindow": "s", "preemptiveEscalation": "s", "sensorLossTimeout": "s", "budget.energy": "kJ",
        "budget.window": "h", "rumbleCap": "s", "maxDuration": "s", "fade": "s", "fair": "°C", "serious": "°C", "critical": "°C",
        "override.hysteresis": "K", "hysteresis": "K", "absurdLimit": "°C",
    ]

    @Test(arguments: fields(policy, format: "policy"))
    func everyPolicyFieldIsBounded(field: Field) throws {
        let request = PackagePaths.root.appendingPathComponent("Examples/requests/button-impact.json").path
        for (text, refused) in Self.variants(of: field) + Self.variants(of: field, unit: Self.policyUnits[field.name] ?? "") {
            // An energy needs its unit: a bare number is refused whatever it is.
            let url = try Self.write(text, "bounds.yaml")
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            Self.check(try Self.bounded(["rewrite", "--request", request, "--policy", url.path]), refused: refused, "\(field)")
        }
    }

    // MARK: Device profiles

    /// One field per `value:` of the shipped phone profile, each in the unit the file writes it in.
    static var profileFields: [Field] {
        let url = PackagePaths.root.appendingPathComponent("Policies/devices/phone.yaml")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let pattern = /(\w+): \{\s*value: ([-+0-9.eE]+)/
        return text.matches(of: pattern).map { match in
            var copy = text
            let valueRange = match.output.2.startIndex..<match.output.2.endIndex
            copy.replaceSubrange(valueRange, with: "@@")
            return Field(format: "profile", name: String(match.output.1), text: copy)
        }
    }

    @Test func theProfileTableCoversEveryFigure() {
        #expect(Self.profileFields.count >= 25)
    }

    @Test(arguments: profileFields)
    func everyProfileFigureIsBounded(field: Field) throws {
        let request = PackagePaths.root.appendingPathComponent("Examples/requests/button-impact.json").path
        for (text, refused) in Self.variants(of: field) {
            let url = try Self.write(text, "bounds.yaml")
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            Self.check(try Self.bounded(["rewrite", "--request", request, "--device", url.path]), refused: refused, "\(field)")
        }
    }

    // MARK: Requests

    static let requests = [
        #"{"id": "a", "usage": "game", "targetTimeSeconds": ⟨targetTimeSeconds:1⟩, "audio": {"position": [⟨position.x:1⟩, 0, -1], "sceneToMetres": ⟨sceneToMetres:1⟩, "volume": ⟨volume:0.5⟩, "durationSeconds": ⟨durationSeconds:1⟩, "distanceModel": {"referenceDistance": ⟨referenceDistance:1⟩, "rolloff": ⟨rolloff:1⟩, "maxDistance": ⟨maxDistance:50⟩}, "listener": {"position": [0, ⟨listener.y:0⟩, 0]}}}"#,
        #"{"id": "v", "usage": "game", "visual": {"particleCount": ⟨particleCount:400⟩, "qualityLevel": ⟨qualityLevel:2⟩}}"#,
        #"{"id": "s", "usage": "ui", "system": {"type": "impact", "style": "light", "intensity": ⟨intensity:0.6⟩}}"#,
    ]

    @Test(arguments: requests.flatMap { fields($0, format: "request") })
    func everyRequestFieldIsBounded(field: Field) throws {
        for (text, refused) in Self.variants(of: field) {
            let url = try Self.write(text, "bounds.json")
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            Self.check(try Self.bounded(["rewrite", "--request", url.path]), refused: refused, "\(field): \(text)")
        }
    }

    // MARK: Options

    /// Each numeric option with the command around it; every value here is out of its range except where noted.
    @Test(arguments: [
        ["watch", "--interval", "@@"],
        ["record", "--out", "/nonexistent/t.jsonl", "--interval", "@@"],
        ["record", "--out", "/nonexistent/t.jsonl", "--duration", "@@"],
        ["simulate", "--trace-interval", "@@", "--record-trace", "/nonexistent/t.jsonl"],
        ["score", "Examples/patterns/ui-tap.ahap", "--budget", "@@mJ"],
    ])
    func everyNumericOptionIsBounded(arguments: [String]) throws {
        for value in Self.values + [("-1e-300", false), ("1e309", true)] {
            let result = try Self.bounded(arguments.map { $0.replacingOccurrences(of: "@@", with: value.text) })
            let what = arguments.joined(separator: " ").replacingOccurrences(of: "@@", with: value.text)
            // A budget of 1e-300 mJ is valid, and every pattern is over it (exit 1).
            if arguments[0] == "score", value.text == "1e-300" {
                #expect(result.status == 1, "\(what): \(result.stderr)")
                continue
            }
            // record --duration 0 is valid, and then the --out that cannot be created is the one-line error.
            #expect(result.status == 2, "\(what): exit \(result.status): \(result.stderr.suffix(300))")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(what): \(result.stderr)")
            #expect(!result.stderr.contains("Missing value"), "\(what) must reach its validator: \(result.stderr)")
        }
    }
}
