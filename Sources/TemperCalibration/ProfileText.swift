import FoundationEssentials
import Glibc
public import TemperCore

/// Writes fitted numbers back into a device profile's text: the base file stays as its author wrote it (comments,
/// units, sources) except for the one section a calibration replaced.
public enum ProfileText: Sendable {
    /// `text` (a base profile with figures fitted) with a first line saying so, `name` (or "This profile") being
    /// `base` with `fitted`, and the base's own first comment line kept under it as what it started from: the file
    /// no longer claims to be the base ("Temper's default profile"). What `--out` writes and libtemper returns.
    public static func retitled(_ text: String, name: String?, base: String, fitted: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = "# \(name ?? "This profile"): '\(base)' with \(fitted); every other figure is as '\(base)' has it."
        if let first = lines.first, first.hasPrefix("# ") {
            lines[0] = "# Started from '\(base)': " + first.dropFirst(2)
        }
        return ([header] + lines).joined(separator: "\n")
    }

    /// `text` with the top-level `section:` block (the comment lines right above it, the key line and every
    /// indented or blank line after it) replaced by `lines`, and the top-level `name:` set to `name` when given.
    /// - Throws: `invalidValue` naming `file` when the text has no block-style `section:` at the top level.
    public static func replacingSection(
        _ section: String,
        with lines: [String],
        in text: String,
        file: String?,
        name: String? = nil
    ) throws(TemperError) -> String {
        var source = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let key = source.firstIndex(where: { isTopLevelKey(section, $0) && isBlockStart($0, key: section) }) else {
            throw TemperError(
                code: .invalidValue,
                message: "no block-style '\(section):' section at the top level to replace",
                file: file,
                path: section
            )
        }
        var end = key + 1
        while end < source.count, source[end].isEmpty || source[end].first == " " { end += 1 }
        // Keep the blank lines that separated the block from what follows.
        while end > key + 1, source[end - 1].trimmingSpaces.isEmpty { end -= 1 }
        // The comment block right above the section describes the numbers being replaced: it goes with them.
        var start = key
        while start > 0, source[start - 1].hasPrefix("#") { start -= 1 }
        source.replaceSubrange(start..<end, with: lines)
        if let name, let index = source.firstIndex(where: { isTopLevelKey("name", $0) }) {
            source[index] = "name: \(name)"
        }
        return source.joined(separator: "\n")
    }

    /// `text` with the figures `lines` names (key → its new `  key: {...}` line) replaced inside the top-level
    /// `section:` block, each together with any more-indented lines that continue it; everything else, comments,
    /// units and sources included, stays as written. The top-level `name:` is set to `name` when given.
    ///
    /// `notes` become comment lines `  # <notesMarker>: <note>` at the top of the section, in place of the ones an
    /// earlier run with the same marker wrote there: what a calibration says about its fit as a whole.
    /// - Throws: `invalidValue` naming `file` and the key path when the section or one of the keys is not there.
    public static func replacingFigures(
        _ lines: [(key: String, line: String)],
        inSection section: String,
        in text: String,
        file: String?,
        name: String? = nil,
        notes: [String] = [],
        notesMarker: String = "fit"
    ) throws(TemperError) -> String {
        var source = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = source.firstIndex(where: { isTopLevelKey(section, $0) && isBlockStart($0, key: section) }) else {
            throw TemperError(
                code: .invalidValue,
                message: "no block-style '\(section):' section at the top level",
                file: file,
                path: section
            )
        }
        var end = start + 1
        while end < source.count, source[end].isEmpty || source[end].first == " " || source[end].first == "#" { end += 1 }
        let marker = "# \(notesMarker): "
        let earlier = source[(start + 1)..<end].indices.filter { source[$0].trimmingSpaces.hasPrefix(marker) }
        for index in earlier.reversed() { source.remove(at: index) }
        end -= earlier.count
        source.insert(contentsOf: notes.map { "  \(marker)\($0)" }, at: start + 1)
        end += notes.count
        for (key, line) in lines {
            let indent = { (line: String) in line.prefix { $0 == " " }.count }
            guard
                let keyLine = source[(start + 1)..<end].firstIndex(where: {
                    $0.trimmingSpaces.hasPrefix(key + ":") && indent($0) > 0
                })
            else {
                throw TemperError(
                    code: .invalidValue,
                    message: "the base profile has no '\(key)' to replace",
                    file: file,
                    path: "\(section).\(key)"
                )
            }
            var last = keyLine + 1
            while last < end, !source[last].trimmingSpaces.isEmpty, indent(source[last]) > indent(source[keyLine]) {
                last += 1
            }
            source.replaceSubrange(keyLine..<last, with: [line])
            end -= last - keyLine - 1
        }
        if let name, let index = source.firstIndex(where: { isTopLevelKey("name", $0) }) {
            source[index] = "name: \(name)"
        }
        return source.joined(separator: "\n")
    }

    /// A YAML double-quoted scalar.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// A number with `digits` significant digits and no exponent for everyday magnitudes: `21.97`, `0.3512`.
    public static func number(_ value: Double, digits: Int = 4) -> String {
        guard value.isFinite, value != 0 else { return value.isFinite ? "0" : "\(value)" }
        let magnitude = Int(floor(log10(abs(value))))
        let decimals = max(0, digits - 1 - magnitude)
        var text = String(cFormat: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// A fitted value and its interval `low–high`, with enough significant digits (4 to 9) that the two ends
    /// differ: a tight interval is shown as tight (`14.999–14.9994`), not as `15–15`.
    public static func figure(_ value: FittedValue, separator: String = "–") -> (value: String, interval: String) {
        var digits = 4
        while digits < 9, number(value.low, digits: digits) == number(value.high, digits: digits) { digits += 1 }
        return (number(value.value, digits: digits), number(value.low, digits: digits) + separator + number(value.high, digits: digits))
    }

    private static func isTopLevelKey(_ key: String, _ line: String) -> Bool {
        line.hasPrefix(key + ":")
    }

    private static func isBlockStart(_ line: String, key: String) -> Bool {
        let rest = line.dropFirst(key.count + 1).trimmingSpaces
        return rest.isEmpty || rest.hasPrefix("#")
    }
}
