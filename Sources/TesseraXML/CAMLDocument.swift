/// A parsed CAML document: its root element, read by a strict, DTD-free XML 1.0 reader of our
/// own.
///
/// # Why not Foundation's `XMLParser`
/// On Linux, swift-corelibs-foundation implements `XMLParser` on libxml2. Whether libxml2
/// substitutes entities, loads external DTDs and entities or reaches the network depends on the
/// options Foundation passes and on the libxml2 version installed, neither of which Tessera
/// controls (and `XMLParser` exists in a separate module, FoundationXML, on Linux only). A
/// document that declares entities could then expand them exponentially ("billion laughs") or
/// read local files. This reader cannot: it refuses any `<!DOCTYPE` the moment it sees one,
/// knows only the five predefined entities and character references, never opens a file or a
/// connection, and enforces ``CAMLXMLLimits`` as it goes. It also reports errors with a line
/// and column, works on the bytes (linear time, no quadratic string building) and never
/// recurses (deep nesting is an error, not a stack overflow).
///
/// # What it accepts
/// XML 1.0 (fifth edition) with XML Namespaces, in UTF-8 (a byte order mark is allowed; the XML
/// declaration may name UTF-8 only): elements, attributes, character data, CDATA sections,
/// comments and processing instructions (skipped), the predefined entities `&lt;` `&gt;`
/// `&amp;` `&apos;` `&quot;` and character references `&#…;` / `&#x…;` to characters XML
/// allows. Anything else is a ``CAMLXMLError`` with the line and column.
package struct CAMLDocument: Hashable, Sendable {
    /// The root element (`<caml>` in a CAML file).
    package let root: CAMLElement

    /// Reads a document from UTF-8 bytes.
    package init(parsing bytes: [UInt8], limits: CAMLXMLLimits = CAMLXMLLimits()) throws(CAMLXMLError) {
        guard bytes.count <= limits.inputSize else {
            throw CAMLXMLError(
                reason: .limitExceeded(.inputSize(limits.inputSize)),
                location: XMLSourceLocation(line: 1, column: 1))
        }
        var parser = CAMLXMLParser(bytes: bytes, limits: limits)
        root = try parser.parseDocument()
    }

    /// Reads a document from UTF-8 bytes. The size limit is checked before the bytes are copied.
    package init(parsing data: some Collection<UInt8>, limits: CAMLXMLLimits = CAMLXMLLimits()) throws(CAMLXMLError) {
        guard data.count <= limits.inputSize else {
            throw CAMLXMLError(
                reason: .limitExceeded(.inputSize(limits.inputSize)),
                location: XMLSourceLocation(line: 1, column: 1))
        }
        try self.init(parsing: Array(data), limits: limits)
    }
}
