// Start tags, attributes and end tags, and the namespaces they declare and use.

extension CAMLXMLParser {
    /// An attribute as its start tag wrote it, before namespaces are resolved.
    struct WrittenAttribute {
        let name: String
        let value: String
        /// Where the name starts, as an offset and as a location.
        let offset: Int
        let location: XMLSourceLocation
        let valueLocation: XMLSourceLocation
        let writtenValue: ArraySlice<UInt8>?
    }

    /// At `<` and a name: reads a start tag or an empty-element tag and opens the element (and
    /// closes it again for an empty-element tag).
    mutating func parseStartTag() throws(CAMLXMLError) {
        let start = index
        elementCount += 1
        guard elementCount <= limits.elementCount else {
            throw fail(.limitExceeded(.elementCount(limits.elementCount)), at: start)
        }
        guard openElements.count < limits.nestingDepth else {
            throw fail(.limitExceeded(.nestingDepth(limits.nestingDepth)), at: start)
        }
        let location = tracker.location(at: start)
        index += 1
        let name = try parseQualifiedName(expected: "an element name")
        var attributes: [WrittenAttribute] = []
        var names = Set<String>()
        var isEmptyElement = false
        while true {
            let hadWhitespace = skipWhitespace()
            guard let next = byte(at: index) else { throw failUnexpected(expected: "'>', '/>' or an attribute") }
            if next == UInt8(ascii: ">") {
                index += 1
                break
            }
            if next == UInt8(ascii: "/") {
                guard byte(at: index + 1) == UInt8(ascii: ">") else {
                    throw failUnexpected(expected: "'>' after '/'", at: index + 1)
                }
                index += 2
                isEmptyElement = true
                break
            }
            guard hadWhitespace else { throw failUnexpected(expected: "whitespace, '>' or '/>'") }
            let attribute = try parseAttribute()
            guard names.insert(attribute.name).inserted else {
                throw fail(.duplicateAttribute(attribute.name), at: attribute.offset)
            }
            attributes.append(attribute)
        }
        try openElement(name: name, offset: start, location: location, attributes: attributes)
        if isEmptyElement { closeElement() }
    }

    /// At `</`: reads an end tag, which must name the innermost open element, and closes it.
    mutating func parseEndTag() throws(CAMLXMLError) {
        let start = index
        index += 2
        let name = try parseQualifiedName(expected: "an element name")
        skipWhitespace()
        guard byte(at: index) == UInt8(ascii: ">") else { throw failUnexpected(expected: "'>' to end the end tag") }
        index += 1
        // Content is read only while an element is open; an end tag after the root is refused
        // before it gets here.
        guard let openName = openElements.last?.name else { throw fail(.contentAfterRootElement, at: start) }
        guard openName == name else { throw fail(.mismatchedEndTag(expected: openName, found: name), at: start) }
        closeElement()
    }

    /// Reads `name = "value"` (either quote), at the name.
    private mutating func parseAttribute() throws(CAMLXMLError) -> WrittenAttribute {
        let start = index
        let location = tracker.location(at: start)
        let name = try parseQualifiedName(expected: "an attribute name, '>' or '/>'")
        skipWhitespace()
        guard byte(at: index) == UInt8(ascii: "=") else { throw failUnexpected(expected: "'=' after the attribute name") }
        index += 1
        skipWhitespace()
        let (value, valueLocation, writtenValue) = try parseAttributeValue(attributeOffset: start)
        return WrittenAttribute(
            name: name, value: value, offset: start, location: location,
            valueLocation: valueLocation, writtenValue: writtenValue)
    }

