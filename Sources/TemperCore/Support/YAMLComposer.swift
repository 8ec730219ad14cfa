import CYAML

/// Composes one YAML document from libyaml's events (the system's libyaml, so no copy of it is built in).
///
/// Iterative, with its own limits: a document nests at most ``maxNestingLevel`` collections (libyaml 0.2.5 has
/// no limit of its own) and expands to at most ``maxExpandedValues`` values through its aliases, so a file of a
/// few bytes cannot make a reader walk a billion values.
enum YAMLComposer {
    static let maxNestingLevel = 1000
    static let maxExpandedValues = 1_000_000

    /// The document's root, or `nil` for a stream with no document.
    static func compose(_ text: String, file: String?) throws(TemperError) -> YAMLNode? {
        let parser = YAMLEventParser(text)
        var composer = Composition(file: file)
        while true {
            let event: YAMLEvent
            do { event = try parser.next() } catch { throw error.temperError(file: file) }
            if let done = try composer.take(event) { return done.root }
        }
    }

    /// A collection still open, with what it holds so far.
    private enum Open {
        case sequence([YAMLNode], YAMLMark, anchor: String?, valuesAtStart: Int)
        case mapping(Mapping)
    }

    private struct Mapping {
        var pairs: [(key: YAMLScalar, value: YAMLNode)] = []
        var mark: YAMLMark
        var anchor: String?
        var valuesAtStart: Int
        var pendingKey: YAMLScalar?
        var seen: [String: YAMLMark] = [:]
    }

    private struct Finished {
        var root: YAMLNode?
    }

    private struct Composition {
        let file: String?
        var stack: [Open] = []
        var anchors: [String: (node: YAMLNode, values: Int)] = [:]
        var values = 0
        var root: YAMLNode?
        var documents = 0

        init(file: String?) { self.file = file }

        func failure(_ message: String, at mark: YAMLMark) -> TemperError {
            TemperError(code: .invalidYAML, message: message, file: file, line: mark.line, column: mark.column)
        }

        mutating func take(_ event: YAMLEvent) throws(TemperError) -> Finished? {
            switch event {
            case .streamStart, .documentEnd:
                return nil
            case .documentStart(let mark):
                documents += 1
                guard documents == 1 else { throw failure("more than one document ('---') in the file; give one", at: mark) }
                return nil
            case .streamEnd:
                return Finished(root: root)
            case .scalar(let scalar, let anchor):
                try count(1, at: scalar.mark)
                try complete(.scalar(scalar), anchor: anchor, values: 1)
            case .alias(let name, let mark):
                guard let target = anchors[name] else { throw failure("the alias '*\(name)' names no anchor before it", at: mark) }
                try count(target.values, at: mark)
                try complete(target.node, anchor: nil, values: target.values)
            case .sequenceStart(let anchor, let mark):
                try open(at: mark)
                stack.append(.sequence([], mark, anchor: anchor, valuesAtStart: values))
            case .mappingStart(let anchor, let mark):
                try open(at: mark)
                stack.append(.mapping(Mapping(mark: mark, anchor: anchor, valuesAtStart: values)))
            case .sequenceEnd, .mappingEnd:
                switch stack.removeLast() {
                case .sequence(let items, let mark, let anchor, let start):
                    try complete(.sequence(items, mark), anchor: anchor, values: values - start)
                case .mapping(let mapping):
                    try complete(.mapping(mapping.pairs, mapping.mark), anchor: mapping.anchor, values: values - mapping.valuesAtStart)
                }
            }
            return nil
        }

        private mutating func open(at mark: YAMLMark) throws(TemperError) {
            guard stack.count < YAMLComposer.maxNestingLevel else {
                throw failure("nested more than \(YAMLComposer.maxNestingLevel) levels deep, the most a YAML file may be", at: mark)
            }
            try count(1, at: mark)
        }

        private mutating func count(_ added: Int, at mark: YAMLMark) throws(TemperError) {
            values += added
            guard values <= YAMLComposer.maxExpandedValues else {
                throw failure("the document expands to more than \(YAMLComposer.maxExpandedValues) values through its aliases", at: mark)
            }
        }

        /// Puts a finished node where it belongs: into the open collection, or as the document's root.
        private mutating func complete(_ node: YAMLNode, anchor: String?, values nodeValues: Int) throws(TemperError) {
            if let anchor { anchors[anchor] = (node, nodeValues) }
            guard let top = stack.popLast() else {
                root = node
                return
            }
            switch top {
            case .sequence(var items, let mark, let anchor, let start):
                items.append(node)
                stack.append(.sequence(items, mark, anchor: anchor, valuesAtStart: start))
            case .mapping(var mapping):
                if let key = mapping.pendingKey {
                    mapping.pairs.append((key, node))
                    mapping.pendingKey = nil
                } else {
                    guard case .scalar(let key) = node else {
                        throw failure("a key must be a word or a number, not a list or a mapping", at: node.mark)
                    }
                    if let first = mapping.seen[key.text] {
                        throw failure("duplicate key '\(key.text)' in one mapping (first on line \(first.line))", at: key.mark)
                    }
                    mapping.seen[key.text] = key.mark
                    mapping.pendingKey = key
                }
                stack.append(.mapping(mapping))
            }
        }
    }
}
