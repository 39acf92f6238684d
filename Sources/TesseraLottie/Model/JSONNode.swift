/// A value of a ``JSONDocument`` and where it sits (`layers[2].ks.p`), for reading Lottie's types
/// out of it with errors that say where. The place is the value's index: the path is made from
/// the document's links to the containers only when asked for (errors, reports).
struct JSONNode {
    let document: JSONDocument
    /// The value's index in the document; for a number of an array of numbers, the array's.
    let index: Int
    /// For a number of an array of numbers, its place in the array; -1 otherwise.
    private let element: Int
    let value: JSONDocument.Value

    /// The document's root.
    init(_ document: JSONDocument) {
        self.init(document, index: document.root)
    }

    private init(_ document: JSONDocument, index: Int) {
        self.init(document, index: index, element: -1, value: document.values[index])
    }

    private init(_ document: JSONDocument, index: Int, element: Int, value: JSONDocument.Value) {
        self.document = document
        self.index = index
        self.element = element
        self.value = value
    }

    /// Where the node sits: `layers[2].ks.p`.
    var path: String {
        // (key, nil) for a member, (nil, index) for an element; innermost first.
        var links: [(key: String?, index: Int)] = element >= 0 ? [(nil, element)] : []
        var child = index
        while child != document.root {
            let parent = Int(document.parents[child])
            let container = document.values[parent]
            // An object's children are its keys and values in turn: the key is before the value.
            links.append(container.kind == .object ? (document.string(document.values[child - 1]), 0) : (nil, child - container.start))
            child = parent
        }
        var text = ""
        for link in links.reversed() {
            if let key = link.key {
                text = text.isEmpty ? key : "\(text).\(key)"
            } else {
                text += "[\(link.index)]"
            }
        }
        return text
    }

    private func invalid(_ reason: String) -> LottieError {
        .invalidDocument(path: path, reason: reason)
    }

    private func path(of key: StaticString) -> String {
        path.isEmpty ? key.description : "\(path).\(key)"
    }

    /// The member `key`; nil when it is missing or null, and for anything not an object.
    func member(_ key: StaticString) -> JSONNode? {
        guard value.kind == .object else { return nil }
        return present(document.member(key, of: value))
    }

    /// The member of a key made at run time, as ``member(_:)`` finds a literal one.
    func member(named key: String) -> JSONNode? {
        guard value.kind == .object else { return nil }
        var key = key
        return present(key.withUTF8 { document.member($0, of: value) })
    }

    /// The node of value `child` (a member found); nil when there is none or it is null.
    private func present(_ child: Int?) -> JSONNode? {
        guard let child else { return nil }
        let node = JSONNode(document, index: child)
        return node.value.kind == .null ? nil : node
    }

    /// The member `key`, which the format requires.
    func required(_ key: StaticString) throws(LottieError) -> JSONNode {
        guard value.kind == .object else { throw invalid("expected an object, found \(value.kindName)") }
        guard let child = member(key) else { throw .invalidDocument(path: path(of: key), reason: "missing") }
        return child
    }

    var number: Double {
        get throws(LottieError) {
            switch value.kind {
            case .number: return value.number
            // Booleans stand for 0 and 1 in some exporters' flags.
            case .bool: return Double(value.payload)
            default: throw invalid("expected a number, found \(value.kindName)")
            }
        }
    }

    var string: String {
        get throws(LottieError) {
            guard value.kind == .string else { throw invalid("expected a string, found \(value.kindName)") }
            return document.string(value)
        }
    }

    var elements: [JSONNode] {
        get throws(LottieError) {
            switch value.kind {
            case .array:
                return value.range.map { JSONNode(document, index: $0) }
            case .numbers:
                return (0..<value.count).map {
                    JSONNode(document, index: index, element: $0, value: .number(document.numbers[value.start + $0]))
                }
            default:
                throw invalid("expected an array, found \(value.kindName)")
            }
        }
    }

    /// The first of ``elements`` (nil for an empty array), without the others.
    var firstElement: JSONNode? {
        get throws(LottieError) {
            switch value.kind {
            case .array:
                return value.count > 0 ? JSONNode(document, index: value.start) : nil
            case .numbers:
                return value.count > 0
                    ? JSONNode(document, index: index, element: 0, value: .number(document.numbers[value.start])) : nil
            default:
                throw invalid("expected an array, found \(value.kindName)")
            }
        }
    }

    /// The number, or the first of an array of numbers (Lottie writes `v` and `[v]` alike), read in
    /// place; nil for anything else (an empty array too).
    var leadingNumber: Double? {
        switch value.kind {
        case .number: value.number
        case .numbers where value.count > 0: document.numbers[value.start]
        default: nil
        }
    }

    /// The numbers of an array, or a single number as an array of one (Lottie writes both).
    var numbers: [Double] {
        get throws(LottieError) {
            switch value.kind {
            case .number: return [value.number]
            case .numbers: return Array(document.numbers[value.range])
            case .array:
                var numbers: [Double] = []
                numbers.reserveCapacity(value.count)
                for (i, element) in document.values[value.range].enumerated() {
                    guard element.kind == .number else {
                        throw LottieError.invalidDocument(path: "\(path)[\(i)]", reason: "expected a number, found \(element.kindName)")
                    }
                    numbers.append(element.number)
                }
                return numbers
            default: throw invalid("expected numbers, found \(value.kindName)")
            }
        }
    }

    var isObject: Bool { value.kind == .object }

    var isArray: Bool { value.kind == .array || value.kind == .numbers }

    /// The number at `key`, or `fallback` when it is missing.
    func number(_ key: StaticString, default fallback: Double) throws(LottieError) -> Double {
        try member(key)?.number ?? fallback
    }

    /// The string at `key`; nil when missing (any other kind of value is an error).
    func string(_ key: StaticString) throws(LottieError) -> String? {
        try member(key)?.string
    }

    /// Whether the flag `key` is set (1 or true); false when missing.
    func flag(_ key: StaticString) throws(LottieError) -> Bool {
        try number(key, default: 0) != 0
    }

    /// An error about this node.
    func error(_ reason: String) -> LottieError {
        invalid(reason)
    }
}
