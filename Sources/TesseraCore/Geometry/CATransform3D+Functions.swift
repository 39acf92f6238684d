import Foundation

/// The identity transform: ones on the diagonal, zeros elsewhere.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1)

/// True when `t` is exactly the identity transform.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

/// True when `a` and `b` are exactly equal, element by element.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// A transform that translates by `(tx, ty, tz)`: the identity with `m41 = tx`, `m42 = ty`,
/// `m43 = tz`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// A transform that scales by `(sx, sy, sz)`: the diagonal `[sx sy sz 1]`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// A transform that rotates by `angle` radians about the axis `(x, y, z)` through the origin.
///
/// The axis is normalized first; a zero-length (or non-finite) axis gives the identity, as Core
/// Animation documents. The rotation is right-handed: about +z, a positive angle turns +x towards
/// +y (`m11 = cos`, `m12 = sin`, `m21 = −sin`, `m22 = cos`, the same as
/// `CGAffineTransform(rotationAngle:)`); about +x it turns +y towards +z, about +y it turns +z
/// towards +x.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (Double(x) * Double(x) + Double(y) * Double(y) + Double(z) * Double(z)).squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let ux = Double(x) / length, uy = Double(y) / length, uz = Double(z) / length
    let s = sin(Double(angle)), c = cos(Double(angle)), k = 1 - c
    // Rodrigues' rotation matrix, transposed for row vectors.
    return CATransform3D(
        rows:
            SIMD4(k * ux * ux + c, k * ux * uy + s * uz, k * ux * uz - s * uy, 0),
        SIMD4(k * ux * uy - s * uz, k * uy * uy + c, k * uy * uz + s * ux, 0),
        SIMD4(k * ux * uz + s * uy, k * uy * uz - s * ux, k * uz * uz + c, 0),
        SIMD4(0, 0, 0, 1))
}

/// `a · b`: the transform that applies `a` first, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.multiplied(by: b)
}

/// A translation by `(tx, ty, tz)` followed by `t`: `translate(tx, ty, tz) · t`, as Core Animation
/// documents. The translation happens in the coordinate space that `t` then maps.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// A scale by `(sx, sy, sz)` followed by `t`: `scale(sx, sy, sz) · t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// A rotation by `angle` about `(x, y, z)` followed by `t`: `rotation(angle, x, y, z) · t`. A
/// zero-length axis rotates nothing, so `t` comes back unchanged.
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat,
    _ z: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// The inverse of `t`, such that `CATransform3DConcat(t, CATransform3DInvert(t))` is the identity.
///
/// As Core Animation documents, a matrix with no inverse comes back unchanged. Tessera counts as
/// having no inverse a matrix whose determinant is exactly zero or not finite, or whose inverse
/// has a non-finite element (no tolerance: a nearly singular matrix is inverted).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.inverse() ?? t
}

/// The 3D transform that acts as `m` in the z = 0 plane: `m11 = a`, `m12 = b`, `m21 = c`,
/// `m22 = d`, `m41 = tx`, `m42 = ty`, the rest the identity's.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = m.a; t.m12 = m.b
    t.m21 = m.c; t.m22 = m.d
    t.m41 = m.tx; t.m42 = m.ty
    return t
}

/// True when `t` is exactly an affine 2D transform: the form that
/// ``CATransform3DMakeAffineTransform(_:)`` builds, with `m13 = m14 = m23 = m24 = m31 = m32 =
/// m34 = m43 = 0` and `m33 = m44 = 1`.
///
/// Core Animation says only "can be exactly represented by an affine transform"; Tessera reads it
/// strictly, so a transform that also scales or moves z is not affine (its z would be lost).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0
        && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}

/// The affine transform made of `m11`, `m12`, `m21`, `m22`, `m41`, `m42`.
///
/// Exact when ``CATransform3DIsAffine(_:)`` is true. Core Animation leaves the result undefined
/// otherwise; Tessera returns those six elements all the same (the transform's action on the
/// z = 0 plane, ignoring perspective).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
