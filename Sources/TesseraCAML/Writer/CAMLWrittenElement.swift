import TesseraCore
import TesseraDocument

/// An element of a CAML document being written: its name, its attributes in the order written,
/// and its child elements. CAML holds no text between elements, only attributes.
struct CAMLWrittenElement {
    var name: String
    var attributes: [(name: String, value: String)] = []
    var children: [CAMLWrittenElement] = []

    /// Adds a property's value under `key`: an attribute, or a child element named `key`.
    mutating func add(_ value: CAMLWrittenValue, as key: String) {
        switch value {
        case .attribute(let text): attributes.append((key, text))
        case .element(let attributes, let children):
            self.children.append(CAMLWrittenElement(name: key, attributes: attributes, children: children))
        }
    }

    /// Whether `name` can be an element or attribute name that CAML reads back as written: an
    /// XML name without a namespace prefix (ASCII letters, digits, `_`, `-`, `.`, starting with a
    /// letter or `_`). Filter inputs are named by their keys, which come from files.
    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        func isLetter(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) || s == "_" }
        return isLetter(first) && name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." }
    }
}

/// How a property's value is written: an attribute's text (`opacity="0.5"`), or the attributes
/// and children of an element named after the property (`<backgroundColor opacity="0"
/// value="0 0 0"/>`, `<keyTimes><real value="0"/>…</keyTimes>`).
enum CAMLWrittenValue {
    case attribute(String)
    case element(attributes: [(name: String, value: String)], children: [CAMLWrittenElement])
}
