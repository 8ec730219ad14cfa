/// Writes strict JSON that Apple's loader accepts.
///
/// The output is pretty-printed with two-space indents, has no trailing commas or comments, writes keys in the
/// order Apple's own samples use, and writes every number as the shortest text that reads back to the same
/// `Double`, so ``AHAPReader/read(_:file:options:)`` of the output gives back the same ``AHAPPattern``.
/// `Version` and `Metadata` are left out when the model has none. Non-finite numbers cannot come from the reader;
/// should a hand-built model hold one, it is written as 0 so the output stays valid JSON.
public enum AHAPWriter: Sendable {
    /// The pattern as pretty-printed, strict UTF-8 JSON.
    public static func write(_ pattern: AHAPPattern) -> [UInt8] {
        Array(text(pattern).utf8)
    }

    /// The pattern as pretty-printed, strict JSON text.
    public static func text(_ pattern: AHAPPattern) -> String {
        var output = "{\n"
        var topLevel: [String] = []
        if let version = pattern.version { topLevel.append("  \"Version\": \(number(version))") }
        if !pattern.metadata.isEmpty {
            let entries = pattern.metadata.map { "    \(JSONEscaping.quoted($0.key)): \(JSONEscaping.quoted($0.value))" }
            topLevel.append("  \"Metadata\": {\n" + entries.joined(separator: ",\n") + "\n  }")
        }
        if pattern.items.isEmpty {
            topLevel.append("  \"Pattern\": []")
        } else {
            let items = pattern.items.map { item($0) }
            topLevel.append("  \"Pattern\": [\n" + items.joined(separator: ",\n") + "\n  ]")
        }
        output += topLevel.joined(separator: ",\n")
        output += "\n}\n"
        return output
    }

    private static func item(_ item: AHAPItem) -> String {
        switch item {
        case .event(let event):
            var fields = [
                "\"Time\": \(number(event.time))",
                "\"EventType\": \(JSONEscaping.quoted(event.type.rawValue))",
            ]
            if let duration = event.duration { fields.append("\"EventDuration\": \(number(duration))") }
            if let path = event.waveformPath { fields.append("\"EventWaveformPath\": \(JSONEscaping.quoted(path))") }
            if let envelope = event.waveformUseVolumeEnvelope { fields.append("\"EventWaveformUseVolumeEnvelope\": \(envelope)") }
            if let loop = event.waveformLoopEnabled { fields.append("\"EventWaveformLoopEnabled\": \(loop)") }
            let parameters = event.parameters.map {
                "{ \"ParameterID\": \(JSONEscaping.quoted($0.id.rawValue)), \"ParameterValue\": \(number($0.value)) }"
            }
            fields.append("\"EventParameters\": " + list(parameters, indent: 8))
            return wrap("Event", fields)
        case .parameter(let parameter):
            return wrap(
                "Parameter",
                [
                    "\"ParameterID\": \(JSONEscaping.quoted(parameter.id.rawValue))",
                    "\"Time\": \(number(parameter.time))",
                    "\"ParameterValue\": \(number(parameter.value))",
                ]
            )
        case .curve(let curve):
            let points = curve.controlPoints.map {
                "{ \"Time\": \(number($0.time)), \"ParameterValue\": \(number($0.value)) }"
            }
            return wrap(
                "ParameterCurve",
                [
                    "\"ParameterID\": \(JSONEscaping.quoted(curve.id.rawValue))",
                    "\"Time\": \(number(curve.time))",
                    "\"ParameterCurveControlPoints\": " + list(points, indent: 8),
                ]
            )
        }
    }

    /// `{ "Key": { fields } }` at the indent of a `Pattern` element.
    private static func wrap(_ key: String, _ fields: [String]) -> String {
        "    {\n      \"\(key)\": {\n"
            + fields.map { "        " + $0 }.joined(separator: ",\n")
            + "\n      }\n    }"
    }

    private static func list(_ elements: [String], indent: Int) -> String {
        guard !elements.isEmpty else { return "[]" }
        let inner = String(repeating: " ", count: indent + 2)
        return "[\n" + elements.map { inner + $0 }.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "]"
    }

    /// The shortest text that reads back as the same `Double` (Swift's `description` guarantees this), which is
    /// also valid JSON for every finite value: `1.0`, `0.25`, `1e-05`, `5e+20`.
    package static func number(_ value: Double) -> String {
        value.isFinite ? value.description : "0.0"
    }
}
