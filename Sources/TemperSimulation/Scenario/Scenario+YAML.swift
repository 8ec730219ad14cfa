public import Foundation
public import TemperCore
import Yams

extension Scenario {
    static let topKeys: Set<String> = [
        "version", "name", "description", "duration", "timeStep", "seed", "device", "policy", "ambient", "workload",
        "insulation", "charging", "streams", "initial",
    ]

    /// Reads a scenario file.
    /// - Throws: ``TemperError`` naming the file, the key path and line:column for a malformed or unknown entry.
    public static func load(contentsOf url: URL) throws(TemperError) -> Scenario {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw TemperError(code: .unreadableFile, message: "cannot read the scenario: \(FileErrorText.describe(error, path: url.path))", file: url.path)
        }
        return try load(yaml: text, file: url.path)
    }

    /// Reads a scenario from YAML text. `file` names it in errors and anchors relative paths.
    public static func load(yaml text: String, file: String? = nil) throws(TemperError) -> Scenario {
        let root = try YAMLValue.parse(text, file: file)
        if let problem = root.unknownKeys(allowed: topKeys).first { throw problem }
        if let version = root["version"], try version.int() != 1 {
            throw version.error(.unsupportedVersion, "this build reads scenario version 1")
        }
        var scenario = Scenario(
            name: try root.require("name").string(),
            durationSeconds: try root.require("duration").durationSeconds(in: QuantityLimits.positiveSeconds),
            file: file
        )
        scenario.description = try root["description"]?.string() ?? ""
        if let step = root["timeStep"] {
            scenario.timeStepSeconds = try step.durationSeconds(in: QuantityLimits.positiveSeconds)
            guard scenario.timeStepSeconds <= scenario.durationSeconds else {
                throw step.error(.invalidScenario, "the time step must be at most the duration")
            }
        }
        let steps = scenario.durationSeconds / scenario.timeStepSeconds
        guard steps <= Double(Self.maxSteps) else {
            let culprit: YAMLValue
            if let step = root["timeStep"] { culprit = step } else { culprit = try root.require("duration") }
            throw culprit.error(
                .invalidScenario,
                "duration ÷ timeStep is \(QuantityLimits.number(steps.rounded(.up))) steps, more than the limit of \(Self.maxSteps); lengthen the time step")
        }
        if let seed = root["seed"] { scenario.seed = UInt64(try seed.int(in: 0...Int.max)) }
        scenario.device = try root["device"]?.string()
        scenario.policy = try root["policy"]?.string()
        for key in ["device", "policy"] { if let value = root[key] { scenario.entryLocations[key] = EntryLocation(value) } }
        if let ambient = root["ambient"] { scenario.ambient = try ambientSchedule(ambient) }
        if let workload = root["workload"] { scenario.workload = try workloadSegments(workload) }
        if let insulation = root["insulation"] { scenario.insulation = try insulationSegments(insulation) }
        if let charging = root["charging"] { scenario.charging = try chargingSegments(charging) }
        if let streams = root["streams"] {
            var total = 0.0
            scenario.streams = try streams.items().enumerated().map { (index, item) throws(TemperError) in
                let stream = try requestStream(item, index: index)
                let expected = stream.expectedRequests(durationSeconds: scenario.durationSeconds)
                total += expected
                guard total <= Double(Self.maxRequests) else {
                    throw item.error(
                        .invalidScenario,
                        "the streams would make about \(QuantityLimits.number(total.rounded(.up))) requests, more than the limit of \(Self.maxRequests); lower the rate or count, or shorten the window")
                }
                return stream
            }
        }
        if let initial = root["initial"] {
            scenario.initial = try initialState(initial)
            if !scenario.charging.isEmpty, let onBattery = initial["onBattery"] {
                throw onBattery.error(.invalidScenario, "not used with 'charging' spans: the device is on battery exactly outside them")
            }
        }
        return scenario
    }

    private static func ambientSchedule(_ value: YAMLValue) throws(TemperError) -> AmbientSchedule {
        if value.isScalar {
            guard (try? value.double()) != nil else {
                throw value.error(.invalidScenario, "expected a temperature in °C (a number) or a list of {at, celsius} points, found '\((try? value.string()) ?? "")'")
            }
            return .constant(try value.double(in: Self.ambientCelsius))
        }
        let points = try value.items().map { (item) throws(TemperError) -> AmbientSchedule.Point in
            if let problem = item.unknownKeys(allowed: ["at", "celsius"]).first { throw problem }
            return AmbientSchedule.Point(timeSeconds: try item.require("at").durationSeconds(), celsius: try item.require("celsius").double(in: Self.ambientCelsius))
        }
        guard !points.isEmpty else { throw value.error(.invalidScenario, "expected a temperature or a list of {at, celsius} points") }
        return AmbientSchedule(points: points)
    }

    private static func workloadSegments(_ value: YAMLValue) throws(TemperError) -> [WorkloadSegment] {
        var segments: [WorkloadSegment] = []
        for item in try value.items() {
            if let problem = item.unknownKeys(allowed: ["name", "power", "from", "for", "until"]).first { throw problem }
            let span = try timeSpan(item, after: segments.last?.endSeconds ?? 0, what: "a workload segment")
            segments.append(
                WorkloadSegment(
                    name: try item["name"]?.string() ?? "workload \(segments.count + 1)",
                    watts: try item.require("power").watts(), startSeconds: span.startSeconds, durationSeconds: span.durationSeconds
                )
            )
        }
        return segments
    }

    private static func insulationSegments(_ value: YAMLValue) throws(TemperError) -> [InsulationSegment] {
        var segments: [InsulationSegment] = []
        for item in try value.items() {
            if let problem = item.unknownKeys(allowed: ["name", "resistance", "from", "for", "until"]).first { throw problem }
            let resistance = try item.require("resistance")
            let kelvinPerWatt = try resistance.kelvinPerWatt()
            segments.append(
                InsulationSegment(
                    name: try item["name"]?.string() ?? "insulation \(segments.count + 1)", kelvinPerWatt: kelvinPerWatt,
                    span: try timeSpan(item, after: segments.last?.span.endSeconds ?? 0, what: "an insulation segment")
                )
            )
        }
        return segments
    }

    private static func chargingSegments(_ value: YAMLValue) throws(TemperError) -> [ChargingSegment] {
        var segments: [ChargingSegment] = []
        for item in try value.items() {
            if let problem = item.unknownKeys(allowed: ["name", "power", "efficiency", "from", "for", "until"]).first { throw problem }
            let power = try item.require("power")
            let watts = try power.watts()
            guard watts > 0, watts <= 500 else { throw power.error(.invalidValue, "expected a charging power above 0 and at most 500 W, found \(watts) W") }
            let efficiency = try item.require("efficiency")
            let fraction = try efficiency.fraction()
            guard fraction > 0 else { throw efficiency.error(.invalidValue, "expected an efficiency above 0 %") }
            segments.append(
                ChargingSegment(
                    name: try item["name"]?.string() ?? "charger \(segments.count + 1)", watts: watts, efficiency: fraction,
                    span: try timeSpan(item, after: segments.last?.span.endSeconds ?? 0, what: "a charging segment")
                )
            )
        }
        return segments
    }

    /// `from` (default: where the previous segment ended) and `for` or `until`.
    private static func timeSpan(_ item: YAMLValue, after previousEnd: Double, what: String) throws(TemperError) -> TimeSpan {
        let start = try item["from"].map { (value) throws(TemperError) in try value.durationSeconds() } ?? previousEnd
        let length: Double
        if let span = item["for"] {
            length = try span.durationSeconds()
        } else if let until = item["until"] {
            length = try until.durationSeconds() - start
            guard length >= 0 else { throw until.error(.invalidScenario, "'until' is before 'from'") }
        } else {
            throw item.error(.missingKey, "\(what) needs 'for' or 'until'")
        }
        return TimeSpan(startSeconds: start, durationSeconds: length)
    }

    /// The most time steps one run may take (duration ÷ timeStep): a week at 1 s, or a day at 0.1 s.
    public static let maxSteps = 1_000_000
    /// The most requests all streams together may make in one run (rate × window, count × repetitions).
    public static let maxRequests = 200_000
    static let ambientCelsius: ClosedRange<Double> = -40...80
    static let poissonRates: ClosedRange<Double> = 0.0001...1000
    static let burstCounts: ClosedRange<Int> = 1...10_000

    static let streamKeys: Set<String> = [
        "name", "kind", "every", "rate", "count", "spacing", "patterns", "requests", "usage", "from", "until", "seed",
    ]

    private static func requestStream(_ item: YAMLValue, index: Int) throws(TemperError) -> RequestStream {
        if let problem = item.unknownKeys(allowed: streamKeys).first { throw problem }
        let kindValue = try item.require("kind")
        let arrivals: RequestStream.Arrivals
        switch try kindValue.string() {
        case "periodic":
            arrivals = .periodic(everySeconds: try item.require("every").durationSeconds(in: QuantityLimits.positiveSeconds))
        case "poisson":
            let rate = try item.require("rate")
            arrivals = .poisson(perSecond: try rate.ratePerSecond(in: Self.poissonRates))
        case "burst", "bursts":
            arrivals = .bursts(
                count: try item.require("count").int(in: Self.burstCounts),
                spacingSeconds: try item["spacing"].map { (value) throws(TemperError) in try value.durationSeconds() } ?? 0.05,
                everySeconds: try item.require("every").durationSeconds(in: QuantityLimits.positiveSeconds)
            )
        case let other:
            throw kindValue.error(.invalidValue, "expected one of periodic, poisson, burst, found '\(other)'")
        }
        var payloads: [RequestStream.Payload] = []
        var locations: [EntryLocation] = []
        if let patterns = item["patterns"] {
            let named = try paths(patterns)
            payloads += named.map { .pattern(path: $0.path) }
            locations += named.map(\.location)
        }
        if let requests = item["requests"] {
            let named = try paths(requests)
            payloads += named.map { .request(path: $0.path) }
            locations += named.map(\.location)
        }
        guard !payloads.isEmpty else { throw item.error(.missingKey, "a stream needs 'patterns' or 'requests'") }
        let start = try item["from"].map { (value) throws(TemperError) in try value.durationSeconds() } ?? 0
        let end = try item["until"].map { (value) throws(TemperError) in try value.durationSeconds() }
        if let end, end < start, let until = item["until"] { throw until.error(.invalidScenario, "'until' is before 'from'") }
        let seed = try item["seed"].map { (value) throws(TemperError) in UInt64(try value.int(in: 0...Int.max)) }
        var stream = RequestStream(
            name: try item["name"]?.string() ?? "stream \(index + 1)", arrivals: arrivals, payloads: payloads,
            usage: try item["usage"]?.oneOf(UsageClass.self), startSeconds: start, endSeconds: end, seed: seed
        )
        stream.payloadLocations = locations
        return stream
    }

    private static func paths(_ value: YAMLValue) throws(TemperError) -> [(path: String, location: EntryLocation)] {
        if value.isScalar { return [(try value.string(), EntryLocation(value))] }
        return try value.items().map { (item) throws(TemperError) in (try item.string(), EntryLocation(item)) }
    }

    private static func initialState(_ value: YAMLValue) throws(TemperError) -> InitialState {
        let allowed: Set<String> = ["internalCelsius", "skinCelsius", "batteryPercentage", "onBattery", "powerProfile"]
        if let problem = value.unknownKeys(allowed: allowed).first { throw problem }
        var state = InitialState()
        state.internalCelsius = try value["internalCelsius"]?.double(in: -40...150)
        state.skinCelsius = try value["skinCelsius"]?.double(in: -40...150)
        if let battery = value["batteryPercentage"] { state.batteryPercentage = try battery.double(in: 0...100) }
        if let onBattery = value["onBattery"] { state.onBattery = try onBattery.bool() }
        if let profile = value["powerProfile"] {
            let text = try profile.string()
            guard ["power-saver", "balanced", "performance"].contains(text) else {
                throw profile.error(.invalidValue, "expected one of power-saver, balanced, performance, found '\(text)'")
            }
            state.powerProfile = text
        }
        return state
    }
}

extension Scenario {
    /// Resolves a path written in the scenario against the scenario file's folder.
    public func resolve(_ path: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        let base = file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return base.appendingPathComponent(path).standardizedFileURL
    }
}
