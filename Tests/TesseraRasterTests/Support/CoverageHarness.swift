import TesseraRaster

/// Shared helpers of the coverage tests: rendering a path to 8-bit coverage, building polygon
/// paths, shoelace areas, a seeded PRNG, and readable mismatch reports.
///
/// Coverage is read by filling with opaque white, source-over, onto transparent black: each pixel's
/// alpha byte is then `round(coverage · 255)` (and red = green = blue = alpha).
enum CoverageHarness {
    /// The alpha byte of every pixel, row-major.
    static func alpha(of pixmap: Pixmap) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(pixmap.width * pixmap.height)
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width { result.append(pixmap[x, y].a) }
        }
        return result
    }

    /// Fills `path` in opaque white on a fresh transparent `width × height` pixmap.
    static func render(_ path: Path, rule: FillRule = .nonZero, transform: Transform = .identity,
                       width: Int, height: Int, threadCount: Int = 1,
                       tolerance: Double? = nil) throws -> Pixmap {
        let pixmap = try Pixmap(width: width, height: height)
        let canvas = Canvas(threadCount: threadCount)
        if let tolerance { canvas.tolerance = tolerance }
        canvas.fill(path, paint: .solid(.white), rule: rule, transform: transform)
        canvas.render(into: pixmap)
        return pixmap
    }

    /// The 8-bit coverage of `path`, row-major (see ``render(_:rule:transform:width:height:threadCount:tolerance:)``).
    static func coverage(_ path: Path, rule: FillRule = .nonZero, transform: Transform = .identity,
                         width: Int, height: Int, threadCount: Int = 1,
                         tolerance: Double? = nil) throws -> [UInt8] {
        alpha(of: try render(path, rule: rule, transform: transform, width: width, height: height,
                             threadCount: threadCount, tolerance: tolerance))
    }

    /// A path of straight-line subpaths; each is closed with `closeSubpath()` when `close` is true
    /// (filling closes it implicitly either way).
    static func polygonPath(_ subpaths: [[Point]], close: Bool = true) -> Path {
        var path = Path()
        for subpath in subpaths {
            guard let first = subpath.first else { continue }
            path.move(to: first)
            for p in subpath.dropFirst() { path.addLine(to: p) }
            if close { path.closeSubpath() }
        }
        return path
    }

    /// An axis-aligned rectangle as a closed polygon, wound clockwise on a y-down screen
    /// (or counter-clockwise when `reversed`).
    static func rectPolygon(x0: Double, y0: Double, x1: Double, y1: Double, reversed: Bool = false) -> [Point] {
        let ring = [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
        return reversed ? ring.reversed() : ring
    }

    /// The absolute shoelace area of a simple polygon.
    static func area(ofSimplePolygon polygon: [Point]) -> Double {
        abs(ReferenceRasterizer.signedArea(polygon))
    }

    /// Points on a circle, `count` of them, starting at angle `phase` and turning +x towards +y.
    static func regularPolygon(center: Point, radius: Double, count: Int, phase: Double = 0) -> [Point] {
        (0..<count).map { i in
            let angle = phase + Double(i) * 2 * Double.pi / Double(count)
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }

    /// `nil` when every value of `actual` is within `tolerance` of `expected`; otherwise a short
    /// report: how many pixels differ, the largest difference, and the first few.
    static func mismatch(_ actual: [UInt8], _ expected: [UInt8], width: Int, tolerance: Int = 0) -> String? {
        guard actual.count == expected.count else {
            return "size mismatch: \(actual.count) values, expected \(expected.count)"
        }
        var bad: [(x: Int, y: Int, got: UInt8, want: UInt8)] = []
        var count = 0, maxDifference = 0
        for i in actual.indices {
            let d = abs(Int(actual[i]) - Int(expected[i]))
            guard d > tolerance else { continue }
            count += 1
            maxDifference = max(maxDifference, d)
            if bad.count < 6 { bad.append((i % width, i / width, actual[i], expected[i])) }
        }
        guard count > 0 else { return nil }
        let samples = bad.map { "(\($0.x),\($0.y)): \($0.got) want \($0.want)" }.joined(separator: ", ")
        return "\(count) pixel(s) differ by more than \(tolerance) (max \(maxDifference)); first: \(samples)"
    }

    /// Subpaths as `[(x, y), …]` lists, with coordinates in full precision so a failing case can
    /// be pasted back into a test.
    static func describe(_ polygons: [[Point]]) -> String {
        polygons.map { "[" + $0.map { "(\($0.x), \($0.y))" }.joined(separator: ", ") + "]" }
            .joined(separator: " ")
    }

    /// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator, so that random tests are the
    /// same on every run and platform.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// A double in `range`, from the top 53 bits (independent of the standard library's
        /// `random(in:using:)` algorithm, which is not guaranteed stable across versions).
        mutating func double(in range: ClosedRange<Double>) -> Double {
            let unit = Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
            return range.lowerBound + unit * (range.upperBound - range.lowerBound)
        }
        /// An integer in `range`.
        mutating func int(in range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
        }
        /// True with probability `p`.
        mutating func chance(_ p: Double) -> Bool { double(in: 0...1) < p }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
