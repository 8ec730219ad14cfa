import TemperCore

/// Reads a version-1 scenario document, collecting every problem instead of stopping at the first, as
/// ``Policy/read(yaml:file:)`` does: each section, each list item and each key of an item is read on its own, so
/// one bad value does not hide the next. A section or item with a problem is left out of the scenario.
struct ScenarioReader {
    var problems = YAMLProblems()
    /// One warning per deprecated key read (see ``deprecatedKey(_:renamedTo:in:)``).
    var deprecations: [TemperError] = []

    /// The scenario as far as it could be read, or `nil` when the document is not a scenario mapping at all.
    /// Check ``problems`` either way.
    mutating func read(_ root: YAMLValue, file: String?) -> Scenario? {
        guard root.isMapping else {
            problems.record(root.error(.invalidScenario, "expected a scenario mapping with 'name' and 'duration' at the top"))
            return nil
        }
        problems.record(root.unknownKeys(allowed: Scenario.topKeys))
        if let version = root["version"] {
            attempt { () throws(TemperError) in
                if try version.int() != 1 { throw version.error(.unsupportedVersion, "this build reads scenario version 1") }
            }
        }
        let name = attempt { () throws(TemperError) in try root.require("name").string() }
        let duration = attempt { () throws(TemperError) in try root.require("duration").durationSeconds(in: QuantityLimits.positiveSeconds)
        }
        var scenario = Scenario(name: name ?? "", durationSeconds: duration ?? 0, file: file)
        scenario.description = attempt { () throws(TemperError) -> String in try root["description"]?.string() ?? "" } ?? ""
        readTimeStep(root, into: &scenario, duration: duration)
        if let seed = root["seed"], let value = attempt({ () throws(TemperError) in try seed.int(in: 0...Int.max) }) {
            scenario.seed = UInt64(value)
        }
        for key in ["device", "policy"] {
            guard let value = root[key], let text = attempt({ () throws(TemperError) in try value.string() }) else { continue }
            if key == "device" { scenario.device = text } else { scenario.policy = text }
            scenario.entryLocations[key] = EntryLocation(value)
        }
        if let ambient = root["ambient"], let schedule = readAmbient(ambient) {
            scenario.ambient = schedule
        }
        if let workload = root["workload"] { scenario.workload = readWorkload(workload) }
        if let insulation = root["insulation"] { scenario.insulation = readInsulation(insulation) }
        if let charging = root["charging"] { scenario.charging = readCharging(charging) }
        if let open = root["audioPathAlreadyOpen"], let value = attempt({ () throws(TemperError) in try open.bool() }) {
            scenario.audioPathAlreadyOpen = value
        }
        if let streams = root["streams"] { scenario.streams = readStreams(streams, durationSeconds: duration) }
        if let initial = root["initial"] {
            if let state = readInitial(initial) { scenario.initial = state }
            if !scenario.charging.isEmpty, let onBattery = initial["onBattery"] {
                problems.record(
                    onBattery.error(.invalidScenario, "not used with 'charging' spans: the device is on battery exactly outside them")
                )
            }
        }
        scenario.deprecations = deprecations
        return scenario
    }

    /// Runs `body`, recording its error and returning `nil` on failure.
    @discardableResult
    mutating func attempt<T>(_ body: () throws(TemperError) -> T) -> T? {
        problems.attempt(body)
    }

    /// `item`'s unknown keys, all recorded; whether it had none.
    mutating func knownKeysOnly(_ item: YAMLValue, _ allowed: Set<String>, renamed: [String: String] = [:]) -> Bool {
        let unknown = item.unknownKeys(allowed: allowed, renamed: renamed)
        problems.record(unknown)
        return unknown.isEmpty
    }

    /// Each item of a list read on its own by `read`; the items that read cleanly, in order.
    mutating func eachItem<T>(of list: YAMLValue, _ read: (inout ScenarioReader, YAMLValue, [T]) -> T?) -> [T] {
        guard let items = attempt({ () throws(TemperError) in try list.items() }) else { return [] }
        var values: [T] = []
        for item in items {
            if let value = read(&self, item, values) { values.append(value) }
        }
        return values
    }

    private mutating func readTimeStep(_ root: YAMLValue, into scenario: inout Scenario, duration: Double?) {
        var step = scenario.timeStepSeconds
        if let value = root["timeStep"] {
            guard let seconds = attempt({ () throws(TemperError) in try value.durationSeconds(in: QuantityLimits.positiveSeconds) }) else {
                return
            }
            if let duration, seconds > duration {
                problems.record(value.error(.invalidScenario, "the time step must be at most the duration"))
                return
            }
            step = seconds
        }
        guard let duration else { return }
        let steps = duration / step
        guard steps <= Double(Scenario.maxSteps) else {
            guard let culprit = root["timeStep"] ?? root["duration"] else { return }
            problems.record(
                culprit.error(
                    .invalidScenario,
                    "duration ÷ timeStep is \(QuantityLimits.number(steps.rounded(.up))) steps, more than the limit of \(Scenario.maxSteps); lengthen the time step"
                )
            )
            return
        }
        scenario.timeStepSeconds = step
    }

