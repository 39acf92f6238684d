import Foundation

/// A `CATransform3D` taken apart into translation, rotation, skew, scale and perspective: what
/// Core Animation interpolates when it animates a transform, and what the `transform.rotation.z`,
/// `transform.scale`, `transform.translation.x`, ... key paths read and write.
///
/// The matrix is the product, in Core Animation's row-vector order (leftmost applies first):
///
///     M = Scale · Skew · Rotation · Translation · Perspective
///
/// - Scale: `diag(scale.x, scale.y, scale.z, 1)`.
/// - Skew: the lower triangle `[1 0 0; xy 1 0; xz yz 1]` (each row gains a multiple of the rows
///   above it, as the Gram–Schmidt step that finds it).
/// - Rotation: Euler angles in radians, applied about X first, then Y, then Z, each as
///   `CATransform3DMakeRotation(angle, axis)`: `Rx(rotation.x) · Ry(rotation.y) · Rz(rotation.z)`.
///   A rotation about z alone is `rotation.z`, which is what `transform.rotation` reads.
/// - Translation: `m41`, `m42`, `m43`.
/// - Perspective: the identity with its last column `(x, y, z, w)`, so `perspective.z` is the
///   usual `m34`.
///
/// The decomposition is the classic "unmatrix" of Graphics Gems II, as CSS Transforms Level 2
/// specifies it (normalize by `m44`, split off perspective, Gram–Schmidt for scale and skew, a
/// determinant check for a mirror image), with the rotation read out as Euler angles.
///
/// # Guarantees
/// - ``init(decomposing:)`` is nil when the matrix cannot be taken apart: `m44 = 0`, a singular
///   upper 3×3 (some scale is zero), or a non-finite element.
/// - For canonical components, decomposing ``transform`` gives the same components back (within
///   rounding). Canonical: positive scales, `rotation.y` in (−π/2, π/2), `rotation.x` and
///   `rotation.z` in (−π, π], and `m44 = translation · perspective.xyz + perspective.w = 1`
///   (the decomposition divides the matrix by `m44`, so it always returns components with
///   `m44 = 1`; without perspective that is `perspective.w = 1`).
/// - A mirror image (negative determinant) decomposes with all three scales negated, as CSS does.
struct TransformComponents: Hashable, Sendable {
    /// The skew factors: how much of the x row the y row gains (`xy`), how much of the x and y
    /// rows the z row gains (`xz`, `yz`).
    struct Skew: Hashable, Sendable {
        var xy: Double = 0
        var xz: Double = 0
        var yz: Double = 0
    }

    var translation = SIMD3<Double>(0, 0, 0)
    var scale = SIMD3<Double>(1, 1, 1)
    /// Euler angles in radians, applied X, then Y, then Z.
    var rotation = SIMD3<Double>(0, 0, 0)
    var skew = Skew()
    /// The last column of the perspective matrix; `(0, 0, 0, 1)` for none.
    var perspective = SIMD4<Double>(0, 0, 0, 1)

    /// The components of the identity transform.
    init() {}

