import Foundation
import TesseraRaster

/// Arithmetic on animatable values: what interpolation, `byValue`, additive and cumulative
/// animations and paced keyframes need.
///
/// - Numbers, points, sizes, rects and colors are vectors of up to four numbers, interpolated
///   component by component (colors in straight-alpha RGB, as Core Animation does; a nil color
///   counts as transparent black).
/// - Transforms interpolate through their decomposition (``TransformComponents``); adding two is
///   concatenating them (the added one applied first).
/// - Paths interpolate point by point when both have the same elements (verbs); otherwise the
///   path switches from one to the other halfway (Apple leaves the result undefined; a switch is
///   predictable). Dash patterns of the same count interpolate entry by entry, others switch
///   halfway.
/// - A gradient's colour lists of the same count interpolate colour by colour, each in its
///   straight-alpha RGBA components as a single colour does (Core Animation interpolates the
///   `CGColor`s' components; it does not premultiply). Apple does not document lists of
///   different counts; Tessera switches halfway, as it does for dash patterns and locations,
///   rather than invent colours (padding the shorter list would move its stops, a jump too).
///   A nil list is a list of no colours.
/// - Booleans and string constants (fill rule, join, cap) do not interpolate: see
///   ``interpolate(_:_:_:discrete:)``.
extension AnimatableValue {
    /// The value as a vector, for the kinds that are one.
    var vector: SIMD4<Double>? {
        switch self {
        case .number(let v): return SIMD4(v, 0, 0, 0)
        case .point(let p): return SIMD4(Double(p.x), Double(p.y), 0, 0)
        case .size(let s): return SIMD4(Double(s.width), Double(s.height), 0, 0)
        case .rect(let r): return SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
        case .color(let c):
            guard let c else { return .zero }
            return SIMD4(c.red, c.green, c.blue, c.alpha)
        default: return nil
        }
    }

    /// A value of a vector kind from its components; nil for the other kinds.
    init?(vector v: SIMD4<Double>, kind: AnimatableValueKind) {
        switch kind {
        case .number: self = .number(v.x)
        case .point: self = .point(CGPoint(x: v.x, y: v.y))
        case .size: self = .size(CGSize(width: v.x, height: v.y))
        case .rect: self = .rect(CGRect(x: v.x, y: v.y, width: v.z, height: v.w))
        case .color: self = .color(Color(red: v.x, green: v.y, blue: v.z, alpha: v.w))
        case .transform, .path, .numbers, .colors, .bool, .string: return nil
        }
    }

    /// The kind of value this is.
    package var kind: AnimatableValueKind {
        switch self {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .transform: return .transform
        case .path: return .path
        case .numbers: return .numbers
        case .colors: return .colors
        case .bool: return .bool
        case .string: return .string
        }
    }

    /// A value of the same kind as `self` from a vector.
    func withVector(_ v: SIMD4<Double>) -> AnimatableValue {
        AnimatableValue(vector: v, kind: kind) ?? self
    }

    /// The value `fraction` of the way from `a` to `b`. A `discrete` property (miter limit, the
    /// string constants, booleans) takes `b` as soon as the fraction is past 0, as Core Animation
    /// changes `miterLimit` at once when it is animated.
    static func interpolate(
        _ a: AnimatableValue, _ b: AnimatableValue, _ fraction: Double,
        discrete: Bool = false
    ) -> AnimatableValue {
        if discrete { return fraction > 0 ? b : a }
        if case .number(let x) = a, case .number(let y) = b { return .number(x + (y - x) * fraction) }
        if let x = a.vector, let y = b.vector { return b.withVector(x + (y - x) * fraction) }
        switch (a, b) {
        case (.transform(let x), .transform(let y)):
            return .transform(TransformComponents.interpolate(x, y, fraction: fraction))
        case (.path(let x?), .path(let y?)):
            if let morphed = morph(x, y, fraction) { return .path(morphed) }
        case (.numbers(let x?), .numbers(let y?)) where x.count == y.count:
            return .numbers(zip(x, y).map { $0 + ($1 - $0) * fraction })
        case (.colors(let x?), .colors(let y?)):
            if let mixed = combine(x, y, { $0 + ($1 - $0) * fraction }) { return .colors(mixed) }
        case (.bool, .bool), (.string, .string):
            return fraction > 0 ? b : a
        default:
            break
        }
        return fraction < 0.5 ? a : b
    }

