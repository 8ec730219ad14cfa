import Foundation
import TemperCore
import TemperPatterns

/// Builds a device profile from a Meta ACF and a base profile: the haptic figures the ACF states or implies
/// replace the base's, everything else (battery, audio, thermal, the actuator's electrical figures) is the base's,
/// still citing the base's own sources. Every number written here names the ACF line it comes from (`source:`)
/// or how it was worked out from it (`derived:`).
struct ProfileImport {
    let configuration: ActuatorConfiguration
    let acfName: String
    let base: DeviceProfile
    let baseText: String
    let baseName: String

    func yaml(name: String) -> String {
        let acf = configuration
        let haptics = base.haptics
        func cite(_ figure: ActuatorConfiguration.Figure) -> String { "\(acfName) \(figure.path) (line \(figure.line))" }
        func number(_ value: Double) -> String {
            value.rounded() == value && abs(value) < 1e12 ? String(Int(value)) : String(format: "%.4g", value)
        }
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
        let description = (acf.device.map { "\($0), " } ?? "") + "imported from \(acfName) over the \(baseName) profile."
        var lines: [String] = [
            "# Imported by `temper profile import \(acfName)`: haptic figures from the ACF (each cites its line),",
            "# everything else from the \(baseName) profile with that profile's own sources.",
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
                    lines.append("description: \(quoted(description))")
                    continue
                }
            }
            if section == "haptics", line.hasPrefix("  "), let colon = line.firstIndex(of: ":") {
                let key = line.trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }
                if let replacement = replacements[String(key)] {
                    lines.append("  \(key): \(replacement)")
                    _ = colon
                    continue
                }
            }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
