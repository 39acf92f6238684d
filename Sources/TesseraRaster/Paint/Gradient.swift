import CTesseraSIMD

/// A colour gradient as a paint: colours that vary along an axis (linear), between two circles
/// (radial) or around a centre (conic), as CoreGraphics' `CGGradient` drawn with
/// `drawLinearGradient` / `drawRadialGradient` and Core Animation's `CAGradientLayer` draw them.
///
/// A gradient lies in its own space, which ``transform`` maps into the space of the shape it
/// fills; the drawing call's transform then maps both to the device. Each pixel is evaluated at
/// its centre: the centre is mapped back into gradient space, gives a parameter *t* (see ``Kind``),
/// *t* is extended (see ``Extend``) and the colour at *t* is read from a colour table built once,
/// when the gradient is made (never per frame).
///
/// ## Stops
///
/// The colours come from ``stops``, kept as given; the gradient uses them with CoreGraphics' rules
/// for `CGGradient` locations:
/// - offsets are clamped to [0, 1];
/// - stops are sorted by offset, stably: two stops at the same offset make a hard edge, the first
///   one's colour on the left of it, the second one's on the right (a pixel exactly on an
///   interior edge takes the second; one on an edge at the first stop's offset takes the first);
/// - before the first stop the first colour shows, after the last stop the last colour (as
///   CoreGraphics does when 0 and 1 are not among the locations);
/// - one stop: its colour everywhere; no stops: the gradient paints nothing;
/// - a stop whose offset or any colour component is NaN is dropped; colour components are
///   clamped to [0, 1] (±∞ included), as ``Color`` does when converted to pixels.
///
/// Colours are interpolated between neighbouring stops in straight (non-premultiplied) RGBA, then
/// premultiplied as ``Color/premultiplied`` does (what CGGradient, Cairo/pixman and Blend2D do):
/// opaque red to transparent blue is (r, g, b, a) = (0.5, 0, 0.5, 0.5) halfway, premultiplied
/// (64, 0, 64, 128), where interpolating premultiplied colours would give (128, 0, 0, 128). The
/// components interpolated are those of ``colorSpace``: sRGB's as given by default, or Apple's
/// Generic RGB (see ``ColorSpace``); alpha is interpolated as given in both.
///
/// ## Accuracy of the colour table
///
/// The table has 1024 entries; entry *i* is the exact colour at
/// *t* = *i* / 1023, rounded to premultiplied 8-bit, and a pixel takes the entry nearest its *t*.
/// So *t* is quantized by at most half a step, 1 / 2046 ≈ 4.9e-4. Between stops whose offsets are
/// Δ apart a channel changes by at most 1 (straight) or 2 (premultiplied: colour and alpha both
/// vary) per Δ of *t*, so before the final rounding to 8 bits a channel is off by at most
/// 255 / (2046 Δ) ≈ 0.125 / Δ levels (opaque gradients) or 0.25 / Δ levels (translucent ones):
/// for stops at least 0.25 apart, under one level, and the stored byte is within one level of the
/// exactly rounded colour (two stops at 0 and 1: ≤ 0.25 level before rounding; the bench's three
/// stops 0.5 apart with a constant alpha of 0.5: ≤ 0.125). Closer stops are proportionally less
/// exact; a hard edge (Δ = 0) is placed within 1 / 2046 of its offset. The table costs 4 KiB per
/// gradient. In Generic RGB a channel changes up to about 2.5 times as fast (the steepest part
/// of gamma 1.8 seen through sRGB's curve, near dark colours), so those bounds are 2.5 times as
/// large there.
///
/// *t* itself is computed in double precision, except for linear gradients and radial ones whose
/// focal point is the centre (CAGradientLayer's kinds), whose pixels are computed in single
/// precision from a row start in double: there *t* is off by at most
/// 2⁻²²·(|*t*| + 2) + 2⁻¹⁸·*d*, where *d* is how far one pixel moves the sample along the row in
/// gradient lengths (linear: the change of *t* per pixel; radial: in end radii). For *t* in [0, 1]
/// and a gradient at least 10 pixels long that is under 1.1e-6, 1/900 of a table step: a pixel
/// takes the neighbouring entry only where *t* lies that close to a rounding boundary. (With
/// repeat and reflect, single precision is used only where |*t*| ≤ 64 along the row and *d* ≤ 4:
/// under 1/30 of a step.) The conic angle comes from a polynomial atan2 accurate to 1.2e-5 rad,
/// under 1/500 of a table step.
///
/// ## Degenerate and invalid geometry
///
/// A gradient whose geometry defines no colours paints nothing: the fill is skipped, whatever its
/// blend mode, as the HTML canvas specification prescribes for these cases (CoreGraphics does not
/// document them):
/// - linear with start == end (a zero-length axis), whatever the extend mode (Cairo paints a
///   solid average colour instead, Skia the last or an average colour);
/// - radial with both radii 0, or with equal circles (same centre, same radius); a negative
///   radius (the canvas specification raises an error for it, Skia refuses it);
/// - any NaN or infinite point, radius or angle, a singular or non-finite ``transform`` (or
///   drawing transform).
///
/// Within a valid radial gradient, pixels outside the cone that the circles sweep (no *t* with
/// r(*t*) ≥ 0) are transparent. A focal point on the end circle up to rounding (|Δc|² and Δr²
/// equal to 1e-12 of their size) is taken as on it, so that the last bit of its inputs does not
/// decide whether a far second circle paints half the plane. None of these cases traps.
public struct Gradient: Hashable, Sendable {
    /// The geometry of a gradient, in gradient space, and how it gives each point its parameter
    /// *t* (0 at the start, 1 at the end).
    public enum Kind: Hashable, Sendable {
        /// Along the axis from `start` to `end`: *t* is the projection of the point on the axis,
        /// ((p − start) · (end − start)) / |end − start|², constant on lines perpendicular to it.
        case linear(start: Point, end: Point)
        /// Between two circles, as CoreGraphics' `drawRadialGradient` and Cairo's radial pattern:
        /// the circles c(*t*) = start + *t*·(end − start) with radius r(*t*) = r₀ + *t*·(r₁ − r₀)
        /// sweep a cone; a point's *t* is the largest with r(*t*) ≥ 0 whose circle passes through
        /// it. A focal gradient has a zero start radius; an elliptical one (CAGradientLayer's
        /// `.radial`) is a circular one under a non-uniform ``Gradient/transform``.
        case radial(startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double)
        /// A sweep around `center`: *t* is the angle of the point about the centre, measured from
        /// `startAngle` (radians, from the +x axis towards +y: clockwise on a y-down device) in
        /// the same direction, in turns, in [0, 1).
        case conic(center: Point, startAngle: Double)
    }

