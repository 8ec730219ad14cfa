/// Turns a scanned ``JSONTape`` into an ``AHAPPattern``, applying Apple's leniencies (each leaves a diagnostic)
/// and its strictness (each is an ``AHAPError`` naming the JSON path and line:column).
struct AHAPDecoder {
    let text: JSONText
    let options: AHAPReadOptions
    let file: String?
    var diagnostics: [AHAPDiagnostic] = []
    var pattern = AHAPPattern(version: nil)
    /// For each event with an `EventWaveformPath`, the tape index of that string, keyed by event index.
    var waveformNodes: [Int: Int] = [:]
    var eventCount = 0
    /// Diagnostics past ``maxDiagnostics``, counted but not kept.
    var droppedDiagnostics = 0
    static let maxDiagnostics = 1000

    var nodes: [JSONNode] { text.tape.nodes }

    init(text: JSONText, options: AHAPReadOptions, file: String?) {
        self.text = text
        self.options = options
        self.file = file
    }

    // MARK: Top level

    mutating func decode() throws(AHAPError) {
        for leniency in text.tape.leniencies {
            guard diagnostics.count < Self.maxDiagnostics else {
                droppedDiagnostics += 1
                continue
            }
            let path = leniency.container.map { text.path(to: $0) } ?? ""
            let (line, column) = text.location(ofOffset: leniency.offset)
            switch leniency.kind {
            case .trailingComma:
                diagnostics.append(
                    AHAPDiagnostic(path: path, message: "trailing comma ignored", code: .trailingComma, line: line, column: column)
                )
            case .comment:
                diagnostics.append(AHAPDiagnostic(path: path, message: "comment ignored", code: .comment, line: line, column: column))
            }
        }
        let root = 0
        guard nodes[root].kind == .object else {
            throw error(.wrongType, at: root, "the top level must be an object holding a Pattern array, not \(nodes[root].typeName)")
        }
        var versionNode: Int?
        var patternNode: Int?
        var metadataNode: Int?
        for (key, value) in text.tape.children(of: root) {
            if text.equals(key, "Pattern") {
                try noteDuplicate(patternNode, key: key)
                patternNode = value
            } else if text.equals(key, "Version") {
                try noteDuplicate(versionNode, key: key)
                versionNode = value
            } else if text.equals(key, "Metadata") {
                try noteDuplicate(metadataNode, key: key)
                metadataNode = value
            } else {
                try noteUnknownKey(key, known: Self.topLevelKeys)
            }
        }
        if let versionNode {
            // An integer Version (`1`) is what Apple's own samples write, so it passes without a note.
            let version = try number(versionNode, named: "Version")
            guard version.isFinite else { throw error(.wrongType, at: versionNode, "Version must be a finite number") }
            pattern.version = version
        } else {
            try note(.version, at: root, "Version missing; read as version 1.0")
        }
        if let metadataNode { try decodeMetadata(metadataNode) }
        guard let patternNode else { throw error(.missingPattern, at: root, "no Pattern array\(missingPatternHint(root))") }
        guard nodes[patternNode].kind == .array else {
            throw error(.wrongType, at: patternNode, "Pattern must be an array, not \(nodes[patternNode].typeName)")
        }
        let itemCount = Int(nodes[patternNode].count)
        guard itemCount <= options.limits.maxPatternItems else {
            throw error(
                .limitExceeded,
                at: patternNode,
                "\(itemCount) pattern items, more than the limit of \(options.limits.maxPatternItems)"
            )
        }
        pattern.items.reserveCapacity(itemCount)
        for (_, item) in text.tape.children(of: patternNode) {
            try decodeItem(item)
        }
        if droppedDiagnostics > 0 {
            diagnostics.append(AHAPDiagnostic(path: "", message: "\(droppedDiagnostics) more diagnostics not listed"))
        }
    }

    private mutating func decodeMetadata(_ node: Int) throws(AHAPError) {
        // Metadata is not an Apple key, so Apple ignores it whatever it holds; so do we when it is not an object.
        guard nodes[node].kind == .object else {
            try note(.unknownKey, at: node, "Metadata is \(nodes[node].typeName), not an object; ignored")
            return
        }
        for (key, value) in text.tape.children(of: node) {
            let entry = nodes[value].kind == .string ? text.string(value) : text.compactText(value)
            pattern.metadata.append(AHAPMetadataEntry(key: text.string(key), value: entry))
        }
    }

