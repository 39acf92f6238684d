import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCAML
@testable import TesseraCore
@testable import TesseraXML

extension CAMLTests {
    /// What the XML reader accepts and what it makes of it.
    @Suite struct CAMLXMLReaderTests {
        @Test func declarationByteOrderMarkCommentsAndProcessingInstructionsAreSkipped() throws {
            let text = "<?xml version=\"1.0\" encoding=\"utf-8\" standalone='yes'?>\n<!-- before -->\n<?app data ?>\n"
                + "<root><!-- inside --><?app?>text</root>\n<!-- after --><?app after?>\n"
            let plain = try CAMLTests.parse(text)
            #expect(plain.root.name == "root" && plain.root.text == "text" && plain.root.children.isEmpty)
            #expect(plain.root.location == XMLSourceLocation(line: 4, column: 1))
            // The byte order mark is skipped and takes no column.
            let marked = try CAMLDocument(parsing: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
            #expect(marked == plain)
            // Without a declaration, and from Data.
            let data = try CAMLDocument(parsing: Data("<root/>".utf8))
            #expect(data.root.name == "root" && data.root.text == "")
        }

        @Test func referencesAndCDATA() throws {
            let root = try CAMLTests.parse("<a>&lt;&gt;&amp;&apos;&quot; &#65;&#x42;&#x1F600; <![CDATA[<b>&amp;]]></a>").root
            #expect(root.text == "<>&'\" AB😀 <b>&amp;")
            #expect(root.children.isEmpty)
            let attribute = try CAMLTests.parse("<a v='&lt;1&#x20;&amp;\"'/>").root.attributes[0]
            #expect(attribute.value == "<1 &\"")
        }

        /// Indentation between child elements is dropped; text of a leaf element is kept as
        /// written; line ends become line feeds.
        @Test func whitespaceHandling() throws {
            let root = try CAMLTests.parse("<a>\n  <b>  two  spaces  </b>\r\n  <c>x\r\ny\rz</c>\n  <d> </d>\n</a>").root
            #expect(root.text == "")
            #expect(root.children.map(\.text) == ["  two  spaces  ", "x\ny\nz", " "])
            // Text beside child elements (mixed content) is kept whole, indentation included.
            let mixed = try CAMLTests.parse("<a>\n  one <b/> two\n</a>").root
            #expect(mixed.text == "\n  one  two\n")
            // A CDATA section is never indentation.
            #expect(try CAMLTests.parse("<a><![CDATA[ ]]><b/></a>").root.text == " ")
        }

        /// XML's attribute value normalization: literal tabs and line ends become spaces, a CR LF
        /// pair one space; character references to them stay as they are.
        @Test func attributeValueNormalization() throws {
            let root = try CAMLTests.parse("<a v=\"1\t2\n3\r\n4\r5&#10;6&#9;7\" w = 'x' />").root
            #expect(root.attributes.map(\.value) == ["1 2 3 4 5\n6\t7", "x"])
            #expect(root.attributes.map(\.name) == ["v", "w"])
        }

        @Test func namespaces() throws {
            let text = """
            <caml xmlns="http://www.apple.com/CoreAnimation/1.0" xmlns:x="urn:x">
              <CALayer x:tag="1" name="n"/>
              <x:extra/>
              <plain xmlns=""><inner/></plain>
              <xml:thing xml:lang="en"/>
            </caml>
            """
            let root = try CAMLTests.parse(text).root
            let ca = "http://www.apple.com/CoreAnimation/1.0"
            #expect(root.namespaceURI == ca)
            let layer = root.children[0]
            #expect(layer.namespaceURI == ca && layer.localName == "CALayer")
            #expect(layer.attributes.map(\.namespaceURI) == ["urn:x", nil])
            #expect(layer.attributes[0].localName == "tag")
            #expect(root.children[1].name == "x:extra" && root.children[1].localName == "extra")
            #expect(root.children[1].namespaceURI == "urn:x")
            // xmlns="" undeclares the default namespace for the element and its content.
            #expect(root.children[2].namespaceURI == nil && root.children[2].children[0].namespaceURI == nil)
            #expect(root.children[3].namespaceURI == "http://www.w3.org/XML/1998/namespace")
            #expect(root.children(named: "CALayer").count == 1)
        }

        /// Columns count Unicode scalars: a name after a multi-byte character is one column on.
        @Test func columnsCountScalars() throws {
            let root = try CAMLTests.parse("<é><ü a='ß' b=''/></é>").root
            #expect(root.location == XMLSourceLocation(line: 1, column: 1))
            let child = root.children[0]
            #expect(child.location == XMLSourceLocation(line: 1, column: 4))
            #expect(child.attributes.map(\.location) == [XMLSourceLocation(line: 1, column: 7),
                                                          XMLSourceLocation(line: 1, column: 13)])
            #expect(child.attributes[1].valueLocation == XMLSourceLocation(line: 1, column: 16))
        }