    /// Reads a quoted attribute value and normalizes it: references replaced, each literal tab,
    /// line feed, carriage return or CR LF pair turned into one space. Returns the value, where
    /// it starts, and its bytes as written when a reference or a line end makes them differ
    /// from the value's.
    private mutating func parseAttributeValue(
        attributeOffset: Int
    ) throws(CAMLXMLError)
        -> (String, XMLSourceLocation, ArraySlice<UInt8>?)
    {
        guard let quote = byte(at: index), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw failUnexpected(expected: "a quoted attribute value")
        }
        index += 1
        let valueLocation = tracker.location(at: index)
        let valueStart = index
        var value: [UInt8] = []
        var isVerbatim = true
        let limit = limits.attributeValueLength
        while true {
            // A run of plain ASCII, copied at once; never further than the limit allows.
            let runStart = index
            let runEnd = min(bytes.count, index + max(0, limit + 1 - value.count))
            while index < runEnd {
                let byte = bytes[index]
                guard byte >= 0x20, byte < 0x80, byte != quote, byte != UInt8(ascii: "<"),
                    byte != UInt8(ascii: "&")
                else { break }
                index += 1
            }
            value.append(contentsOf: bytes[runStart..<index])
            guard value.count <= limit else {
                throw fail(.limitExceeded(.attributeValueLength(limit)), at: attributeOffset)
            }
            guard let next = byte(at: index) else {
                throw failUnexpected(expected: "the closing quote of the attribute value")
            }
            switch next {
            case quote:
                index += 1
                return (
                    String(decoding: value, as: UTF8.self), valueLocation,
                    isVerbatim ? nil : bytes[valueStart..<(index - 1)]
                )
            case UInt8(ascii: "<"):
                throw fail(.lessThanInAttributeValue)
            case UInt8(ascii: "&"):
                try appendReference(to: &value)
                isVerbatim = false
            case 0x09:
                value.append(0x20)
                index += 1
            case 0x0A, 0x0D:
                value.append(0x20)
                index += next == 0x0D && byte(at: index + 1) == 0x0A ? 2 : 1
                isVerbatim = false
            default:
                let scalar = try checkedScalar(at: index)
                value.append(contentsOf: bytes[index..<(index + scalar.length)])
                index += scalar.length
            }
        }
    }

    /// Declares the namespaces the start tag declares, resolves the names, and pushes the
    /// element onto the open elements.
    private mutating func openElement(
        name: String, offset: Int, location: XMLSourceLocation,
        attributes written: [WrittenAttribute]
    ) throws(CAMLXMLError) {
        var declared: [String] = []
        for attribute in written {
            guard let prefix = Self.declaredPrefix(attribute.name) else { continue }
            let value = attribute.value
            let valid =
                prefix != "xmlns"
                && (prefix == "xml") == (value == CAMLNamespaceScope.xmlNamespace)
                && value != CAMLNamespaceScope.xmlnsNamespace
                && (prefix.isEmpty || !value.isEmpty)   // XML Namespaces 1.0: no undeclaring a prefix
            guard valid else { throw fail(.invalidNamespaceDeclaration(attribute.name), at: attribute.offset) }
            namespaces.push(prefix, value)
            declared.append(prefix)
        }

        let elementPrefix = Self.prefix(of: name)
        let namespaceURI: String?
        if let elementPrefix {
            guard elementPrefix != "xmlns" else { throw fail(.invalidName(name), at: offset + 1) }
            guard let bound = namespaces.namespace(for: elementPrefix) else {
                throw fail(.undeclaredPrefix(elementPrefix), at: offset + 1)
            }
            namespaceURI = bound
        } else {
            namespaceURI = namespaces.namespace(for: "")
        }

        var attributes: [CAMLAttribute] = []
        attributes.reserveCapacity(written.count)
        // Two prefixed names may be the same expanded name (`a:x` and `b:x` with a and b bound to
        // one namespace): XML Namespaces makes that a duplicate too.
        var expandedNames = Set<String>()
        for attribute in written {
            var attributeNamespace: String?
            if Self.declaredPrefix(attribute.name) != nil {
                attributeNamespace = CAMLNamespaceScope.xmlnsNamespace
            } else if let prefix = Self.prefix(of: attribute.name) {
                guard let bound = namespaces.namespace(for: prefix) else {
                    throw fail(.undeclaredPrefix(prefix), at: attribute.offset)
                }
                attributeNamespace = bound
                let expanded = bound + " " + CAMLElement.localName(of: attribute.name)
                guard expandedNames.insert(expanded).inserted else {
                    throw fail(.duplicateAttribute(attribute.name), at: attribute.offset)
                }
            }
            attributes.append(
                CAMLAttribute(
                    name: attribute.name, namespaceURI: attributeNamespace, value: attribute.value,
                    location: attribute.location, valueLocation: attribute.valueLocation,
                    writtenValue: attribute.writtenValue))
        }
        openElements.append(
            OpenElement(
                name: name, namespaceURI: namespaceURI, attributes: attributes,
                location: location, declaredPrefixes: declared))
    }

    /// The prefix a namespace declaration attribute declares: empty for `xmlns`, `p` for
    /// `xmlns:p`; nil for any other attribute.
    private static func declaredPrefix(_ attributeName: String) -> String? {
        if attributeName == "xmlns" { return "" }
        guard attributeName.hasPrefix("xmlns:") else { return nil }
        return String(attributeName.dropFirst(6))
    }

    /// The part of a qualified name before its colon, or nil when it has none.
    private static func prefix(of name: String) -> String? {
        guard let colon = name.firstIndex(of: ":") else { return nil }
        return String(name[..<colon])
    }
}
