import TemperCore

/// Keys a version-1 scenario was written with before values carried their units (`internalCelsius: 27` before
/// `internal: 27 °C`). The version did not move when they were renamed, so a file valid then still reads: its old
/// key's bare number is in the unit the key named, and each use gives one warning naming the key that replaces it.
extension ScenarioReader {
    /// `initial`'s old keys and the keys that replaced them; both name degrees Celsius.
    static let renamedInitialKeys = ["internalCelsius": "internal", "skinCelsius": "skin"]

    /// The value of the deprecated `old` key in `mapping`, with a warning recorded, or `nil` when it is absent. Both
    /// the old and the new key is an error: which one was meant is not for Temper to guess.
    mutating func deprecatedKey(_ old: String, renamedTo new: String, in mapping: YAMLValue) -> YAMLValue? {
        guard let value = mapping[old] else { return nil }
        if mapping[new] != nil {
            problems.record(value.error(.invalidScenario, "'\(old)' and '\(new)' both set; keep '\(new)' only"))
            return nil
        }
        let example = (try? value.string()).map { "\(new): \($0) °C" } ?? "\(new): 30 °C"
        deprecations.append(value.error(.unknownKey, "'\(old)' is deprecated: it is now '\(new)' (write \(example))"))
        return value
    }

    /// The ambient temperature or schedule, recording its problem.
    mutating func readAmbient(_ value: YAMLValue) -> AmbientSchedule? {
        do throws(TemperError) {
            return try ambientSchedule(value)
        } catch {
            problems.record(error)
            return nil
        }
    }
}
