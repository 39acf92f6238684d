/// A layer of a composition (an entry of `layers`), in its composition's frames.
struct LottieLayer: Sendable {
    /// What the layer draws, by its type `ty`.
    enum Content: Sendable {
        /// `ty` 4.
        case shapes([ShapeItem])
        /// `ty` 1: a rectangle of `sc` (RGB, 0–1) from (0, 0) to (`sw`, `sh`).
        case solid(color: [Double], width: Double, height: Double)
        /// `ty` 3: nothing; a parent for others.
        case null
        /// `ty` 0: the layers of asset `refId` in a `w` × `h` frame.
        case precomp(id: String, width: Double, height: Double)
        /// `ty` 2: image asset `refId`.
        case image(id: String)
        /// `ty` 5: text.
        case text(TextContent)
        /// Any other type, named (text, audio, camera…): not drawn.
        case unsupported(String)
    }

    var name: String
    /// `ind`, which `parent` and mattes refer to.
    var index: Int?
    var parent: Int?
    var content: Content
    /// Visible from `ip` up to (not including) `op`, in the composition's frames.
    var inPoint: Double
    var outPoint: Double
    /// `st`: where a precomposition's frame 0 falls in this composition.
    var startTime: Double
    /// `sr`: how much slower a precomposition's time runs (2: half speed).
    var timeStretch: Double
    var transform: LottieTransform
    /// `tm`: a precomposition's time in seconds as a function of this composition's frame.
    var timeRemap: Animated<Double>?
    var isThreeDimensional: Bool
    var autoOrient: Bool
    /// `bm`, After Effects' blend mode number; 0 is normal.
    var blendMode: Int
    /// `tt`: this layer is matted by the layer above it (1 alpha, 2 alpha inverted, 3 luma,
    /// 4 luma inverted); 0 none.
    var matteMode: Int
    /// `td`: this layer is the matte of the layer below it (or of those naming it in `tp`), and
    /// not drawn itself.
    var isMatteSource: Bool
    /// `tp` (Bodymovin 5.7 and later): the `ind` of this layer's matte, where it is not the
    /// layer above.
    var matteParent: Int?
    /// `masksProperties`, in order.
    var masks: [Mask]
    /// `ef` and `sy`: the effects and layer styles.
    var effects: [LayerEffect]
    /// How many of its properties have an expression (`x`), which is not evaluated.
    var expressionCount: Int
    /// `hd`: hidden in the file, not drawn.
    var isHidden: Bool
}

/// A layer's mask: a path that limits where the layer shows, combined with the masks before it.
struct Mask: Sendable {
    enum Mode: String, Sendable {
        /// `a`: adds its area; `s`: takes it away; `i`: keeps only what is inside it too.
        case add = "a", subtract = "s", intersect = "i"
        /// `n`: no effect; `l`, `d`, `f`: lighten (adds), darken (intersects), difference (keeps
        /// what is in the masks before it or in its path, not in both).
        case none = "n", lighten = "l", darken = "d", difference = "f"
    }

    var mode: Mode?
    /// The mode as written, for reports of unknown ones.
    var modeName: String
    var path: Animated<BezierShape>
    /// 0–100.
    var opacity: Animated<Double>
    /// `inv`: the area outside the path.
    var inverted: Bool
    /// `x`: grows (shrinks, negative) the path; not drawn.
    var expansion: Animated<Double>

    init(_ node: JSONNode) throws(LottieError) {
        modeName = try node.string("mode") ?? "a"
        mode = Mode(rawValue: modeName)
        path = try .shape(node.member("pt"))
        opacity = try .number(node.member("o"), default: 100)
        inverted = try node.member("inv").map { (n) throws(LottieError) in try n.number != 0 } ?? false
        expansion = try .number(node.member("x"), default: 0)
    }
}