    /// The colour space in which a gradient interpolates its stops' colours, as a `CGGradient`'s
    /// colour space does. The stops are sRGB colours whatever the space (as every ``Color`` is),
    /// and the colours drawn are sRGB: only the path between two stops' colours changes.
    public enum ColorSpace: Hashable, Sendable {
        /// The stops' sRGB components, interpolated as given: a `CGGradient` made with an sRGB
        /// colour space, and what Cairo, Skia, Blend2D and the HTML canvas draw. The default.
        case sRGB
        /// Apple's Generic RGB (a power curve of gamma 1.8 over P22 phosphors, D65 white): each
        /// colour converted into it, the components interpolated there, and the mix converted
        /// back to sRGB. CoreGraphics does this for a `CGGradient` made without a colour space
        /// ("each color will be converted to and drawn in the Generic RGB color space",
        /// CGGradient.h), and so does Core Animation's `CAGradientLayer`. Halfway from opaque
        /// black to white is 146/255 where ``sRGB`` gives 128; the stops' own colours are kept.
        /// Its colour table costs more to build than an sRGB one (once per list of stops: tables
        /// are cached).
        case genericRGB
    }

    /// What the gradient shows where *t* falls outside [0, 1].
    public enum Extend: Hashable, Sendable {
        /// The end colours continue: *t* is clamped to [0, 1] (CoreGraphics' drawing options
        /// `drawsBeforeStartLocation` and `drawsAfterEndLocation`, Core Animation's gradients).
        case pad
        /// The gradient repeats: *t* − floor(*t*).
        case `repeat`
        /// The gradient repeats, every other copy mirrored: 1 − |(*t* mod 2) − 1|.
        case reflect
    }

    /// A colour at a position along the gradient.
    public struct Stop: Hashable, Sendable {
        /// Where the colour lies, 0 at the start and 1 at the end; clamped to [0, 1] when used.
        public var offset: Double
        /// The colour, straight (non-premultiplied) alpha.
        public var color: Color

