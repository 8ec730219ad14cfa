import TemperCore
import Testing

/// Temper composes YAML from the system's libyaml itself (no copy of libyaml built in, no Foundation), so what the
/// YAML library used to decide is decided here: numbers, truth values, aliases and the limits.
@Suite struct YAMLComposerTests {
    @Test func numbersInEveryFormAYAMLFileMayWriteThem() throws {
        let document = try YAMLValue.parse("a: 42\nb: -7\nc: 0x1F\nd: 1_000\ne: 2.5e3\nf: .5\ng: -0.25\nh: 0o17\n")
        #expect(try document.require("a").int() == 42)
        #expect(try document.require("b").int() == -7)
        #expect(try document.require("c").int() == 31)
        #expect(try document.require("d").int() == 1000)
        #expect(try document.require("e").double() == 2500)
        #expect(try document.require("f").double() == 0.5)
        #expect(try document.require("g").double() == -0.25)
        #expect(try document.require("h").int() == 15)
    }

    @Test func wordsAndOverflowsAreNotNumbers() throws {
        let document = try YAMLValue.parse("a: twelve\nb: 99999999999999999999\nc: 1.2.3\nd: .inf\ne: 0x\n")
        #expect(throws: TemperError.self) { try document.require("a").double() }
        #expect(throws: TemperError.self) { try document.require("b").int() }
        #expect(throws: TemperError.self) { try document.require("c").double() }
        #expect(throws: TemperError.self, "an infinite number is not a figure") { try document.require("d").double() }
        #expect(throws: TemperError.self) { try document.require("e").int() }
    }

    @Test func truthValuesAndNull() throws {
        let document = try YAMLValue.parse("a: yes\nb: off\nc: True\nd: ~\ne:\nf: ''\ng: maybe\n")
        #expect(try document.require("a").bool() == true)
        #expect(try document.require("b").bool() == false)
        #expect(try document.require("c").bool() == true)
        #expect(try document.require("d").isNull)
        #expect(try document.require("e").isNull)
        #expect(try !document.require("f").isNull, "a quoted empty text is a text, not null")
        #expect(throws: TemperError.self) { try document.require("g").bool() }
    }

    @Test func anAliasReadsAsItsAnchorsValue() throws {
        let document = try YAMLValue.parse("base: &calm {haptics: full}\nfair: *calm\n")
        #expect(try document.require("fair").require("haptics").string() == "full")
        let unknown = #expect(throws: TemperError.self) { try YAMLValue.parse("fair: *nothing\n") }
        #expect(unknown?.message == "the alias '*nothing' names no anchor before it")
        #expect(unknown?.line == 1)
    }

    /// Nine levels of ten aliases each expand to a billion values from under 400 bytes.
    @Test func aBillionLaughsIsRefusedAtItsLimit() throws {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        let error = #expect(throws: TemperError.self) { try YAMLValue.parse(text, file: "laughs.yaml") }
        #expect(error?.message == "the document expands to more than 1000000 values through its aliases")
        #expect(error?.file == "laughs.yaml")
        #expect(error?.line == 6, "the sixth line is the first to pass a million")
    }

    @Test func oneDocumentAFile() throws {
        let error = #expect(throws: TemperError.self) { try YAMLValue.parse("a: 1\n---\nb: 2\n") }
        #expect(error?.line == 2)
        #expect(error?.message.contains("more than one document") == true)
        #expect(throws: TemperError.self) { try YAMLValue.parse("# only a comment\n") }
    }

    @Test func aSyntaxErrorIsLibyamlsProblemAtItsPlace() throws {
        let error = #expect(throws: TemperError.self) { try YAMLValue.parse("a: [1, 2\nb: 3\n", file: "p.yaml") }
        #expect(error?.code == .invalidYAML)
        #expect(error?.file == "p.yaml")
        #expect(error?.line != nil)
        let bytes = #expect(throws: TemperError.self) { try YAMLValue.parse("a: \u{FFFE}\n") }
        #expect(bytes?.code == .invalidYAML)
    }

    @Test func aListOrMappingAsAKeyIsRefused() throws {
        let error = #expect(throws: TemperError.self) { try YAMLValue.parse("? [a, b]\n: 1\n") }
        #expect(error?.message == "a key must be a word or a number, not a list or a mapping")
    }

    /// Issue 34: syntax errors came in libyaml's words ("did not find expected <document start>").
    @Test(arguments: [
        ("a: 1\n- b\n", "expected a 'key: value' here"),
        ("a:\n  - x\n  y: 1\n", "expected a list item ('- ') here"),
        ("a: b: c\n", "a ':' cannot follow here"),
        ("a: [1, 2\nb: 3\n", "a '[' list is not closed"),
        ("a: {b: 1\n", "a '{' mapping is not closed"),
        ("a: \"abc\n", "a closing quote is missing"),
        ("\tb: 1\n", "a tab used to indent"),
        ("- a\nb: 1\n", "expected a list item ('- ') here"),
        ("[1, 2]\nb: 1\n", "text after the document's end"),
    ])
    func aSyntaxErrorIsInTemperWordsAtItsPlace(text: String, words: String) throws {
        let error = #expect(throws: TemperError.self) { try YAMLValue.parse(text, file: "p.yaml") }
        #expect(error?.message.contains(words) == true, "\(String(describing: error?.message))")
        #expect(error?.message.contains("did not find") == false)
        #expect(error?.line != nil && error?.column != nil)
    }
}
