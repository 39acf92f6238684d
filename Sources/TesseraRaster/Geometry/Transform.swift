/// An affine transform with CoreGraphics' conventions (`CGAffineTransform`):
///
///     x' = a·x + c·y + tx
///     y' = b·x + d·y + ty
///
/// `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct Transform: Hashable, Sendable {
    /// The matrix `[a b 0; c d 0; tx ty 1]`: `a`, `d` scale, `b`, `c` rotate and shear, `tx`, `ty`
    /// translate.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable
    /// The transform with these terms.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable
    /// A translation by (`tx`, `ty`).
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    @inlinable
    /// A scale by `sx` along x and `sy` along y.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive angles turn +x towards +y.
    @inlinable
    public init(rotationAngle angle: Double) {
        let s = _sin(angle), c = _cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    @inlinable
    /// Whether this is exactly ``identity``.
    public var isIdentity: Bool { self == .identity }

    /// True when the transform maps axis-aligned rectangles to axis-aligned rectangles without
    /// swapping axes (no rotation or skew).
    @inlinable
    public var isScaleTranslate: Bool { b == 0 && c == 0 }

    /// `self` followed by `other`.
    @inlinable
    public func concatenating(_ other: Transform) -> Transform {
        Transform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    @inlinable
    /// This transform after a translation by (`x`, `y`): the translation applies first.
    public func translatedBy(x: Double, y: Double) -> Transform {
        Transform(translationX: x, y: y).concatenating(self)
    }

    @inlinable
    /// This transform after a scale by `x` and `y`: the scale applies first.
    public func scaledBy(x: Double, y: Double) -> Transform {
        Transform(scaleX: x, y: y).concatenating(self)
    }

    @inlinable
    /// This transform after a rotation by `angle` radians: the rotation applies first.
    public func rotated(by angle: Double) -> Transform {
        Transform(rotationAngle: angle).concatenating(self)
    }

    /// The determinant `a·d − b·c`; zero for a transform that collapses the plane.
    @inlinable
    public var determinant: Double { a * d - b * c }

    /// The inverse transform, or `nil` when the transform is not invertible
    /// (a zero or non-finite determinant).
    public func inverted() -> Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inv = 1 / det
        return Transform(
            a: d * inv, b: -b * inv, c: -c * inv, d: a * inv,
            tx: (c * ty - d * tx) * inv,
            ty: (b * tx - a * ty) * inv)
    }

    @inlinable
    /// The point `p` mapped by the transform.
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }
}

// Foundation-free trigonometry: TesseraRaster does not import Foundation in its geometry core.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@usableFromInline func _sin(_ x: Double) -> Double { sin(x) }
@usableFromInline func _cos(_ x: Double) -> Double { cos(x) }
