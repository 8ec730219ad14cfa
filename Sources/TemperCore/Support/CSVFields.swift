/// The fields of one CSV line, trimmed of spaces: double quotes protect commas, and `""` inside quotes is one
/// quote. The one CSV splitter every reader shares (measurements, imported recordings).
package enum CSVFields {
    /// The fields, and whether every quoted field was closed (a reader decides what an open one means).
    package static func split(_ line: some StringProtocol) -> (fields: [String], closed: Bool) {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "\"" {
                    // A doubled quote is a literal one; anything else closes the field's quotes.
                    var lookahead = characters
                    if lookahead.next() == "\"" {
                        field.append("\"")
                        characters = lookahead
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(field.trimmingSpaces)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field.trimmingSpaces)
        return (fields, !quoted)
    }
}