    /// The components of `t`, or nil when `t` cannot be decomposed (see the type's guarantees).
    init?(decomposing t: CATransform3D) {
        var (r1, r2, r3, r4) = t.rows
        guard Self.isFinite(r1), Self.isFinite(r2), Self.isFinite(r3), Self.isFinite(r4), r4.w != 0 else {
            return nil
        }
        let w = r4.w
        r1 /= w; r2 /= w; r3 /= w; r4 /= w

        let a0 = SIMD3(r1.x, r1.y, r1.z), a1 = SIMD3(r2.x, r2.y, r2.z), a2 = SIMD3(r3.x, r3.y, r3.z)
        let translation = SIMD3(r4.x, r4.y, r4.z)
        let determinant = Self.dot(a0, Self.cross(a1, a2))
        guard determinant != 0, determinant.isFinite else { return nil }

        // M = L · P with L = [A 0; t 1] and P = [I p; 0 pw]: A·p = (m14, m24, m34), pw = 1 − t·p.
        let rightHandSide = SIMD3(r1.w, r2.w, r3.w)
        if rightHandSide != SIMD3(repeating: 0) {
            // A⁻¹ has the columns a1×a2, a2×a0, a0×a1, over the determinant.
            let p =
                (Self.cross(a1, a2) * rightHandSide.x + Self.cross(a2, a0) * rightHandSide.y
                    + Self.cross(a0, a1) * rightHandSide.z) / determinant
            perspective = SIMD4(p.x, p.y, p.z, 1 - Self.dot(translation, p))
        }
        self.translation = translation

        // Gram–Schmidt on the rows: A = Scale · Skew · R with R orthonormal.
        let sx = Self.length(a0)
        let q0 = a0 / sx
        let xy = Self.dot(q0, a1)
        let b1 = a1 - q0 * xy
        let sy = Self.length(b1)
        let q1 = b1 / sy
        let xz = Self.dot(q0, a2)
        let yz = Self.dot(q1, a2 - q0 * xz)
        let b2 = a2 - q0 * xz - q1 * yz
        let sz = Self.length(b2)
        let q2 = b2 / sz
        skew = Skew(xy: xy / sy, xz: xz / sz, yz: yz / sz)
        // A mirror image: R would have determinant −1. Negate the rows and the scales (the skew,
        // a ratio of both, is unchanged).
        if Self.dot(q0, Self.cross(q1, q2)) < 0 {
            scale = -SIMD3(sx, sy, sz)
            rotation = Self.eulerAngles(rows: (-q0, -q1, -q2))
        } else {
            scale = SIMD3(sx, sy, sz)
            rotation = Self.eulerAngles(rows: (q0, q1, q2))
        }
        guard Self.allFinite(self) else { return nil }
    }

    /// The transform the components describe.
    var transform: CATransform3D {
        let (q0, q1, q2) = Self.rotationRows(euler: rotation)
        let a0 = q0 * scale.x
        let a1 = (q1 + q0 * skew.xy) * scale.y
        let a2 = (q2 + q0 * skew.xz + q1 * skew.yz) * scale.z
        let p = SIMD3(perspective.x, perspective.y, perspective.z)
        return CATransform3D(
            rows: SIMD4(a0.x, a0.y, a0.z, Self.dot(a0, p)),
            SIMD4(a1.x, a1.y, a1.z, Self.dot(a1, p)),
            SIMD4(a2.x, a2.y, a2.z, Self.dot(a2, p)),
            SIMD4(translation.x, translation.y, translation.z, Self.dot(translation, p) + perspective.w))
    }

