/// An item of a shape layer's `shapes` or a group's `it`, told by its `ty`.
///
/// Items are listed top to bottom: a fill or stroke paints the paths listed before it in its
/// group (its nested groups' too), under the items listed before it.
indirect enum ShapeItem: Sendable {
    case group(name: String, items: [ShapeItem])
    /// `rc`: a rectangle by its center, size and corner radius.
    case rectangle(position: Animated<[Double]>, size: Animated<[Double]>, roundness: Animated<Double>, reversed: Bool)
    /// `el`: an ellipse by its center and size.
    case ellipse(position: Animated<[Double]>, size: Animated<[Double]>, reversed: Bool)
    /// `sr`: a star or polygon.
    case polystar(Polystar)
    /// `sh`: a Bézier path.
    case path(Animated<BezierShape>, reversed: Bool)
    case fill(Fill)
    case stroke(Stroke)
    /// `gf`: a gradient fill.
    case gradientFill(Gradient, evenOdd: Bool)
    /// `gs`: a gradient stroke.
    case gradientStroke(Gradient, width: Animated<Double>, style: StrokeStyle)
    /// `tr`: the group's transform.
    case transform(LottieTransform)
    /// `tm`: trims the paths listed before it.
    case trim(Trim)
    /// `rd`: rounds the sharp corners of the paths listed before it by a radius.
    case roundedCorners(Animated<Double>)
    /// `rp`: copies the items listed before it.
    case repeater(Repeater)
    /// `mm`: joins the paths listed before it into one (`mm` 1 merge, 2 add, 3 subtract,
    /// 4 intersect, 5 exclude intersections); not drawn.
    case mergePaths(mode: Int)
    /// An item that is not drawn, by its `ty` and name, and why.
    case unsupported(type: String, name: String, reason: String)

    /// `fl`: a solid fill.
    struct Fill: Sendable {
        var color: Animated<[Double]>
        /// 0–100.
        var opacity: Animated<Double>
        var evenOdd: Bool
        /// `nm`, which keypaths name (``AnimationKeypath``).
        var name = ""
    }

    /// `st`: a solid stroke.
    struct Stroke: Sendable {
        var color: Animated<[Double]>
        var opacity: Animated<Double>
        var width: Animated<Double>
        var style: StrokeStyle
        var name = ""
    }

    /// How a stroke is drawn, besides its paint: `lc`, `lj`, `ml`, `d`.
    struct StrokeStyle: Sendable {
        enum Cap: Sendable { case butt, round, square }
        enum Join: Sendable { case miter, round, bevel }
        var cap: Cap
        var join: Join
        var miterLimit: Double
        /// Dash and gap lengths in order (`d` entries named `d` and `g`), empty for none.
        var dashes: [Animated<Double>]
        /// The dash offset (the entry named `o`).
        var dashOffset: Animated<Double>
    }

    /// The paint of a gradient fill or stroke.
    struct Gradient: Sendable {
        var opacity: Animated<Double>
        var isRadial: Bool
        var start: Animated<[Double]>
        var end: Animated<[Double]>
        /// `g.p`: the number of color stops; `g.k`: their offsets and colors (`[o, r, g, b] × p`),
        /// then opacity stops (`[o, a] × n`).
        var colorStopCount: Int
        var stops: Animated<[Double]>
        /// `h`, `a`: the radial highlight's length (percent) and angle (degrees).
        var highlightLength: Animated<Double>
        var highlightAngle: Animated<Double>
        var name = ""
    }

    /// `rp`: `copies` copies of the items before it, copy n transformed n times by `transform`
    /// (rotated and scaled about its anchor, then moved), starting `offset` copies along, their
    /// opacity going from `startOpacity` to `endOpacity` (percent); later copies above the earlier
    /// ones, or below with `below`.
    struct Repeater: Sendable {
        var copies: Animated<Double>
        var offset: Animated<Double>
        var below: Bool
        var transform: LottieTransform
        var startOpacity: Animated<Double>
        var endOpacity: Animated<Double>
    }

    /// `tm`: trim paths, 0–100 with an offset in degrees.
    struct Trim: Sendable {
        var start: Animated<Double>
        var end: Animated<Double>
        var offset: Animated<Double>
        /// `m` = 2: the paths are trimmed as one; 1 (simultaneously): each on its own.
        var individually: Bool
        /// Where the file has it (`shapes[0].it[3]`), which tells trims apart.
        var location: String

        /// Whether it keeps every path whole at all times (0 to 100, no offset, fixed).
        var isWhole: Bool {
            !start.isAnimated && !end.isAnimated && !offset.isAnimated && start.initialValue <= 0 && end.initialValue >= 100
        }
    }
}