        /// The place of a byte of a value in the file, exact across references and line ends that
        /// the value replaced.
        @Test func valueOffsetsMapToTheFile() throws {
            // Line 2: `  <s path="1 2 m &#x33; 4 l` then line 3: `   5 6 X h"/>`.
            let text = "<a>\n  <s path=\"1 2 m &#x33; 4 l\n   5 6 X h\"/>\n</a>"
            let attribute = try CAMLTests.parse(text).root.children[0].attributes[0]
            #expect(attribute.value == "1 2 m 3 4 l    5 6 X h")
            #expect(attribute.valueLocation == XMLSourceLocation(line: 2, column: 12))
            #expect(attribute.location(ofValueOffset: 0) == XMLSourceLocation(line: 2, column: 12))
            #expect(attribute.location(ofValueOffset: 6) == XMLSourceLocation(line: 2, column: 18))   // the reference
            #expect(attribute.location(ofValueOffset: 8) == XMLSourceLocation(line: 2, column: 25))   // "4"
            #expect(attribute.location(ofValueOffset: 11) == XMLSourceLocation(line: 2, column: 28))  // the line feed
            // The value parser's error offset, turned into the file's line and column.
            let error = try #require(CAMLTests.valueError { () throws(CAMLValueError) in
                try CAMLSyntax.parsePath(attribute.value)
            })
            #expect(error.reason == .unknownOperator("X"))
            #expect(attribute.location(ofValueOffset: error.offset) == XMLSourceLocation(line: 3, column: 8))
            // Past the end: right after the value.
            #expect(attribute.location(ofValueOffset: 1000) == XMLSourceLocation(line: 3, column: 11))

            // Multi-byte characters, a reference to one, a CR LF pair.
            let wide = try CAMLTests.parse("<a v='é&#x1F600;\r\n  X'/>").root.attributes[0]
            #expect(wide.value == "é😀   X")
            #expect(wide.location(ofValueOffset: 2) == XMLSourceLocation(line: 1, column: 8))    // the reference
            #expect(wide.location(ofValueOffset: 6) == XMLSourceLocation(line: 1, column: 17))   // the CR
            #expect(wide.location(ofValueOffset: 9) == XMLSourceLocation(line: 2, column: 3))    // "X"
            // A value as written: no copy of its bytes is kept, the mapping is direct.
            let plain = try CAMLTests.parse("<a v='é X'/>").root.attributes[0]
            #expect(plain.writtenValue == nil && wide.writtenValue != nil)
            #expect(plain.location(ofValueOffset: 3) == XMLSourceLocation(line: 1, column: 9))
        }

        @Test func emptyAndSelfClosingElements() throws {
            let root = try CAMLTests.parse("<a><b></b><c/><d ></d></a>").root
            #expect(root.children.map(\.name) == ["b", "c", "d"])
            #expect(root.children.allSatisfy { $0.children.isEmpty && $0.text.isEmpty && $0.attributes.isEmpty })
            #expect(try CAMLTests.parse("<a></a >").root.name == "a")
        }
    }
}