        /// A stop of `color` at `offset`.
        @inlinable
        public init(offset: Double, color: Color) {
            self.offset = offset
            self.color = color
        }
    }

    /// The geometry, in gradient space.
    public let kind: Kind
    /// The stops as given (unsorted, out-of-range or NaN offsets included); see the type's
    /// discussion for how they are used.
    public let stops: [Stop]
    /// What shows where *t* falls outside [0, 1].
    public let extend: Extend
    /// Maps gradient space into the space of the shape the gradient fills; identity by default.
    public let transform: Transform
    /// Where the stops' colours are interpolated; sRGB by default.
    public let colorSpace: ColorSpace

    /// The colour table, found or built by the initializer (``GradientTableCache``).
    let table: GradientTable

    /// The number of entries of every gradient's colour table (see the type's discussion for the
    /// accuracy this gives).
    static let tableSize = GradientTable.size

    /// A gradient of `kind` through `stops`.
    ///
    /// - Parameters:
    ///   - kind: the geometry, in gradient space.
    ///   - stops: the colours and their offsets, in any order.
    ///   - extend: what shows where *t* falls outside [0, 1]; `.pad` by default.
    ///   - transform: maps gradient space into the space of the shape; identity by default.
    ///   - colorSpace: where the stops' colours are interpolated; `.sRGB` by default.
    public init(
        _ kind: Kind, stops: [Stop], extend: Extend = .pad, transform: Transform = .identity,
        colorSpace: ColorSpace = .sRGB
    ) {
        self.kind = kind
        self.stops = stops
        self.extend = extend
        self.transform = transform
        self.colorSpace = colorSpace
        self.table = GradientTableCache.table(for: stops, in: colorSpace)
    }

    /// A gradient through `colors`, as CoreGraphics' `CGGradient(colorsSpace:colors:locations:)`
    /// makes one: without `locations`, the colours are evenly spaced, the first at 0 and the last
    /// at 1 (one colour: at 0). With `locations`, colour *i* lies at `locations[i]`; when the two
    /// arrays differ in length the extra elements of the longer one are ignored.
    ///
    /// - Parameters:
    ///   - kind: the geometry, in gradient space.
    ///   - colors: straight-alpha colours, from the start to the end.
    ///   - locations: the offset of each colour, or `nil` for even spacing.
    ///   - extend: what shows where *t* falls outside [0, 1]; `.pad` by default.
    ///   - transform: maps gradient space into the space of the shape; identity by default.
    ///   - colorSpace: where the colours are interpolated; `.sRGB` by default.
    public init(
        _ kind: Kind, colors: [Color], locations: [Double]? = nil, extend: Extend = .pad,
        transform: Transform = .identity, colorSpace: ColorSpace = .sRGB
    ) {
        let stops: [Stop]
        if let locations {
            stops = zip(colors, locations).map { Stop(offset: $1, color: $0) }
        } else if colors.count == 1 {
            stops = [Stop(offset: 0, color: colors[0])]
        } else {
            let last = Double(colors.count - 1)
            stops = colors.enumerated().map { Stop(offset: Double($0.offset) / last, color: $0.element) }
        }
        self.init(kind, stops: stops, extend: extend, transform: transform, colorSpace: colorSpace)
    }

    /// Equal when the kinds, stops (as given), extend modes, transforms and colour spaces are equal.
    public static func == (lhs: Gradient, rhs: Gradient) -> Bool {
        lhs.kind == rhs.kind && lhs.stops == rhs.stops && lhs.extend == rhs.extend && lhs.transform == rhs.transform
            && lhs.colorSpace == rhs.colorSpace
    }

