/// Checks shared by the request types' `Decodable` conformances, so every error names its JSON path.
enum RequestDecoding {
    /// Fails on the first key not in `allowed`, naming it and the keys that are.
    static func rejectUnknownKeys(in decoder: any Decoder, allowed: [String]) throws {
        guard let container = try? decoder.container(keyedBy: RequestCodingKey.self) else { return }
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath + [key],
                    debugDescription: "unknown key '\(key.stringValue)' (expected one of: \(allowed.joined(separator: ", ")))"
                )
            )
        }
    }

    static func invalid(_ message: String, at path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: message))
    }

    /// A finite number within `range`.
    static func number<K: CodingKey>(
        _ container: KeyedDecodingContainer<K>,
        _ key: K,
        in range: ClosedRange<Double> = -.greatestFiniteMagnitude...(.greatestFiniteMagnitude)
    ) throws -> Double {
        let value = try container.decode(Double.self, forKey: key)
        guard value.isFinite, range.contains(value) else {
            throw invalid(
                "expected a number from \(QuantityLimits.number(range.lowerBound)) to \(QuantityLimits.number(range.upperBound)), found \(value)",
                at: container.codingPath + [key]
            )
        }
        return value
    }

    static func optionalNumber<K: CodingKey>(
        _ container: KeyedDecodingContainer<K>,
        _ key: K,
        in range: ClosedRange<Double> = -.greatestFiniteMagnitude...(.greatestFiniteMagnitude)
    ) throws -> Double? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return try number(container, key, in: range)
    }

    /// A whole number within `range`.
    static func count<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K, in range: ClosedRange<Int>) throws -> Int {
        let value = try container.decode(Int.self, forKey: key)
        guard range.contains(value) else {
            throw invalid(
                "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(value)",
                at: container.codingPath + [key]
            )
        }
        return value
    }

    /// Target times: seconds on the governor's clock, up to about 317 years (epoch seconds fit).
    static let targetTimes: ClosedRange<Double> = 0...1e10
    /// Coordinates and distances in metres or scene units: a billion is beyond any scene.
    static let coordinates: ClosedRange<Double> = -1e9...1e9
    static let distances: ClosedRange<Double> = 1e-6...1e9

    /// One of an enum's raw values, with the choices in the error.
    static func word<T: RawRepresentable & CaseIterable, K: CodingKey>(
        _ type: T.Type,
        _ container: KeyedDecodingContainer<K>,
        _ key: K
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
