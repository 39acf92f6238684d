import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore
@testable import TesseraXML

extension CAMLTests {
    /// Documents that are not well-formed, or not what the reader accepts: each is a typed error
    /// at the line and column where the problem is.
    @Suite struct CAMLXMLErrorTests {
        struct Case: CustomTestStringConvertible, Sendable {
            let document: String
            let reason: CAMLXMLError.Reason
            let line: Int
            let column: Int
            var testDescription: String { document.debugDescription }
        }

        static let cases: [Case] = [
            // Tags.
            Case(document: "<a>\n  <b></c>\n</a>", reason: .mismatchedEndTag(expected: "b", found: "c"), line: 2, column: 6),
            Case(document: "<a>\n<b>", reason: .unclosedElement("b"), line: 2, column: 4),
            Case(document: "<a><b/>text", reason: .unclosedElement("a"), line: 1, column: 12),
            Case(document: "<a", reason: .unexpectedEnd(expected: "'>', '/>' or an attribute"), line: 1, column: 3),
            Case(document: "<a x='1' x=\"2\"/>", reason: .duplicateAttribute("x"), line: 1, column: 10),
            Case(document: "<a xmlns:p='u' xmlns:q='u' p:x='1' q:x='2'/>", reason: .duplicateAttribute("q:x"), line: 1, column: 36),
            Case(document: "<a x='1'y='2'/>", reason: .unexpected(found: "'y'", expected: "whitespace, '>' or '/>'"), line: 1, column: 9),
            Case(document: "<a x/>", reason: .unexpected(found: "'/'", expected: "'=' after the attribute name"), line: 1, column: 5),
            Case(document: "<a x=1/>", reason: .unexpected(found: "'1'", expected: "a quoted attribute value"), line: 1, column: 6),
            Case(document: "<a x='<'/>", reason: .lessThanInAttributeValue, line: 1, column: 7),
            Case(document: "<a x='1/>", reason: .unexpectedEnd(expected: "the closing quote of the attribute value"), line: 1, column: 10),
            Case(document: "<a/ >", reason: .unexpected(found: "a space", expected: "'>' after '/'"), line: 1, column: 4),
            Case(document: "<a></a x>", reason: .unexpected(found: "'x'", expected: "'>' to end the end tag"), line: 1, column: 8),
            // Names.
            Case(document: "<1a/>", reason: .unexpected(found: "'1'", expected: "an element name"), line: 1, column: 2),
            Case(document: "< a/>", reason: .unexpected(found: "a space", expected: "an element name"), line: 1, column: 2),
            Case(document: "<a:b:c/>", reason: .invalidName("a:b:c"), line: 1, column: 2),
            Case(document: "<a :b='1'/>", reason: .invalidName(":b"), line: 1, column: 4),
            Case(document: "<p:a/>", reason: .undeclaredPrefix("p"), line: 1, column: 2),
            Case(document: "<a p:x='1'/>", reason: .undeclaredPrefix("p"), line: 1, column: 4),
            Case(document: "<a xmlns:p=''/>", reason: .invalidNamespaceDeclaration("xmlns:p"), line: 1, column: 4),
            Case(document: "<a xmlns:xmlns='u'/>", reason: .invalidNamespaceDeclaration("xmlns:xmlns"), line: 1, column: 4),
            Case(document: "<a xmlns:xml='u'/>", reason: .invalidNamespaceDeclaration("xmlns:xml"), line: 1, column: 4),
            // Outside the root.
            Case(document: "<a/>x", reason: .contentAfterRootElement, line: 1, column: 5),
            Case(document: "<a/>\n<b/>", reason: .contentAfterRootElement, line: 2, column: 1),
            Case(document: "<a/></a>", reason: .contentAfterRootElement, line: 1, column: 5),
            Case(document: "x<a/>", reason: .textBeforeRootElement, line: 1, column: 1),
            Case(document: "", reason: .noRootElement, line: 1, column: 1),
            Case(document: "<?xml version='1.0'?>\n<!-- only -->\n", reason: .noRootElement, line: 3, column: 1),
            // References and text.
            Case(document: "<a>\n &foo;</a>", reason: .undefinedEntity("foo"), line: 2, column: 2),
            Case(document: "<a v='&nbsp;'/>", reason: .undefinedEntity("nbsp"), line: 1, column: 7),
            Case(document: "<a>& b</a>", reason: .malformedReference, line: 1, column: 4),
            Case(document: "<a>&amp</a>", reason: .malformedReference, line: 1, column: 4),
            Case(document: "<a>&#0;</a>", reason: .invalidCharacterReference("&#0;"), line: 1, column: 4),
            Case(document: "<a>&#xD800;</a>", reason: .invalidCharacterReference("&#xD800;"), line: 1, column: 4),
            Case(document: "<a>&#x110000;</a>", reason: .invalidCharacterReference("&#x110000;"), line: 1, column: 4),
            Case(document: "<a>&#xFFFE;</a>", reason: .invalidCharacterReference("&#xFFFE;"), line: 1, column: 4),
            Case(document: "<a>&#;</a>", reason: .invalidCharacterReference("&#;"), line: 1, column: 4),
            Case(document: "<a>&#65</a>", reason: .invalidCharacterReference("&#65"), line: 1, column: 4),
            Case(document: "<a>&#99999999999999999999;</a>",
                 reason: .invalidCharacterReference("&#99999999999999…"), line: 1, column: 4),
            Case(document: "<a>x]]>y</a>", reason: .cdataEndInText, line: 1, column: 5),
            Case(document: "<a><![CDATA[x</a>", reason: .unexpectedEnd(expected: "']]>' to end the CDATA section"), line: 1, column: 18),
            Case(document: "<a>\u{1}</a>", reason: .invalidCharacter(1), line: 1, column: 4),
            Case(document: "<a>\u{FFFF}</a>", reason: .invalidCharacter(0xFFFF), line: 1, column: 4),
            // Comments and processing instructions.
            Case(document: "<a><!-- a -- b --></a>", reason: .doubleHyphenInComment, line: 1, column: 11),
            Case(document: "<a><!-- open", reason: .unexpectedEnd(expected: "'-->' to end the comment"), line: 1, column: 13),
            Case(document: "<a/><?xml version='1.0'?>", reason: .misplacedXMLDeclaration, line: 1, column: 5),
            Case(document: " <?xml version='1.0'?><a/>", reason: .misplacedXMLDeclaration, line: 1, column: 2),
            Case(document: "<a><?XmL x?></a>", reason: .invalidProcessingInstructionTarget("XmL"), line: 1, column: 6),
            Case(document: "<a><?t", reason: .unexpectedEnd(expected: "whitespace or '?>' after the target"), line: 1, column: 7),
            Case(document: "<a><! x></a>", reason: .markupDeclarationNotAllowed, line: 1, column: 4),
            Case(document: "<!ENTITY x 'y'><a/>", reason: .markupDeclarationNotAllowed, line: 1, column: 1),
            // The XML declaration.
            Case(document: "<?xml version='2.0'?><a/>", reason: .unsupportedVersion("2.0"), line: 1, column: 15),
            Case(document: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>", reason: .unsupportedEncoding("ISO-8859-1"), line: 1, column: 30),
            Case(document: "<?xml encoding='UTF-8'?><a/>", reason: .unexpected(found: "'encoding'", expected: "'version'"), line: 1, column: 7),
            Case(document: "<?xml version='1.0' standalone='yes' encoding='UTF-8'?><a/>",
                 reason: .unexpected(found: "'encoding'", expected: "'?>'"), line: 1, column: 38),
            Case(document: "<?xml version='1.0' standalone='maybe'?><a/>",
                 reason: .unexpected(found: "\"maybe\"", expected: "\"yes\" or \"no\""), line: 1, column: 32),
            Case(document: "<?xml?><a/>", reason: .unexpected(found: "'?>'", expected: "'version'"), line: 1, column: 6),
        ]

        @Test(arguments: cases)
        func errorHasItsReasonAndLocation(_ c: Case) throws {
            let error = try #require(CAMLTests.xmlError(c.document))
            #expect(error.reason == c.reason)
            #expect(error.location == XMLSourceLocation(line: c.line, column: c.column))
        }

        @Test func encodingErrors() throws {
            // UTF-16 and UTF-32 byte order marks.
            #expect(CAMLTests.xmlError([0xFF, 0xFE, 0x3C, 0x00])?.reason == .unsupportedEncoding("UTF-16"))
            #expect(CAMLTests.xmlError([0xFE, 0xFF, 0x00, 0x3C])?.reason == .unsupportedEncoding("UTF-16"))
            #expect(CAMLTests.xmlError([0x00, 0x00, 0xFE, 0xFF])?.reason == .unsupportedEncoding("UTF-32"))
            let prefix = Array("<a>\n x".utf8), suffix = Array("</a>".utf8)
            // A stray continuation byte, an overlong encoding, a surrogate, a truncated sequence,
            // a code point past U+10FFFF: each at line 2, column 3.
            for bad: [UInt8] in [[0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82],
                                 [0xF4, 0x90, 0x80, 0x80], [0xFF]] {
                let error = CAMLTests.xmlError(prefix + bad + suffix)
                #expect(error == CAMLXMLError(reason: .invalidUTF8, location: XMLSourceLocation(line: 2, column: 3)),
                        "\(bad)")
            }
            // In names and attribute values too.
            #expect(CAMLTests.xmlError(Array("<a".utf8) + [0xC3] + Array("/>".utf8))?.reason == .invalidUTF8)
            #expect(CAMLTests.xmlError(Array("<a v='".utf8) + [0xFE] + Array("'/>".utf8))?.reason == .invalidUTF8)
        }

        @Test func descriptionsReadLikeCompilerMessages() throws {
            let error = try #require(CAMLTests.xmlError("<a>\n  <b></c>\n</a>"))
            #expect(error.description == "2:6: end tag '</c>' does not match the open element '<b>'")
            #expect(CAMLTests.xmlError("<a>&foo;</a>")?.description
                    == "1:4: undefined entity '&foo;' (only &lt; &gt; &amp; &apos; &quot; are defined)")
            #expect(CAMLTests.xmlError("<a>\u{1}</a>")?.description == "1:4: character U+0001 is not allowed in XML")
            #expect(CAMLTests.xmlError("<a")?.description
                    == "1:3: unexpected end of the document, expected '>', '/>' or an attribute")
        }
    }
}
