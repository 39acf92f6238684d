import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

@Suite struct TransformComponentsTests {
    private func elements(_ t: CATransform3D) -> [Double] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
         t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0) }
    }

    private func isClose(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: Double = 1e-9) -> Bool {
        zip(elements(a), elements(b)).allSatisfy { abs($0 - $1) <= tolerance }
    }

    private func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    private func isClose<V: SIMD>(_ a: V, _ b: V, _ tolerance: Double = 1e-9) -> Bool where V.Scalar == Double {
        (0..<V.scalarCount).allSatisfy { abs(a[$0] - b[$0]) <= tolerance }
    }

    private func isClose(_ a: TransformComponents, _ b: TransformComponents, _ tolerance: Double = 1e-9) -> Bool {
        isClose(a.translation, b.translation, tolerance) && isClose(a.scale, b.scale, tolerance)
            && isClose(a.rotation, b.rotation, tolerance) && isClose(a.perspective, b.perspective, tolerance)
            && isClose(a.skew.xy, b.skew.xy, tolerance) && isClose(a.skew.xz, b.skew.xz, tolerance)
            && isClose(a.skew.yz, b.skew.yz, tolerance)
    }

    /// Scale, then rotate X, Y, Z, then translate, built with Core Animation's functions.
    private func built(scale s: SIMD3<Double>, rotation r: SIMD3<Double>, translation t: SIMD3<Double>) -> CATransform3D {
        var m = CATransform3DMakeScale(s.x, s.y, s.z)
        m = CATransform3DConcat(m, CATransform3DMakeRotation(r.x, 1, 0, 0))
        m = CATransform3DConcat(m, CATransform3DMakeRotation(r.y, 0, 1, 0))
        m = CATransform3DConcat(m, CATransform3DMakeRotation(r.z, 0, 0, 1))
        return CATransform3DConcat(m, CATransform3DMakeTranslation(t.x, t.y, t.z))
    }

    @Test func identityDecomposesToIdentityComponents() throws {
        let c = try #require(TransformComponents(decomposing: CATransform3DIdentity))
        #expect(c == TransformComponents())
        #expect(TransformComponents().transform == CATransform3DIdentity)
    }

    /// Translation · rotation · scale built with CATransform3DMake… decomposes into the numbers
    /// it was built from, and recomposes into the same matrix.
    @Test(arguments: [
        (SIMD3<Double>(2, 0.5, 3), SIMD3<Double>(0.3, -0.4, 1.1), SIMD3<Double>(10, -20, 5)),
        (SIMD3<Double>(1, 1, 1), SIMD3<Double>(0, 0, 2.5), SIMD3<Double>(0, 0, 0)),
        (SIMD3<Double>(0.25, 4, 1), SIMD3<Double>(-2.9, 1.2, -0.01), SIMD3<Double>(-3, 7, -100)),
        (SIMD3<Double>(1.5, 1.5, 1.5), SIMD3<Double>(1.0, 0, 0), SIMD3<Double>(1, 2, 3)),
    ])
    func decompositionRecoversTheBuildingBlocks(scale: SIMD3<Double>, rotation: SIMD3<Double>,
                                                translation: SIMD3<Double>) throws {
        let matrix = built(scale: scale, rotation: rotation, translation: translation)
        let c = try #require(TransformComponents(decomposing: matrix))
        #expect(isClose(c.scale, scale))
        #expect(isClose(c.rotation, rotation))
        #expect(isClose(c.translation, translation))
        #expect(isClose(c.skew.xy, 0) && isClose(c.skew.xz, 0) && isClose(c.skew.yz, 0))
        #expect(c.perspective == SIMD4(0, 0, 0, 1))
        #expect(isClose(c.transform, matrix))
        // And decompose(recompose) gives the same components back.
        let again = try #require(TransformComponents(decomposing: c.transform))
        #expect(isClose(again, c))
    }

    /// Components with skew and perspective survive a round trip too.
    @Test func roundTripWithSkewAndPerspective() throws {
        var c = TransformComponents()
        c.translation = SIMD3(4, -5, 6)
        c.scale = SIMD3(1.5, 0.75, 2)
        c.rotation = SIMD3(0.2, -0.7, 2.0)
        c.skew = .init(xy: 0.3, xz: -0.2, yz: 0.1)
        // Canonical components have m44 = translation·perspective.xyz + perspective.w = 1 (the
        // decomposition divides by m44); here w = 1 − (0.004 + 0.010 − 0.024) = 1.01.
        c.perspective = SIMD4(0.001, -0.002, -0.004, 1.01)
        #expect(isClose(c.transform.m44, 1, 1e-15))
        let decomposed = try #require(TransformComponents(decomposing: c.transform))
        #expect(isClose(decomposed, c))
    }

    /// The usual Core Animation perspective, `m34 = −1/d`, is `perspective.z`.
    @Test func perspectiveOfAnEye() throws {
        var eye = CATransform3DIdentity
        eye.m34 = -1.0 / 500
        let c = try #require(TransformComponents(decomposing: eye))
        #expect(isClose(c.perspective, SIMD4(0, 0, -1.0 / 500, 1)))
        #expect(isClose(c.transform, eye))
    }

    /// Rotation components are Euler angles applied X, then Y, then Z.
    @Test func eulerConvention() {
        var c = TransformComponents()
        c.rotation = SIMD3(0.5, 0, 0)
        #expect(isClose(c.transform, CATransform3DMakeRotation(0.5, 1, 0, 0)))
        c.rotation = SIMD3(0, 0.5, 0)
        #expect(isClose(c.transform, CATransform3DMakeRotation(0.5, 0, 1, 0)))
        c.rotation = SIMD3(0.1, 0.2, 0.3)
        let xyz = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(0.1, 1, 0, 0),
                                                          CATransform3DMakeRotation(0.2, 0, 1, 0)),
                                      CATransform3DMakeRotation(0.3, 0, 0, 1))
        #expect(isClose(c.transform, xyz))
    }

    /// Quaternions, Euler angles and matrices agree, including in gimbal lock.
    @Test func quaternionsMatchTheEulerMatrices() {
        for e in [SIMD3<Double>(0.1, 0.2, 0.3), SIMD3(-2, 1.4, 3), SIMD3(0.7, .pi / 2, 0), SIMD3(3, -1, -0.5)] {
            let fromEuler = TransformComponents.rotationRows(euler: e)
            let fromQuaternion = TransformComponents.rotationRows(quaternion: TransformComponents.quaternion(euler: e))
            #expect(isClose(fromEuler.0, fromQuaternion.0) && isClose(fromEuler.1, fromQuaternion.1)
                && isClose(fromEuler.2, fromQuaternion.2))
            let back = TransformComponents.rotationRows(euler: TransformComponents.eulerAngles(rows: fromEuler))
            #expect(isClose(back.0, fromEuler.0) && isClose(back.1, fromEuler.1) && isClose(back.2, fromEuler.2))
        }
    }

    /// A mirror image decomposes with negated scales and recomposes to the same matrix.
    @Test func mirrorImage() throws {
        let mirror = CATransform3DConcat(CATransform3DMakeScale(-1, 2, 1), CATransform3DMakeTranslation(3, 0, 0))
        let c = try #require(TransformComponents(decomposing: mirror))
        #expect(c.scale.x < 0 && c.scale.y < 0 && c.scale.z < 0)
        #expect(isClose(c.transform, mirror))
    }

    @Test func singularOrNonFiniteMatricesDoNotDecompose() {
        #expect(TransformComponents(decomposing: CATransform3DMakeScale(0, 1, 1)) == nil)
        #expect(TransformComponents(decomposing: CATransform3D()) == nil)
        var noW = CATransform3DIdentity
        noW.m44 = 0
        #expect(TransformComponents(decomposing: noW) == nil)
        var nan = CATransform3DIdentity
        nan.m41 = .nan
        #expect(TransformComponents(decomposing: nan) == nil)
        var infinite = CATransform3DIdentity
        infinite.m11 = .infinity
        #expect(TransformComponents(decomposing: infinite) == nil)
    }

    /// A matrix scaled by its m44 is the same projective transform: it decomposes the same.
    @Test func decompositionNormalizesByW() throws {
        let t = built(scale: SIMD3(2, 3, 1), rotation: SIMD3(0, 0, 0.4), translation: SIMD3(5, 6, 0))
        let rows = t.rows
        let doubled = CATransform3D(rows: rows.0 * 2, rows.1 * 2, rows.2 * 2, rows.3 * 2)
        let a = try #require(TransformComponents(decomposing: t))
        let b = try #require(TransformComponents(decomposing: doubled))
        #expect(isClose(a, b))
    }

    // MARK: Interpolation

    /// Halfway between rotations 0 and π/2 about z is π/4 (slerp).
    @Test func slerpHalfwayBetweenQuarterTurns() throws {
        let half = TransformComponents.interpolate(CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 0, 1),
                                                   fraction: 0.5)
        let c = try #require(TransformComponents(decomposing: half))
        #expect(isClose(c.rotation.z, .pi / 4))
        #expect(isClose(half, CATransform3DMakeRotation(.pi / 4, 0, 0, 1)))
        // Linear interpolation of the matrix elements would shrink the square instead.
        #expect(isClose(c.scale, SIMD3(1, 1, 1)))
    }

    /// The rotation takes the shorter arc: 0 → 3π/2 turns −π/2.
    @Test func slerpTakesTheShorterArc() throws {
        let half = TransformComponents.interpolate(CATransform3DIdentity, CATransform3DMakeRotation(3 * .pi / 2, 0, 0, 1),
                                                   fraction: 0.5)
        #expect(isClose(half, CATransform3DMakeRotation(-.pi / 4, 0, 0, 1)))
    }

    @Test func translationScaleAndPerspectiveInterpolateLinearly() throws {
        var eye = CATransform3DIdentity
        eye.m34 = -1.0 / 100
        let a = CATransform3DMakeTranslation(0, 0, 0)
        let b = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(3, 5, 1),
                                                        CATransform3DMakeTranslation(10, 20, 0)), eye)
        let quarter = try #require(TransformComponents(decomposing:
            TransformComponents.interpolate(a, b, fraction: 0.25)))
        #expect(isClose(quarter.translation, SIMD3(2.5, 5, 0)))
        #expect(isClose(quarter.scale, SIMD3(1.5, 2, 1)))
        #expect(isClose(quarter.perspective, SIMD4(0, 0, -0.25 / 100, 1)))
    }

    @Test func endpointsAreExact() {
        let a = CATransform3DMakeRotation(0.3, 1, 1, 0), b = CATransform3DMakeTranslation(4, 5, 6)
        #expect(TransformComponents.interpolate(a, b, fraction: 0) == a)
        #expect(TransformComponents.interpolate(a, b, fraction: 1) == b)
        #expect(TransformComponents.interpolate(a, a, fraction: 0.3) == a)
    }

    /// When one end cannot be decomposed, the sixteen elements interpolate linearly.
    @Test func singularEndFallsBackToElementwise() {
        let half = TransformComponents.interpolate(CATransform3DMakeScale(0, 0, 1), CATransform3DIdentity, fraction: 0.5)
        #expect(half == CATransform3DMakeScale(0.5, 0.5, 1))
    }

    // MARK: Key path fields

    @Test func fieldsReadTheComponents() throws {
        let t = built(scale: SIMD3(2, 3, 4), rotation: SIMD3(0.1, 0.2, 0.3), translation: SIMD3(7, 8, 9))
        let c = try #require(TransformComponents(decomposing: t))
        let expected: [String: Double] = [
            "rotation.x": 0.1, "rotation.y": 0.2, "rotation.z": 0.3, "rotation": 0.3,
            "scale.x": 2, "scale.y": 3, "scale.z": 4, "scale": 3,
            "translation.x": 7, "translation.y": 8, "translation.z": 9,
        ]
        for (field, value) in expected {
            let name = try #require(TransformComponents.Field(field), "\(field)")
            #expect(isClose(c.value(for: name), value), "\(field)")
        }
        #expect(TransformComponents.Field("translation") == nil)
        #expect(TransformComponents.Field("skew") == nil)
        #expect(TransformComponents.Field("rotation.w") == nil)
    }

    @Test func fieldsWriteTheComponents() {
        var c = TransformComponents()
        // (`#expect` cannot call a mutating method, hence the `set` helper.)
        func set(_ value: Double, _ field: String) -> Bool {
            guard let name = TransformComponents.Field(field) else { return false }
            c.setValue(value, for: name)
            return true
        }
        #expect(set(.pi / 2, "rotation.z"))
        #expect(isClose(c.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
        #expect(set(0.5, "rotation"))
        #expect(c.rotation == SIMD3(0, 0, 0.5))
        #expect(set(2, "scale"))
        #expect(c.scale == SIMD3(2, 2, 2))
        #expect(set(3, "scale.y"))
        #expect(c.value(for: .scale) == 7.0 / 3)
        #expect(set(-4, "translation.x") && set(6, "translation.z"))
        #expect(c.translation == SIMD3(-4, 0, 6))
        #expect(set(0.25, "rotation.x") && set(-0.5, "rotation.y"))
        #expect(c.rotation == SIMD3(0.25, -0.5, 0.5))
        let before = c
        #expect(!set(1, "translation"))
        #expect(!set(1, "bogus"))
        #expect(c == before)
    }

    /// Setting one field keeps the others: rotating a translated, scaled layer.
    @Test func settingAFieldKeepsTheRest() throws {
        let t = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(50, 60, 0))
        var c = try #require(TransformComponents(decomposing: t))
        c.setValue(.pi / 2, for: .rotationZ)
        let expected = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 2, 1),
                                                               CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
                                           CATransform3DMakeTranslation(50, 60, 0))
        #expect(isClose(c.transform, expected))
    }
}
