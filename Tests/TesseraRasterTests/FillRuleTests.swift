/// Non-zero versus even-odd on shapes whose winding numbers are known by construction: a
/// self-intersecting pentagram {5/2} (winding 2 in the center pentagon, 1 in the points), nested
/// rectangles wound the same way (2 inside) and opposite ways (0 inside), overlapping subpaths.
/// Only pixels well inside or well outside each region are checked, so the values are exact.
import Testing
import TesseraRaster

@Suite struct FillRuleTests {
    typealias H = CoverageHarness

    static let rules: [FillRule] = [.nonZero, .evenOdd]

    /// The value of the pixel containing `point`.
    static func value(_ coverage: [UInt8], width: Int, at point: Point) -> UInt8 {
        coverage[Int(point.y.rounded(.down)) * width + Int(point.x.rounded(.down))]
    }

    /// Pentagram {5/2} of radius 40 around (50, 50): each vertex joined to the next but one.
    @Test(arguments: rules)
    func pentagram(rule: FillRule) throws {
        let (cx, cy, radius) = (50.0, 50.0, 40.0)
        let vertices = (0..<5).map { k in
            let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(x: cx + radius * cos(angle), y: cy + radius * sin(angle))
        }
        let coverage = try H.coverage(H.polygonPath([vertices]), rule: rule, width: 100, height: 100)

        // Center pentagon (inradius ≈ 12 px): winding 2. The four pixels around the center.
        for (x, y) in [(49, 49), (50, 49), (49, 50), (50, 50)] {
            #expect(coverage[y * 100 + x] == (rule == .nonZero ? 255 : 0), "center pixel (\(x), \(y))")
        }
        for k in 0..<5 {
            let tip = -Double.pi / 2 + Double(k) * 2 * Double.pi / 5
            // Inside each point, 0.7 R from the center along its axis (about 4 px from its edges):
            // winding 1, covered under both rules.
            let inPoint = Point(x: cx + 28 * cos(tip), y: cy + 28 * sin(tip))
            #expect(Self.value(coverage, width: 100, at: inPoint) == 255, "inside point \(k) at \(inPoint)")
            // Between two points, 0.7 R out (about 10 px from the star): outside under both rules.
            let notch = tip + Double.pi / 5
            let outside = Point(x: cx + 28 * cos(notch), y: cy + 28 * sin(notch))
            #expect(Self.value(coverage, width: 100, at: outside) == 0, "outside between points at \(outside)")
        }
        #expect(coverage[0] == 0 && coverage[99] == 0 && coverage[99 * 100] == 0 && coverage[99 * 100 + 99] == 0)
    }

    /// Outer rectangle (4…44) and inner rectangle (14…34), in one path.
    static func nestedRectangles(innerReversed: Bool) -> Path {
        H.polygonPath([
            H.rectPolygon(x0: 4, y0: 4, x1: 44, y1: 44),
            H.rectPolygon(x0: 14, y0: 14, x1: 34, y1: 34, reversed: innerReversed),
        ])
    }

    /// Same winding: the inner region has winding 2 — covered under non-zero, a hole under even-odd.
    @Test(arguments: rules)
    func nestedRectanglesSameDirection(rule: FillRule) throws {
        let coverage = try H.coverage(Self.nestedRectangles(innerReversed: false), rule: rule, width: 48, height: 48)
        for (x, y) in [(24, 24), (14, 14), (33, 33), (14, 33)] {
            #expect(coverage[y * 48 + x] == (rule == .nonZero ? 255 : 0), "inner pixel (\(x), \(y))")
        }
        for (x, y) in [(8, 24), (4, 4), (43, 43), (24, 13), (34, 20)] {
            #expect(coverage[y * 48 + x] == 255, "ring pixel (\(x), \(y))")
        }
        for (x, y) in [(0, 0), (3, 24), (44, 24), (24, 44), (47, 47)] {
            #expect(coverage[y * 48 + x] == 0, "outside pixel (\(x), \(y))")
        }
    }

    /// Opposite winding: the inner region has winding 0 — a hole under both rules.
    @Test(arguments: rules)
    func nestedRectanglesOppositeDirections(rule: FillRule) throws {
        let coverage = try H.coverage(Self.nestedRectangles(innerReversed: true), rule: rule, width: 48, height: 48)
        for (x, y) in [(24, 24), (14, 14), (33, 33), (14, 33)] {
            #expect(coverage[y * 48 + x] == 0, "inner pixel (\(x), \(y))")
        }
        for (x, y) in [(8, 24), (4, 4), (43, 43), (24, 13), (34, 20)] {
            #expect(coverage[y * 48 + x] == 255, "ring pixel (\(x), \(y))")
        }
        for (x, y) in [(0, 0), (3, 24), (44, 24), (24, 44), (47, 47)] {
            #expect(coverage[y * 48 + x] == 0, "outside pixel (\(x), \(y))")
        }
    }

    /// Two overlapping rectangles wound the same way, as two subpaths: the overlap is covered
    /// under non-zero and empty under even-odd; with three copies of one rectangle (winding 3)
    /// it is covered under both.
    @Test(arguments: rules)
    func overlappingSubpaths(rule: FillRule) throws {
        let a = H.rectPolygon(x0: 2, y0: 2, x1: 20, y1: 20)
        let b = H.rectPolygon(x0: 10, y0: 10, x1: 30, y1: 30)
        let two = try H.coverage(H.polygonPath([a, b]), rule: rule, width: 32, height: 32)
        #expect(two[15 * 32 + 15] == (rule == .nonZero ? 255 : 0), "overlap")
        #expect(two[5 * 32 + 5] == 255 && two[25 * 32 + 25] == 255, "single cover")
        #expect(two[5 * 32 + 25] == 0 && two[25 * 32 + 5] == 0, "outside")

        let three = try H.coverage(H.polygonPath([a, a, a]), rule: rule, width: 32, height: 32)
        #expect(three[10 * 32 + 10] == 255, "winding 3")
        #expect(three[25 * 32 + 25] == 0)
    }

    /// A subpath left open fills the same as the same subpath explicitly closed.
    @Test(arguments: rules)
    func openSubpathsCloseImplicitly(rule: FillRule) throws {
        let star = (0..<5).map { k in
            let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(x: 24.3 + 20 * cos(angle), y: 24.6 + 20 * sin(angle))
        }
        let open = try H.coverage(H.polygonPath([star], close: false), rule: rule, width: 48, height: 48)
        let closed = try H.coverage(H.polygonPath([star], close: true), rule: rule, width: 48, height: 48)
        #expect(open == closed)
        #expect(open.contains(255), "the star is drawn")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
