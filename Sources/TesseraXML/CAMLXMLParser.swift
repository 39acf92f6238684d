/// The reader behind ``CAMLDocument``: one forward pass over the bytes, with an explicit stack of
/// open elements instead of recursion.
///
/// The document is read in three phases, as XML's grammar has them: the prolog (byte order
/// mark, XML declaration, comments and processing instructions before the root), the root
/// element's content, and the epilog (comments and processing instructions after it). Every
/// loop moves forward through the input or stops with an error, so the reader ends in time
/// linear in the input.
package struct CAMLXMLParser {
    let bytes: [UInt8]
    let limits: CAMLXMLLimits
    /// The offset of the next byte to read.
    var index = 0
    var tracker: SourceLocationTracker
    /// Start tags read so far.
    var elementCount = 0
    var namespaces = CAMLNamespaceScope()
    /// The elements whose start tag has been read and end tag not yet, outermost first.
    var openElements: [OpenElement] = []
    /// The root element, once its end tag has been read.
    var root: CAMLElement?

    /// An element being read: what its start tag said, and what its content has given so far.
    struct OpenElement {
        let name: String
        let namespaceURI: String?
        let attributes: [CAMLAttribute]
        let location: XMLSourceLocation
        /// The prefixes its start tag declared (empty for the default namespace), to undeclare
        /// when it closes.
        let declaredPrefixes: [String]
        var children: [CAMLElement] = []
        /// Its character data so far, in UTF-8.
        var text: [UInt8] = []
        /// Whether ``text`` holds more than whitespace (or came from a reference or a CDATA
        /// section, which are never indentation).
        var hasSignificantText = false
    }

    init(bytes: [UInt8], limits: CAMLXMLLimits) {
        self.bytes = bytes
        self.limits = limits
        tracker = SourceLocationTracker(bytes: bytes)
    }

    /// An error at `offset` (the current offset when nil).
    mutating func fail(_ reason: CAMLXMLError.Reason, at offset: Int? = nil) -> CAMLXMLError {
        CAMLXMLError(reason: reason, location: tracker.location(at: offset ?? index))
    }

    /// An error for what stands at `offset` (the current offset when nil) where `expected`
    /// should: the end of the input, or the byte there.
    mutating func failUnexpected(expected: String, at offset: Int? = nil) -> CAMLXMLError {
        let offset = offset ?? index
        guard offset < bytes.count else { return fail(.unexpectedEnd(expected: expected), at: offset) }
        return fail(.unexpected(found: describe(at: offset), expected: expected), at: offset)
    }

    /// Reads the whole document and returns its root element.
    mutating func parseDocument() throws(CAMLXMLError) -> CAMLElement {
        try parseByteOrderMark()
        if hasLiteral("<?xml", at: index), let next = byte(at: index + 5),
            Self.isWhitespace(next) || next == UInt8(ascii: "?")
        {
            try parseXMLDeclaration()
        }
        // The prolog, up to and including the root's start tag.
        while openElements.isEmpty && root == nil {
            skipWhitespace()
            guard let next = byte(at: index) else { throw fail(.noRootElement) }
            guard next == UInt8(ascii: "<") else { throw fail(.textBeforeRootElement) }
            if try !parseMarkupOutsideRoot() { try parseStartTag() }
        }
        // (Not `while let innermost = openElements.last`: that copy would share the innermost
        // element's children, and every append to them would copy the array.)
        while !openElements.isEmpty {
            guard index < bytes.count else { throw fail(.unclosedElement(openElements[openElements.count - 1].name)) }
            try parseContent()
        }
        // The epilog.
        while true {
            skipWhitespace()
            guard let next = byte(at: index) else { break }
            guard next == UInt8(ascii: "<"), try parseMarkupOutsideRoot() else {
                throw fail(.contentAfterRootElement)
            }
        }
        guard let root else { throw fail(.noRootElement) }
        return root
    }

    /// A byte order mark is skipped when it is UTF-8's; UTF-16's and UTF-32's are refused.
    private mutating func parseByteOrderMark() throws(CAMLXMLError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
        } else if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw fail(.unsupportedEncoding("UTF-16"))
        } else if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            throw fail(.unsupportedEncoding("UTF-32"))
        }
    }

    /// At a `<` outside the root element: reads a comment or a processing instruction and
    /// returns true, refuses a document type or other declaration, and returns false for
    /// anything else (an element's tag) without reading it.
    private mutating func parseMarkupOutsideRoot() throws(CAMLXMLError) -> Bool {
        if hasLiteral("<?", at: index) {
            try parseProcessingInstruction()
            return true
        }
        if hasLiteral("<!--", at: index) {
            try parseComment()
            return true
        }
        if hasLiteral("<!", at: index) { try refuseDeclaration() }
        return false
    }

    /// At `<!` that starts no comment or CDATA section: a document type declaration or another
    /// markup declaration, both refused; or the input ends before saying which.
    mutating func refuseDeclaration() throws(CAMLXMLError) -> Never {
        // A DOCTYPE cut short by the end of the input is refused as one: reading on could not
        // make the document acceptable.
        if hasLiteral("<!DOCTYPE", at: index) || (bytes.count - index > 2 && isCutShort("<!DOCTYPE")) {
            throw fail(.doctypeNotAllowed)
        }
        if isCutShort("<!--") || isCutShort("<![CDATA[") {
            throw failUnexpected(expected: "a comment or a CDATA section", at: bytes.count)
        }
        throw fail(.markupDeclarationNotAllowed)
    }

    /// Whether the rest of the input is a proper prefix of `literal`.
    private func isCutShort(_ literal: StaticString) -> Bool {
        let remaining = bytes.count - index
        guard remaining < literal.utf8CodeUnitCount else { return false }
        return literal.withUTF8Buffer { buffer in
            (0..<remaining).allSatisfy { bytes[index + $0] == buffer[$0] }
        }
    }

    /// Reads one piece of an open element's content: a tag, a comment, a processing
    /// instruction, a CDATA section, a reference or a run of character data.
    private mutating func parseContent() throws(CAMLXMLError) {
        guard bytes[index] == UInt8(ascii: "<") else {
            try parseCharacterData()
            return
        }
        switch byte(at: index + 1) {
        case UInt8(ascii: "/"):
            try parseEndTag()
        case UInt8(ascii: "?"):
            try parseProcessingInstruction()
        case UInt8(ascii: "!"):
            if hasLiteral("<!--", at: index) {
                try parseComment()
            } else if hasLiteral("<![CDATA[", at: index) {
                try parseCDATASection()
            } else {
                try refuseDeclaration()
            }
        default:
            try parseStartTag()
        }
    }

    /// Ends the innermost open element: builds its value and hands it to its parent (or makes
    /// it the root).
    mutating func closeElement() {
        guard let open = openElements.popLast() else { return }
        for prefix in open.declaredPrefixes { namespaces.pop(prefix) }
        let keepsText = open.children.isEmpty || open.hasSignificantText
        let element = CAMLElement(
            name: open.name, namespaceURI: open.namespaceURI, attributes: open.attributes,
            children: open.children, text: keepsText ? String(decoding: open.text, as: UTF8.self) : "",
            location: open.location)
        if openElements.isEmpty {
            root = element
        } else {
            openElements[openElements.count - 1].children.append(element)
        }
    }
}
