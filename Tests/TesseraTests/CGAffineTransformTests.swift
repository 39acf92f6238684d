import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

@Suite struct CGAffineTransformTests {
    private func isClose(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-12) -> Bool {
        abs(a - b) <= tolerance
    }

    private func isClose(_ p: CGPoint, _ q: CGPoint) -> Bool { isClose(p.x, q.x) && isClose(p.y, q.y) }

    private func isClose(_ s: CGAffineTransform, _ t: CGAffineTransform) -> Bool {
        isClose(s.a, t.a) && isClose(s.b, t.b) && isClose(s.c, t.c) && isClose(s.d, t.d)
            && isClose(s.tx, t.tx) && isClose(s.ty, t.ty)
    }

    /// `CGAffineTransform()` is the zero matrix, as the zero-initialized C struct on Apple
    /// platforms; `.identity` is the identity.
    @Test func emptyInitializerIsZeroNotIdentity() {
        let zero = CGAffineTransform()
        #expect(zero == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        #expect(!zero.isIdentity)
        #expect(CGAffineTransform.identity == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGPoint(x: 3, y: 4).applying(zero) == .zero)
    }

    @Test func basicTransformsMapPoints() {
        let p = CGPoint(x: 1, y: 0)
        #expect(p.applying(CGAffineTransform(translationX: 10, y: -5)) == CGPoint(x: 11, y: -5))
        #expect(CGPoint(x: 1, y: 2).applying(CGAffineTransform(scaleX: 3, y: 4)) == CGPoint(x: 3, y: 8))
        // A quarter turn takes +x to +y: a = cos, b = sin, c = −sin, d = cos.
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(isClose(quarter.a, 0) && isClose(quarter.b, 1) && isClose(quarter.c, -1) && isClose(quarter.d, 0))
        #expect(isClose(p.applying(quarter), CGPoint(x: 0, y: 1)))
        #expect(isClose(CGPoint(x: 0, y: 1).applying(quarter), CGPoint(x: -1, y: 0)))
    }

    /// `t1.concatenating(t2)` applies t1 first, then t2.
    @Test func concatenationAppliesReceiverFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 2), move = CGAffineTransform(translationX: 10, y: 0)
        let p = CGPoint(x: 1, y: 1)
        #expect(p.applying(scale.concatenating(move)) == CGPoint(x: 12, y: 2))  // scale, then move
        #expect(p.applying(move.concatenating(scale)) == CGPoint(x: 22, y: 2))  // move, then scale
        #expect(scale.concatenating(move) == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))
    }

    /// `translatedBy`, `scaledBy` and `rotated(by:)` put the new operation *before* the receiver,
    /// as CGAffineTransformTranslate/Scale/Rotate.
    @Test func translatedScaledRotatedPrependTheOperation() {
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        let translated = scale.translatedBy(x: 10, y: 1)
        #expect(translated == CGAffineTransform(translationX: 10, y: 1).concatenating(scale))
        #expect(CGPoint.zero.applying(translated) == CGPoint(x: 20, y: 3))

        let move = CGAffineTransform(translationX: 5, y: 0)
        #expect(move.scaledBy(x: 2, y: 2) == CGAffineTransform(scaleX: 2, y: 2).concatenating(move))
        #expect(CGPoint(x: 1, y: 0).applying(move.scaledBy(x: 2, y: 2)) == CGPoint(x: 7, y: 0))

        let rotated = move.rotated(by: .pi / 2)
        #expect(rotated == CGAffineTransform(rotationAngle: .pi / 2).concatenating(move))
        #expect(isClose(CGPoint(x: 1, y: 0).applying(rotated), CGPoint(x: 5, y: 1)))
    }

    @Test func invertedUndoesTheTransform() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: -3).translatedBy(x: 4, y: 9)
        let inverse = t.inverted()
        #expect(isClose(t.concatenating(inverse), .identity))
        #expect(isClose(inverse.concatenating(t), .identity))
        let p = CGPoint(x: -3.5, y: 12)
        #expect(isClose(p.applying(t).applying(inverse), p))
        #expect(CGAffineTransform(translationX: 3, y: -2).inverted() == CGAffineTransform(translationX: -3, y: 2))
    }

    /// A singular transform comes back unchanged, as CoreGraphics documents.
    @Test func invertingASingularTransformReturnsItUnchanged() {
        let flat = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)  // det = 0
        #expect(flat.inverted() == flat)
        #expect(CGAffineTransform(scaleX: 0, y: 1).inverted() == CGAffineTransform(scaleX: 0, y: 1))
        #expect(CGAffineTransform().inverted() == CGAffineTransform())
        let infinite = CGAffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(infinite.inverted() == infinite)
    }

    /// Sizes map as vectors: no translation, and the result may be negative.
    @Test func sizeApplyingIgnoresTranslation() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 100, ty: 200)
        #expect(CGSize(width: 4, height: 5).applying(t) == CGSize(width: 2 * 4 - 5, height: 4 + 3 * 5))
        #expect(CGSize(width: 4, height: 5).applying(CGAffineTransform(scaleX: -1, y: 1)) == CGSize(width: -4, height: 5))
    }

    /// A rect through a rotation gives the bounding box of its rotated corners.
    @Test func rectApplyingARotationGivesTheBoundingBox() {
        let rect = CGRect(x: 0, y: 0, width: 1, height: 1)
        let r = rect.applying(CGAffineTransform(rotationAngle: .pi / 4))
        let h = 2.0.squareRoot() / 2
        // Corners go to (0,0), (h,h), (−h,h), (0,2h).
        #expect(isClose(r.minX, -h) && isClose(r.maxX, h))
        #expect(isClose(r.minY, 0) && isClose(r.maxY, 2 * h))
        #expect(isClose(r.width, 2 * h) && isClose(r.height, 2 * h))
    }

    @Test func rectApplyingScaleAndTranslationIsExact() {
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        let t = CGAffineTransform(scaleX: 2, y: -1).concatenating(CGAffineTransform(translationX: 10, y: 0))
        // x: 1…4 → 12…18; y: 2…6 → −6…−2 (standardized).
        #expect(rect.applying(t) == CGRect(x: 12, y: -6, width: 6, height: 4))
        #expect(rect.applying(.identity) == rect)
        #expect(CGRect.null.applying(t).isNull)
    }

    @Test func rasterBridgeKeepsEveryEntry() {
        let t = CGAffineTransform(a: 1.5, b: -2, c: 0.25, d: 4, tx: -7, ty: 8.5)
        let raster = t.rasterTransform
        #expect(raster == TesseraRaster.Transform(a: 1.5, b: -2, c: 0.25, d: 4, tx: -7, ty: 8.5))
        #expect(CGAffineTransform(raster) == t)
        // Same convention on both sides: the same point comes out.
        let p = CGPoint(x: 3, y: -1).applying(t), q = raster.apply(TesseraRaster.Point(x: 3, y: -1))
        #expect(p == CGPoint(x: q.x, y: q.y))
    }
}
