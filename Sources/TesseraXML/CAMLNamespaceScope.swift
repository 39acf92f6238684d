/// The namespace prefixes in scope while the XML reader walks a document: each prefix maps to a
/// stack of namespace names, the innermost declaration on top, so that a lookup costs one
/// dictionary access however deep the document or however many declarations it makes.
struct CAMLNamespaceScope {
    /// `http://www.w3.org/XML/1998/namespace`, bound to `xml` in every document.
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    /// `http://www.w3.org/2000/xmlns/`, the namespace of `xmlns` attributes themselves.
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    /// Prefix to namespace names, innermost last. The default namespace is under the empty
    /// prefix; an empty name there means "no namespace" (`xmlns=""`).
    private var bindings: [String: [String]] = ["xml": [xmlNamespace]]

    /// Declares `prefix` (empty for the default namespace) as `namespace` until ``pop(_:)``.
    mutating func push(_ prefix: String, _ namespace: String) {
        bindings[prefix, default: []].append(namespace)
    }

    /// Ends the innermost declaration of `prefix`.
    mutating func pop(_ prefix: String) {
        bindings[prefix]?.removeLast()
    }

    /// The namespace bound to `prefix`, or nil when none is. For the empty prefix, the default
    /// namespace, nil when there is none or it was undeclared.
    func namespace(for prefix: String) -> String? {
        guard let namespace = bindings[prefix]?.last else { return nil }
        return prefix.isEmpty && namespace.isEmpty ? nil : namespace
    }
}
