/// Gradients and images under a projection, through Canvas: each pixel shows the paint at the
/// point of the shape's plane seen there. The tests take device pixel centres back onto the plane
/// by solving the projection's equations in Double (Cramer's rule, independent of
/// `Projection.inverted()`), and check pixels wholly inside the shape (the pre-images of their
/// four corners inside it: full coverage), so that a pixel is exactly its paint's colour.
import Foundation
import Testing
@testable import TesseraRaster

@Suite struct ProjectedPaintTests {
    static let size = 96
    /// A plane seen in perspective: farther to the right (w from 1 at x = 0 to 1.56 at x = 80) and
    /// a little downwards, slightly rotated and sheared.
    static let projection = Projection(a: 1.3, b: 0.12, c: -0.08, d: 1.25, tx: 8, ty: 6, wx: 0.006, wy: 0.001, w0: 1)

    /// The plane point that `projection` maps onto device point (X, Y): the solution of
    /// (a − X·wx)·x + (c − X·wy)·y = X·w0 − tx and (b − Y·wx)·x + (d − Y·wy)·y = Y·w0 − ty.
    static func preimage(_ X: Double, _ Y: Double, _ m: Projection = projection) -> Point {
        let a11 = m.a - X * m.wx, a12 = m.c - X * m.wy, r1 = X * m.w0 - m.tx
        let a21 = m.b - Y * m.wx, a22 = m.d - Y * m.wy, r2 = Y * m.w0 - m.ty
        let det = a11 * a22 - a12 * a21
        return Point(x: (r1 * a22 - a12 * r2) / det, y: (a11 * r2 - r1 * a21) / det)
    }

    /// Whether pixel (x, y) lies wholly inside `rect` of the plane, `margin` plane units in.
    static func whollyInside(_ x: Int, _ y: Int, _ rect: Rect, margin: Double = 0.01,
                             _ m: Projection = projection) -> Bool {
        [(0, 0), (1, 0), (0, 1), (1, 1)].allSatisfy { dx, dy in
            let p = preimage(Double(x + dx), Double(y + dy), m)
            return p.x > rect.minX + margin && p.x < rect.maxX - margin && p.y > rect.minY + margin && p.y < rect.maxY - margin
        }
    }

    static func render(_ path: Path, _ paint: Paint, _ m: Projection = projection) throws -> Pixmap {
        let canvas = Canvas(threadCount: 2)
        canvas.clear(.white)
        canvas.fill(path, paint: paint, projection: m)
        let pixmap = try Pixmap(width: size, height: size)
        canvas.render(into: pixmap)
        return pixmap
    }

    // MARK: Images

    /// 8 × 8 opaque texels, each its own colour.
    static let texels = ImageTestSupport.image(width: 8, height: 8) { k, l in
        PremultipliedRGBA8(r: UInt8(30 * k), g: UInt8(30 * l), b: UInt8(250 - 13 * (k + l)), a: 255)
    }
    static let texelSize = 8.0
    /// The plane's rectangle: the image (64 × 64 units) and a texel and a half around it, where the
    /// extend mode shows.
    static let plane = Rect(x: -12, y: -12, width: 88, height: 88)

    /// Texel index k extended along a side of n texels; nil for a transparent texel.
    static func extended(_ k: Int, _ n: Int, _ extend: ImagePattern.Extend) -> Int? {
        switch extend {
        case .pad: return min(max(k, 0), n - 1)
        case .repeat: return ((k % n) + n) % n
        case .reflect:
            let m = ((k % (2 * n)) + 2 * n) % (2 * n)
            return m < n ? m : 2 * n - 1 - m
        case .none: return k >= 0 && k < n ? k : nil
        }
    }

    static func texel(_ k: Int, _ l: Int, _ extend: ImagePattern.Extend) -> PremultipliedRGBA8 {
        guard let i = extended(k, 8, extend), let j = extended(l, 8, extend) else { return .transparent }
        return texels[i, j]
    }

