import Foundation
import TesseraRaster

/// An affine transformation matrix for 2D drawing, as CoreGraphics' `CGAffineTransform`.
///
/// The matrix is `[a b 0; c d 0; tx ty 1]` and points are row vectors, so a point maps as
///
///     x' = a·x + c·y + tx
///     y' = b·x + d·y + ty
///
/// `t1.concatenating(t2)` applies `t1` first, then `t2` (the matrix product `t1 · t2`).
public struct CGAffineTransform: Hashable, Sendable {
    /// The x scale and rotation term: x' takes a·x.
    public var a: CGFloat
    /// The y shear and rotation term: y' takes b·x.
    public var b: CGFloat
    /// The x shear and rotation term: x' takes c·y.
    public var c: CGFloat
    /// The y scale and rotation term: y' takes d·y.
    public var d: CGFloat
    /// The translation along x.
    public var tx: CGFloat
    /// The translation along y.
    public var ty: CGFloat

    /// A transform with the given matrix entries.
    @inlinable
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// A transform with every entry zero, which collapses the plane onto the origin.
    ///
    /// This is what `CGAffineTransform()` gives on Apple platforms (the zero-initialized C
    /// struct), *not* the identity: use ``identity`` for that.
    @inlinable
    public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// The transform that leaves every point where it is: `[1 0 0 1 0 0]`.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A transform that moves every point by `(tx, ty)`.
    @inlinable
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A transform that scales x by `sx` and y by `sy` about the origin.
    @inlinable
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A transform that rotates by `angle` radians about the origin: `[cos sin −sin cos 0 0]`.
    ///
    /// Positive angles turn the +x axis towards the +y axis: counterclockwise in CoreGraphics'
    /// y-up space, clockwise on a y-down screen (UIKit, Core Animation on iOS, Tessera's pixels).
    @inlinable
    public init(rotationAngle angle: CGFloat) {
        let s = CGFloat(sin(Double(angle))), c = CGFloat(cos(Double(angle)))
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// True when the transform is exactly the identity.
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// The transform that applies `self` first, then `t2`: the matrix product `self · t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(rasterTransform.concatenating(t2.rasterTransform))
    }

    /// The inverse transform, such that `t.concatenating(t.inverted())` is the identity.
    ///
    /// As in CoreGraphics, a transform that cannot be inverted (its determinant `a·d − b·c` is
    /// zero) is returned unchanged. Tessera also returns it unchanged when the determinant or the
    /// result is not finite, so that no NaN comes out of a finite transform.
    public func inverted() -> CGAffineTransform {
        guard let inverse = rasterTransform.inverted() else { return self }
        let result = CGAffineTransform(inverse)
        let finite =
            result.a.isFinite && result.b.isFinite && result.c.isFinite && result.d.isFinite
            && result.tx.isFinite && result.ty.isFinite
        return finite ? result : self
    }

    /// A translation by `(tx, ty)` followed by `self` (CoreGraphics' `CGAffineTransformTranslate`):
    /// the translation happens in the coordinate space that `self` then maps.
    @inlinable
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// A scale by `(sx, sy)` followed by `self` (CoreGraphics' `CGAffineTransformScale`).
    @inlinable
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A rotation by `angle` radians followed by `self` (CoreGraphics' `CGAffineTransformRotate`).
    @inlinable
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
}

extension CGPoint {
    /// The point mapped through `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    @inlinable
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped through `t` as a vector: `(a·w + c·h, b·w + d·h)`. The translation is
    /// ignored, and the result may be negative (as CoreGraphics' `CGSizeApplyAffineTransform`).
    @inlinable
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle containing the four corners of `self` mapped through `t`
    /// (CoreGraphics' `CGRectApplyAffineTransform`).
    ///
    /// Under a rotation or a skew the result is the bounding box of the transformed rectangle,
    /// so it is larger than the rectangle itself. The result is standardized (non-negative
    /// size). The null rectangle stays null, as in CoreGraphics.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        guard !isNull else { return self }
        let p1 = CGPoint(x: minX, y: minY).applying(t), p2 = CGPoint(x: maxX, y: minY).applying(t)
        let p3 = CGPoint(x: minX, y: maxY).applying(t), p4 = CGPoint(x: maxX, y: maxY).applying(t)
        let left = Swift.min(p1.x, p2.x, p3.x, p4.x), right = Swift.max(p1.x, p2.x, p3.x, p4.x)
        let top = Swift.min(p1.y, p2.y, p3.y, p4.y), bottom = Swift.max(p1.y, p2.y, p3.y, p4.y)
        return CGRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension CGAffineTransform {
    /// The same transform as TesseraRaster's `Transform` (same entries, same conventions).
    var rasterTransform: TesseraRaster.Transform {
        TesseraRaster.Transform(
            a: Double(a), b: Double(b), c: Double(c), d: Double(d),
            tx: Double(tx), ty: Double(ty))
    }

    /// The same transform as TesseraRaster's `t`.
    init(_ t: TesseraRaster.Transform) {
        self.init(
            a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d),
            tx: CGFloat(t.tx), ty: CGFloat(t.ty))
    }
}
