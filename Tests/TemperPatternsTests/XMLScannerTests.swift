import Testing

@testable import TemperPatterns

/// The XML reader behind Android vibration XML: what it reports, and where it says a document breaks.
struct XMLScannerTests {
    func events(_ text: String) throws(XMLScanner.Failure) -> [XMLScanner.Event] {
        var scanner = XMLScanner(Array(text.utf8))
        var events: [XMLScanner.Event] = []
        while let event = try scanner.next() { events.append(event) }
        return events
    }

    func failure(_ bytes: [UInt8]) -> XMLScanner.Failure? {
        var scanner = XMLScanner(bytes)
        do {
            while try scanner.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    @Test func reportsElementsAttributesAndTextSkippingCommentsAndInstructions() throws {
        let xml = """
            \u{FEFF}<?xml version="1.0" encoding="utf-8"?>
            <!-- a comment -->
            <a x="1" y='&lt;2&gt; &amp; &quot;&apos; &#65;&#x42;'>
              <b/><![CDATA[<raw>]]>
            </a>
            """
        let found = try events(xml)
        #expect(
            found == [
                .start(name: "a", attributes: ["x": "1", "y": "<2> & \"' AB"]),
                .text("\n  "),
                .start(name: "b", attributes: [:]),
                .end(name: "b"),
                .text("<raw>"),
                .text("\n"),
                .end(name: "a"),
            ]
        )
    }

    @Test func positionIsTheStartOfWhatWasLastReported() throws {
        var scanner = XMLScanner(Array("<a>\n  <b/>\n</a>".utf8))
        _ = try scanner.next()
        _ = try scanner.next()  // the text between
        #expect(try scanner.next() == .start(name: "b", attributes: [:]))
        #expect(scanner.lineNumber == 2 && scanner.columnNumber == 3)
    }

    @Test(arguments: [
        ("<a>\n</b>", 2, "</b> does not close <a>"),
        ("<a>\n  <b>", 2, "<b> is not closed at the end of the document"),
        ("<a/><a/>", 1, "a second root element"),
        ("text<a/>", 1, "text outside the root element"),
        ("<a x='1' x='2'/>", 1, "attribute x appears twice"),
        ("<a>&nbsp;</a>", 1, "unknown entity &nbsp;"),
        ("<a x=1/>", 1, "the value of x must be quoted"),
        ("<a x='<'/>", 1, "< is not allowed in an attribute value"),
        ("<!DOCTYPE a><a/>", 1, "a DOCTYPE or other declaration is not read"),
        ("<a><!-- open", 1, "the comment is not closed"),
        ("<a x='1'y='2'/>", 1, "expected a space, > or /> in <a>"),
        ("", 1, "no root element"),
        ("<a>&#0;</a>", 1, "unknown entity &#0;"),
    ])
    func malformedDocumentsAreNamedWithTheirLine(xml: String, line: Int, message: String) {
        let error = failure(Array(xml.utf8))
        #expect(error?.message == message)
        #expect(error?.line == line)
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(failure([0x3C, 0x61, 0x3E, 0xFF, 0xFE, 0x3C, 0x2F, 0x61, 0x3E])?.message == "the text is not UTF-8")
    }
}
