/// A Lottie document as read: the main composition, the precompositions it may use, markers.
struct LottieDocument: Sendable {
    /// `v`, the Bodymovin version that wrote it.
    var version: String?
    /// `fr`: frames per second, positive.
    var frameRate: Double
    /// `ip`, `op`: the frames shown, from `ip` up to `op`; `op > ip`.
    var inPoint: Double
    var outPoint: Double
    /// `w`, `h`: the composition's size in points, positive.
    var width: Double
    var height: Double
    /// Top to bottom, as in the file.
    var layers: [LottieLayer]
    /// The precomposition assets by `id`, each its layers.
    var precomps: [String: [LottieLayer]]
    /// The image assets by `id`.
    var images: [String: ImageAsset]
    var markers: [Marker]
    /// `fonts.list` by `fName`.
    var fonts: [String: FontInfo]
    /// `chars` by ``Glyph/key(_:family:style:)``.
    var glyphs: [String: Glyph]

    struct Marker: Sendable {
        var name: String
        /// In frames.
        var time: Double
        var duration: Double
    }

    /// The largest composition side, frame rate and length (in frames) taken.
    static let maximumSide = 100_000.0
    static let maximumFrameRate = 1_000.0
    static let maximumFrameCount = 10_000_000.0

    init(_ document: JSONDocument) throws(LottieError) {
        let node = JSONNode(document)
        guard node.isObject else { throw .invalidDocument(path: "", reason: "expected an object, found \(node.value.kindName)") }
        version = try node.string("v")
        frameRate = try node.required("fr").number
        inPoint = try node.required("ip").number
        outPoint = try node.required("op").number
        width = try node.required("w").number
        height = try node.required("h").number
        guard frameRate > 0 else { throw .invalidDocument(path: "fr", reason: "the frame rate must be positive, not \(frameRate)") }
        guard frameRate <= Self.maximumFrameRate else {
            throw .limitExceeded(path: "fr", reason: "\(frameRate) frames per second (at most \(Int(Self.maximumFrameRate)))")
        }
        guard outPoint > inPoint else {
            throw .invalidDocument(path: "op", reason: "the out point \(outPoint) is not after the in point \(inPoint)")
        }
        guard outPoint - inPoint <= Self.maximumFrameCount else {
            throw .limitExceeded(path: "op", reason: "\(outPoint - inPoint) frames (at most \(Int(Self.maximumFrameCount)))")
        }
        for (key, side) in [("w", width), ("h", height)] {
            guard side > 0 else { throw .invalidDocument(path: key, reason: "the size must be positive, not \(side)") }
            guard side <= Self.maximumSide else {
                throw .limitExceeded(path: key, reason: "\(side) points (at most \(Int(Self.maximumSide)))")
            }
        }
        layers = try Self.layers(node.required("layers"))
        precomps = [:]
        images = [:]
        for asset in try node.member("assets")?.elements ?? [] {
            if let layers = asset.member("layers") {
                precomps[try asset.required("id").string] = try Self.layers(layers)
            } else if asset.member("p") != nil {
                images[try asset.required("id").string] = try ImageAsset(asset)
            }
        }
        fonts = try Self.fonts(node.member("fonts"))
        glyphs = try Self.glyphs(node.member("chars"))
        markers = try (node.member("markers")?.elements ?? []).map { (marker) throws(LottieError) in
            Marker(
                name: try marker.string("cm") ?? "", time: try marker.number("tm", default: 0),
                duration: try marker.number("dr", default: 0))
        }
    }

    private static func fonts(_ node: JSONNode?) throws(LottieError) -> [String: FontInfo] {
        var fonts: [String: FontInfo] = [:]
        for font in try node?.member("list")?.elements ?? [] {
            guard let name = try font.string("fName") else { continue }
            fonts[name] = FontInfo(
                family: try font.string("fFamily") ?? name, style: try font.string("fStyle") ?? "",
                ascent: try font.number("ascent", default: 75))
        }
        return fonts
    }

    private static func glyphs(_ node: JSONNode?) throws(LottieError) -> [String: Glyph] {
        var glyphs: [String: Glyph] = [:]
        for glyph in try node?.elements ?? [] {
            guard let character = try glyph.string("ch") else { continue }
            let key = Glyph.key(character, family: try glyph.string("fFamily") ?? "", style: try glyph.string("style") ?? "")
            glyphs[key] = Glyph(
                shapes: try ShapeItem.items(glyph.member("data")?.member("shapes")), advance: try glyph.number("w", default: 0))
        }
        return glyphs
    }

    private static func layers(_ node: JSONNode) throws(LottieError) -> [LottieLayer] {
        try node.elements.map { (layer) throws(LottieError) in try LottieLayer(layer) }
    }
}
