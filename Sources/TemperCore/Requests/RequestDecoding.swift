/// Checks shared by the request types' `Decodable` conformances, so every error names its JSON path.
enum RequestDecoding {
    /// Fails on the first key not in `allowed`, naming it and the keys that are.
    static func rejectUnknownKeys(in decoder: any Decoder, allowed: [String]) throws {
        guard let container = try? decoder.container(keyedBy: RequestCodingKey.self) else { return }
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath + [key],
                debugDescription: "unknown key '\(key.stringValue)' (expected one of: \(allowed.joined(separator: ", ")))"
            ))
        }
    }

    static func invalid(_ message: String, at path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: message))
    }

    /// A finite number within `range`.
    static func number<K: CodingKey>(
        _ container: KeyedDecodingContainer<K>, _ key: K, in range: ClosedRange<Double> = -.greatestFiniteMagnitude...(.greatestFiniteMagnitude)
    ) throws -> Double {
        let value = try container.decode(Double.self, forKey: key)
        guard value.isFinite, range.contains(value) else {
            throw invalid("expected a number from \(range.lowerBound) to \(range.upperBound), found \(value)", at: container.codingPath + [key])
        }
        return value
    }

    static func optionalNumber<K: CodingKey>(
        _ container: KeyedDecodingContainer<K>, _ key: K, in range: ClosedRange<Double> = -.greatestFiniteMagnitude...(.greatestFiniteMagnitude)
    ) throws -> Double? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return try number(container, key, in: range)
    }

    /// One of an enum's raw values, with the choices in the error.
    static func word<T: RawRepresentable & CaseIterable, K: CodingKey>(
        _ type: T.Type, _ container: KeyedDecodingContainer<K>, _ key: K
    ) throws -> T where T.RawValue == String {
        let text = try container.decode(String.self, forKey: key)
        guard let value = T(rawValue: text) else {
            let choices = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw invalid("expected one of \(choices), found '\(text)'", at: container.codingPath + [key])
        }
        return value
    }

    /// Renders a coding path as `audio.listener.forward[1]`.
    static func describe(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
