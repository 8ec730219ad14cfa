import FoundationEssentials
import Glibc

/// Rounding measurements for people: six significant digits, the precision `temper score`'s CSV prints, so
/// summed floating-point noise (`1.5678750000000001`) never reaches the user while every digit a measurement
/// can carry stays.
public enum PeopleRounding: Sendable {
    public static let significantDigits = 6

    /// `value` to ``significantDigits`` significant digits; non-finite values and subnormal dust unchanged.
    public static func rounded(_ value: Double) -> Double {
        guard value.isFinite, abs(value) > 1e-290 else { return value }
        let exponent = Int(log10(abs(value)).rounded(.down)) - (significantDigits - 1)
        // Scale by an exact power of ten, so the rounded integer divides to the double nearest the decimal.
        if exponent < 0 {
            let scale = pow10(-exponent)
            return (value * scale).rounded() / scale
        }
        let scale = pow10(exponent)
        return (value / scale).rounded() * scale
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}

/// A value that encodes as itself with every floating-point number rounded by ``PeopleRounding``, so a document
/// for people is its type's own `Codable` schema, never a second copy of it written by hand.
///
/// Numbers are rounded as they pass through the encoder; types an encoder formats itself (`Date`, `Data`, `URL`)
/// are encoded through their own `encode(to:)` instead, so wrap only documents made of numbers, strings and
/// collections.
public struct RoundedForPeople<Value: Encodable>: Encodable {
    public var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: RoundingEncoder(base: encoder))
    }
}

extension RoundedForPeople: Sendable where Value: Sendable {}

/// Passes everything to the encoder underneath, doubles and floats rounded, nested values wrapped again.
private struct RoundingEncoder: Encoder {
    let base: any Encoder
    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RoundingKeyedContainer(base: base.container(keyedBy: type)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { RoundingUnkeyedContainer(base: base.unkeyedContainer()) }

    func singleValueContainer() -> any SingleValueEncodingContainer { RoundingSingleValueContainer(base: base.singleValueContainer()) }
}

/// Calls `primitive` with `value` rounded when it is a number the encoder writes itself, else `nested` with the
/// value wrapped, so what it holds is rounded too.
///
/// Each container's one generic `encode` also stands in for the typed requirements (`encode(_: Int)` and the
/// rest), so every value, primitive or not, passes through here once.
private func forward<T: Encodable>(_ value: T, primitive: (any Encodable) throws -> Void, nested: (any Encodable) throws -> Void) rethrows {
    switch value {
    case let double as Double: try primitive(PeopleRounding.rounded(double))
    case let float as Float: try primitive(Float(PeopleRounding.rounded(Double(float))))
    // Wrapping a primitive would loop: its `encode(to:)` comes straight back to this container.
    case is String, is Bool, is any BinaryInteger: try primitive(value)
    default: try nested(RoundedForPeople(value))
    }
}

private struct RoundingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<Key>
    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try base.encodeNil(forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try forward(value, primitive: { try base.encode($0, forKey: key) }, nested: { try base.encode($0, forKey: key) })
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RoundingKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType, forKey: key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        RoundingUnkeyedContainer(base: base.nestedUnkeyedContainer(forKey: key))
    }

    mutating func superEncoder() -> any Encoder { RoundingEncoder(base: base.superEncoder()) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { RoundingEncoder(base: base.superEncoder(forKey: key)) }
}

private struct RoundingUnkeyedContainer: UnkeyedEncodingContainer {
    var base: any UnkeyedEncodingContainer
    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int { base.count }

    mutating func encodeNil() throws { try base.encodeNil() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try forward(value, primitive: { try base.encode($0) }, nested: { try base.encode($0) })
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RoundingKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { RoundingUnkeyedContainer(base: base.nestedUnkeyedContainer()) }

    mutating func superEncoder() -> any Encoder { RoundingEncoder(base: base.superEncoder()) }
}

private struct RoundingSingleValueContainer: SingleValueEncodingContainer {
    var base: any SingleValueEncodingContainer
    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil() throws { try base.encodeNil() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try forward(value, primitive: { try base.encode($0) }, nested: { try base.encode($0) })
    }
}
