/// A JSON value with where it sits in the document (`layers[2].ks.p`), for reading Lottie's
/// types out of it with errors that say where.
struct JSONNode {
    let value: JSONValue
    /// Where the node sits, as links to its parents: the string is made only when asked for
    /// (errors, reports): made for every node, it was a large part of reading a large file.
    private let location: Location

    init(_ value: JSONValue, path: String) {
        self.init(value, Location(parent: nil, key: path, index: 0))
    }

    private init(_ value: JSONValue, _ location: Location) {
        self.value = value
        self.location = location
    }

    /// Where the node sits: `layers[2].ks.p`.
    var path: String { location.description }

    /// A member (by `key`) or an element (by `index`, `key` nil) of `parent`; the root has no parent.
    private final class Location: Sendable, CustomStringConvertible {
        let parent: Location?
        let key: String?
        let index: Int

        init(parent: Location?, key: String?, index: Int) {
            self.parent = parent
            self.key = key
            self.index = index
        }

        var description: String {
            var links: [Location] = []
            var link: Location? = self
            while let current = link {
                links.append(current)
                link = current.parent
            }
            var text = ""
            for current in links.reversed() {
                if let key = current.key {
                    text = text.isEmpty ? key : "\(text).\(key)"
                } else {
                    text += "[\(current.index)]"
                }
            }
            return text
        }
    }

    private func invalid(_ reason: String) -> LottieError {
        .invalidDocument(path: path, reason: reason)
    }

    private func path(of key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The member `key`; nil when it is missing or null.
    func member(_ key: String) -> JSONNode? {
        guard let child = value[key] else { return nil }
        if case .null = child { return nil }
        return JSONNode(child, Location(parent: location, key: key, index: 0))
    }

    /// The member `key`, which the format requires.
    func required(_ key: String) throws(LottieError) -> JSONNode {
        guard case .object = value else { throw invalid("expected an object, found \(value.kindName)") }
        guard let child = member(key) else { throw .invalidDocument(path: path(of: key), reason: "missing") }
        return child
    }

    var number: Double {
        get throws(LottieError) {
            switch value {
            case .number(let n): return n
            // Booleans stand for 0 and 1 in some exporters' flags.
            case .bool(let b): return b ? 1 : 0
            default: throw invalid("expected a number, found \(value.kindName)")
            }
        }
    }

    var string: String {
        get throws(LottieError) {
            guard case .string(let s) = value else { throw invalid("expected a string, found \(value.kindName)") }
            return s
        }
    }

    var elements: [JSONNode] {
        get throws(LottieError) {
            switch value {
            case .array(let values):
                return values.enumerated().map { JSONNode($1, Location(parent: location, key: nil, index: $0)) }
            case .numbers(let numbers):
                return numbers.enumerated().map { JSONNode(.number($1), Location(parent: location, key: nil, index: $0)) }
            default:
                throw invalid("expected an array, found \(value.kindName)")
            }
        }
    }

    /// The numbers of an array, or a single number as an array of one (Lottie writes both).
    var numbers: [Double] {
        get throws(LottieError) {
            switch value {
            case .number(let n): return [n]
            case .numbers(let numbers): return numbers
            case .array(let values):
                var numbers: [Double] = []
                numbers.reserveCapacity(values.count)
                for (i, element) in values.enumerated() {
                    guard case .number(let n) = element else {
                        throw LottieError.invalidDocument(path: "\(path)[\(i)]", reason: "expected a number, found \(element.kindName)")
                    }
                    numbers.append(n)
                }
                return numbers
            default: throw invalid("expected numbers, found \(value.kindName)")
            }
        }
    }

    var isObject: Bool {
        if case .object = value { return true }
        return false
    }

    var isArray: Bool {
        switch value {
        case .array, .numbers: return true
        default: return false
        }
    }

    /// The number at `key`, or `fallback` when it is missing.
    func number(_ key: String, default fallback: Double) throws(LottieError) -> Double {
        try member(key)?.number ?? fallback
    }

    /// The string at `key`; nil when missing (any other kind of value is an error).
    func string(_ key: String) throws(LottieError) -> String? {
        try member(key)?.string
    }

    /// Whether the flag `key` is set (1 or true); false when missing.
    func flag(_ key: String) throws(LottieError) -> Bool {
        try number(key, default: 0) != 0
    }

    /// An error about this node.
    func error(_ reason: String) -> LottieError {
        invalid(reason)
    }
}