    /// Nearest: where a pixel's pre-image lies at least 0.05 texel inside a texel, the pixel is
    /// that texel's colour (white where extend none leaves it transparent), for every extend mode.
    @Test(arguments: [ImagePattern.Extend.pad, .repeat, .reflect, .none])
    func nearestShowsTheTexelUnderEachPixel(extend: ImagePattern.Extend) throws {
        let pattern = ImagePattern(image: Self.texels, transform: Transform(scaleX: Self.texelSize, y: Self.texelSize),
                                   extend: extend, filter: .nearest)
        let pixmap = try Self.render(Path(rect: Self.plane), .image(pattern))
        var checked = 0
        for y in 0..<Self.size {
            for x in 0..<Self.size where Self.whollyInside(x, y, Self.plane) {
                let p = Self.preimage(Double(x) + 0.5, Double(y) + 0.5)
                let u = p.x / Self.texelSize, v = p.y / Self.texelSize
                let fu = u - u.rounded(.down), fv = v - v.rounded(.down)
                guard fu > 0.05, fu < 0.95, fv > 0.05, fv < 0.95 else { continue }
                var want = Self.texel(Int(u.rounded(.down)), Int(v.rounded(.down)), extend)
                if want.a == 0 { want = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) }
                #expect(pixmap[x, y] == want, "pixel (\(x), \(y)), texel point (\(u), \(v))")
                checked += 1
            }
        }
        #expect(checked > 3000)
    }

    /// Bilinear: the pixel is the 7-bit blend of the four texels around its pre-image less half a
    /// texel (the kernels' documented arithmetic, ImageTestSupport.bilinear), skipping pixels
    /// whose weight lies within 0.02 of a rounding boundary of 1/128. Opaque extends, so that the
    /// pixel is the sample itself.
    @Test(arguments: [ImagePattern.Extend.pad, .repeat, .reflect])
    func bilinearBlendsTheTexelsAroundEachPixel(extend: ImagePattern.Extend) throws {
        let pattern = ImagePattern(image: Self.texels, transform: Transform(scaleX: Self.texelSize, y: Self.texelSize),
                                   extend: extend, filter: .bilinear)
        let pixmap = try Self.render(Path(rect: Self.plane), .image(pattern))
        var checked = 0
        for y in 0..<Self.size {
            for x in 0..<Self.size where Self.whollyInside(x, y, Self.plane) {
                let p = Self.preimage(Double(x) + 0.5, Double(y) + 0.5)
                let su = (p.x / Self.texelSize - 0.5) * 128, sv = (p.y / Self.texelSize - 0.5) * 128
                guard abs(su - su.rounded(.down) - 0.5) > 0.02, abs(sv - sv.rounded(.down) - 0.5) > 0.02 else { continue }
                let tu = Int((su + 0.5).rounded(.down)), tv = Int((sv + 0.5).rounded(.down))
                let k0 = tu >> 7, l0 = tv >> 7
                let want = ImageTestSupport.bilinear(Self.texel(k0, l0, extend), Self.texel(k0 + 1, l0, extend),
                                                     Self.texel(k0, l0 + 1, extend), Self.texel(k0 + 1, l0 + 1, extend),
                                                     wx: tu & 127, wy: tv & 127)
                #expect(pixmap[x, y] == want, "pixel (\(x), \(y))")
                checked += 1
            }
        }
        #expect(checked > 3000)
    }

    /// Trilinear picks its level per pixel from the local stretch ρ (texels per device pixel,
    /// measured here by central differences of the exact pre-image): on a 1-texel checkerboard
    /// receding from the eye, pixels with ρ² < 1.9 (level 0) are exactly the bilinear rendering,
    /// and pixels with ρ² > 2.1 are level 1 or beyond, where every texel is the checkerboard's
    /// mean, (128, 128, 128).
    @Test func trilinearPicksTheLevelOfEachPixel() throws {
        let receding = Projection(a: 1.2, b: 0, c: 0, d: 1.2, tx: 4, ty: 4, wx: 0.02, wy: 0.002, w0: 1)
        let board = ImageTestSupport.checkerboard(size: 64)
        let rect = Rect(x: 0, y: 0, width: 64, height: 64)
        func drawn(_ filter: ImagePattern.Filter) throws -> Pixmap {
            try Self.render(Path(rect: rect), .image(ImagePattern(image: board, extend: .pad, filter: filter)), receding)
        }
        let trilinear = try drawn(.trilinear), bilinear = try drawn(.bilinear)
        var fine = 0, coarse = 0
        let h = 1e-4
        for y in 0..<Self.size {
            for x in 0..<Self.size where Self.whollyInside(x, y, rect, receding) {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let dx = Self.preimage(cx + h, cy, receding) - Self.preimage(cx - h, cy, receding)
                let dy = Self.preimage(cx, cy + h, receding) - Self.preimage(cx, cy - h, receding)
                let rhoSquared = max(dx.lengthSquared, dy.lengthSquared) / (4 * h * h)
                if rhoSquared < 1.9 {
                    #expect(trilinear[x, y] == bilinear[x, y], "pixel (\(x), \(y)), ρ² \(rhoSquared)")
                    fine += 1
                } else if rhoSquared > 2.1 {
                    #expect(trilinear[x, y] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255),
                            "pixel (\(x), \(y)), ρ² \(rhoSquared)")
                    coarse += 1
                }
            }
        }
        #expect(fine > 300 && coarse > 300)
    }

    // MARK: Gradients

    /// A linear gradient from black to white: the pixel's grey is 255·t of its pre-image, within
    /// the table's quantisation: half a level for the 8-bit entry and half a table step,
    /// 255 / (2 · 1023) levels, for t rounded to an entry.
    @Test func linearGradientTakesTheParameterOfThePreimage() throws {
        let start = Point(x: 4, y: 2), end = Point(x: 70, y: 30)
        let gradient = Gradient(.linear(start: start, end: end), colors: [.black, .white])
        let rect = Rect(x: -8, y: -8, width: 88, height: 80)
        let pixmap = try Self.render(Path(rect: rect), .gradient(gradient))
        let bound = 0.5 + 255.0 / 2046
        var checked = 0, worst = 0.0
        for y in 0..<Self.size {
            for x in 0..<Self.size where Self.whollyInside(x, y, rect) {
                let p = Self.preimage(Double(x) + 0.5, Double(y) + 0.5)
                let axis = end - start, d = p - start
                let t = min(max((d.x * axis.x + d.y * axis.y) / axis.lengthSquared, 0), 1)
                let got = pixmap[x, y]
                let error = abs(Double(got.r) - 255 * t)
                worst = max(worst, error)
                #expect(error <= bound && got.g == got.r && got.b == got.r && got.a == 255,
                        "pixel (\(x), \(y)): \(got), t \(t)")
                checked += 1
            }
        }
        #expect(checked > 4000)
    }

    /// Two-circle radial (repeat) and conic gradients, placed by a transform of their own: each
    /// pixel within one level per channel of the formula's colour at its pre-image
    /// (GradientProbe's formulas; the table's accuracy for stops 0.25 or more apart), skipping
    /// pixels near a discontinuity (the colour changes by more than 3 levels within 1.5 table
    /// steps of t: the repeat seams, the conic's seam).
    @Test(arguments: [0, 1])
    func radialAndConicGradientsTakeTheColourOfThePreimage(kindIndex: Int) throws {
        let stops = [Gradient.Stop(0, 1, 0, 0), Gradient.Stop(0.4, 0, 0.8, 0.2), Gradient.Stop(1, 0.1, 0.2, 1)]
        let kind: Gradient.Kind = kindIndex == 0
            ? .radial(startCenter: Point(x: 10, y: 12), startRadius: 3, endCenter: Point(x: 18, y: 14), endRadius: 22)
            : .conic(center: Point(x: 12, y: 10), startAngle: 0.7)
        let gradient = Gradient(kind, stops: stops, extend: .repeat,
                                transform: Transform(rotationAngle: 0.3).scaledBy(x: 1.4, y: 1).translatedBy(x: 6, y: 4))
        let rect = Rect(x: -8, y: -8, width: 88, height: 80)
        let pixmap = try Self.render(Path(rect: rect), .gradient(gradient))
        let toGradient = try #require(gradient.transform.inverted())
        let step = 1.5 / Double(GradientTable.size - 1)
        func color(_ p: Point, shift: Double = 0) -> PremultipliedRGBA8 {
            guard let t = GradientProbe.t(of: kind, at: toGradient.apply(p)) else { return .transparent }
            return GradientProbe.straightColor(at: GradientProbe.extended(t + shift, .repeat), sortedStops: stops).premultiplied
        }
        var checked = 0
        for y in 0..<Self.size {
            for x in 0..<Self.size where Self.whollyInside(x, y, rect) {
                let p = Self.preimage(Double(x) + 0.5, Double(y) + 0.5)
                let want = color(p)
                guard want.a == 255, GradientProbe.distance(color(p, shift: step), want) <= 3,
                      GradientProbe.distance(color(p, shift: -step), want) <= 3 else { continue }
                #expect(GradientProbe.distance(pixmap[x, y], want) <= 1, "pixel (\(x), \(y)): \(pixmap[x, y]), want \(want)")
                checked += 1
            }
        }
        #expect(checked > 3000)
    }

    /// The inverse projection takes each projected point back to where it came from, with w > 0 in
    /// front of the eye.
    @Test func inverseTakesProjectedPointsBack() throws {
        let inverse = try #require(Self.projection.inverted())
        for p in [Point(x: 0, y: 0), Point(x: 80, y: -10), Point(x: 33.3, y: 70), Point(x: -12, y: 76)] {
            let q = try #require(Self.projection.project(p))
            let back = try #require(inverse.project(q))
            #expect((back - p).lengthSquared < 1e-18 * max(1, p.lengthSquared))
        }
    }
}
