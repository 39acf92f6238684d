/// Golden-image tests of the rasterizer (compared exactly with PNGs in `Golden/`, see
/// `GoldenImageStore`), and tests of the golden-image helper's own comparison.
import Testing
import GoldenSupport
import TesseraRaster

@Suite struct GoldenImageTests {
    /// 64×64, opaque background: an even-odd pentagram (hollow center), a 4-cubic circle, and
    /// semi-transparent overlapping shapes (a rotated rectangle, a non-zero star with a hole wound
    /// the other way). Golden: `Golden/raster-basic-shapes.png`.
    @Test func basicShapes() throws {
        let canvas = Canvas(threadCount: 1)
        canvas.clear(Color(red: 0.97, green: 0.96, blue: 0.92))

        let pentagram = CoverageHarness.polygonPath([(0..<5).map { k in
            let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(x: 22 + 19 * cos(angle), y: 23 + 19 * sin(angle))
        }])
        canvas.fill(pentagram, paint: .solid(Color(red: 0.85, green: 0.1, blue: 0.1)), rule: .evenOdd)

        let (cx, cy, r) = (43.5, 42.25, 16.0), k = 0.5522847498 * r
        var circle = Path()
        circle.move(to: Point(x: cx + r, y: cy))
        circle.addCurve(to: Point(x: cx, y: cy + r), control1: Point(x: cx + r, y: cy + k), control2: Point(x: cx + k, y: cy + r))
        circle.addCurve(to: Point(x: cx - r, y: cy), control1: Point(x: cx - k, y: cy + r), control2: Point(x: cx - r, y: cy + k))
        circle.addCurve(to: Point(x: cx, y: cy - r), control1: Point(x: cx - r, y: cy - k), control2: Point(x: cx - k, y: cy - r))
        circle.addCurve(to: Point(x: cx + r, y: cy), control1: Point(x: cx + k, y: cy - r), control2: Point(x: cx + r, y: cy - k))
        circle.closeSubpath()
        canvas.fill(circle, paint: .solid(Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.6)))

        let bar = CoverageHarness.polygonPath([CoverageHarness.rectPolygon(x0: -20, y0: -5, x1: 20, y1: 5)])
        let turn = Transform(rotationAngle: Double.pi / 6).concatenating(Transform(translationX: 30, y: 34))
        canvas.fill(bar, paint: .solid(Color(red: 0.1, green: 0.7, blue: 0.2, alpha: 0.5)), transform: turn)

        let outline = (0..<12).map { i in
            let angle = Double(i) * Double.pi / 6
            let radius = i.isMultiple(of: 2) ? 14.0 : 7.0
            return Point(x: 46 + radius * cos(angle), y: 16 + radius * sin(angle))
        }
        let hole = CoverageHarness.regularPolygon(center: Point(x: 46, y: 16), radius: 3.5, count: 6).reversed()
        canvas.fill(CoverageHarness.polygonPath([outline, Array(hole)]),
                    paint: .solid(Color(red: 0.95, green: 0.6, blue: 0.05, alpha: 0.75)))

        let pixmap = try Pixmap(width: 64, height: 64)
        canvas.render(into: pixmap)
        goldenImages.expectMatch(pixmap, named: "raster-basic-shapes")
    }

    // MARK: The helper itself

    static func solid(_ pixel: PremultipliedRGBA8, width: Int = 4, height: Int = 3) throws -> Pixmap {
        let pixmap = try Pixmap(width: width, height: height)
        pixmap.clear(pixel)
        return pixmap
    }

    @Test func differenceCountsPixelsAndMaxChannel() throws {
        let gray = PremultipliedRGBA8(r: 100, g: 100, b: 100, a: 255)
        let a = try Self.solid(gray), b = try Self.solid(gray)
        #expect(GoldenImageStore.difference(a, b) == .init(pixelCount: 0, maxChannelDifference: 0))
        b[1, 2] = PremultipliedRGBA8(r: 100, g: 103, b: 100, a: 255)
        b[3, 0] = PremultipliedRGBA8(r: 100, g: 100, b: 100, a: 254)
        #expect(GoldenImageStore.difference(a, b) == .init(pixelCount: 2, maxChannelDifference: 3))
        #expect(GoldenImageStore.difference(a, b, tolerance: 1) == .init(pixelCount: 1, maxChannelDifference: 3))
        #expect(GoldenImageStore.difference(a, b, tolerance: 3) == .init(pixelCount: 0, maxChannelDifference: 3))
        #expect(GoldenImageStore.difference(a, try Self.solid(gray, width: 3)) == nil, "sizes differ")
    }

    @Test func diffImageMarksDifferingPixels() throws {
        let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        let a = try Self.solid(white), b = try Self.solid(white)
        b[2, 1] = .transparent
        let diff = try GoldenImageStore.diffImage(a, b)
        #expect(diff[2, 1] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        let same = diff[0, 0]
        #expect(same.a == 255 && same.r == same.g && same.g == same.b && same.r < 128)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
