extension JSONScanner {
    /// Where strict JSON (RFC 8259) is expected and not found.
    package struct StrictProblem: Sendable, Hashable {
        package var message: String
        /// The JSON path of the container the problem sits in; empty at the top level.
        package var path: String
        package var line: Int
        package var column: Int
    }

    /// The first place `bytes` stops being strict JSON, in the scanner's words and with its line:column: where the
    /// scan fails, or the first comment or trailing comma the scanner would let through. `nil` when all of it is
    /// strict JSON. For readers that take JSON as it is written (requests), so a syntax error is described by
    /// Temper rather than by the platform's JSON parser.
    package static func strictProblem(in bytes: UnsafeBufferPointer<UInt8>, limits: Limits) -> StrictProblem? {
        let tape: JSONTape
        do throws(Failure) {
            tape = try scan(bytes, limits: limits)
        } catch {
            let (line, column) = JSONText(tape: JSONTape(), bytes: bytes).location(ofOffset: error.offset)
            return StrictProblem(message: error.message, path: error.path, line: line, column: column)
        }
        guard let leniency = tape.leniencies.first else { return nil }
        let text = JSONText(tape: tape, bytes: bytes)
        let (line, column) = text.location(ofOffset: leniency.offset)
        let what = leniency.kind == .comment ? "a comment" : "a trailing comma"
        return StrictProblem(
            message: "\(what), which JSON does not allow",
            path: leniency.container.map { text.path(to: $0) } ?? "",
            line: line,
            column: column
        )
    }
}
