/// Bounds on what the CAML XML reader accepts, against documents built to exhaust memory, time or
/// the stack. Exceeding one is a ``CAMLXMLError`` (``CAMLXMLError/Reason/limitExceeded(_:)``)
/// raised as soon as the reader gets there, not after reading the rest.
///
/// The defaults are far above what real CAML files hold (the Control Center glyphs nest 12 deep
/// and have under 100 elements; a long path attribute is tens of kilobytes) and low enough that
/// the reader's time and memory stay proportional to a document of a few tens of megabytes.
package struct CAMLXMLLimits: Hashable, Sendable {
    /// The greatest depth of elements, the root being at depth 1. Default 256.
    ///
    /// The reader itself never recurses, but the element tree it builds is a value of nested
    /// arrays, which Swift destroys (and compares) recursively: this limit bounds that recursion
    /// too, so it is clamped to ``maximumNestingDepth``.
    package var nestingDepth: Int {
        didSet { nestingDepth = min(nestingDepth, Self.maximumNestingDepth) }
    }

    /// The greatest number of elements in the document. Default 1,000,000.
    package var elementCount: Int

    /// The greatest length of one attribute value, in bytes of UTF-8 after references are
    /// replaced. Default 4 MiB: paths are attributes, and a detailed one runs to hundreds of
    /// kilobytes.
    package var attributeValueLength: Int

    /// The greatest size of the whole document in bytes. Default 64 MiB.
    package var inputSize: Int

    /// The ceiling of ``nestingDepth``: deep enough for any real document, shallow enough that
    /// destroying the tree recursively stays far from the end of a thread's stack.
    package static let maximumNestingDepth = 4096

    /// Limits with the defaults documented on each property, or the values given.
    package init(
        nestingDepth: Int = 256, elementCount: Int = 1_000_000,
        attributeValueLength: Int = 4 << 20, inputSize: Int = 64 << 20
    ) {
        self.nestingDepth = min(nestingDepth, Self.maximumNestingDepth)
        self.elementCount = elementCount
        self.attributeValueLength = attributeValueLength
        self.inputSize = inputSize
    }
}
