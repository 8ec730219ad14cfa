import FoundationEssentials
public import TemperCore
public import TemperPatterns

/// Builds a device profile from a Meta ACF and a base profile: the haptic figures the ACF states or implies
/// replace the base's, everything else (battery, audio, thermal, the actuator's electrical figures) is the base's,
/// still citing the base's own sources. Every number written here names the ACF line it comes from (`source:`)
/// or how it was worked out from it (`derived:`).
///
/// `temper profile import` reads the file and prints what ``checkedYAML(name:file:)`` returns; the work is here.
public struct ProfileImport: Sendable {
    public var configuration: ActuatorConfiguration
    /// The ACF's file name (`MetaQuest.acf`), which every citation names.
    public var acfName: String
    public var base: DeviceProfile
    /// The base profile's text, copied line by line with the haptic figures replaced.
    public var baseText: String

    public init(configuration: ActuatorConfiguration, acfName: String, base: DeviceProfile, baseText: String) {
        self.configuration = configuration
        self.acfName = acfName
        self.base = base
        self.baseText = baseText
    }

    /// Reads an ACF's bytes and the profile `baseArgument` names (a name found through `devices`, or a file).
    ///
    /// - Parameters:
    ///   - bytes: the `.acf` file's contents (JSON5).
    ///   - file: its path, for messages and the citations (its last component).
    /// - Throws: the ACF's first problem at its line and key, or why the base profile cannot be found or read.
    public init(acf bytes: [UInt8], file: String, base baseArgument: String, devices: DeviceProfileLibrary) throws(TemperError) {
        let configuration: ActuatorConfiguration
        do throws(PatternReadError) {
            configuration = try ACFReader.read(bytes, file: file)
        } catch {
            throw TemperError(
                code: .invalidValue,
                message: error.message,
                file: error.file,
                path: error.path,
                line: error.line,
                column: error.column,
                underlying: error
            )
        }
        let resolved = try devices.resolve(baseArgument)
        self.init(
            configuration: configuration,
            acfName: URL(fileURLWithPath: file).lastPathComponent,
            base: resolved.profile,
            baseText: resolved.text
        )
    }

    /// The name a profile gets when none is given: the ACF's file name (`MetaQuest.acf` → `MetaQuest`), with
    /// anything but letters, digits, '-' and '_' made '-'.
    public var defaultName: String {
        let stem = acfName.hasSuffix(".acf") ? String(acfName.dropLast(4)) : acfName
        let mapped = String(stem.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        return mapped.isEmpty ? "imported" : mapped
    }

    /// ``yaml(name:)``, read back by the reader every command uses, so what is written always loads.
    ///
    /// - Parameters:
    ///   - name: the profile's name; ``defaultName`` when `nil`.
    ///   - file: what a problem in the text names (the output path).
    public func checkedYAML(name: String? = nil, file: String) throws(TemperError) -> String {
        let text = yaml(name: name ?? defaultName)
        do {
            _ = try DeviceProfile.parse(yaml: text, file: file)
        } catch {
            throw TemperError(
                code: .invalidValue,
                message: "the imported profile does not read back: \(error.description)",
                underlying: error
            )
        }
        return text
    }

    /// The profile's YAML: the base's text with its name, description and the ACF's haptic figures replaced.
    public func yaml(name: String) -> String {
        let replacements = hapticReplacements()
        let description = (configuration.device.map { "\($0), " } ?? "") + "imported from \(acfName) over the \(base.name) profile."
        var lines: [String] = [
            "# Imported by `temper profile import \(acfName)`: haptic figures from the ACF (each cites its line),",
            "# everything else from the \(base.name) profile with that profile's own sources.",
        ]
        var section = ""
        for line in baseText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("#") { continue }
            if !line.hasPrefix(" "), let colon = line.firstIndex(of: ":") {
                section = String(line[..<colon])
                if section == "name" {
                    lines.append("name: \(name)")
                    continue
                }
                if section == "description" {
                    lines.append("description: \(Self.quoted(description))")
                    continue
                }
            }
            if section == "haptics", line.hasPrefix("  "), line.contains(":") {
                let key = String(line.trimmingSpaces.prefix { $0 != ":" })
                if let replacement = replacements[key] {
                    lines.append("  \(key): \(replacement)")
                    continue
                }
            }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `haptics:` keys the ACF sets, each with its value and where it comes from.
    private func hapticReplacements() -> [String: String] {
        let acf = configuration
        let haptics = base.haptics
        let baseName = base.name
        func cite(_ figure: ActuatorConfiguration.Figure) -> String { "\(acfName) \(figure.path) (line \(figure.line))" }
        let number = Self.number
        let low = acf.frequencyMin
        let high = acf.frequencyMax
        let gain = acf.continuousGain.value
        let emphasisGain = acf.emphasisGain.value
        let clickMs = (acf.emphasisLow.durationMs.value + acf.emphasisHigh.durationMs.value) / 2
        var replacements: [String: String] = [
            "sharpnessLowFrequency":
                "{value: \(number(low.value)), unit: Hz, source: \"\(cite(low)): the lowest frequency continuous vibration plays at\"}",
            "sharpnessHighFrequency":
                "{value: \(number(high.value)), unit: Hz, source: \"\(cite(high)): the highest frequency continuous vibration plays at\"}",
            "resonance":
                "{value: \(number((low.value + high.value) / 2)), unit: Hz, derived: \"middle of \(acfName)'s continuous range \(number(low.value))–\(number(high.value)) Hz; the ACF gives no f0\"}",
            "continuousPower":
                "{value: \(number(haptics.continuousMilliwatts * gain * gain)), unit: mW, derived: \"\(baseName)'s \(number(haptics.continuousMilliwatts)) mW at full drive × continuous gain² (\(number(gain)), \(cite(acf.continuousGain))): power grows with amplitude squared\"}",
            "clickEnergy":
                "{value: \(number(haptics.clickEnergyMillijoules * emphasisGain * emphasisGain)), unit: mJ, derived: \"\(baseName)'s \(number(haptics.clickEnergyMillijoules)) mJ per full-scale click × emphasis gain² (\(number(emphasisGain)), \(cite(acf.emphasisGain)))\"}",
            "clickDuration":
                "{value: \(number(clickMs)), unit: ms, derived: \"midpoint of the emphasis durations \(number(acf.emphasisLow.durationMs.value)) ms (\(cite(acf.emphasisLow.durationMs))) and \(number(acf.emphasisHigh.durationMs.value)) ms (\(cite(acf.emphasisHigh.durationMs)))\"}",
        ]
        if acf.isAmplitudeOnly {
            replacements["qualityFactor"] =
                "{value: 1, derived: \"\(acfName) plays amplitude only (frequency_min = frequency_max): no resonance to sharpen, so sharpness costs nothing extra\"}"
        }
        return replacements
    }

    /// A figure as the profile writes it: whole numbers without a fraction, others to four significant digits.
    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e12 ? String(Int(value)) : String(cFormat: "%.4g", value)
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
