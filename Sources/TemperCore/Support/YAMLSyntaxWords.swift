/// libyaml's syntax errors in Temper's words: "did not find expected key" says what the parser wanted, not what
/// the writer got wrong. Each known problem becomes what to look for on its line; an unknown one keeps libyaml's
/// text, marked as the parser's.
enum YAMLSyntaxWords {
    /// Known problems by how libyaml's text starts (`scanner.c`, `parser.c`).
    private static let sentences: [(prefix: String, words: String)] = [
        (
            "did not find expected <document start>",
            "text after the document's end: is this line indented less than it should be, or a second document without '---'?"
        ),
        ("did not find expected key", "expected a 'key: value' here: is this line indented like the keys beside it?"),
        ("did not find expected '-' indicator", "expected a list item ('- ') here: is this line indented like the items above it?"),
        ("did not find expected node content", "expected a value here"),
        ("did not find expected ',' or ']'", "a '[' list is not closed: expected ',' or ']'"),
        ("did not find expected ',' or '}'", "a '{' mapping is not closed: expected ',' or '}'"),
        ("did not find expected comment or line break", "unexpected text after a value: start a comment with ' #'"),
        (
            "did not find expected alphabetic or numeric character",
            "an anchor or alias ('&name', '*name') needs a name of letters and digits"
        ),
        (
            "block sequence entries are not allowed in this context",
            "a list item ('- ') cannot start here: put it on a line of its own, indented under its key"
        ),
        (
            "mapping values are not allowed in this context",
            "a ':' cannot follow here: quote a value holding ': ', or put the key on a line of its own"
        ),
        ("mapping keys are not allowed in this context", "a '?' key cannot start here"),
        ("could not find expected ':'", "a key without ':' (or a quoted value that runs on over several lines)"),
        (
            "found character that cannot start any token",
            "a character that cannot start a value: a tab used to indent, or an unquoted '@' or '`'?"
        ),
        ("found unexpected end of stream", "the file ends inside a quoted value: a closing quote is missing"),
        (
            "found unknown escape character",
            "an unknown escape sequence ('\\' followed by a letter YAML does not know) in a double-quoted value"
        ),
        ("found unexpected document indicator", "'---' or '...' inside a quoted value"),
        ("found a tab character", "a tab where indentation must be spaces"),
        ("found undefined tag handle", "an unknown tag ('!name!'): Temper reads plain values"),
        ("found undefined alias", "an alias ('*name') without an anchor ('&name') before it"),
    ]

    /// `problem` (with libyaml's `context`) as one sentence.
    static func message(problem: String, context: String?) -> String {
        if let known = sentences.first(where: { problem.hasPrefix($0.prefix) }) { return known.words }
        let context = context.flatMap { $0 == "while parsing" ? nil : $0 }
        return "the YAML cannot be read here (the parser says: \(context.map { "\($0) " } ?? "")\(problem))"
    }
}