extension LottieLayer {
    init(_ node: JSONNode) throws(LottieError) {
        guard node.isObject else { throw node.error("expected a layer object") }
        name = try node.string("nm") ?? ""
        index = try node.member("ind").map { (n) throws(LottieError) in try Self.integer(n) }
        parent = try node.member("parent").map { (n) throws(LottieError) in try Self.integer(n) }
        inPoint = try node.number("ip", default: 0)
        outPoint = try node.number("op", default: inPoint)
        startTime = try node.number("st", default: 0)
        timeStretch = try node.number("sr", default: 1)
        transform = try node.member("ks").map { (n) throws(LottieError) in try LottieTransform(n) } ?? LottieTransform()
        isThreeDimensional = try node.flag("ddd")
        autoOrient = try node.flag("ao")
        blendMode = Int(try node.number("bm", default: 0))
        matteMode = Int(try node.number("tt", default: 0))
        isMatteSource = try node.flag("td")
        matteParent = try node.member("tp").map { (n) throws(LottieError) in try Self.integer(n) }
        masks = try (node.member("masksProperties")?.elements ?? []).map { (mask) throws(LottieError) in try Mask(mask) }
        effects =
            try (node.member("ef")?.elements ?? []).map { (n) throws(LottieError) in try LayerEffect(effect: n) }
            + (node.member("sy")?.elements ?? []).map { (n) throws(LottieError) in try LayerEffect(style: n) }
        expressionCount = node.document.mayHaveExpressions ? Self.expressionCount(node.value, in: node.document) : 0
        isHidden = try node.flag("hd")
        timeRemap = nil
        let type = try node.required("ty")
        switch try Self.integer(type) {
        case 0:
            let id = try node.required("refId").string
            content = .precomp(id: id, width: try node.number("w", default: 0), height: try node.number("h", default: 0))
            timeRemap = try node.member("tm").map { (n) throws(LottieError) in try Animated<Double>.number(n, default: 0) }
        case 1:
            content = .solid(
                color: try Self.hexColor(node.member("sc")), width: try node.number("sw", default: 0),
                height: try node.number("sh", default: 0))
        case 3: content = .null
        case 4: content = .shapes(try ShapeItem.items(node.member("shapes")))
        case 2: content = .image(id: try node.required("refId").string)
        case 5: content = .text(try TextContent(node.required("t")))
        case 6: content = .unsupported("audio layer")
        case 13: content = .unsupported("camera layer")
        case let other: content = .unsupported("layer of type \(other)")
        }
    }

    /// An integer-valued number (`ty`, `ind`, `parent`).
    private static func integer(_ node: JSONNode) throws(LottieError) -> Int {
        let n = try node.number
        guard n == n.rounded(), abs(n) <= Double(Int32.max) else { throw node.error("expected an integer, found \(n)") }
        return Int(n)
    }

    /// The properties (objects with `k`) under `value` that have an expression (a string `x`).
    /// (Every value of a layer is passed: read from the document's buffers.)
    private static func expressionCount(_ value: JSONDocument.Value, in document: JSONDocument) -> Int {
        let values = document.values
        return document.text.withUnsafeBufferPointer { text in
            func isKey(_ index: Int, _ byte: UInt8) -> Bool {
                let key = values[index]
                return key.count == 1 && text[key.start] == byte
            }
            func expressions(_ value: JSONDocument.Value) -> Int {
                switch value.kind {
                case .object:
                    // One pass: each key is there once (the parser keeps a repeated key's last value).
                    var count = 0, hasValue = false, hasExpression = false
                    for k in stride(from: value.start, to: value.start + value.count, by: 2) {
                        let member = values[k + 1]
                        switch member.kind {
                        case .object, .array: count += expressions(member)
                        case .string: hasExpression = hasExpression || isKey(k, UInt8(ascii: "x"))
                        case .null, .bool, .number, .numbers: break
                        }
                        hasValue = hasValue || isKey(k, UInt8(ascii: "k"))
                    }
                    return hasValue && hasExpression ? count + 1 : count
                case .array:
                    var total = 0
                    for element in values[value.range] where element.kind == .object || element.kind == .array {
                        total += expressions(element)
                    }
                    return total
                case .null, .bool, .number, .numbers, .string:
                    return 0
                }
            }
            return expressions(value)
        }
    }

    /// `#RRGGBB` as red, green, blue in 0–1; black when missing or malformed.
    private static func hexColor(_ node: JSONNode?) throws(LottieError) -> [Double] {
        guard let text = try node?.string else { return [0, 0, 0] }
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, let value = Int(hex, radix: 16) else { return [0, 0, 0] }
        return [Double(value >> 16 & 0xFF) / 255, Double(value >> 8 & 0xFF) / 255, Double(value & 0xFF) / 255]
    }
}