    /// The transform a fraction of the way from `a` to `b`, as Core Animation interpolates a
    /// `transform` animation.
    ///
    /// Both are decomposed; translation, scale, skew and perspective are interpolated linearly,
    /// the rotation by spherical linear interpolation (slerp) of its quaternion, along the shorter
    /// arc. So a rotation from 0 to 3π/2 about z turns −π/2 the short way, and a turn by 2π does
    /// not animate at all: to spin further, animate `transform.rotation.z`, a plain number.
    /// If either transform cannot be decomposed (a zero scale, for instance), each of the sixteen
    /// elements is interpolated linearly instead. `fraction` 0 and 1 give `a` and `b` exactly;
    /// fractions outside [0, 1] (overshooting timing functions) extrapolate.
    static func interpolate(_ a: CATransform3D, _ b: CATransform3D, fraction: Double) -> CATransform3D {
        if fraction == 0 || a == b { return a }
        if fraction == 1 { return b }
        guard let ca = TransformComponents(decomposing: a), let cb = TransformComponents(decomposing: b) else {
            let (a1, a2, a3, a4) = a.rows, (b1, b2, b3, b4) = b.rows
            func mix(_ x: SIMD4<Double>, _ y: SIMD4<Double>) -> SIMD4<Double> { x + (y - x) * fraction }
            return CATransform3D(rows: mix(a1, b1), mix(a2, b2), mix(a3, b3), mix(a4, b4))
        }
        func mix<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar == Double { x + (y - x) * fraction }
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * fraction }
        var result = TransformComponents()
        result.translation = mix(ca.translation, cb.translation)
        result.scale = mix(ca.scale, cb.scale)
        result.skew = Skew(
            xy: mix(ca.skew.xy, cb.skew.xy), xz: mix(ca.skew.xz, cb.skew.xz),
            yz: mix(ca.skew.yz, cb.skew.yz))
        result.perspective = mix(ca.perspective, cb.perspective)
        let q = Self.slerp(Self.quaternion(euler: ca.rotation), Self.quaternion(euler: cb.rotation), fraction)
        result.rotation = Self.eulerAngles(rows: Self.rotationRows(quaternion: q))
        return result.transform
    }

    /// A numeric field of a transform key path (`transform.rotation.z`, `transform.scale`, …),
    /// resolved once from its name so that evaluating it every frame does no string work.
    ///
    /// Names: `rotation.x`, `rotation.y`, `rotation.z`, `rotation` (the same as `rotation.z`),
    /// `scale.x`, `scale.y`, `scale.z`, `scale`, `scale.xy`, `translation.x`, `translation.y`,
    /// `translation.z`. `translation`, a `CGSize`, is for the caller to assemble from
    /// `translation.x` and `translation.y`.
    enum Field: Hashable, Sendable {
        case rotationX, rotationY, rotationZ
        case scaleX, scaleY, scaleZ
        /// All three scale factors: reads their average, as Core Animation documents it (so
        /// `CATransform3DMakeScale(2, 2, 1)` reads 5/3), and sets all three.
        case scale
        /// The x and y scale factors together: reads their average and sets both, z untouched.
        /// Not in Apple's list of key paths, but Core Animation takes it: Apple's own CAML
        /// files animate and set `transform.scale.xy` (the Control Center glyphs).
        case scaleXY
        case translationX, translationY, translationZ

        init?(_ name: String) {
            switch name {
            case "rotation.x": self = .rotationX
            case "rotation.y": self = .rotationY
            case "rotation.z", "rotation": self = .rotationZ
            case "scale.x": self = .scaleX
            case "scale.y": self = .scaleY
            case "scale.z": self = .scaleZ
            case "scale": self = .scale
            case "scale.xy": self = .scaleXY
            case "translation.x": self = .translationX
            case "translation.y": self = .translationY
            case "translation.z": self = .translationZ
            default: return nil
            }
        }
    }

    /// The value of a field.
    func value(for field: Field) -> Double {
        switch field {
        case .rotationX: return rotation.x
        case .rotationY: return rotation.y
        case .rotationZ: return rotation.z
        case .scaleX: return scale.x
        case .scaleY: return scale.y
        case .scaleZ: return scale.z
        case .scale: return (scale.x + scale.y + scale.z) / 3
        case .scaleXY: return (scale.x + scale.y) / 2
        case .translationX: return translation.x
        case .translationY: return translation.y
        case .translationZ: return translation.z
        }
    }

    /// The identity with one field set to `value`: `TransformComponents()` with that field set,
    /// as a matrix, without composing the general one (an animation of `transform.rotation.z`
    /// over an untransformed layer, every frame).
    static func identity(setting field: Field, to value: Double) -> CATransform3D {
        var t = CATransform3DIdentity
        let v = CGFloat(value)
        switch field {
        case .rotationZ:
            guard value != 0 else { return t }
            let s = CGFloat(sin(value)), c = CGFloat(cos(value))
            t.m11 = c; t.m12 = s
            t.m21 = -s; t.m22 = c
        case .scaleX: t.m11 = v
        case .scaleY: t.m22 = v
        case .scaleZ: t.m33 = v
        case .scale: t.m11 = v; t.m22 = v; t.m33 = v
        case .scaleXY: t.m11 = v; t.m22 = v
        case .translationX: t.m41 = v
        case .translationY: t.m42 = v
        case .translationZ: t.m43 = v
        case .rotationX, .rotationY:
            var components = TransformComponents()
            components.setValue(value, for: field)
            return components.transform
        }
        return t
    }

    /// Sets a field.
    mutating func setValue(_ value: Double, for field: Field) {
        switch field {
        case .rotationX: rotation.x = value
        case .rotationY: rotation.y = value
        case .rotationZ: rotation.z = value
        case .scaleX: scale.x = value
        case .scaleY: scale.y = value
        case .scaleZ: scale.z = value
        case .scale: scale = SIMD3(repeating: value)
        case .scaleXY: scale = SIMD3(value, value, scale.z)
        case .translationX: translation.x = value
        case .translationY: translation.y = value
        case .translationZ: translation.z = value
        }
    }
}

// MARK: - Rotation: Euler angles, matrices, quaternions

