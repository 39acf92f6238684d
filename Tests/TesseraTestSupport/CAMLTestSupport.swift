import Foundation
import Testing
@testable import Tessera
@testable import TesseraCAML
@testable import TesseraCore
import TesseraXML

/// The suites of the CAML reader's foundation: the XML reader and the value syntax.
@Suite enum CAMLTests {
    /// The bytes of a CAML fixture of `Fixtures/` (Bluetooth, Brightness).
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "caml", subdirectory: "Fixtures"))
        return Array(try Data(contentsOf: url))
    }

    /// A document from a string's UTF-8.
    static func parse(_ text: String, limits: CAMLXMLLimits = CAMLXMLLimits()) throws -> CAMLDocument {
        try CAMLDocument(parsing: Array(text.utf8), limits: limits)
    }

    /// The error reading `bytes` gives, or nil when it reads.
    static func xmlError(_ bytes: [UInt8], limits: CAMLXMLLimits = CAMLXMLLimits()) -> CAMLXMLError? {
        do {
            _ = try CAMLDocument(parsing: bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static func xmlError(_ text: String, limits: CAMLXMLLimits = CAMLXMLLimits()) -> CAMLXMLError? {
        xmlError(Array(text.utf8), limits: limits)
    }

    /// The error `body` throws, or nil when it returns.
    static func valueError<T>(_ body: () throws(CAMLValueError) -> T) -> CAMLValueError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    /// Every element of the tree below and including `element`, in document order, without
    /// recursion.
    static func allElements(_ element: CAMLElement) -> [CAMLElement] {
        var result: [CAMLElement] = []
        var pending = [element]
        while let next = pending.popLast() {
            result.append(next)
            pending.append(contentsOf: next.children.reversed())
        }
        return result
    }
}
