/// A parsed JSON document as a flat array of nodes in document order ("tape"), each pointing back into the
/// source bytes. A container is followed by its children; for an object, each member is a key node followed by
/// its value's subtree. ``JSONNode/next`` skips a whole subtree, so walking siblings never recurses.
///
/// Nothing is copied out of the source while scanning: strings stay byte ranges and are only decoded when a
/// caller needs a `String`, and line:column and JSON paths are computed only when a message needs them.
package struct JSONTape: Sendable {
    package var nodes: [JSONNode] = []
    /// Leniencies the scanner applied (trailing commas, comments), with the byte offset of each.
    package var leniencies: [JSONLeniency] = []

    package init() {}
}

/// One JSON value on a ``JSONTape``.
package struct JSONNode: Sendable, Hashable {
    package enum Kind: UInt8, Sendable {
        case object, array, string, number, bool, null
    }

    /// The number's value; for a bool, 1 or 0.
    package var number: Double = 0
    /// Offset of the value's first byte (the opening quote or bracket).
    package var start: Int32
    /// For strings, the offset of the closing quote; for numbers, just past the last digit; for containers, just
    /// past the closing bracket.
    package var end: Int32 = 0
    /// The tape index just past this value's subtree.
    package var next: Int32 = 0
    /// Children of a container (members of an object).
    package var count: Int32 = 0
    package var kind: Kind
    /// For strings: whether the text holds escapes. For numbers: whether the text is an integer (no `.` or
    /// exponent).
    package var flag: Bool = false

    package var typeName: String {
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
package struct JSONLeniency: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case trailingComma
        case comment
    }

    package var kind: Kind
    package var offset: Int
    /// The tape index of the container the leniency sits in, when there is one.
    package var container: Int?
}

extension JSONTape {
    /// The index of each child value of the container at `index` (for objects, the value node of each member).
    package func children(of index: Int) -> JSONChildren {
        JSONChildren(nodes: nodes, container: index)
    }
}

/// Iterates a container's children without allocating. For objects, yields `(key, value)` index pairs.
package struct JSONChildren: Sequence {
    let nodes: [JSONNode]
    let container: Int

    package struct Iterator: IteratorProtocol {
        let nodes: [JSONNode]
        let isObject: Bool
        var position: Int
        let end: Int

        package mutating func next() -> (key: Int, value: Int)? {
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

    package func makeIterator() -> Iterator {
        let node = nodes[container]
        return Iterator(nodes: nodes, isObject: node.kind == .object, position: container + 1, end: Int(node.next))
    }
}
