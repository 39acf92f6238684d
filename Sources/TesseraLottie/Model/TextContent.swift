/// A text layer's text (`t`): its documents over time (`d`), and whether it has what is not
/// drawn (animators `a`, a path `p`).
struct TextContent: Sendable {
    var documents: [(time: Double, document: TextDocument)]
    var hasAnimators: Bool
    var followsPath: Bool

    init(_ node: JSONNode) throws(LottieError) {
        documents = []
        let keyframes = try node.required("d").required("k")
        for keyframe in try keyframes.elements {
            documents.append((try keyframe.number("t", default: 0), try TextDocument(keyframe.required("s"))))
        }
        hasAnimators = try !(node.member("a")?.elements.isEmpty ?? true)
        followsPath = node.member("p").map { $0.member("m") != nil } ?? false
    }
}

/// One text document: the text and how it is set.
struct TextDocument: Sendable {
    var text: String
    /// The font's name (`f`), a `fonts.list` entry's `fName`.
    var font: String
    var size: Double
    var fillColor: [Double]?
    var strokeColor: [Double]?
    var strokeWidth: Double
    /// `j`: 0 left, 1 right, 2 center.
    var justification: Int
    /// `tr`: added after each character, in thousandths of the size.
    var tracking: Double
    /// `lh`: from one baseline to the next.
    var lineHeight: Double
    /// `ls`: the baseline raised by this much.
    var baselineShift: Double
    /// `sz`, `ps`: a paragraph box's size and top left corner, for boxed text.
    var boxSize: [Double]?
    var boxPosition: [Double]?

    init(_ node: JSONNode) throws(LottieError) {
        text = try node.string("t") ?? ""
        font = try node.string("f") ?? ""
        size = try node.number("s", default: 10)
        fillColor = try node.member("fc")?.numbers
        strokeColor = try node.member("sc")?.numbers
        strokeWidth = try node.number("sw", default: 0)
        justification = Int(try node.number("j", default: 0))
        tracking = try node.number("tr", default: 0)
        lineHeight = try node.number("lh", default: size * 1.2)
        baselineShift = try node.number("ls", default: 0)
        boxSize = try node.member("sz")?.numbers
        boxPosition = try node.member("ps")?.numbers
    }
}

/// A font of `fonts.list`: its family and style (which glyphs name), and its ascent in percent
/// of the size.
struct FontInfo: Sendable {
    var family: String
    var style: String
    var ascent: Double
}

/// A glyph of `chars`: its outline (shape items at size 100) and its advance at size 100.
struct Glyph: Sendable {
    var shapes: [ShapeItem]
    var advance: Double

    /// How glyphs are looked up: character, font family and style.
    static func key(_ character: String, family: String, style: String) -> String {
        "\(character)\u{0}\(family)\u{0}\(style)"
    }
}