    private mutating func decodeItem(_ item: Int) throws(AHAPError) {
        guard nodes[item].kind == .object else {
            throw error(.wrongType, at: item, "a pattern item must be an object, not \(nodes[item].typeName)")
        }
        var decoded = false
        var unknownKeys: [Int] = []
        for (key, value) in text.tape.children(of: item) {
            let kind: Int
            if text.equals(key, "Event") {
                kind = 0
            } else if text.equals(key, "Parameter") {
                kind = 1
            } else if text.equals(key, "ParameterCurve") {
                kind = 2
            } else {
                unknownKeys.append(key)
                continue
            }
            if decoded {
                try note(.unknownItem, at: key, "a second item (\(text.string(key))) in one Pattern entry ignored")
                continue
            }
            decoded = true
            guard nodes[value].kind == .object else {
                throw error(.wrongType, at: value, "\(text.string(key)) must be an object, not \(nodes[value].typeName)")
            }
            switch kind {
            case 0: try decodeEvent(value)
            case 1: try decodeParameter(value)
            default: try decodeCurve(value)
            }
        }
        if !decoded {
            let names = unknownKeys.map { text.string($0) }.joined(separator: ", ")
            try note(.unknownItem, at: item, names.isEmpty ? "empty pattern item ignored" : "unknown pattern item \(names) ignored")
        } else {
            for key in unknownKeys { try noteUnknownKey(key, known: Self.itemKeys) }
        }
    }

    static let topLevelKeys = ["Version", "Pattern", "Metadata"]
    static let itemKeys = ["Event", "Parameter", "ParameterCurve"]

    /// Why there is no `Pattern`: a key that differs only in case, or a pattern item or event (a fragment) at the
    /// top level.
    private func missingPatternHint(_ root: Int) -> String {
        var names: [String] = []
        for (key, _) in text.tape.children(of: root) {
            let name = text.string(key)
            if name.lowercased() == "pattern" { return "; keys are case-sensitive; found '\(name)'" }
            names.append(name)
        }
        guard names.contains(where: { Self.itemKeys.contains($0) || Self.eventKeys.contains($0) }) else { return "" }
        return "; looks like a fragment: top-level keys are \(names.prefix(8).joined(separator: ", "))"
    }

    // MARK: Messages

    /// An unknown key, ignored; when it differs from a known key only in case, the note says so.
    mutating func noteUnknownKey(_ key: Int, known: [String]) throws(AHAPError) {
        let name = text.string(key)
        if let match = known.first(where: { $0.lowercased() == name.lowercased() }) {
            try note(.unknownKey, at: key, "unknown key \(name) ignored; keys are case-sensitive; did you mean '\(match)'?")
        } else {
            try note(.unknownKey, at: key, "unknown key \(name) ignored")
        }
    }

    func location(of node: Int) -> (line: Int, column: Int) {
        text.location(ofOffset: Int(nodes[node].start))
    }

    func error(_ code: AHAPError.Code, at node: Int, _ message: String) -> AHAPError {
        let (line, column) = location(of: node)
        return AHAPError(code: code, file: file, path: text.path(to: node), line: line, column: column, message: message)
    }

    /// Records a leniency that does not change the pattern's meaning, at `node`'s path and at the line:column of
    /// `locatedAt` (by default the same node). After ``maxDiagnostics`` the rest are only counted, so a hostile
    /// file cannot make messages cost more than reading it.
    mutating func note(_ code: AHAPDiagnostic.Code, at node: Int, locatedAt location: Int? = nil, _ message: String) throws(AHAPError) {
        guard diagnostics.count < Self.maxDiagnostics else {
            droppedDiagnostics += 1
            return
        }
        let (line, column) = self.location(of: location ?? node)
        diagnostics.append(AHAPDiagnostic(path: text.path(to: node), message: message, code: code, line: line, column: column))
    }

    /// Records a leniency that changes the pattern's meaning: an error in strict mode.
    /// `strictMessage` is what strict mode says instead, e.g. `HapticIntensity 4.64 out of range 0–1`.
    mutating func noteMeaningful(
        _ code: AHAPDiagnostic.Code,
        at node: Int,
        locatedAt location: Int? = nil,
        _ message: String,
        strictMessage: String? = nil
    ) throws(AHAPError) {
        if options.strict {
            // What lenient mode would have ignored is refused here: the message must not say "ignored".
            var stated = Substring(message)
            for ending in ["; ignored", " ignored"] where stated.hasSuffix(ending) { stated = stated.dropLast(ending.count) }
            var failure = error(.strictViolation, at: node, strictMessage ?? stated + " (not allowed in strict mode)")
            (failure.line, failure.column) = self.location(of: location ?? node)
            throw failure
        }
        try note(code, at: node, locatedAt: location, message)
    }

    mutating func noteDuplicate(_ earlier: Int?, key: Int) throws(AHAPError) {
        guard earlier != nil else { return }
        try note(.duplicateKey, at: key, "\(text.string(key)) given twice; the last one counts")
    }
}

/// A range's bound in messages: `0`, `1`, `-1`, `0.5`.
func formattedBound(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : formatted(value)
}

/// A number in messages: up to six significant digits, e.g. `2234.26`.
package func formatted(_ value: Double) -> String {
    guard value.isFinite, value != 0 else { return "\(value)" }
    var magnitude = 1.0
    var digits = 0
    while magnitude <= abs(value), digits < 400 {
        magnitude *= 10
        digits += 1
    }
    let decimals = max(0, 6 - digits)
    guard decimals > 0 else { return "\(value.rounded())" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return "\((value * scale).rounded() / scale)"
}
