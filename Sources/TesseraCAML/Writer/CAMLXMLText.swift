import Foundation
import TesseraCore
import TesseraDocument
import TesseraXML

/// The text of a CAML document being written: UTF-8 XML with its declaration, elements indented
/// two spaces a level, attribute values escaped, within the limits CAML readers take
/// (``CAMLXMLLimits``'s defaults), so that what is written is always read back.
struct CAMLXMLText {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var elementCount = 0
    private let limits = CAMLXMLLimits()

    /// Appends `element` and its children at `depth`.
    ///
    /// - Throws: ``CAMLWriteFailure`` when an attribute's value holds a character that XML 1.0
    ///   cannot hold even as a reference (U+0000 to U+001F other than tab, line feed and carriage
    ///   return; U+FFFE, U+FFFF): replacing it would change the value, so nothing is written.
    ///   Also when the document goes beyond what readers take: elements nested too deep, too
    ///   many elements, an attribute value too long.
    mutating func append(_ element: CAMLWrittenElement, depth: Int = 0) throws(CAMLWriteFailure) {
        guard depth < limits.nestingDepth else {
            throw CAMLWriteFailure("elements nested more than \(limits.nestingDepth) deep, more than CAML readers take")
        }
        elementCount += 1
        guard elementCount <= limits.elementCount else {
            throw CAMLWriteFailure("more than \(limits.elementCount) elements, more than CAML readers take")
        }
        let indent = String(repeating: "  ", count: depth)
        text += indent + "<" + element.name
        for (key, value) in element.attributes {
            guard value.utf8.count <= limits.attributeValueLength else {
                throw CAMLWriteFailure("\(key) is longer than the \(limits.attributeValueLength) bytes CAML readers take")
            }
            text += " " + key + "=\""
            try escape(value, of: key)
            text += "\""
        }
        guard !element.children.isEmpty else {
            text += "/>\n"
            return
        }
        text += ">\n"
        for child in element.children { try append(child, depth: depth + 1) }
        text += indent + "</" + element.name + ">\n"
    }

    /// The document's bytes.
    ///
    /// - Throws: ``CAMLWriteFailure`` when it is larger than readers take.
    func data() throws(CAMLWriteFailure) -> Data {
        let data = Data(text.utf8)
        guard data.count <= limits.inputSize else {
            throw CAMLWriteFailure("the document is larger than the \(limits.inputSize) bytes CAML readers take")
        }
        return data
    }

    /// `value` as an attribute's quoted text: `&`, `<`, `>` and `"` as entities, and tab, line
    /// feed and carriage return as character references, since a parser turns the literal ones
    /// into spaces (attribute-value normalization). Everything else is written as it is (UTF-8).
    private mutating func escape(_ value: String, of key: String) throws(CAMLWriteFailure) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            case "\"": text += "&quot;"
            case "\t": text += "&#9;"
            case "\n": text += "&#10;"
            case "\r": text += "&#13;"
            default:
                guard CAMLXMLParser.isXMLCharacter(scalar.value) else {
                    let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
                    throw CAMLWriteFailure("\(key) holds the character \(code), which XML 1.0 cannot hold")
                }
                text.unicodeScalars.append(scalar)
            }
        }
    }
}
