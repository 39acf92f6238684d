// The XML declaration, comments, processing instructions and CDATA sections.

extension CAMLXMLParser {
    /// At `<!--`: skips a comment, which may not contain `--`.
    mutating func parseComment() throws(CAMLXMLError) {
        index += 4
        while true {
            guard let next = byte(at: index) else { throw failUnexpected(expected: "'-->' to end the comment") }
            if next == UInt8(ascii: "-") && byte(at: index + 1) == UInt8(ascii: "-") {
                guard byte(at: index + 2) == UInt8(ascii: ">") else {
                    throw index + 2 < bytes.count
                        ? fail(.doubleHyphenInComment)
                        : failUnexpected(expected: "'-->' to end the comment", at: bytes.count)
                }
                index += 3
                return
            }
            index += try checkedScalar(at: index).length
        }
    }

    /// At `<?`: skips a processing instruction. Its target may not be `xml` in any case (the
    /// XML declaration is read only at the start of the document) nor hold a colon.
    mutating func parseProcessingInstruction() throws(CAMLXMLError) {
        let start = index
        index += 2
        let target = try parseName(expected: "a processing instruction target")
        if target == "xml" { throw fail(.misplacedXMLDeclaration, at: start) }
        if target.lowercased() == "xml" || target.contains(":") {
            throw fail(.invalidProcessingInstructionTarget(target), at: start + 2)
        }
        if hasLiteral("?>", at: index) {
            index += 2
            return
        }
        guard skipWhitespace() else { throw failUnexpected(expected: "whitespace or '?>' after the target") }
        try skipCharacters(through: "?>", expected: "'?>' to end the processing instruction")
    }

    /// At `<![CDATA[`: reads the section's characters, as they are, into the innermost open
    /// element's text (line ends normalized).
    mutating func parseCDATASection() throws(CAMLXMLError) {
        index += 9
        let start = index
        try skipCharacters(through: "]]>", expected: "']]>' to end the CDATA section")
        var text: [UInt8] = []
        text.reserveCapacity(index - 3 - start)
        var i = start
        while i < index - 3 {
            if bytes[i] == 0x0D {
                text.append(0x0A)
                i += bytes[i + 1] == 0x0A ? 2 : 1   // the section ends with "]]>", so i + 1 exists
            } else {
                text.append(bytes[i])
                i += 1
            }
        }
        openElements[openElements.count - 1].text.append(contentsOf: text)
        openElements[openElements.count - 1].hasSignificantText = true
    }

    /// Moves past the next occurrence of `terminator`, checking that every character before it
    /// is UTF-8 and allowed in XML.
    private mutating func skipCharacters(through terminator: StaticString, expected: String) throws(CAMLXMLError) {
        let first = terminator.withUTF8Buffer { $0[0] }
        while let next = byte(at: index) {
            if next == first && hasLiteral(terminator, at: index) {
                index += terminator.utf8CodeUnitCount
                return
            }
            index += try checkedScalar(at: index).length
        }
        throw failUnexpected(expected: expected)
    }

    /// At `<?xml` and whitespace or `?`, at the start of the document: reads the declaration.
    /// The version must be 1.x, the encoding (when given) UTF-8, standalone (when given) `yes` or
    /// `no`, in that order.
    mutating func parseXMLDeclaration() throws(CAMLXMLError) {
        index += 5
        let order = ["version", "encoding", "standalone"]
        // The position in `order` of the last pseudo-attribute read.
        var last = -1
        while true {
            let hadWhitespace = skipWhitespace()
            let expected = ["'version'", "'encoding', 'standalone' or '?>'", "'standalone' or '?>'", "'?>'"][last + 1]
            if hasLiteral("?>", at: index) {
                guard last >= 0 else { throw fail(.unexpected(found: "'?>'", expected: expected)) }
                index += 2
                return
            }
            guard index < bytes.count else { throw failUnexpected(expected: expected) }
            guard hadWhitespace else { throw failUnexpected(expected: "whitespace or '?>'") }
            let nameStart = index
            let name = try parseName(expected: expected)
            guard let position = order.firstIndex(of: name), last < 0 ? position == 0 : position > last else {
                throw fail(.unexpected(found: "'\(name)'", expected: expected), at: nameStart)
            }
            skipWhitespace()
            guard byte(at: index) == UInt8(ascii: "=") else { throw failUnexpected(expected: "'=' after '\(name)'") }
            index += 1
            skipWhitespace()
            let valueStart = index
            let value = try parseDeclarationValue()
            switch name {
            case "version":
                let digits = value.dropFirst(2)
                guard value.hasPrefix("1."), !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else {
                    throw fail(.unsupportedVersion(value), at: valueStart)
                }
            case "encoding":
                guard value.uppercased() == "UTF-8" else { throw fail(.unsupportedEncoding(value), at: valueStart) }
            default:
                guard value == "yes" || value == "no" else {
                    throw fail(.unexpected(found: "\"\(value)\"", expected: "\"yes\" or \"no\""), at: valueStart)
                }
            }
            last = position
        }
    }

    /// A quoted value of the XML declaration: printable ASCII only, as all its values are.
    private mutating func parseDeclarationValue() throws(CAMLXMLError) -> String {
        guard let quote = byte(at: index), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw failUnexpected(expected: "a quoted value")
        }
        index += 1
        let start = index
        while let next = byte(at: index), next != quote {
            guard next > 0x20, next < 0x7F else { throw failUnexpected(expected: "the closing quote") }
            index += 1
        }
        guard index < bytes.count else { throw failUnexpected(expected: "the closing quote") }
        index += 1
        return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
