/// A path to properties of a Lottie animation, as lottie-ios writes them: names separated by
/// dots, from a layer of the main composition down to a property.
///
/// A property's full path is the names of the precomposition layers it is in, its layer's name,
/// then either `Transform` and the layer transform's property (`Position`, `Scale`, `Rotation`,
/// `Opacity`), or the names of the shape groups it is in (groups without a name are left out),
/// the shape item's name and the item's property: `Color` and `Opacity` of fills and strokes,
/// `Stroke Width`, `Colors` of gradients, `Position`, `Scale`, `Rotation` and `Opacity` of a
/// group's transform. A solid layer's color and a text layer's fill and stroke colors are
/// `LAYER.Color` and `LAYER.Stroke Color`; a text layer's text is `LAYER`.
///
/// In a pattern, `*` stands for one name, `**` for any number of names (none too), and a name
/// with a `*` inside (`Accent*`) for names that start and end as it does:
/// `"**.Fill 1.Color"` is every fill named `Fill 1`, `"Switch.*.Stroke 1.Color"` the strokes of
/// `Switch`'s top groups.
public struct AnimationKeypath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The names, in order.
    public let keys: [String]

    /// The path `keypath`, its names separated by dots.
    public init(keypath: String) {
        keys = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The path of these names.
    public init(keys: [String]) {
        self.keys = keys
    }

    public init(stringLiteral value: String) {
        self.init(keypath: value)
    }

    /// The names joined by dots.
    public var description: String { keys.joined(separator: ".") }

    /// Whether the full path `path` (no wildcards) is one this pattern stands for.
    public func matches(_ path: AnimationKeypath) -> Bool {
        Self.matches(keys[...], path.keys[...])
    }

    private static func matches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            // Any number of names: try each split, the shortest first.
            var rest = path
            while true {
                if matches(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let name = path.first, nameMatches(first, name) else { return false }
        return matches(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` alone: any name; a `*` inside: the name starts with what is before it and ends with
    /// what is after it, with at least one character for the star (as lottie-ios's `[^.]+`).
    private static func nameMatches(_ pattern: String, _ name: String) -> Bool {
        guard let star = pattern.firstIndex(of: "*") else { return pattern == name }
        let prefix = pattern[..<star], suffix = pattern[pattern.index(after: star)...]
        return name.count > prefix.count + suffix.count && name.hasPrefix(prefix) && name.hasSuffix(suffix)
    }
}
