/// A parsed JSON document as a flat array of nodes in document order ("tape"), each pointing back into the
/// source bytes. A container is followed by its children; for an object, each member is a key node followed by
/// its value's subtree. ``JSONNode/next`` skips a whole subtree, so walking siblings never recurses.
///
/// Nothing is copied out of the source while scanning: strings stay byte ranges and are only decoded when a
/// caller needs a `String`, and line:column and JSON paths are computed only when a message needs them.
struct JSONTape: Sendable {
    var nodes: [JSONNode] = []
    /// Leniencies the scanner applied (trailing commas, comments), with the byte offset of each.
    var leniencies: [JSONLeniency] = []
}

/// One JSON value on a ``JSONTape``.
struct JSONNode: Sendable, Hashable {
    enum Kind: UInt8, Sendable {
        case object, array, string, number, bool, null
    }

    /// The number's value; for a bool, 1 or 0.
    var number: Double = 0
    /// Offset of the value's first byte (the opening quote or bracket).
    var start: Int32
    /// For strings, the offset of the closing quote; for numbers, just past the last digit; for containers, just
    /// past the closing bracket.
    var end: Int32 = 0
    /// The tape index just past this value's subtree.
    var next: Int32 = 0
    /// Children of a container (members of an object).
    var count: Int32 = 0
    var kind: Kind
    /// For strings: whether the text holds escapes. For numbers: whether the text is an integer (no `.` or
    /// exponent).
    var flag: Bool = false

    var typeName: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A departure from strict JSON that the scanner accepted.
struct JSONLeniency: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case trailingComma
        case comment
    }

    var kind: Kind
    var offset: Int
    /// The tape index of the container the leniency sits in, when there is one.
    var container: Int?
}

extension JSONTape {
    /// The index of each child value of the container at `index` (for objects, the value node of each member).
    func children(of index: Int) -> JSONChildren {
        JSONChildren(nodes: nodes, container: index)
    }
}

/// Iterates a container's children without allocating. For objects, yields `(key, value)` index pairs.
struct JSONChildren: Sequence {
    let nodes: [JSONNode]
    let container: Int

    struct Iterator: IteratorProtocol {
        let nodes: [JSONNode]
        let isObject: Bool
        var position: Int
        let end: Int

        mutating func next() -> (key: Int, value: Int)? {
            guard position < end else { return nil }
            if isObject {
                let key = position
                let value = position + 1
                position = Int(nodes[value].next)
                return (key, value)
            }
            let value = position
            position = Int(nodes[value].next)
            return (value, value)
        }
    }

    func makeIterator() -> Iterator {
        let node = nodes[container]
        return Iterator(nodes: nodes, isObject: node.kind == .object, position: container + 1, end: Int(node.next))
    }
}