    mutating func ambientSchedule(_ value: YAMLValue) throws(TemperError) -> AmbientSchedule {
        if value.isScalar {
            do { return .constant(try value.celsius(in: Scenario.ambientCelsius)) } catch {
                var problem = error
                problem.message += " (or a list of {at, temperature} points)"
                throw problem
            }
        }
        let points = try value.items().map { (item) throws(TemperError) -> AmbientSchedule.Point in
            if let problem = item.unknownKeys(allowed: ["at", "temperature", "celsius"]).first { throw problem }
            let at = try item.require("at").durationSeconds()
            if let old = deprecatedKey("celsius", renamedTo: "temperature", in: item) {
                return AmbientSchedule.Point(timeSeconds: at, celsius: try old.double(in: Scenario.ambientCelsius))
            }
            return AmbientSchedule.Point(timeSeconds: at, celsius: try item.require("temperature").celsius(in: Scenario.ambientCelsius))
        }
        guard !points.isEmpty else { throw value.error(.invalidScenario, "expected a temperature or a list of {at, temperature} points") }
        return AmbientSchedule(points: points)
    }

    private mutating func readWorkload(_ list: YAMLValue) -> [WorkloadSegment] {
        eachItem(of: list) { reader, item, previous in
            let clean = reader.knownKeysOnly(item, ["name", "power", "from", "for", "until"])
            let name = reader.attempt { () throws(TemperError) in try item["name"]?.string() ?? "workload \(previous.count + 1)" }
            let watts = reader.attempt { () throws(TemperError) in try item.require("power").watts() }
            let span = reader.timeSpan(item, after: previous.last?.endSeconds ?? 0, what: "a workload segment")
            guard clean, let name, let watts, let span else { return nil }
            return WorkloadSegment(name: name, watts: watts, startSeconds: span.startSeconds, durationSeconds: span.durationSeconds)
        }
    }

    private mutating func readInsulation(_ list: YAMLValue) -> [InsulationSegment] {
        eachItem(of: list) { reader, item, previous in
            let clean = reader.knownKeysOnly(item, ["name", "resistance", "from", "for", "until"])
            let name = reader.attempt { () throws(TemperError) in try item["name"]?.string() ?? "insulation \(previous.count + 1)" }
            let kelvinPerWatt = reader.attempt { () throws(TemperError) in try item.require("resistance").kelvinPerWatt() }
            let span = reader.timeSpan(item, after: previous.last?.span.endSeconds ?? 0, what: "an insulation segment")
            guard clean, let name, let kelvinPerWatt, let span else { return nil }
            return InsulationSegment(name: name, kelvinPerWatt: kelvinPerWatt, span: span)
        }
    }

    private mutating func readCharging(_ list: YAMLValue) -> [ChargingSegment] {
        eachItem(of: list) { reader, item, previous in
            let clean = reader.knownKeysOnly(item, ["name", "power", "efficiency", "from", "for", "until"])
            let name = reader.attempt { () throws(TemperError) in try item["name"]?.string() ?? "charger \(previous.count + 1)" }
            let watts = reader.attempt { () throws(TemperError) in
                let power = try item.require("power")
                let watts = try power.watts()
                guard watts > 0, watts <= 500 else {
                    throw power.error(.invalidValue, "expected a charging power above 0 and at most 500 W, found \(watts) W")
                }
                return watts
            }
            let efficiency = reader.attempt { () throws(TemperError) in
                let efficiency = try item.require("efficiency")
                let fraction = try efficiency.fraction()
                guard fraction > 0 else { throw efficiency.error(.invalidValue, "expected an efficiency above 0 %") }
                return fraction
            }
            let span = reader.timeSpan(item, after: previous.last?.span.endSeconds ?? 0, what: "a charging segment")
            guard clean, let name, let watts, let efficiency, let span else { return nil }
            return ChargingSegment(name: name, watts: watts, efficiency: efficiency, span: span)
        }
    }

    /// `from` (default: where the previous segment ended) and `for` or `until`.
    private mutating func timeSpan(_ item: YAMLValue, after previousEnd: Double, what: String) -> TimeSpan? {
        attempt { () throws(TemperError) in
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
    }

    private mutating func readInitial(_ value: YAMLValue) -> InitialState? {
        let clean = knownKeysOnly(
            value,
            Set(["internal", "skin", "batteryPercentage", "onBattery", "powerProfile"]).union(Self.renamedInitialKeys.keys)
        )
        var state = InitialState()
        var read = true
        func take<T>(_ key: String, _ body: (YAMLValue) throws(TemperError) -> T, into target: inout T) {
            guard let node = value[key] else { return }
            if let parsed = problems.attempt({ () throws(TemperError) in try body(node) }) { target = parsed } else { read = false }
        }
        for (old, new) in Self.renamedInitialKeys {
            guard let node = deprecatedKey(old, renamedTo: new, in: value) else { continue }
            let celsius = problems.attempt { () throws(TemperError) in try node.double(in: -40...150) }
            if let celsius, new == "internal" { state.internalCelsius = celsius }
            if let celsius, new == "skin" { state.skinCelsius = celsius }
            if celsius == nil { read = false }
        }
        take("internal", { (node) throws(TemperError) -> Double? in try node.celsius(in: -40...150) }, into: &state.internalCelsius)
        take("skin", { (node) throws(TemperError) -> Double? in try node.celsius(in: -40...150) }, into: &state.skinCelsius)
        take("batteryPercentage", { (node) throws(TemperError) in try node.double(in: 0...100) }, into: &state.batteryPercentage)
        take("onBattery", { (node) throws(TemperError) in try node.bool() }, into: &state.onBattery)
        take(
            "powerProfile",
            { (node) throws(TemperError) in
                let text = try node.string()
                guard ["power-saver", "balanced", "performance"].contains(text) else {
                    throw node.error(.invalidValue, "expected one of power-saver, balanced, performance, found '\(text)'")
                }
                return text
            },
            into: &state.powerProfile
        )
        return clean && read ? state : nil
    }
}
