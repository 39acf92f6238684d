extension ShapeItem {
    /// The items of a `shapes` or `it` array; hidden items (`hd`) are left out, as players do.
    static func items(_ node: JSONNode?) throws(LottieError) -> [ShapeItem] {
        var items: [ShapeItem] = []
        for element in try node?.elements ?? [] where !(try element.flag("hd")) {
            items.append(try ShapeItem(element))
        }
        return items
    }

    init(_ node: JSONNode) throws(LottieError) {
        let type = try node.required("ty").string
        let name = try node.string("nm") ?? ""
        // `d` = 3 draws rectangles and ellipses counterclockwise (what trims see); a stroke's `d` is its dashes.
        var reversed: Bool {
            get throws(LottieError) { try node.number("d", default: 1) == 3 }
        }
        switch type {
        case "gr":
            self = .group(name: name, items: try Self.items(node.member("it")))
        case "rc":
            self = .rectangle(
                position: try .vector(node.member("p"), default: [0, 0]),
                size: try .vector(node.member("s"), default: [0, 0]),
                roundness: try .number(node.member("r"), default: 0), reversed: try reversed)
        case "el":
            self = .ellipse(
                position: try .vector(node.member("p"), default: [0, 0]),
                size: try .vector(node.member("s"), default: [0, 0]), reversed: try reversed)
        case "sr":
            self = .polystar(try Polystar(node))
        case "rp":
            let transform = try node.required("tr")
            self = .repeater(
                Repeater(
                    copies: try .number(node.member("c"), default: 1), offset: try .number(node.member("o"), default: 0),
                    below: try node.number("m", default: 1) == 2, transform: try LottieTransform(transform),
                    startOpacity: try .number(transform.member("so"), default: 100),
                    endOpacity: try .number(transform.member("eo"), default: 100)))
        case "mm":
            self = .mergePaths(mode: Int(try node.number("mm", default: 1)))
        case "rd":
            self = .roundedCorners(try .number(node.member("r"), default: 0))
        case "sh":
            self = .path(try .shape(node.member("ks")), reversed: try reversed)
        case "fl":
            let color = try Animated<[Double]>.vector(node.member("c"), default: [0, 0, 0])
            self = .fill(
                Fill(
                    color: color.mapValues(ShapeLayers.normalizedColor),
                    opacity: try .number(node.member("o"), default: 100),
                    evenOdd: try node.number("r", default: 1) == 2, name: name))
        case "st":
            self = .stroke(
                Stroke(
                    color: try Animated<[Double]>.vector(node.member("c"), default: [0, 0, 0]).mapValues(ShapeLayers.normalizedColor),
                    opacity: try .number(node.member("o"), default: 100),
                    width: try .number(node.member("w"), default: 1),
                    style: try StrokeStyle(node), name: name))
        case "gf":
            var gradient = try Gradient(node)
            gradient.name = name
            self = .gradientFill(gradient, evenOdd: try node.number("r", default: 1) == 2)
        case "gs":
            var gradient = try Gradient(node)
            gradient.name = name
            self = .gradientStroke(gradient, width: try .number(node.member("w"), default: 1), style: try StrokeStyle(node))
        case "tr":
            var transform = try LottieTransform(node)
            transform.name = name
            self = .transform(transform)
        case "tm":
            self = .trim(
                Trim(
                    start: try .number(node.member("s"), default: 0), end: try .number(node.member("e"), default: 100),
                    offset: try .number(node.member("o"), default: 0), individually: try node.number("m", default: 1) == 2,
                    location: node.path))
        default:
            self = .unsupported(type: type, name: name, reason: Self.unsupportedReason(type))
        }
    }

    private static func unsupportedReason(_ type: String) -> String {
        switch type {
        case "op": "offset path"
        case "pb": "pucker and bloat"
        case "zz": "zig zag"
        case "tw": "twist"
        default: "unknown shape item"
        }
    }
}

extension ShapeItem.StrokeStyle {
    init(_ node: JSONNode) throws(LottieError) {
        switch try node.number("lc", default: 2) {
        case 1: cap = .butt
        case 3: cap = .square
        default: cap = .round
        }
        switch try node.number("lj", default: 2) {
        case 1: join = .miter
        case 3: join = .bevel
        default: join = .round
        }
        miterLimit = try node.number("ml", default: 4)
        dashes = []
        dashOffset = Animated(0)
        for entry in try node.member("d")?.elements ?? [] {
            let value = try Animated<Double>.number(entry.member("v"), default: 0)
            if try entry.string("n") == "o" { dashOffset = value } else { dashes.append(value) }
        }
    }
}

extension ShapeItem.Gradient {
    init(_ node: JSONNode) throws(LottieError) {
        opacity = try .number(node.member("o"), default: 100)
        isRadial = try node.number("t", default: 1) == 2
        start = try .vector(node.member("s"), default: [0, 0])
        end = try .vector(node.member("e"), default: [0, 0])
        let gradient = try node.required("g")
        let count = try gradient.number("p", default: 0)
        guard count >= 0, count <= 1024 else { throw gradient.error("\(count) color stops (at most 1024)") }
        colorStopCount = Int(count)
        stops = try .vector(gradient.member("k"), default: Array(repeating: 0, count: colorStopCount * 4))
        highlightLength = try .number(node.member("h"), default: 0)
        highlightAngle = try .number(node.member("a"), default: 0)
    }
}
