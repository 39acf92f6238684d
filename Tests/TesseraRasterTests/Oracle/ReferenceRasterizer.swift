import TesseraRaster

/// A slow, obviously correct reference rasterizer for polygons: the oracle that the fast
/// rasterizer behind `Canvas` is checked against. Double precision throughout, no tricks.
///
/// # The math
///
/// A closed polygon `P` has a winding number `wind_P(q)` at every point `q` off its boundary, and
/// its signed (shoelace) area `½ Σ (xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ)` is the integral of `wind_P` over the plane,
/// for any polygon: convex, concave or self-intersecting.
///
/// Clipping `P` against a half-plane `H` with Sutherland–Hodgman keeps the parts of the boundary
/// inside `H` and replaces each excursion outside `H` by the segment of the clip line between the
/// exit and re-entry points. An excursion and its replacement form a closed loop lying in the closed
/// complement of `H`, which winds zero times around any point inside `H`; and the clipped polygon
/// lies in `H`, so it winds zero times around any point outside. Hence the clipped polygon's winding
/// number is `wind_P` inside `H` and 0 outside, even when `P` is not convex (the clipped polygon may
/// have zero-width spikes along the clip line, which enclose no area). Clipping against the four
/// half-planes of the pixel square `[x, x+1] × [y, y+1]` (in any order: here the two `y` sides first,
/// once per row, then the two `x` sides per pixel) and taking the signed area therefore gives
/// `∫_pixel wind_P`. Winding numbers of subpaths add, so the sum over subpaths is the integral of
/// the path's winding number over the pixel, `w`.
///
/// Coverage from `w`, the way an exact-area accumulation rasterizer computes it (equal to the true
/// area coverage wherever edges do not cross inside the pixel):
/// - non-zero: `min(|w|, 1)`;
/// - even-odd: `m = |w| mod 2`, coverage `m > 1 ? 2 − m : m`.
///
/// The 8-bit coverage is `round(coverage · 255)`.
enum ReferenceRasterizer {
    /// The closed polygons of `path` mapped through `transform`, one per subpath with at least one
    /// point; every subpath is implicitly closed. The oracle handles polygons only: a path with a
    /// curve is a programming error in the test.
    static func polygons(of path: Path, transform: Transform = .identity) -> [[Point]] {
        var result: [[Point]] = []
        var current: [Point] = []
        func finish() {
            if !current.isEmpty { result.append(current) }
            current = []
        }
        path.forEachElement { element in
            switch element {
            case .move(let p):
                finish()
                current = [transform.apply(p)]
            case .line(let p):
                current.append(transform.apply(p))
            case .closeSubpath:
                finish()
            case .quadCurve, .cubicCurve:
                preconditionFailure("ReferenceRasterizer handles polygons only (move, line, close)")
            }
        }
        finish()
        return result
    }

    /// The integral of the winding number over every pixel of a `width × height` target, row-major.
    static func windingIntegrals(of polygons: [[Point]], width: Int, height: Int) -> [Double] {
        var w = [Double](repeating: 0, count: width * height)
        for polygon in polygons where polygon.count >= 3 {
            // Only pixels within the polygon's bounding box can have a non-zero integral.
            let ys = polygon.map(\.y)
            let rows = pixelRange(from: ys.min()!, to: ys.max()!, count: height)
            for y in rows {
                var band = clip(polygon, axis: .y, bound: Double(y), keepAbove: true)
                band = clip(band, axis: .y, bound: Double(y + 1), keepAbove: false)
                guard band.count >= 3 else { continue }
                let xs = band.map(\.x)
                for x in pixelRange(from: xs.min()!, to: xs.max()!, count: width) {
                    var cell = clip(band, axis: .x, bound: Double(x), keepAbove: true)
                    cell = clip(cell, axis: .x, bound: Double(x + 1), keepAbove: false)
                    w[y * width + x] += signedArea(cell)
                }
            }
        }
        return w
    }

    /// The pixel indices in `0..<count` whose span `[i, i+1]` meets `[low, high]` (clamped before
    /// converting, so that coordinates like ±1e30 do not overflow `Int`).
    static func pixelRange(from low: Double, to high: Double, count: Int) -> Range<Int> {
        let first = Int(min(max(low.rounded(.down), 0), Double(count)))
        let end = Int(min(max(high.rounded(.up), 0), Double(count)))
        return first..<max(first, end)
    }

    /// Coverage in [0, 1] of a pixel whose winding-number integral is `w`.
    static func coverage(windingIntegral w: Double, rule: FillRule) -> Double {
        let a = abs(w)
        switch rule {
        case .nonZero:
            return min(a, 1)
        case .evenOdd:
            let m = a.truncatingRemainder(dividingBy: 2)
            return m > 1 ? 2 - m : m
        }
    }

    /// The 8-bit coverage of every pixel, row-major: `round(coverage · 255)`.
    static func coverage(of polygons: [[Point]], rule: FillRule, width: Int, height: Int) -> [UInt8] {
        windingIntegrals(of: polygons, width: width, height: height).map {
            UInt8((coverage(windingIntegral: $0, rule: rule) * 255).rounded())
        }
    }

    /// The 8-bit coverage of `path` (polygons only) mapped through `transform`.
    static func coverage(of path: Path, rule: FillRule, transform: Transform = .identity,
                         width: Int, height: Int) -> [UInt8] {
        coverage(of: polygons(of: path, transform: transform), rule: rule, width: width, height: height)
    }

    enum Axis { case x, y }

    /// Sutherland–Hodgman against one axis-aligned half-plane: keeps the points whose coordinate
    /// on `axis` is ≥ `bound` (`keepAbove`) or ≤ `bound`.
    static func clip(_ polygon: [Point], axis: Axis, bound: Double, keepAbove: Bool) -> [Point] {
        guard let last = polygon.last else { return [] }
        func coordinate(_ p: Point) -> Double { axis == .x ? p.x : p.y }
        func inside(_ p: Point) -> Bool { keepAbove ? coordinate(p) >= bound : coordinate(p) <= bound }
        func crossing(_ a: Point, _ b: Point) -> Point {
            // Interpolate from the endpoint nearer the clip line: accurate even when the other
            // endpoint is very far away (coordinates like 1e30).
            let (near, far) = abs(coordinate(a) - bound) <= abs(coordinate(b) - bound) ? (a, b) : (b, a)
            let t = (bound - coordinate(near)) / (coordinate(far) - coordinate(near))
            let p = near + (far - near) * t
            // Exactly on the clip line.
            return axis == .x ? Point(x: bound, y: p.y) : Point(x: p.x, y: bound)
        }
        var result: [Point] = []
        result.reserveCapacity(polygon.count + 4)
        var previous = last
        for p in polygon {
            switch (inside(previous), inside(p)) {
            case (true, true): result.append(p)
            case (true, false): result.append(crossing(previous, p))
            case (false, true): result.append(crossing(previous, p)); result.append(p)
            case (false, false): break
            }
            previous = p
        }
        return result
    }

    /// The shoelace signed area of a closed polygon (positive when clockwise on a y-down screen).
    static func signedArea(_ polygon: [Point]) -> Double {
        guard polygon.count >= 3 else { return 0 }
        var twice = 0.0
        var previous = polygon[polygon.count - 1]
        for p in polygon {
            twice += previous.x * p.y - p.x * previous.y
            previous = p
        }
        return twice / 2
    }
}
