import BenchScenes   // SplitMix64: seeded, the same on every platform
import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore
@testable import TesseraXML

extension CAMLTests {
    /// Documents built to exhaust memory, time or the stack, or to read files: each is refused
    /// with a typed error, at once, never a crash.
    @Suite struct CAMLXMLHostileInputTests {
        /// "Billion laughs": ten entities, each ten of the previous, 10⁹ "lol"s if expanded.
        @Test func billionLaughsIsRefusedAtTheDoctype() throws {
            var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n  <!ENTITY lol \"lol\">\n"
            for i in 1...9 {
                let previous = i == 1 ? "lol" : "lol\(i - 1)"
                text += "  <!ENTITY lol\(i) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
            }
            text += "]>\n<lolz>&lol9;</lolz>\n"
            let error = try #require(CAMLTests.xmlError(text))
            #expect(error == CAMLXMLError(reason: .doctypeNotAllowed, location: XMLSourceLocation(line: 2, column: 1)))
        }

        /// An external entity naming a local file: refused at the DOCTYPE, before the entity is
        /// even read. (The reader has no code that opens files or connections at all.)
        @Test func externalEntitiesAreRefused() throws {
            let file = "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<x>&e;</x>"
            #expect(CAMLTests.xmlError(file) == CAMLXMLError(reason: .doctypeNotAllowed,
                                                             location: XMLSourceLocation(line: 2, column: 1)))
            let network = "<!DOCTYPE x SYSTEM \"http://example.com/x.dtd\"><x/>"
            #expect(CAMLTests.xmlError(network)?.reason == .doctypeNotAllowed)
            let parameter = "<!DOCTYPE x [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]><x/>"
            #expect(CAMLTests.xmlError(parameter)?.reason == .doctypeNotAllowed)
            // Without a DOCTYPE, the entity is simply undefined.
            #expect(CAMLTests.xmlError("<x>&e;</x>")?.reason == .undefinedEntity("e"))
        }

        /// A DOCTYPE anywhere is refused: after the root, inside an element, cut off.
        @Test func doctypeAnywhereIsRefused() throws {
            #expect(CAMLTests.xmlError("<a/><!DOCTYPE a>")?.reason == .doctypeNotAllowed)
            #expect(CAMLTests.xmlError("<a>\n  <!DOCTYPE a></a>")
                    == CAMLXMLError(reason: .doctypeNotAllowed, location: XMLSourceLocation(line: 2, column: 3)))
            #expect(CAMLTests.xmlError("<!DOC")?.reason == .doctypeNotAllowed)
        }

        /// 100,000 nested elements: an error at the 257th, no stack overflow.
        @Test func deepNestingIsAnErrorNotAStackOverflow() throws {
            let depth = 100_000
            let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
            let error = try #require(CAMLTests.xmlError(text))
            #expect(error == CAMLXMLError(reason: .limitExceeded(.nestingDepth(256)),
                                          location: XMLSourceLocation(line: 1, column: 256 * 3 + 1)))
            // Exactly at the limit reads, and the tree is that deep.
            let limits = CAMLXMLLimits(nestingDepth: 40)
            var element = try CAMLTests.parse(String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40),
                                              limits: limits).root
            var levels = 1
            while let child = element.children.first { element = child; levels += 1 }
            #expect(levels == 40)
            #expect(CAMLTests.xmlError(String(repeating: "<a>", count: 41), limits: limits)?.reason
                    == .limitExceeded(.nestingDepth(40)))
            // The ceiling: the tree is destroyed recursively, so the depth stays bounded.
            #expect(CAMLXMLLimits(nestingDepth: 1_000_000).nestingDepth == CAMLXMLLimits.maximumNestingDepth)
        }

        /// A 50 MB attribute value: refused by the attribute limit, at the attribute.
        @Test func hugeAttributeIsRefusedByTheLimit() throws {
            let bytes = Array("<a\n  x=\"".utf8) + [UInt8](repeating: UInt8(ascii: "7"), count: 50_000_000) + Array("\"/>".utf8)
            let error = try #require(CAMLTests.xmlError(bytes))
            #expect(error == CAMLXMLError(reason: .limitExceeded(.attributeValueLength(4 << 20)),
                                          location: XMLSourceLocation(line: 2, column: 3)))
            // The limit counts the value's bytes after references are replaced.
            let limits = CAMLXMLLimits(attributeValueLength: 10)
            #expect(try CAMLTests.parse("<a x='" + String(repeating: "&amp;", count: 10) + "'/>", limits: limits)
                .root.attributes[0].value == String(repeating: "&", count: 10))
            #expect(CAMLTests.xmlError("<a x='" + String(repeating: "&amp;", count: 11) + "'/>", limits: limits)?.reason
                    == .limitExceeded(.attributeValueLength(10)))
            #expect(CAMLTests.xmlError("<a x='12345678901'/>", limits: limits)?.reason
                    == .limitExceeded(.attributeValueLength(10)))
            #expect(CAMLTests.xmlError("<a x='123456789é'/>", limits: limits)?.reason
                    == .limitExceeded(.attributeValueLength(10)))
        }

        @Test func elementCountAndInputSizeLimits() throws {
            let limits = CAMLXMLLimits(elementCount: 100, inputSize: 1000)
            let hundred = "<r>" + String(repeating: "<e/>", count: 99) + "</r>"
            #expect(try CAMLTests.parse(hundred, limits: limits).root.children.count == 99)
            let error = CAMLTests.xmlError("<r>" + String(repeating: "<e/>", count: 100) + "</r>", limits: limits)
            #expect(error == CAMLXMLError(reason: .limitExceeded(.elementCount(100)),
                                          location: XMLSourceLocation(line: 1, column: 4 + 99 * 4)))
            let big = "<r>" + String(repeating: " ", count: 994) + "</r>"
            #expect(big.utf8.count == 1001)
            #expect(CAMLTests.xmlError(big, limits: limits)?.reason == .limitExceeded(.inputSize(1000)))
            #expect(throws: CAMLXMLError.self) { _ = try CAMLDocument(parsing: Data(big.utf8), limits: limits) }
        }

        /// A million elements on one line, the default limit: read in one pass (a reader that
        /// copied the children at each append, or counted columns from the line's start, would
        /// take hours here).
        @Test func aMillionElementsOnOneLine() throws {
            let text = "<r>" + String(repeating: "<e a=\"1 2\"/>", count: 999_999) + "</r>"
            let root = try CAMLTests.parse(text).root
            #expect(root.children.count == 999_999)
            #expect(root.children.last?.location == XMLSourceLocation(line: 1, column: 4 + 999_998 * 12))
            #expect(root.children.last?.attributes.first?.valueLocation
                    == XMLSourceLocation(line: 1, column: 4 + 999_998 * 12 + 6))
        }

        /// A small document using every construct, cut at every byte: each prefix is an error,
        /// never a crash; the whole document reads.
        @Test func everyTruncationIsAnError() throws {
            let text = "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- c -->\n<?pi data?>\n"
                + "<caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\" xmlns:x=\"urn:x\">\n"
                + "  <CALayer name='é &amp; &#x1F600;' x:a=\"1\r\n2\">t&lt;<![CDATA[<>]]><e/></CALayer>\n"
                + "  <CAShapeLayer path=\"0 0 m 1 1 l h\"/>\n</caml>"
            let bytes = Array(text.utf8)
            #expect(try CAMLDocument(parsing: bytes).root.children.count == 2)
            for length in 0..<bytes.count {
                #expect(CAMLTests.xmlError(Array(bytes[..<length])) != nil, "prefix of \(length) bytes")
            }
        }

        /// Random corruptions of a real file (a byte replaced, removed or duplicated, seeded):
        /// each reads or is a typed error.
        @Test func corruptedRealFilesReadOrFail() throws {
            let original = try CAMLTests.fixture("Bluetooth")
            var generator = SplitMix64(seed: 2024)
            var failures = 0
            for _ in 0..<2000 {
                var bytes = original
                for _ in 0..<(1 + Int(generator.next() % 3)) {
                    let i = Int(generator.next() % UInt64(bytes.count))
                    switch generator.next() % 3 {
                    case 0: bytes[i] = UInt8(truncatingIfNeeded: generator.next())
                    case 1: bytes.remove(at: i)
                    default: bytes.insert(bytes[i], at: i)
                    }
                }
                if CAMLTests.xmlError(bytes) != nil { failures += 1 }
            }
            #expect(failures > 100)   // most corruptions of markup are errors
        }
    }
}