extension TransformComponents {
    typealias Rows = (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    /// The rotation matrix `Rx(x) · Ry(y) · Rz(z)` for row vectors (X applies first), by rows.
    static func rotationRows(euler e: SIMD3<Double>) -> Rows {
        // Most layers turn about z only: skip the trigonometry of zero angles.
        func sinCos(_ angle: Double) -> (Double, Double) { angle == 0 ? (0, 1) : (sin(angle), cos(angle)) }
        let (sx, cx) = sinCos(e.x), (sy, cy) = sinCos(e.y), (sz, cz) = sinCos(e.z)
        return (
            SIMD3(cy * cz, cy * sz, -sy),
            SIMD3(-cx * sz + sx * sy * cz, cx * cz + sx * sy * sz, sx * cy),
            SIMD3(sx * sz + cx * sy * cz, -sx * cz + cx * sy * sz, cx * cy)
        )
    }

    /// The Euler angles of an orthonormal rotation matrix (rows, for row vectors), inverting
    /// ``rotationRows(euler:)``: `y` in [−π/2, π/2], `x` and `z` in (−π, π]. In gimbal lock
    /// (`y` = ±π/2, where only `x ∓ z` is determined) `z` is 0.
    static func eulerAngles(rows r: Rows) -> SIMD3<Double> {
        let cosY = (r.0.x * r.0.x + r.0.y * r.0.y).squareRoot()
        let y = atan2(-r.0.z, cosY)
        if cosY > 1e-12 {
            return SIMD3(atan2(r.1.z, r.2.z), y, atan2(r.0.y, r.0.x))
        }
        return SIMD3(atan2(-r.2.y, r.1.y), y, 0)
    }

    /// The unit quaternion `(x, y, z, w)` of the rotation with Euler angles `e`. Quaternions here
    /// act on column vectors (the usual convention), whose matrix is the transpose of Core
    /// Animation's: X first, then Y, then Z is the product `qz · qy · qx`.
    static func quaternion(euler e: SIMD3<Double>) -> SIMD4<Double> {
        let qx = SIMD4(sin(e.x / 2), 0, 0, cos(e.x / 2))
        let qy = SIMD4(0, sin(e.y / 2), 0, cos(e.y / 2))
        let qz = SIMD4(0, 0, sin(e.z / 2), cos(e.z / 2))
        return multiply(multiply(qz, qy), qx)
    }

    /// The Hamilton product `a · b` (b rotates first).
    static func multiply(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        let va = SIMD3(a.x, a.y, a.z), vb = SIMD3(b.x, b.y, b.z)
        let v = vb * a.w + va * b.w + cross(va, vb)
        return SIMD4(v.x, v.y, v.z, a.w * b.w - dot(va, vb))
    }

    /// The rotation matrix of the unit quaternion `q`, by rows, for row vectors.
    static func rotationRows(quaternion q: SIMD4<Double>) -> Rows {
        let x = q.x, y = q.y, z = q.z, w = q.w
        return (
            SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        )
    }

    /// Spherical linear interpolation between unit quaternions, along the shorter arc.
    static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        var b = b
        var cosine = (a * b).sum()
        if cosine < 0 {
            b = -b
            cosine = -cosine
        }
        let result: SIMD4<Double>
        if cosine > 0.9995 {
            // Nearly the same rotation: the sine below would lose precision; lerp and normalize.
            result = a + (b - a) * t
        } else {
            let angle = acos(min(cosine, 1))
            result = (a * sin((1 - t) * angle) + b * sin(t * angle)) / sin(angle)
        }
        return result / ((result * result).sum()).squareRoot()
    }

    // MARK: Small vector helpers

    static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    static func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }

    static func isFinite(_ v: SIMD4<Double>) -> Bool {
        v.x.isFinite && v.y.isFinite && v.z.isFinite && v.w.isFinite
    }

    static func allFinite(_ c: TransformComponents) -> Bool {
        isFinite(SIMD4(c.translation.x, c.translation.y, c.translation.z, c.skew.xy))
            && isFinite(SIMD4(c.scale.x, c.scale.y, c.scale.z, c.skew.xz))
            && isFinite(SIMD4(c.rotation.x, c.rotation.y, c.rotation.z, c.skew.yz))
            && isFinite(c.perspective)
    }
}
