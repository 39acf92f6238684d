// Character data and references inside elements.

extension CAMLXMLParser {
    /// Reads character data up to the next `<` (or to the end of the input) into the innermost
    /// open element's text, replacing references and normalizing line ends to line feeds.
    mutating func parseCharacterData() throws(CAMLXMLError) {
        var text: [UInt8] = []
        var significant = false
        while let next = byte(at: index), next != UInt8(ascii: "<") {
            switch next {
            case UInt8(ascii: "&"):
                try appendReference(to: &text)
                significant = true
            case UInt8(ascii: "]"):
                if hasLiteral("]]>", at: index) { throw fail(.cdataEndInText) }
                text.append(next)
                index += 1
                significant = true
            case 0x0D:
                text.append(0x0A)
                index += byte(at: index + 1) == 0x0A ? 2 : 1
            case 0x20, 0x09, 0x0A:
                text.append(next)
                index += 1
            default:
                let scalar = try checkedScalar(at: index)
                text.append(contentsOf: bytes[index..<(index + scalar.length)])
                index += scalar.length
                significant = true
            }
        }
        openElements[openElements.count - 1].text.append(contentsOf: text)
        if significant { openElements[openElements.count - 1].hasSignificantText = true }
    }

    /// At `&`: reads a reference to one of the five predefined entities or a character
    /// reference, and appends the character's UTF-8 to `output`. Any other entity is undefined:
    /// no document type is ever read, so none can be declared.
    mutating func appendReference(to output: inout [UInt8]) throws(CAMLXMLError) {
        let start = index
        index += 1
        if byte(at: index) == UInt8(ascii: "#") {
            let scalar = try parseCharacterReference(start: start)
            UTF8.encode(scalar) { output.append($0) }
            return
        }
        guard let lead = byte(at: index), lead >= 0x80 || Self.isNameStartCharacter(UInt32(lead)) else {
            throw fail(.malformedReference, at: start)
        }
        let name = try parseName(expected: "an entity name")
        guard byte(at: index) == UInt8(ascii: ";") else { throw fail(.malformedReference, at: start) }
        index += 1
        switch name {
        case "lt": output.append(UInt8(ascii: "<"))
        case "gt": output.append(UInt8(ascii: ">"))
        case "amp": output.append(UInt8(ascii: "&"))
        case "apos": output.append(UInt8(ascii: "'"))
        case "quot": output.append(UInt8(ascii: "\""))
        default: throw fail(.undefinedEntity(name), at: start)
        }
    }

    /// After `&#`: reads the decimal or `x` hexadecimal digits and the `;`, and returns the
    /// character, which must be one XML allows.
    private mutating func parseCharacterReference(start: Int) throws(CAMLXMLError) -> Unicode.Scalar {
        index += 1
        let isHex = byte(at: index) == UInt8(ascii: "x")
        if isHex { index += 1 }
        let radix: UInt32 = isHex ? 16 : 10
        var value: UInt32 = 0
        var digits = 0
        while let next = byte(at: index), let digit = Self.digitValue(next, hex: isHex) {
            // Saturate past the last code point: leading zeros may be many, the value may not.
            value = min(value * radix + digit, 0x110000)
            digits += 1
            index += 1
        }
        let terminated = byte(at: index) == UInt8(ascii: ";")
        if terminated { index += 1 }
        guard digits > 0, terminated, Self.isXMLCharacter(value), let scalar = Unicode.Scalar(value) else {
            // The reference as written, shortened: it may be long or cut off.
            let written = String(decoding: bytes[start..<min(index, start + 16)], as: UTF8.self)
            throw fail(.invalidCharacterReference(index - start > 16 ? written + "…" : written), at: start)
        }
        return scalar
    }

    /// The value of an ASCII digit (hexadecimal ones too when `hex`), or nil.
    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
