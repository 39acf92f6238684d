#if !canImport(QuartzCore)
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

    /// The element as XML, indented two spaces a level, starting at `depth`.
    ///
    /// - Throws: ``CAMLWriteFailure`` when an attribute's value holds a character that XML 1.0
    ///   cannot hold even as a reference (U+0000 to U+001F other than tab, line feed and carriage
    ///   return; U+FFFE, U+FFFF): replacing it would change the value, so nothing is written.
    ///   Nor when the elements nest deeper than CAML readers take (``CAMLXMLLimits``).
    func xml(depth: Int = 0, into text: inout String) throws(CAMLWriteFailure) {
        let limit = CAMLXMLLimits().nestingDepth
        guard depth < limit else { throw CAMLWriteFailure("elements nested more than \(limit) deep, more than CAML readers take") }
        let indent = String(repeating: "  ", count: depth)
        text += indent + "<" + name
        for (key, value) in attributes {
            text += " " + key + "=\""
            try Self.escape(value, of: key, into: &text)
            text += "\""
        }
        guard !children.isEmpty else {
            text += "/>\n"
            return
        }
        text += ">\n"
        for child in children { try child.xml(depth: depth + 1, into: &text) }
        text += indent + "</" + name + ">\n"
    }

    /// `value` as an attribute's quoted text: `&`, `<`, `>` and `"` as entities, and tab, line
    /// feed and carriage return as character references, since a parser turns the literal ones
    /// into spaces (attribute-value normalization). Everything else is written as it is (UTF-8).
    static func escape(_ value: String, of key: String, into text: inout String) throws(CAMLWriteFailure) {
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
#endif
