/// A composed document as the settings it holds, and back to text: what `temper compare` reads to say which
/// settings two policies differ in, and writes to try one of them alone.
extension YAMLNode {
    /// Every setting in which `a` and `b` differ, by its dotted key path (`classifier.dwell`), each side's value
    /// as flow text (`nil` where that side has none). Mappings on both sides are compared key by key; anything
    /// else (a list, a scalar against a mapping) is one setting.
    static func differences(_ a: YAMLNode?, _ b: YAMLNode?, under path: String = "") -> [(path: String, a: String?, b: String?)] {
        if case .mapping(let pairsA, _)? = a, case .mapping(let pairsB, _)? = b {
            let keysA = pairsA.map(\.key.text)
            let keys = keysA + pairsB.map(\.key.text).filter { !keysA.contains($0) }
            return keys.flatMap { key in
                differences(a?[key], b?[key], under: path.isEmpty ? key : path + "." + key)
            }
        }
        let (textA, textB) = (a?.flowText, b?.flowText)
        return textA == textB ? [] : [(path, textA, textB)]
    }

    /// The node in flow style (`{fair: 45 °C, serious: 55 °C}`, `[a, b]`), which reads back to the same node.
    var flowText: String {
        switch self {
        case .scalar(let scalar): Self.flowScalar(scalar)
        case .mapping(let pairs, _): "{" + pairs.map { Self.flowScalar($0.key) + ": " + $0.value.flowText }.joined(separator: ", ") + "}"
        case .sequence(let items, _): "[" + items.map(\.flowText).joined(separator: ", ") + "]"
        }
    }

    /// This mapping with the node at `path` (dotted keys) replaced by `node`; `nil` where the path is not here.
    /// A key this mapping lacks is added when it is the path's last.
    func replacing(_ path: some Collection<Substring>, with node: YAMLNode) -> YAMLNode? {
        guard let key = path.first else { return node }
        guard case .mapping(var pairs, let mark) = self else { return nil }
        guard let index = pairs.firstIndex(where: { $0.key.text == key }) else {
            guard path.count == 1 else { return nil }
            pairs.append((YAMLScalar(text: String(key), isPlain: true, mark: mark), node))
            return .mapping(pairs, mark)
        }
        guard let replaced = pairs[index].value.replacing(path.dropFirst(), with: node) else { return nil }
        pairs[index].value = replaced
        return .mapping(pairs, mark)
    }

    /// The node at `path` (dotted keys).
    func node(at path: some Collection<Substring>) -> YAMLNode? {
        guard let key = path.first else { return self }
        return self[String(key)]?.node(at: path.dropFirst())
    }

    /// A plain scalar stays plain unless flow style would read it otherwise; any other is double-quoted.
    private static func flowScalar(_ scalar: YAMLScalar) -> String {
        let flowIndicators: Set<Character> = [",", "[", "]", "{", "}", "#", "\"", "'"]
        let plainIsSafe =
            scalar.isPlain && !scalar.text.isEmpty && !scalar.text.contains(where: flowIndicators.contains)
            && !scalar.text.contains(": ") && scalar.text.first != " " && scalar.text.last != " "
        return plainIsSafe ? scalar.text : YAMLText.quoted(scalar.text)
    }
}
