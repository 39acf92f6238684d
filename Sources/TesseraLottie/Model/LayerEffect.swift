/// An effect (`ef`) or a layer style (`sy`) of a layer: its type, its name, and its values by
/// name (effects) or key (styles).
struct LayerEffect: Sendable {
    /// `ty`: 25 is an effect's drop shadow; a style's 1 its drop shadow.
    var type: Int
    var name: String
    var values: [String: Animated<[Double]>]

    /// An effect: its values are the `ef` entries, each a name (`nm`) and a value (`v`).
    init(effect node: JSONNode) throws(LottieError) {
        type = Int(try node.number("ty", default: -1))
        name = try node.string("nm") ?? "type \(type)"
        values = [:]
        for entry in try node.member("ef")?.elements ?? [] {
            guard let key = try entry.string("nm"), let value = entry.member("v"), value.isObject else { continue }
            // Some entries hold layers or flags rather than numbers: those are not read.
            if let numbers = try? Animated<[Double]>.vector(value, default: [0]) { values[key] = numbers }
        }
    }

    /// A layer style: its values are its own keys (`c`, `o`, `a`, `s`, `d`…).
    init(style node: JSONNode) throws(LottieError) {
        type = Int(try node.number("ty", default: -1))
        name = try node.string("nm") ?? "style \(type)"
        values = [:]
        for key: StaticString in ["c", "o", "a", "s", "d"] {
            if let value = node.member(key) { values[key.description] = try .vector(value, default: [0]) }
        }
    }

    /// Whether it is a drop shadow: an effect of type 25 (from `ef`) or a style of type 1.
    var isDropShadow: Bool { type == 25 && values["Shadow Color"] != nil || type == 1 && values["c"] != nil }
}
