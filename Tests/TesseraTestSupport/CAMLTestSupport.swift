import Foundation
import Testing
@testable import Tessera
@testable import TesseraCAML
@testable import TesseraCore
import TesseraXML

/// The parent of the CAML reader's suites (in TesseraCAMLTests), and the namespace of their
/// helpers, which other test targets use too.
package enum CAMLTests {
    /// The bytes of a CAML fixture of `Fixtures/` (Bluetooth, Brightness).
    package static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: try TestFixtures.url(name, "caml")))
    }

    /// A document from a string's UTF-8.
    package static func parse(_ text: String, limits: CAMLXMLLimits = CAMLXMLLimits()) throws -> CAMLDocument {
        try CAMLDocument(parsing: Array(text.utf8), limits: limits)
    }

    /// The error reading `bytes` gives, or nil when it reads.
    package static func xmlError(_ bytes: [UInt8], limits: CAMLXMLLimits = CAMLXMLLimits()) -> CAMLXMLError? {
        do {
            _ = try CAMLDocument(parsing: bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    package static func xmlError(_ text: String, limits: CAMLXMLLimits = CAMLXMLLimits()) -> CAMLXMLError? {
        xmlError(Array(text.utf8), limits: limits)
    }

    /// The error `body` throws, or nil when it returns.
    package static func valueError<T>(_ body: () throws(CAMLValueError) -> T) -> CAMLValueError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    /// Every element of the tree below and including `element`, in document order, without
    /// recursion.
    package static func allElements(_ element: CAMLElement) -> [CAMLElement] {
        var result: [CAMLElement] = []
        var pending = [element]
        while let next = pending.popLast() {
            result.append(next)
            pending.append(contentsOf: next.children.reversed())
        }
        return result
    }
}
