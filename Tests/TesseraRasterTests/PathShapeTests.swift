/// Path construction with CoreGraphics' semantics: element order of rect/ellipse/rounded rect,
/// arc direction and sweep, tangent arcs, tight bounds, and degenerate input.
import Foundation
import Testing
@testable import TesseraRaster

@Suite struct PathShapeTests {
    private func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    @Test func rectElementsFollowCoreGraphics() {
        let path = Path(rect: Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(path.elements == [
            .move(to: Point(x: 1, y: 2)), .line(to: Point(x: 4, y: 2)), .line(to: Point(x: 4, y: 6)),
            .line(to: Point(x: 1, y: 6)), .closeSubpath,
        ])
    }

    @Test func ellipseStartsAtMaxXMidYAndTurnsTowardsMaxY() throws {
        let path = Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 50))
        let elements = path.elements
        #expect(elements.count == 6)
        #expect(elements.first == .move(to: Point(x: 100, y: 25)))
        guard case .cubicCurve(let end, _, _) = elements[1] else { Issue.record("expected a cubic"); return }
        #expect(end == Point(x: 50, y: 50))
        #expect(elements.last == .closeSubpath)
    }

    @Test func roundedRectClampsRadiiAndDegeneratesToRect() {
        let clamped = Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 20), cornerWidth: 50, cornerHeight: 3)
        // The corner width is clamped to half the width: the top edge shrinks to a point at x = 5.
        #expect(clamped.elements[0] == .move(to: Point(x: 5, y: 0)))
        #expect(clamped.elements[1] == .line(to: Point(x: 5, y: 0)))
        let square = Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 20), cornerWidth: 0, cornerHeight: 3)
        #expect(square == Path(rect: Rect(x: 0, y: 0, width: 10, height: 20)))
        let nan = Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 20), cornerWidth: .nan, cornerHeight: 3)
        #expect(nan == Path(rect: Rect(x: 0, y: 0, width: 10, height: 20)))
    }

    /// Every cubic of an arc stays on the circle: its endpoints exactly, its midpoint within 1e-3 r.
    private func expectOnCircle(_ path: Path, center: Point, radius: Double) {
        var current = Point.zero
        path.forEachElement { element in
            switch element {
            case .move(let p), .line(let p):
                current = p
            case .cubicCurve(let p, let c1, let c2):
                #expect(abs(distance(p, center) - radius) < 1e-9 * radius)
                let mid = CurveFlattener.point(cubic: current, c1, c2, p, at: 0.5)
                #expect(abs(distance(mid, center) - radius) < 1e-3 * radius)
                current = p
            default:
                break
            }
        }
    }

    @Test func counterclockwiseQuarterArc() {
        var path = Path()
        path.addArc(center: Point(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(path.verbs == [.move, .cubic])
        #expect(distance(path.currentPoint!, Point(x: 10, y: 15)) < 1e-12)
        expectOnCircle(path, center: Point(x: 10, y: 10), radius: 5)
    }

    @Test func clockwiseTakesTheLongWayFromZeroToHalfPi() {
        var path = Path()
        path.addArc(center: Point(x: 0, y: 0), radius: 8, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // Three quarters of a turn through angle −π/2 (0, −8), ending at (0, 8).
        #expect(path.verbs == [.move, .cubic, .cubic, .cubic])
        #expect(distance(path.currentPoint!, Point(x: 0, y: 8)) < 1e-12)
        guard case .cubicCurve(let first, _, _) = path.elements[1] else { Issue.record("expected a cubic"); return }
        #expect(distance(first, Point(x: 0, y: -8)) < 1e-12)
        expectOnCircle(path, center: .zero, radius: 8)
    }

    @Test func arcJoinsTheCurrentPointWithALine() {
        var path = Path()
        path.move(to: Point(x: -5, y: 0))
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(path.verbs == [.move, .line, .cubic, .cubic])
        #expect(path.elements[1] == .line(to: Point(x: 1, y: 0)))
    }

    @Test func fullTurnAndEqualAngles() {
        var circle = Path()
        circle.addArc(center: .zero, radius: 2, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(circle.verbs.filter { $0 == .cubic }.count == 4)
        expectOnCircle(circle, center: .zero, radius: 2)
        var point = Path()
        point.addArc(center: .zero, radius: 2, startAngle: 1, endAngle: 1, clockwise: false)
        #expect(point.verbs == [.move])
    }

    @Test func degenerateArcsAddNothing() {
        var path = Path()
        path.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        path.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: false)
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .infinity, clockwise: false)
        #expect(path.isEmpty)
    }

    /// A tangent arc in the corner of two perpendicular lines touches both at distance r from the
    /// corner, and stays on the circle of radius r around (r, r) from the corner.
    @Test func tangentArcTouchesBothLines() {
        var path = Path()
        path.move(to: Point(x: 0, y: 10))
        path.addArc(tangent1End: Point(x: 0, y: 0), tangent2End: Point(x: 10, y: 0), radius: 3)
        #expect(path.verbs.first == .move && path.verbs[1] == .line)
        guard case .line(let start) = path.elements[1] else { Issue.record("expected a line"); return }
        #expect(distance(start, Point(x: 0, y: 3)) < 1e-12)
        #expect(distance(path.currentPoint!, Point(x: 3, y: 0)) < 1e-12)
        expectOnCircle(path, center: Point(x: 3, y: 3), radius: 3)
    }

    @Test func tangentArcOnCollinearPointsIsALine() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addArc(tangent1End: Point(x: 5, y: 0), tangent2End: Point(x: 9, y: 0), radius: 2)
        #expect(path.elements == [.move(to: .zero), .line(to: Point(x: 5, y: 0))])
        var empty = Path()
        empty.addArc(tangent1End: Point(x: 5, y: 0), tangent2End: Point(x: 9, y: 3), radius: 2)
        #expect(empty.isEmpty)
    }

    @Test func tightBoundsOfACircleAndOfACurve() {
        let circle = Path(ellipseIn: Rect(x: 3, y: 4, width: 20, height: 10))
        let b = circle.bounds
        #expect(abs(b.minX - 3) < 1e-9 && abs(b.maxX - 23) < 1e-9 && abs(b.minY - 4) < 1e-9 && abs(b.maxY - 14) < 1e-9)
        var bump = Path()
        bump.move(to: Point(x: 0, y: 0))
        bump.addCurve(to: Point(x: 10, y: 0), control1: Point(x: 0, y: 8), control2: Point(x: 10, y: 8))
        // The curve peaks at t = 1/2: y = 3/4 · 8 = 6, while its control points reach 8.
        #expect(abs(bump.bounds.maxY - 6) < 1e-12)
        #expect(bump.controlPointBounds.maxY == 8)
        var quad = Path()
        quad.move(to: .zero)
        quad.addQuadCurve(to: Point(x: 4, y: 0), control: Point(x: 2, y: -4))
        #expect(abs(quad.bounds.minY - -2) < 1e-12)
        #expect(Path().bounds == .zero)
    }

    @Test func addLinesAndAddPath() {
        var path = Path()
        path.addLines(between: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1)])
        #expect(path.verbs == [.move, .line, .line])
        var moved = Path()
        moved.addPath(path, transform: Transform(translationX: 10, y: 0))
        #expect(moved.elements.last == .line(to: Point(x: 11, y: 1)))
    }

    /// `addPath` appends the other path's arrays whole: the same verbs, points and current point
    /// as adding its elements one by one, after any path (empty, ending with a move, a segment or
    /// a close), for paths with several subpaths, closes, curves and subpaths reopened after a
    /// close.
    @Test func addPathIsAddingTheElementsOneByOne() {
        var other = Path()
        other.move(to: Point(x: 1, y: 2))
        other.addQuadCurve(to: Point(x: 5, y: 2), control: Point(x: 3, y: -1))
        other.closeSubpath()
        other.addLine(to: Point(x: 7, y: 7))   // reopens at (1, 2)
        other.move(to: Point(x: 9, y: 9))
        other.addCurve(to: Point(x: 12, y: 9), control1: Point(x: 10, y: 12), control2: Point(x: 11, y: 6))
        other.closeSubpath()
        var endsWithMove = Path(), endsWithLine = Path(), endsClosed = Path()
        endsWithMove.move(to: Point(x: -1, y: -1))
        endsWithLine.move(to: .zero)
        endsWithLine.addLine(to: Point(x: 3, y: 0))
        endsClosed = endsWithLine
        endsClosed.closeSubpath()
        let transform = Transform(a: 0.3, b: 0.1, c: -0.2, d: 1.7, tx: 4.25, ty: -8.5)
        for (i, base) in [Path(), endsWithMove, endsWithLine, endsClosed].enumerated() {
            var whole = base, oneByOne = base
            whole.addPath(other, transform: transform)
            other.forEachElement { element in
                switch element {
                case .move(let p): oneByOne.move(to: transform.apply(p))
                case .line(let p): oneByOne.addLine(to: transform.apply(p))
                case .quadCurve(let p, let c): oneByOne.addQuadCurve(to: transform.apply(p), control: transform.apply(c))
                case .cubicCurve(let p, let c1, let c2):
                    oneByOne.addCurve(to: transform.apply(p), control1: transform.apply(c1), control2: transform.apply(c2))
                case .closeSubpath: oneByOne.closeSubpath()
                }
            }
            #expect(whole == oneByOne, "after path \(i)")
            #expect(whole.currentPoint == oneByOne.currentPoint, "after path \(i)")
            // The subpath that follows starts where one by one would start it.
            whole.addLine(to: Point(x: 100, y: 100))
            oneByOne.addLine(to: Point(x: 100, y: 100))
            #expect(whole == oneByOne, "after path \(i), reopened")
        }
        var empty = endsWithMove
        empty.addPath(Path())
        #expect(empty == endsWithMove)
    }

    /// The shapes fill to their analytic areas: an ellipse (π·a·b, within the cubic approximation's
    /// 0.03 %) and a rounded rect (w·h − (4 − π)·r²).
    @Test func shapesFillToTheirArea() throws {
        let pixmap = try Pixmap(width: 64, height: 64)
        let canvas = Canvas(threadCount: 1)
        canvas.tolerance = 0.01
        canvas.fill(Path(ellipseIn: Rect(x: 4.5, y: 8.25, width: 50, height: 30)), paint: .solid(.white))
        canvas.render(into: pixmap)
        let ellipseArea = pixmap.bytes.enumerated().reduce(0.0) { $1.offset % 4 == 3 ? $0 + Double($1.element) / 255 : $0 }
        #expect(abs(ellipseArea - Double.pi * 25 * 15) / (Double.pi * 25 * 15) < 0.001)

        pixmap.clear(.transparent)
        canvas.fill(Path(roundedRect: Rect(x: 2.5, y: 3.5, width: 40, height: 30), cornerWidth: 6, cornerHeight: 6), paint: .solid(.white))
        canvas.render(into: pixmap)
        let roundedArea = pixmap.bytes.enumerated().reduce(0.0) { $1.offset % 4 == 3 ? $0 + Double($1.element) / 255 : $0 }
        let expected = 40.0 * 30 - (4 - Double.pi) * 36
        #expect(abs(roundedArea - expected) / expected < 0.001)
    }
}
