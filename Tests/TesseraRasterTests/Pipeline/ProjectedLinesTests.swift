import Foundation
import Testing

@testable import TesseraRaster

/// `EdgeBuilder.addOutline(_:projectedBy:)`, the one pass from contours in a path's space to
/// lines, gives the lines (same floats, same order) that projecting the contours and adding them
/// gives; where a projected point leaves the target or reaches the eye it emits nothing and
/// leaves the case to that way.
@Suite struct ProjectedLinesTests {
    /// A star of ten points around (24, 24), radii 20 and 8.
    static var star: Path {
        var path = Path()
        path.addLines(
            between: (0..<10).map { k in
                let angle = Double(k) * Double.pi / 5, radius = k.isMultiple(of: 2) ? 20.0 : 8.0
                return Point(x: 24 + radius * cos(angle), y: 24 + radius * sin(angle))
            })
        path.closeSubpath()
        return path
    }

    /// The dashed outline of the star, in its own space.
    static func dashedOutline() -> Polylines {
        let geometry = StrokeGeometry()
        star.withElements { path in
            DashPattern(lengths: [3, 2], phase: 0.7).withElements { dash in
                let shape = StrokeShape(path: path, style: StrokeStyle(width: 1.2), dash: dash, trimStart: 0, trimEnd: 1)
                #expect(geometry.outline(of: shape, transform: .identity, tolerance: 0.25) != nil)
            }
        }
        return geometry.outline
    }

    /// The star's plane turned about its vertical axis under a perspective, moved by (dx, dy).
    static func perspective(dx: Double, dy: Double) -> Projection {
        Projection(a: 0.9, b: 0.05, c: 0, d: 1, tx: dx, ty: dy, wx: -0.004, wy: 0.001, w0: 1)
    }

    /// The lines of `outline` projected and added the other way, and whether the one pass took them.
    static func lines(_ outline: Polylines, _ projection: Projection) -> (onePass: [Float]?, projected: [Float]) {
        let arena = LineArena()
        var builder = EdgeBuilder(width: 64, height: 64, tolerance: 0.25, arena: arena)
        let onePass = builder.addOutline(outline, projectedBy: projection)
        let onePassLines = Array(UnsafeBufferPointer(start: arena.floats, count: arena.count * 4))
        if !onePass { #expect(arena.count == 0) }
        let other = LineArena()
        var otherBuilder = EdgeBuilder(width: 64, height: 64, tolerance: 0.25, arena: other)
        let geometry = ProjectedGeometry()
        if geometry.project(outline, projection) {
            let added = otherBuilder.addOutline(geometry.projected, transform: .identity)
            #expect(added)
        }
        let projectedLines = Array(UnsafeBufferPointer(start: other.floats, count: other.count * 4))
        return (onePass ? onePassLines : nil, projectedLines)
    }

    @Test func insideTheTargetTheSameLinesInOnePass() {
        let outline = Self.dashedOutline()
        let (onePass, projected) = Self.lines(outline, Self.perspective(dx: 6, dy: 8))
        #expect(onePass != nil)
        #expect(projected.count > 40 * 4)
        #expect(onePass.map { $0.map(\.bitPattern) } == projected.map(\.bitPattern))
    }

    @Test func aFillsContoursTooInOnePass() {
        var flattened = Polylines()
        var smooth: [Bool] = []
        #expect(
            PolylineFlattener.flatten(
                Self.star, transform: .identity, tolerance: 0.25, into: &flattened, smooth: &smooth))
        let (onePass, projected) = Self.lines(flattened, Self.perspective(dx: 6, dy: 8))
        #expect(onePass.map { $0.map(\.bitPattern) } == projected.map(\.bitPattern))
        #expect(projected.count == 10 * 4)
    }

    @Test func crossingTheTargetsEdgeLeftToClipping() {
        let (onePass, projected) = Self.lines(Self.dashedOutline(), Self.perspective(dx: -10, dy: 8))
        #expect(onePass == nil)
        #expect(!projected.isEmpty)
    }

    @Test func reachingTheEyeEmitsNothing() {
        // w = 1 − 0.03·x is zero at x = 33.3: the star's right points lie behind the eye.
        let projection = Projection(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0, wx: -0.03, wy: 0, w0: 1)
        let (onePass, projected) = Self.lines(Self.dashedOutline(), projection)
        #expect(onePass == nil)
        #expect(projected.isEmpty)
    }
}
