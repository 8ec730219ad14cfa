/// Where a YAML node starts in its file, 1-based as people count.
struct YAMLMark: Hashable, Sendable {
    var line: Int
    var column: Int
}

/// A scalar as written: its text, whether it was plain (unquoted, untagged), and where it starts.
struct YAMLScalar: Sendable {
    var text: String
    var isPlain: Bool
    var mark: YAMLMark
}

/// One node of a composed YAML document. Policies, profiles and scenarios are mappings of words to scalars,
/// lists and mappings, so a mapping's keys are scalars.
enum YAMLNode: Sendable {
    case scalar(YAMLScalar)
    case mapping([(key: YAMLScalar, value: YAMLNode)], YAMLMark)
    case sequence([YAMLNode], YAMLMark)

    var mark: YAMLMark {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .mapping(_, let mark), .sequence(_, let mark): mark
        }
    }

    /// The value under `key` in a mapping (keys are unique: the composer refuses duplicates).
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key.text == key }?.value
    }

    /// The scalar as a whole number: decimal with an optional sign, or `0x`, `0o`, `0b`; `_` may group digits.
    var int: Int? {
        guard case .scalar(let scalar) = self else { return nil }
        return YAMLNumbers.int(scalar.text)
    }

    /// The scalar as a number: a whole number, a decimal with an optional exponent, or `.inf`/`.nan`.
    var float: Double? {
        guard case .scalar(let scalar) = self else { return nil }
        return YAMLNumbers.double(scalar.text)
    }

    /// The scalar as a truth value, with YAML 1.1's words (`yes`/`no`, `on`/`off`) besides `true`/`false`.
    var bool: Bool? {
        guard case .scalar(let scalar) = self else { return nil }
        switch scalar.text {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }
}

/// YAML's number forms, read without Foundation's scanners.
enum YAMLNumbers {
    static func int(_ text: String) -> Int? {
        var digits = Substring(text.filter { $0 != "_" })
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.first != "_" else { return nil }
        let radix: Int
        switch digits.prefix(2) {
        case "0x": radix = 16
        case "0o": radix = 8
        case "0b": radix = 2
        default: radix = 10
        }
        if radix != 10 { digits = digits.dropFirst(2) }
        guard !digits.isEmpty, let magnitude = UInt(digits, radix: radix) else { return nil }
        if negative {
            guard magnitude <= UInt(Int.max) + 1 else { return nil }
            return magnitude == UInt(Int.max) + 1 ? Int.min : -Int(magnitude)
        }
        return magnitude <= UInt(Int.max) ? Int(magnitude) : nil
    }

    static func double(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        if let whole = int(text) { return Double(whole) }
        let cleaned = text.filter { $0 != "_" }
        // Swift's parser also takes hexadecimal floats, "inf" and "nan"; YAML's decimal form is digits, one
        // point and an exponent.
        guard !cleaned.isEmpty,
            cleaned.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
            cleaned.contains(where: \.isNumber)
        else { return nil }
        return Double(cleaned)
    }
}