    /// Hashes the kind, stops, extend mode, transform and colour space.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(stops)
        hasher.combine(extend)
        hasher.combine(transform)
        hasher.combine(colorSpace)
    }

    /// True when the gradient paints nothing whatever the transform: no usable stops, or
    /// degenerate or non-finite geometry (see the type's discussion).
    var paintsNothing: Bool { table.isEmpty || !kind.definesColors }

    /// The gradient ready for `tsr_gradient_row`, for a shape drawn through `userToDevice` (its
    /// space → device pixels): the device → gradient mapping is the inverse of
    /// `userToDevice ∘ transform`. Nil when nothing is painted: ``paintsNothing``, or that mapping
    /// is singular or not finite; the caller then draws nothing. The table pointer stays valid as
    /// long as this gradient (its table) is alive: keep the gradient alive while the kernel runs.
    func kernelParameters(userToDevice: Transform) -> tsr_gradient? {
        guard !paintsNothing else { return nil }
        guard let deviceToGradient = transform.concatenating(userToDevice).inverted(),
            deviceToGradient.isFiniteForGradient
        else { return nil }
        var parameters = kernelSpec()
        parameters.xx = deviceToGradient.a
        parameters.yx = deviceToGradient.b
        parameters.xy = deviceToGradient.c
        parameters.yy = deviceToGradient.d
        parameters.x0 = deviceToGradient.tx
        parameters.y0 = deviceToGradient.ty
        // The constants the kernels read, derived once here. A gradient valid here but whose derived
        // constants overflow (a transform near the limits of double) is prepared as painting
        // nothing: its rows are transparent, as a non-finite t makes them.
        var prepared = tsr_gradient()
        tsr_gradient_prepare(&parameters, &prepared)
        return prepared
    }

    /// The gradient ready for `tsr_projective_gradient_row`, for a shape drawn through a
    /// projection whose inverse is `deviceToShape` (``Projection/inverted()``): each device pixel
    /// centre is taken back onto the shape's plane, then through the inverse of ``transform``.
    /// Nil as for ``kernelParameters(userToDevice:)``; the table pointer likewise.
    func kernelParameters(deviceToShape: Projection) -> tsr_projective_gradient? {
        guard !paintsNothing, let shapeToGradient = transform.inverted() else { return nil }
        let deviceToGradient = deviceToShape.concatenating(shapeToGradient)
        guard deviceToGradient.isFinite else { return nil }
        var parameters = kernelSpec()
        var map = deviceToGradient.kernelMap
        var prepared = tsr_projective_gradient()
        tsr_projective_gradient_prepare(&parameters, &map, &prepared)
        return prepared
    }

    /// The kind, extend mode, table and geometry as the kernels take them; the device mapping
    /// (xx … y0) is the caller's to set.
    private func kernelSpec() -> tsr_gradient_spec {
        var parameters = tsr_gradient_spec()
        parameters.extend = extend.kernelValue
        parameters.table = UnsafePointer(table.entries)
        parameters.tableSize = Int32(GradientTable.size)
        parameters.premultiplied = table.isPremultiplied ? 1 : 0
        switch kind {
        case .linear(let start, let end):
            parameters.kind = Int32(TSR_GRADIENT_LINEAR.rawValue)
            parameters.p0x = start.x; parameters.p0y = start.y
            parameters.p1x = end.x; parameters.p1y = end.y
        case .radial(let startCenter, let startRadius, let endCenter, let endRadius):
            parameters.kind = Int32(TSR_GRADIENT_RADIAL.rawValue)
            parameters.p0x = startCenter.x; parameters.p0y = startCenter.y
            parameters.p1x = endCenter.x; parameters.p1y = endCenter.y
            parameters.r0 = startRadius
            parameters.r1 = endRadius
        case .conic(let center, let startAngle):
            parameters.kind = Int32(TSR_GRADIENT_CONIC.rawValue)
            parameters.p0x = center.x; parameters.p0y = center.y
            parameters.angle = startAngle
        }
        return parameters
    }
}

extension Gradient.Kind {
    /// False for geometry that defines no colours: non-finite values, a zero-length linear axis,
    /// a negative radius, both radii 0, or two equal circles.
    var definesColors: Bool {
        switch self {
        case .linear(let start, let end):
            return start.isFinite && end.isFinite && (end - start).lengthSquared > 0
        case .radial(let startCenter, let startRadius, let endCenter, let endRadius):
            guard startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite,
                startRadius >= 0, endRadius >= 0
            else { return false }
            if startRadius == 0 && endRadius == 0 { return false }
            return !(startCenter == endCenter && startRadius == endRadius)
        case .conic(let center, let startAngle):
            return center.isFinite && startAngle.isFinite
        }
    }
}

extension Gradient.Extend {
    /// The kernel's `tsr_extend` value.
    var kernelValue: Int32 {
        switch self {
        case .pad: Int32(TSR_EXTEND_PAD.rawValue)
        case .repeat: Int32(TSR_EXTEND_REPEAT.rawValue)
        case .reflect: Int32(TSR_EXTEND_REFLECT.rawValue)
        }
    }
}

extension Transform {
    /// True when all six coefficients are finite.
    fileprivate var isFiniteForGradient: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}
