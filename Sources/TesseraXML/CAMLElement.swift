/// One element of a CAML document: its name, attributes in the order written, child elements,
/// text, and where it starts. An immutable value.
///
/// Comments and processing instructions are not kept. Text is kept as one string per element:
/// ``text``.
package struct CAMLElement: Hashable, Sendable {
    /// The qualified name as written, prefix included (`CALayer`, `ca:CALayer`).
    package let name: String
    /// The namespace the name is in: the one bound to its prefix, or for an unprefixed name the
    /// default namespace in scope (CAML documents declare
    /// `xmlns="http://www.apple.com/CoreAnimation/1.0"` on the root); nil when there is none.
    package let namespaceURI: String?
    /// The attributes, in the order written. Namespace declarations (`xmlns`, `xmlns:p`) are
    /// among them.
    package let attributes: [CAMLAttribute]
    /// The child elements, in order.
    package let children: [CAMLElement]
    /// The character data directly inside the element (CDATA sections included, references
    /// replaced, line ends normalized to line feeds), concatenated in order.
    ///
    /// Whitespace handling: an element that has child elements and only whitespace between them
    /// (indentation) has empty text; otherwise the text is kept exactly, whitespace included,
    /// for the reader of the element to trim or not.
    package let text: String
    /// Where the element starts: its `<`.
    package let location: XMLSourceLocation

    /// The name without its prefix: what CAML's class and property names are compared with.
    package var localName: Substring { Self.localName(of: name) }

    /// The attribute with the given qualified name, if the element has it.
    package func attribute(_ name: String) -> CAMLAttribute? {
        attributes.first { $0.name == name }
    }

    /// The value of the attribute with the given qualified name, if the element has it.
    package subscript(attribute name: String) -> String? {
        attribute(name)?.value
    }

    /// The child elements whose local name is `localName`, in order.
    package func children(named localName: String) -> [CAMLElement] {
        children.filter { $0.localName == localName }
    }

    /// The part of a qualified name after its colon (all of it when there is none).
    package static func localName(of qualifiedName: String) -> Substring {
        guard let colon = qualifiedName.firstIndex(of: ":") else { return qualifiedName[...] }
        return qualifiedName[qualifiedName.index(after: colon)...]
    }
}
