import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// The continuous corner (ContinuousCorner): its points against the construction, its symmetry,
/// its tangency to the edges, and the blend towards the circular corner at large radii.
@Suite struct ContinuousCornerTests {
    static let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]

    static func points(_ path: Path) -> [Point] {
        var out: [Point] = []
        path.forEachElement { element in
            switch element {
            case .move(let p), .line(let p): out.append(p)
            case .cubicCurve(let p, let c1, let c2): out += [c1, c2, p]
            case .quadCurve(let p, let c): out += [c, p]
            case .closeSubpath: break
            }
        }
        return out
    }

    static func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    /// A 200 × 100 rect, radius 10: the top-right corner's points are the construction's, placed
    /// at (200, 0) with a back along the top edge (−x) and b down the right edge (+y).
    @Test func theTopRightCornerIsTheConstruction() {
        let path = LayerBackgroundShapes.roundedRect(CGRect(x: 0, y: 0, width: 200, height: 100), radius: 10,
                                                     corners: Self.all, curve: .continuous)
        let points = Self.points(path)
        #expect(Self.near(points[0], Point(x: 15.2866483, y: 0)), "starts 1.53 r right of the top-left corner")
        let corner = ContinuousCorner.continuous.flatMap { $0 }
        for (k, unit) in corner.enumerated() {
            let expected = Point(x: 200 - 10 * unit.x, y: 10 * unit.y)
            #expect(Self.near(points[1 + k], expected, 1e-9), "point \(k)")
        }
    }

    /// Swapping a and b and walking backwards gives the same corner (the diagonal symmetry), and
    /// the first and last cubics leave the edges along them (tangent).
    @Test func theConstructionIsSymmetricAndTangentToTheEdges() {
        let steps = ContinuousCorner.continuous.flatMap { $0 }
        let mirrored = steps.reversed().map { Point(x: $0.y, y: $0.x) }
        #expect(zip(steps, mirrored).allSatisfy { Self.near($0, $1, 2e-7) })
        #expect(steps[1].y == 0 && steps[2].y == 0, "the first cubic leaves the top edge along it")
        #expect(steps[10].x == 0 && steps[11].x == 0, "the last cubic reaches the side edge along it")
    }

    /// A continuous corner reaches 1.53 r along each edge, a circular one r; at a radius of half
    /// the shorter side the continuous corner is the circular one (a capsule stays a capsule), and
    /// just below, it reaches exactly the middle of the side.
    @Test func largeRadiiBlendTowardsTheCircularCorner() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        let capsule = Self.points(LayerBackgroundShapes.roundedRect(rect, radius: 20, corners: Self.all, curve: .continuous))
        let circular = Self.points(LayerBackgroundShapes.roundedRect(rect, radius: 20, corners: Self.all))
        #expect(Self.near(capsule[0], Point(x: 20, y: 0)) && Self.near(circular[0], Point(x: 20, y: 0)))
        // The capsule's top-right corner ends where the circular one's does, at (100, 20).
        #expect(capsule.contains { Self.near($0, Point(x: 100, y: 20)) })
        let between = Self.points(LayerBackgroundShapes.roundedRect(rect, radius: 16, corners: Self.all, curve: .continuous))
        #expect(Self.near(between[0], Point(x: 20, y: 0)), "1.53 × 16 > 20: blended to reach the middle, 20")
        let small = Self.points(LayerBackgroundShapes.roundedRect(rect, radius: 5, corners: Self.all, curve: .continuous))
        #expect(Self.near(small[0], Point(x: 5 * ContinuousCorner.reach, y: 0)))
    }

    /// At the corner's diagonal the continuous curve passes within 0.2% of r of the circle (its
    /// middle cubic's midpoint, 0.2915 r from each edge, against the circle's 0.2929 r), but it
    /// leaves the edges earlier (1.53 r), so it cuts a little more of the square away: a 40 × 40
    /// square with radius 10 covers less than the circular one, whose area is exact,
    /// 1600 − 4·(1 − π/4)·100.
    @Test func theContinuousCornerCutsALittleMoreThanTheCircularOne() throws {
        func area(_ curve: CALayerCornerCurve) throws -> Int {
            let canvas = Canvas(threadCount: 1)
            canvas.tolerance = 0.005   // flattening chords would cut about 2 px² per corner at the default
            canvas.fill(LayerBackgroundShapes.roundedRect(CGRect(x: 0, y: 0, width: 40, height: 40), radius: 10,
                                                          corners: Self.all, curve: curve),
                        paint: .solid(Color(red: 0, green: 0, blue: 0)))
            let pixmap = try Pixmap(width: 40, height: 40)
            canvas.render(into: pixmap)
            var sum = 0
            for y in 0..<40 { for x in 0..<40 { sum += Int(pixmap[x, y].a) } }
            return sum
        }
        let circle = Double(try area(.circular)) / 255, continuous = Double(try area(.continuous)) / 255
        #expect(abs(circle - (1600 - 4 * (1 - Double.pi / 4) * 100)) < 0.5)
        #expect(continuous < circle && continuous > circle - 20, "\(continuous) against \(circle)")
    }
}

/// A layer's `cornerCurve` reaches what is drawn: background, border and `masksToBounds`.
@Suite struct CornerCurveRenderTests {
    static func render(_ curve: CALayerCornerCurve, masks: Bool) throws -> Pixmap {
        let root = LayerRendererTests.root(64)
        let card = LayerRendererTests.layer(CGRect(x: 8, y: 8, width: 48, height: 48),
                                            CGColor(red: 0, green: 0, blue: 1, alpha: 1), in: root)
        card.cornerRadius = 12
        card.cornerCurve = curve
        card.borderWidth = 2
        card.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.masksToBounds = masks
        if masks {
            // A child that fills the card and more: the clip shows the corner's curve.
            LayerRendererTests.layer(CGRect(x: -10, y: -10, width: 80, height: 80),
                                     CGColor(red: 0, green: 1, blue: 0, alpha: 1), in: card)
        }
        return try LayerRendererTests.render(root)
    }

    /// The top row of the card at 0.79 r from its left edge (pixel x = 17): the quarter circle
    /// is 0.27 px below the edge there, the continuous corner 0.40 px (its first cubic leaves the
    /// edge at 1.53 r but stays within 0.01 px of it until about 1.1 r): less of the pixel is
    /// covered.
    @Test(arguments: [false, true])
    func theCurveShowsInWhatIsDrawn(masks: Bool) throws {
        let circular = try Self.render(.circular, masks: masks), continuous = try Self.render(.continuous, masks: masks)
        let (x, y) = (17, 8)
        #expect(circular[x, y].a < 255 && continuous[x, y].a < circular[x, y].a,
                "\(continuous[x, y].a) against \(circular[x, y].a)")
        // Far from the corners, both draw the same.
        #expect(circular[32, 8] == continuous[32, 8] && circular[32, 32] == continuous[32, 32])
    }
}
