/// One attribute of a ``CAMLElement``, with where it was written.
///
/// The value is the attribute's normalized value, as XML defines it: references replaced, and
/// each tab, line feed and carriage return written literally (a CR LF pair counting as one)
/// turned into a space. Nothing else is trimmed or collapsed.
package struct CAMLAttribute: Hashable, Sendable {
    /// The name as written, prefix included (`name`, `xmlns:ca`).
    package let name: String
    /// The namespace the name is in: the one bound to its prefix, or nil for an unprefixed name
    /// (XML Namespaces: the default namespace does not apply to attributes). `xmlns` and
    /// `xmlns:p` are in `http://www.w3.org/2000/xmlns/`.
    package let namespaceURI: String?
    /// The normalized value.
    package let value: String
    /// Where the name starts.
    package let location: XMLSourceLocation
    /// Where the value starts: the character after the opening quote.
    package let valueLocation: XMLSourceLocation
    /// The value's bytes as written between the quotes, kept only when they are not ``value``'s
    /// (the value held references or line ends, which moved its bytes against the file's), to
    /// map offsets back to the file. A slice of the document's bytes, not a copy: it keeps them
    /// alive as long as the attribute lives.
    let writtenValue: ArraySlice<UInt8>?

    /// The name without its prefix.
    package var localName: Substring { CAMLElement.localName(of: name) }

    /// Where the value's byte `offset` (in UTF-8, counted in ``value``) was written: exact even
    /// when the value held references or line ends, which the value replaced.
    ///
    /// Errors found inside a value (a number that is not one, a path operator that is unknown)
    /// carry such an offset; this is how they point into the file. An offset past the end of the
    /// value gives the place right after it.
    package func location(ofValueOffset offset: Int) -> XMLSourceLocation {
        let target = max(0, min(offset, value.utf8.count))
        var location = valueLocation
        guard let written = writtenValue else {
            // The value is its source text, on one line.
            location.column += value.utf8.prefix(target).reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            return location
        }
        // Walk the written bytes, counting the value's bytes each one stands for. They were
        // checked when read: references are well-formed, the UTF-8 valid.
        var decoded = 0
        var i = written.startIndex
        while i < written.endIndex && decoded < target {
            let byte = written[i]
            switch byte {
            case UInt8(ascii: "&"):
                let end = written[i...].firstIndex(of: UInt8(ascii: ";")) ?? written.endIndex - 1
                decoded += Self.decodedLength(ofReference: written[(i + 1)..<end])
                location.column += end + 1 - i   // references are ASCII
                i = end + 1
            case 0x0A, 0x0D:
                decoded += 1
                i += byte == 0x0D && i + 1 < written.endIndex && written[i + 1] == 0x0A ? 2 : 1
                location.line += 1
                location.column = 1
            default:
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                decoded += length
                i += length
                location.column += 1
            }
        }
        return location
    }

    /// The UTF-8 length of the character a reference between `&` and `;` stands for: one byte
    /// for the predefined entities, the scalar's length for a character reference.
    private static func decodedLength(ofReference body: ArraySlice<UInt8>) -> Int {
        guard body.first == UInt8(ascii: "#") else { return 1 }
        let isHex = body.dropFirst().first == UInt8(ascii: "x")
        let digits = body.dropFirst(isHex ? 2 : 1)
        let scalar = UInt32(String(decoding: digits, as: UTF8.self), radix: isHex ? 16 : 10) ?? 0
        return scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
    }

    /// Attributes are equal when their names, values and locations are: how the value was
    /// written is not compared.
    package static func == (lhs: CAMLAttribute, rhs: CAMLAttribute) -> Bool {
        lhs.name == rhs.name && lhs.namespaceURI == rhs.namespaceURI && lhs.value == rhs.value
            && lhs.location == rhs.location && lhs.valueLocation == rhs.valueLocation
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(namespaceURI)
        hasher.combine(value)
        hasher.combine(location)
        hasher.combine(valueLocation)
    }
}
