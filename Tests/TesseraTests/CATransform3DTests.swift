import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

@Suite struct CATransform3DTests {
    private func elements(_ t: CATransform3D) -> [CGFloat] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
         t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
    }

    private func isClose(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = 1e-12) -> Bool {
        zip(elements(a), elements(b)).allSatisfy { abs($0 - $1) <= tolerance }
    }

    private func isClose(_ p: CGPoint, _ q: CGPoint, _ tolerance: CGFloat = 1e-12) -> Bool {
        abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance
    }

    /// A transform with every kind of element: rotation, scale, translation and perspective.
    private var general: CATransform3D {
        var t = CATransform3DMakeRotation(0.6, 1, 2, 3)
        t = CATransform3DConcat(t, CATransform3DMakeScale(2, 0.5, 3))
        t = CATransform3DConcat(t, CATransform3DMakeTranslation(10, -4, 7))
        t.m34 = -1.0 / 500
        return t
    }

    @Test func identityAndZero() {
        #expect(elements(CATransform3DIdentity) == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(elements(CATransform3D()).allSatisfy { $0 == 0 })
        #expect(!CATransform3DIsIdentity(CATransform3D()))
        #expect(CATransform3DEqualToTransform(general, general))
        #expect(!CATransform3DEqualToTransform(general, CATransform3DIdentity))
    }

    @Test func makeTranslationAndScaleElements() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(t.m41 == 1 && t.m42 == 2 && t.m43 == 3 && t.m44 == 1 && t.m11 == 1)
        #expect(t.projecting(CGPoint(x: 5, y: 5)) == CGPoint(x: 6, y: 7))
        let s = CATransform3DMakeScale(2, 3, 4)
        #expect(s.m11 == 2 && s.m22 == 3 && s.m33 == 4 && s.m44 == 1)
        #expect(s.projecting(CGPoint(x: 1, y: 1)) == CGPoint(x: 2, y: 3))
    }

    /// A quarter turn about z takes +x to +y, as `CGAffineTransform(rotationAngle:)`.
    @Test func rotationAboutZ() {
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(isClose(r.projecting(CGPoint(x: 1, y: 0)), CGPoint(x: 0, y: 1)))
        #expect(isClose(r.projecting(CGPoint(x: 0, y: 1)), CGPoint(x: -1, y: 0)))
        let angle: CGFloat = 0.3
        let z = CATransform3DMakeRotation(angle, 0, 0, 1)
        #expect(isClose(z, CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: angle))))
    }

    /// Right-handed: about +x, +y turns to +z; about +y, +z turns to +x.
    @Test func rotationAboutXAndY() {
        let x = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        // Row 2 is the image of +y.
        #expect(isClose(CGPoint(x: x.m22, y: x.m23), CGPoint(x: 0, y: 1)) && abs(x.m21) < 1e-15)
        let y = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        // Row 3 is the image of +z.
        #expect(abs(y.m31 - 1) < 1e-15 && abs(y.m33) < 1e-15)
        // The axis is normalized; a zero axis gives the identity.
        #expect(isClose(CATransform3DMakeRotation(0.4, 0, 0, 5), CATransform3DMakeRotation(0.4, 0, 0, 1)))
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
        // A rotation is orthonormal: its inverse is a rotation by the opposite angle.
        let r = CATransform3DMakeRotation(0.8, 1, -1, 2)
        #expect(isClose(CATransform3DConcat(r, CATransform3DMakeRotation(-0.8, 1, -1, 2)), CATransform3DIdentity))
    }

    /// `CATransform3DConcat(a, b)` applies a first, then b.
    @Test func concatAppliesFirstArgumentFirst() {
        let scale = CATransform3DMakeScale(2, 2, 1), move = CATransform3DMakeTranslation(10, 0, 0)
        #expect(CATransform3DConcat(scale, move).projecting(CGPoint(x: 1, y: 1)) == CGPoint(x: 12, y: 2))
        #expect(CATransform3DConcat(move, scale).projecting(CGPoint(x: 1, y: 1)) == CGPoint(x: 22, y: 2))
    }

    /// `CATransform3DTranslate(t, …)` is `translate · t`: the translation applies first.
    @Test func translateScaleRotatePrependTheOperation() {
        let t = general
        #expect(CATransform3DTranslate(t, 1, 2, 3) == CATransform3DConcat(CATransform3DMakeTranslation(1, 2, 3), t))
        #expect(CATransform3DScale(t, 2, 3, 4) == CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), t))
        #expect(CATransform3DRotate(t, 0.5, 0, 1, 1) == CATransform3DConcat(CATransform3DMakeRotation(0.5, 0, 1, 1), t))
        // Scale by 2, then translate: the translation is scaled too.
        let scaled = CATransform3DMakeScale(2, 2, 1)
        #expect(CATransform3DTranslate(scaled, 5, 0, 0).projecting(.zero) == CGPoint(x: 10, y: 0))
        #expect(CATransform3DRotate(t, 1, 0, 0, 0) == t)
    }

    @Test func invertUndoesTheTransform() {
        let t = general
        let inverse = CATransform3DInvert(t)
        #expect(isClose(CATransform3DConcat(t, inverse), CATransform3DIdentity, 1e-12))
        #expect(isClose(CATransform3DConcat(inverse, t), CATransform3DIdentity, 1e-12))
        #expect(CATransform3DInvert(CATransform3DMakeTranslation(1, -2, 3)) == CATransform3DMakeTranslation(-1, 2, -3))
    }

    /// A matrix with no inverse comes back unchanged, as Core Animation documents.
    @Test func invertingASingularMatrixReturnsItUnchanged() {
        let flat = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(flat) == flat)
        #expect(CATransform3DInvert(CATransform3D()) == CATransform3D())
        var nan = CATransform3DIdentity
        nan.m12 = .nan
        #expect(elements(CATransform3DInvert(nan))[1].isNaN)
    }

    @Test func affineBridgeRoundTrips() {
        let affine = CGAffineTransform(a: 1.5, b: 0.5, c: -2, d: 3, tx: 7, ty: -9)
        let t = CATransform3DMakeAffineTransform(affine)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == affine)
        #expect(elements(t) == [1.5, 0.5, 0, 0, -2, 3, 0, 0, 0, 0, 1, 0, 7, -9, 0, 1])
        #expect(CATransform3DIsIdentity(CATransform3DMakeAffineTransform(.identity)))
        // Same image of a point through either form.
        let p = CGPoint(x: 2, y: -3)
        #expect(t.projecting(p) == p.applying(affine))
    }

    @Test func isAffineRejectsThirdDimensionAndPerspective() {
        #expect(CATransform3DIsAffine(CATransform3DIdentity))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 1, 0, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        var perspective = CATransform3DIdentity
        perspective.m34 = -0.002
        #expect(!CATransform3DIsAffine(perspective))
    }

    /// `projecting` divides by w.
    @Test func projectingDividesByW() {
        var t = CATransform3DIdentity
        t.m14 = 0.01  // w = 1 + 0.01·x
        #expect(t.projecting(CGPoint(x: 100, y: 50)) == CGPoint(x: 50, y: 25))
        // Perspective seen through a rotation about y: the far half of the plane shrinks.
        var eye = CATransform3DIdentity
        eye.m34 = -1.0 / 500
        let tilted = CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 1, 0), eye)
        let right = tilted.projecting(CGPoint(x: 100, y: 100)), left = tilted.projecting(CGPoint(x: -100, y: 100))
        #expect(abs(right.x) != abs(left.x))
        #expect(right.y != left.y)
    }

    @Test func hashableByElements() {
        #expect(Set([general, general, CATransform3DIdentity]).count == 2)
        // −0 and 0 compare and hash equal.
        var negativeZero = CATransform3DIdentity
        negativeZero.m12 = -0.0
        #expect(negativeZero == CATransform3DIdentity)
        #expect(negativeZero.hashValue == CATransform3DIdentity.hashValue)
    }
}
