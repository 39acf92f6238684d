/// Why a CAML document is not well-formed XML, or not XML that the reader accepts, and where.
///
/// The location is the place the reader stopped at: the first byte that cannot continue the
/// document (for a truncated document, its end), or the start of the construct that is wrong
/// (a duplicate attribute, a reference, a tag that does not match).
package struct CAMLXMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    package var reason: Reason
    /// Where.
    package var location: XMLSourceLocation

    /// `line:column: message`, the form compilers use.
    package var description: String { "\(location): \(reason)" }

    /// A limit of ``CAMLXMLLimits``, with the value it had.
    package enum Limit: Hashable, Sendable, CustomStringConvertible {
        /// ``CAMLXMLLimits/nestingDepth``.
        case nestingDepth(Int)
        /// ``CAMLXMLLimits/elementCount``.
        case elementCount(Int)
        /// ``CAMLXMLLimits/attributeValueLength``.
        case attributeValueLength(Int)
        /// ``CAMLXMLLimits/inputSize``.
        case inputSize(Int)

        package var description: String {
            switch self {
            case .nestingDepth(let limit): "elements nest deeper than \(limit)"
            case .elementCount(let limit): "more than \(limit) elements"
            case .attributeValueLength(let limit): "an attribute value longer than \(limit) bytes"
            case .inputSize(let limit): "a document larger than \(limit) bytes"
            }
        }
    }

    /// The kinds of error.
    package enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The document contains a document type declaration. Refused outright: the reader
        /// processes no DTD, so no entity is ever declared, expanded or fetched.
        case doctypeNotAllowed
        /// A `<!` that starts neither a comment nor (in content) a CDATA section.
        case markupDeclarationNotAllowed
        /// The input ends inside a construct; the associated text says what was expected.
        case unexpectedEnd(expected: String)
        /// A byte that cannot continue the construct; the associated text says what was expected.
        case unexpected(found: String, expected: String)
        /// Bytes that are not UTF-8 (malformed, overlong, a surrogate, beyond U+10FFFF).
        case invalidUTF8
        /// A character XML does not allow in a document (most C0 controls, U+FFFE, U+FFFF).
        case invalidCharacter(UInt32)
        /// The document is (or says it is) in an encoding other than UTF-8.
        case unsupportedEncoding(String)
        /// The XML declaration gives a version other than 1.x.
        case unsupportedVersion(String)
        /// An `<?xml …?>` declaration anywhere but at the very start.
        case misplacedXMLDeclaration
        /// `&name;` with a name other than the five predefined entities.
        case undefinedEntity(String)
        /// A character reference that is malformed or names a character XML does not allow.
        case invalidCharacterReference(String)
        /// A `&` that does not start a reference.
        case malformedReference
        /// `<` inside an attribute value.
        case lessThanInAttributeValue
        /// The same attribute twice on one element (also two prefixed names for one namespace).
        case duplicateAttribute(String)
        /// An end tag that does not close the innermost open element.
        case mismatchedEndTag(expected: String, found: String)
        /// The input ends with elements still open; the associated value is the innermost.
        case unclosedElement(String)
        /// `]]>` in character data.
        case cdataEndInText
        /// `--` inside a comment.
        case doubleHyphenInComment
        /// A processing instruction whose target is a case variant of `xml`, or is missing.
        case invalidProcessingInstructionTarget(String)
        /// A name, or a qualified name, that breaks XML's or XML Namespaces' rules.
        case invalidName(String)
        /// A prefix used without a declaration in scope.
        case undeclaredPrefix(String)
        /// A namespace declaration that XML Namespaces forbids (binding `xmlns`, misbinding
        /// `xml`, undeclaring a prefix).
        case invalidNamespaceDeclaration(String)
        /// Text or an element after the root element ended.
        case contentAfterRootElement
        /// Text before the root element.
        case textBeforeRootElement
        /// The document has no root element.
        case noRootElement
        /// A limit of ``CAMLXMLLimits`` is exceeded.
        case limitExceeded(Limit)

        package var description: String {
            switch self {
            case .doctypeNotAllowed:
                "document type declarations are not allowed (no DTD is processed: no entities, no external files)"
            case .markupDeclarationNotAllowed:
                "'<!' starts neither a comment nor a CDATA section (markup declarations are not allowed)"
            case .unexpectedEnd(let expected):
                "unexpected end of the document, expected \(expected)"
            case .unexpected(let found, let expected):
                "unexpected \(found), expected \(expected)"
            case .invalidUTF8:
                "invalid UTF-8"
            case .invalidCharacter(let scalar):
                "character U+\(Self.hex(scalar)) is not allowed in XML"
            case .unsupportedEncoding(let encoding):
                "unsupported encoding \(encoding) (CAML is read as UTF-8)"
            case .unsupportedVersion(let version):
                "unsupported XML version \"\(version)\""
            case .misplacedXMLDeclaration:
                "the XML declaration must be at the very start of the document"
            case .undefinedEntity(let name):
                "undefined entity '&\(name);' (only &lt; &gt; &amp; &apos; &quot; are defined)"
            case .invalidCharacterReference(let reference):
                "invalid character reference '\(reference)'"
            case .malformedReference:
                "'&' must start a reference such as '&amp;'"
            case .lessThanInAttributeValue:
                "'<' is not allowed in an attribute value (write '&lt;')"
            case .duplicateAttribute(let name):
                "duplicate attribute '\(name)'"
            case .mismatchedEndTag(let expected, let found):
                "end tag '</\(found)>' does not match the open element '<\(expected)>'"
            case .unclosedElement(let name):
                "unexpected end of the document, element '<\(name)>' is not closed"
            case .cdataEndInText:
                "']]>' is not allowed in text"
            case .doubleHyphenInComment:
                "'--' is not allowed inside a comment"
            case .invalidProcessingInstructionTarget(let target):
                "invalid processing instruction target '\(target)'"
            case .invalidName(let name):
                "invalid name '\(name)'"
            case .undeclaredPrefix(let prefix):
                "namespace prefix '\(prefix)' is not declared"
            case .invalidNamespaceDeclaration(let attribute):
                "invalid namespace declaration '\(attribute)'"
            case .contentAfterRootElement:
                "content after the root element"
            case .textBeforeRootElement:
                "text before the root element"
            case .noRootElement:
                "the document has no root element"
            case .limitExceeded(let limit):
                "limit exceeded: \(limit)"
            }
        }

        private static func hex(_ scalar: UInt32) -> String {
            let digits = String(scalar, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }
}