    /// `a + b`, for `byValue` and additive animations; `b` where the kinds cannot add.
    static func add(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        if case .number(let x) = a, case .number(let y) = b { return .number(x + y) }
        if let x = a.vector, let y = b.vector { return a.withVector(x + y) }
        switch (a, b) {
        case (.transform(let x), .transform(let y)):
            return .transform(CATransform3DConcat(y, x))
        case (.path(let x?), .path(let y?)):
            if let sum = combine(x, y, { $0 + $1 }) { return .path(sum) }
        case (.numbers(let x?), .numbers(let y?)) where x.count == y.count:
            return .numbers(zip(x, y).map(+))
        case (.colors(let x?), .colors(let y?)):
            if let sum = combine(x, y, +) { return .colors(sum) }
        default:
            break
        }
        return b
    }

    /// `a − b`, for a `byValue` with a `toValue` (from = to − by); `a` where the kinds cannot.
    static func subtract(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        if case .number(let x) = a, case .number(let y) = b { return .number(x - y) }
        if let x = a.vector, let y = b.vector { return a.withVector(x - y) }
        switch (a, b) {
        case (.transform(let x), .transform(let y)):
            return .transform(CATransform3DConcat(CATransform3DInvert(y), x))
        case (.path(let x?), .path(let y?)):
            if let difference = combine(x, y, { $0 - $1 }) { return .path(difference) }
        case (.numbers(let x?), .numbers(let y?)) where x.count == y.count:
            return .numbers(zip(x, y).map(-))
        case (.colors(let x?), .colors(let y?)):
            if let difference = combine(x, y, -) { return .colors(difference) }
        default:
            break
        }
        return a
    }

    /// The value times `k`, for cumulative repeats; unchanged for kinds that do not scale
    /// (transforms, paths, constants).
    func scaled(by k: Double) -> AnimatableValue {
        if case .number(let x) = self { return .number(x * k) }
        if let v = vector { return withVector(v * k) }
        if case .numbers(let x?) = self { return .numbers(x.map { $0 * k }) }
        if case .colors(let x?) = self { return .colors(x.map { Color(rgba: $0.rgba * k) }) }
        return self
    }

    /// The distance between two values, for paced keyframes: Euclidean over the vector kinds, 1
    /// between any two different values of other kinds (so that they pace evenly).
    static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        if let x = a.vector, let y = b.vector {
            let d = y - x
            return (d * d).sum().squareRoot()
        }
        return a == b ? 0 : 1
    }

    private static func morph(_ a: Path, _ b: Path, _ t: Double) -> Path? {
        guard a.verbs == b.verbs else { return nil }
        return a.replacingPoints(
            zip(a.points, b.points).map { p, q in
                Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
            })
    }

    /// Two colour lists combined colour by colour in straight RGBA components; nil when their
    /// counts differ.
    private static func combine(
        _ a: [Color], _ b: [Color],
        _ op: (SIMD4<Double>, SIMD4<Double>) -> SIMD4<Double>
    ) -> [Color]? {
        guard a.count == b.count else { return nil }
        return zip(a, b).map { Color(rgba: op($0.rgba, $1.rgba)) }
    }

    private static func combine(_ a: Path, _ b: Path, _ op: (Double, Double) -> Double) -> Path? {
        guard a.verbs == b.verbs else { return nil }
        return a.replacingPoints(zip(a.points, b.points).map { p, q in Point(x: op(p.x, q.x), y: op(p.y, q.y)) })
    }
}
