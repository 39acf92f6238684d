import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

@Suite struct CGPathTests {
    /// One element as read through `applyWithBlock`: its type and the points it uses.
    struct Element: Equatable, CustomStringConvertible {
        var type: CGPathElementType
        var points: [CGPoint]
        var description: String { "\(type) \(points)" }
    }

    private func elements(_ path: CGPath) -> [Element] {
        var result: [Element] = []
        path.applyWithBlock { pointer in
            let element = pointer.pointee
            let count: Int
            switch element.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            result.append(Element(type: element.type, points: (0..<count).map { element.points[$0] }))
        }
        return result
    }

    private func types(_ path: CGPath) -> [CGPathElementType] { elements(path).map(\.type) }

    private func isClose(_ p: CGPoint, _ q: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
        abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance
    }

    private func isClose(_ r: CGRect, _ s: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
        abs(r.minX - s.minX) <= tolerance && abs(r.minY - s.minY) <= tolerance
            && abs(r.width - s.width) <= tolerance && abs(r.height - s.height) <= tolerance
    }

    // MARK: Convenience initializers

    @Test func rectInitializerEmitsMoveThreeLinesAndClose() {
        let path = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        #expect(elements(path) == [
            Element(type: .moveToPoint, points: [CGPoint(x: 1, y: 2)]),
            Element(type: .addLineToPoint, points: [CGPoint(x: 4, y: 2)]),
            Element(type: .addLineToPoint, points: [CGPoint(x: 4, y: 6)]),
            Element(type: .addLineToPoint, points: [CGPoint(x: 1, y: 6)]),
            Element(type: .closeSubpath, points: []),
        ])
        #expect(path.boundingBox == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))  // back at the start after the close
    }

    @Test func initializersApplyTheTransformPointer() {
        var t = CGAffineTransform(translationX: 10, y: 20)
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &t)
        #expect(path.boundingBox == CGRect(x: 10, y: 20, width: 1, height: 1))
        var scale = CGAffineTransform(scaleX: 2, y: 2)
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: &scale)
        #expect(isClose(ellipse.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 20, height: 20)))
    }

    /// CoreGraphics' ellipse: a move to (maxX, midY), four cubics (through (midX, maxY) first),
    /// and a close.
    @Test func ellipseInitializerEmitsFourCubics() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10), transform: nil)
        let e = elements(path)
        #expect(e.map(\.type) == [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint,
                                  .addCurveToPoint, .closeSubpath])
        #expect(e[0].points == [CGPoint(x: 20, y: 5)])
        #expect(isClose(e[1].points[2], CGPoint(x: 10, y: 10)))
        #expect(isClose(e[2].points[2], CGPoint(x: 0, y: 5)))
        #expect(isClose(e[3].points[2], CGPoint(x: 10, y: 0)))
        #expect(isClose(e[4].points[2], CGPoint(x: 20, y: 5)))
        // The curves touch the rect's sides; the control points stay inside it.
        #expect(isClose(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 20, height: 10)))
        #expect(isClose(path.boundingBox, CGRect(x: 0, y: 0, width: 20, height: 10)))
    }

    /// A rounded rect: move, then line + corner cubic four times, then close (10 elements).
    @Test func roundedRectInitializerEmitsLinesAndCornerCubics() {
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 10,
                          cornerHeight: 5, transform: nil)
        let e = elements(path)
        #expect(e.map(\.type) == [.moveToPoint,
                                  .addLineToPoint, .addCurveToPoint, .addLineToPoint, .addCurveToPoint,
                                  .addLineToPoint, .addCurveToPoint, .addLineToPoint, .addCurveToPoint,
                                  .closeSubpath])
        #expect(e[0].points == [CGPoint(x: 10, y: 0)])
        #expect(e[1].points == [CGPoint(x: 90, y: 0)])
        #expect(e[2].points[2] == CGPoint(x: 100, y: 5))
        #expect(e[3].points == [CGPoint(x: 100, y: 45)])
        #expect(path.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    /// CoreGraphics stops on corner radii larger than half a side; Tessera clamps them.
    @Test func roundedRectClampsOversizedCorners() {
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 100,
                          cornerHeight: 100, transform: nil)
        let e = elements(path)
        #expect(e[0].points == [CGPoint(x: 20, y: 0)])  // radius clamped to 20 × 10
        #expect(isClose(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 40, height: 20)))
        // A zero radius is the plain rectangle.
        let square = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 4, height: 4), cornerWidth: 0,
                            cornerHeight: 0, transform: nil)
        #expect(square == CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil))
    }

    // MARK: CGMutablePath

    @Test func segmentsAppearInOrderWithCoreGraphicsPointOrder() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 20, y: 10), control: CGPoint(x: 20, y: 0))
        path.addCurve(to: CGPoint(x: 0, y: 10), control1: CGPoint(x: 15, y: 20), control2: CGPoint(x: 5, y: 20))
        path.closeSubpath()
        #expect(elements(path) == [
            Element(type: .moveToPoint, points: [CGPoint(x: 0, y: 0)]),
            Element(type: .addLineToPoint, points: [CGPoint(x: 10, y: 0)]),
            Element(type: .addQuadCurveToPoint, points: [CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 10)]),
            Element(type: .addCurveToPoint, points: [CGPoint(x: 15, y: 20), CGPoint(x: 5, y: 20), CGPoint(x: 0, y: 10)]),
            Element(type: .closeSubpath, points: []),
        ])
    }

    @Test func segmentsWithoutCurrentPointAreIgnoredAndMovesCollapse() {
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 5, y: 5))
        path.addCurve(to: CGPoint(x: 1, y: 1), control1: .zero, control2: .zero)
        #expect(path.isEmpty)
        path.move(to: CGPoint(x: 1, y: 1))
        path.move(to: CGPoint(x: 2, y: 2))
        #expect(elements(path) == [Element(type: .moveToPoint, points: [CGPoint(x: 2, y: 2)])])
    }

    @Test func segmentMethodsApplyTheirTransform() {
        let path = CGMutablePath()
        let t = CGAffineTransform(translationX: 100, y: 0)
        path.move(to: CGPoint(x: 1, y: 2), transform: t)
        path.addLine(to: CGPoint(x: 3, y: 4), transform: CGAffineTransform(scaleX: 2, y: 2))
        path.addQuadCurve(to: CGPoint(x: 1, y: 1), control: CGPoint(x: 0, y: 1), transform: t)
        #expect(elements(path) == [
            Element(type: .moveToPoint, points: [CGPoint(x: 101, y: 2)]),
            Element(type: .addLineToPoint, points: [CGPoint(x: 6, y: 8)]),
            Element(type: .addQuadCurveToPoint, points: [CGPoint(x: 100, y: 1), CGPoint(x: 101, y: 1)]),
        ])
    }

    @Test func linesRectsAndPaths() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)])
        #expect(types(path) == [.moveToPoint, .addLineToPoint, .addLineToPoint])
        path.addLines(between: [])
        #expect(types(path).count == 3)

        let rects = CGMutablePath()
        rects.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
        #expect(types(rects) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath,
                                 .moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        #expect(rects.boundingBox == CGRect(x: 0, y: 0, width: 6, height: 6))

        let combined = CGMutablePath()
        combined.addPath(rects, transform: CGAffineTransform(translationX: 10, y: 0))
        #expect(combined.boundingBox == CGRect(x: 10, y: 0, width: 6, height: 6))
        #expect(types(combined) == types(rects))

        // The null rectangle adds nothing.
        let none = CGMutablePath()
        none.addRect(.null)
        none.addEllipse(in: .null)
        #expect(none.isEmpty)
    }

    @Test func ellipseAndRoundedRectMethodsMatchTheInitializers() {
        let rect = CGRect(x: 3, y: 4, width: 30, height: 20)
        let ellipse = CGMutablePath()
        ellipse.addEllipse(in: rect)
        #expect(ellipse == CGPath(ellipseIn: rect, transform: nil))
        let rounded = CGMutablePath()
        rounded.addRoundedRect(in: rect, cornerWidth: 4, cornerHeight: 3)
        #expect(rounded == CGPath(roundedRect: rect, cornerWidth: 4, cornerHeight: 3, transform: nil))
        let moved = CGMutablePath()
        var t = CGAffineTransform(translationX: 1, y: 1)
        moved.addRect(rect, transform: t)
        #expect(moved == CGPath(rect: rect, transform: &t))
    }

    /// Arcs are cubics of at most 90°; with no current point they start with a move, otherwise a
    /// line joins the current point to the arc's start.
    @Test func arcElementCounts() {
        let center = CGPoint(x: 50, y: 50)
        let quarter = CGMutablePath()
        quarter.addArc(center: center, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let q = elements(quarter)
        #expect(q.map(\.type) == [.moveToPoint, .addCurveToPoint])
        #expect(q[0].points == [CGPoint(x: 60, y: 50)])
        #expect(isClose(q[1].points[2], CGPoint(x: 50, y: 60)))
        // The tangent length of a quarter circle: 4/3·tan(π/8)·r.
        #expect(isClose(q[1].points[0], CGPoint(x: 60, y: 50 + 10 * 0.5522847498307936)))

        let circle = CGMutablePath()
        circle.move(to: .zero)
        circle.addArc(center: center, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(types(circle) == [.moveToPoint, .addLineToPoint] + Array(repeating: .addCurveToPoint, count: 4))

        // Clockwise from 0 to π/2 is the long way round: three quarters, decreasing angle.
        let longWay = CGMutablePath()
        longWay.addArc(center: center, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let l = elements(longWay)
        #expect(l.map(\.type) == [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint])
        #expect(isClose(l[1].points[2], CGPoint(x: 50, y: 40)))  // first through −π/2
        #expect(isClose(longWay.currentPoint, CGPoint(x: 50, y: 60)))

        let relative = CGMutablePath()
        relative.addRelativeArc(center: center, radius: 10, startAngle: .pi / 2, delta: -.pi)
        #expect(types(relative) == [.moveToPoint, .addCurveToPoint, .addCurveToPoint])
        #expect(isClose(relative.currentPoint, CGPoint(x: 50, y: 40)))
    }

    /// The transform maps the whole arc: a non-uniform scale makes an elliptical arc, and the
    /// line from the current point goes to the transformed start.
    @Test func arcTransformMapsTheArc() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: -5, y: 0))
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false,
                    transform: CGAffineTransform(scaleX: 10, y: 2))
        let e = elements(path)
        #expect(e.map(\.type) == [.moveToPoint, .addLineToPoint, .addCurveToPoint])
        #expect(isClose(e[1].points[0], CGPoint(x: 10, y: 0)))
        #expect(isClose(e[2].points[2], CGPoint(x: 0, y: 2)))
    }

    /// `addArc(tangent1End:tangent2End:radius:)`: a line to the first tangent point, then an arc
    /// ending on the second line.
    @Test func tangentArcRoundsTheCorner() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
        let e = elements(path)
        // The arc is 90°: CoreGraphics emits one cubic. TesseraRaster may split it in two when
        // rounding makes the sweep a hair over 90°, so only the shape of the list is asserted.
        #expect(Array(e.map(\.type).prefix(3)) == [.moveToPoint, .addLineToPoint, .addCurveToPoint])
        #expect(e.dropFirst(2).allSatisfy { $0.type == .addCurveToPoint } && e.count <= 4)
        #expect(isClose(e[1].points[0], CGPoint(x: 8, y: 0)))
        #expect(isClose(path.currentPoint, CGPoint(x: 10, y: 2)))

        // Computed before the transform: the current point is mapped back through its inverse.
        let moved = CGMutablePath()
        moved.move(to: CGPoint(x: 100, y: 0))
        moved.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2,
                     transform: CGAffineTransform(translationX: 100, y: 0))
        let m = elements(moved)
        #expect(m.map(\.type) == e.map(\.type))
        #expect(isClose(m[1].points[0], CGPoint(x: 108, y: 0)))
        #expect(isClose(moved.currentPoint, CGPoint(x: 110, y: 2)))

        // Collinear points: just a line to tangent1End. No current point: nothing.
        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 10, y: 0), radius: 2)
        #expect(elements(straight).last == Element(type: .addLineToPoint, points: [CGPoint(x: 5, y: 0)]))
        let empty = CGMutablePath()
        empty.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 5, y: 5), radius: 2)
        #expect(empty.isEmpty)
    }

    // MARK: Queries

    /// `boundingBox` includes control points; `boundingBoxOfPath` only the curve.
    @Test func boundingBoxesOfACurve() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        // The quadratic peaks at t = 1/2, y = 2·(1/2)(1/2)·100 = 50.
        #expect(isClose(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 50)))
    }

    @Test func emptyPath() {
        let path = CGMutablePath()
        #expect(path.isEmpty)
        #expect(path.boundingBox.isNull)
        #expect(path.boundingBoxOfPath.isNull)
        #expect(path.currentPoint == .zero)
        #expect(elements(path).isEmpty)
    }

    @Test func currentPointFollowsTheLastElement() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 1))
        path.addLine(to: CGPoint(x: 5, y: 1))
        #expect(path.currentPoint == CGPoint(x: 5, y: 1))
        path.closeSubpath()
        #expect(path.currentPoint == CGPoint(x: 1, y: 1))
        // After a close, the next segment starts a new subpath at the closed one's start.
        path.addLine(to: CGPoint(x: 1, y: 9))
        #expect(types(path) == [.moveToPoint, .addLineToPoint, .closeSubpath, .moveToPoint, .addLineToPoint])
        #expect(elements(path)[3].points == [CGPoint(x: 1, y: 1)])
    }

    // MARK: Identity, copies, bridges

    @Test func equalityComparesElementsWhateverTheClass() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        let immutable = CGPath(rect: rect, transform: nil)
        let mutable = CGMutablePath()
        mutable.addRect(rect)
        #expect(immutable == mutable)
        #expect(immutable.hashValue == mutable.hashValue)
        mutable.addLine(to: CGPoint(x: 3, y: 3))
        #expect(immutable != mutable)
        #expect(CGPath(rect: rect, transform: nil) != CGPath(ellipseIn: rect, transform: nil))
        #expect(Set([immutable, CGPath(rect: rect, transform: nil)]).count == 1)
    }

    @Test func copiesAreIndependent() {
        let original = CGMutablePath()
        original.move(to: .zero)
        original.addLine(to: CGPoint(x: 1, y: 0))
        let frozen = original.copy()!
        let mutable = original.mutableCopy()!
        mutable.addLine(to: CGPoint(x: 1, y: 1))
        original.closeSubpath()
        #expect(types(frozen) == [.moveToPoint, .addLineToPoint])
        #expect(types(mutable) == [.moveToPoint, .addLineToPoint, .addLineToPoint])
        #expect(types(original) == [.moveToPoint, .addLineToPoint, .closeSubpath])
        #expect(!(frozen is CGMutablePath))

        var t = CGAffineTransform(scaleX: 3, y: 3)
        #expect(frozen.copy(using: &t)!.boundingBox == CGRect(x: 0, y: 0, width: 3, height: 0))
        #expect(frozen.mutableCopy(using: &t)!.boundingBox == CGRect(x: 0, y: 0, width: 3, height: 0))
        #expect(frozen.copy(using: nil) == frozen)
    }

    @Test func applyPassesInfoToTheFunction() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        var curves = 0
        withUnsafeMutablePointer(to: &curves) { counter in
            path.apply(info: counter) { info, element in
                if element.pointee.type == .addCurveToPoint {
                    info!.assumingMemoryBound(to: Int.self).pointee += 1
                }
            }
        }
        #expect(curves == 4)
    }

    @Test func rasterPathBridge() {
        var raster = TesseraRaster.Path()
        raster.move(to: TesseraRaster.Point(x: 1, y: 2))
        raster.addCurve(to: TesseraRaster.Point(x: 7, y: 8), control1: TesseraRaster.Point(x: 3, y: 4),
                        control2: TesseraRaster.Point(x: 5, y: 6))
        let path = CGPath(rasterPath: raster)
        #expect(path.rasterPath == raster)
        #expect(elements(path) == [
            Element(type: .moveToPoint, points: [CGPoint(x: 1, y: 2)]),
            Element(type: .addCurveToPoint, points: [CGPoint(x: 3, y: 4), CGPoint(x: 5, y: 6), CGPoint(x: 7, y: 8)]),
        ])
        let mutable = CGMutablePath()
        mutable.addPath(path)
        #expect(mutable.rasterPath == raster)
    }
}

@Suite struct CGLineStyleTests {
    @Test func rawValuesMatchCoreGraphics() {
        #expect(CGLineJoin.miter.rawValue == 0 && CGLineJoin.round.rawValue == 1 && CGLineJoin.bevel.rawValue == 2)
        #expect(CGLineCap.butt.rawValue == 0 && CGLineCap.round.rawValue == 1 && CGLineCap.square.rawValue == 2)
        #expect(CGLineJoin(rawValue: 3) == nil)
    }

    @Test func bridgesToTheRasterizerRoundTrip() {
        for join in [CGLineJoin.miter, .round, .bevel] {
            #expect(CGLineJoin(join.rasterJoin) == join)
        }
        for cap in [CGLineCap.butt, .round, .square] {
            #expect(CGLineCap(cap.rasterCap) == cap)
        }
        #expect(CGLineJoin.bevel.rasterJoin == LineJoin.bevel)
        #expect(CGLineCap.square.rasterCap == LineCap.square)
    }
}
