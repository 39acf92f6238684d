import CTesseraSIMD
import Testing
@testable import TesseraRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs gradients through the kernels (never through Canvas), and computes what a pixel should be
/// from the formulas, independently of the kernels and of the colour table.
enum GradientProbe {
    /// The kernel's colours of pixels x ..< x + count of row y, through `kernelParameters`, or nil
    /// when the gradient paints nothing. The SIMD kernel's, after checking that the reference
    /// kernel gives the same words.
    static func row(_ gradient: Gradient, userToDevice: Transform = .identity, x: Int, y: Int,
                    count: Int) -> [UInt32]? {
        guard var parameters = gradient.kernelParameters(userToDevice: userToDevice) else { return nil }
        let (simd, reference) = withExtendedLifetime(gradient) {
            run(&parameters, x: x, y: y, count: count)
        }
        if simd != reference { Issue.record("SIMD and reference kernels disagree on row \(y) from x = \(x)") }
        return simd
    }

    /// Checks every entry of the tables (in `colorSpace`) of 40 sets of random stops drawn from
    /// `seed` (out-of-range components and offsets, translucent colours, repeated offsets): entry i
    /// is `entry` of the mix at t = i / (size − 1) of the usable stops, their colours through
    /// `stopColor`. Records the first entry that differs in each table.
    static func checkTableEntries(seed: UInt64, colorSpace: Gradient.ColorSpace, stopColor: (Color) -> Color,
                                  entry: (Color) -> UInt32) {
        var seed = seed
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53) * 1.4 - 0.2
        }
        for _ in 0..<40 {
            let stops = (0..<(1 + Int(abs(random()) * 6))).map { _ in
                Gradient.Stop(random() < 0.3 ? 0.5 : random(), random(), random(), random(), random())
            }
            let table = GradientTable(stops: stops, colorSpace: colorSpace)
            let mixed = GradientTable.usableStops(stops).map { (offset: $0.offset, color: stopColor($0.color)) }
            var j = 0
            for (i, actual) in table.colors.enumerated() {
                let t = Double(i) / Double(GradientTable.size - 1)
                while j + 1 < mixed.count && mixed[j + 1].offset <= t { j += 1 }
                let expected = entry(GradientTable.color(at: t, mixed, from: j))
                if actual != expected { Issue.record("\(stops): entry \(i) \(actual) != \(expected)"); break }
            }
        }
    }

    /// One pixel, as ``row(_:userToDevice:x:y:count:)`` gives it.
    static func pixel(_ gradient: Gradient, _ x: Int, _ y: Int,
                      userToDevice: Transform = .identity) -> PremultipliedRGBA8? {
        row(gradient, userToDevice: userToDevice, x: x, y: y, count: 1).map { PremultipliedRGBA8(packed: $0[0]) }
    }

    /// Both kernels' outputs for raw parameters (the table must outlive the call), prepared by
    /// `tsr_gradient_prepare` first.
    static func run(_ spec: inout tsr_gradient_spec, x: Int, y: Int, count: Int) -> (simd: [UInt32], reference: [UInt32]) {
        var parameters = tsr_gradient()
        tsr_gradient_prepare(&spec, &parameters)
        return run(&parameters, x: x, y: y, count: count)
    }

    /// Both kernels' outputs for prepared parameters (the table must outlive the call).
    static func run(_ parameters: inout tsr_gradient, x: Int, y: Int, count: Int) -> (simd: [UInt32], reference: [UInt32]) {
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: max(count, 1) * 2)
        defer { out.deallocate() }
        out.initialize(repeating: 0xDEAD_BEEF, count: max(count, 1) * 2)
        tsr_gradient_row(&parameters, Int32(x), Int32(y), count, out)
        tsr_gradient_row_reference(&parameters, Int32(x), Int32(y), count, out + max(count, 1))
        let simd = Array(UnsafeBufferPointer(start: out, count: count))
        let reference = Array(UnsafeBufferPointer(start: out + max(count, 1), count: count))
        return (simd, reference)
    }

    // MARK: The formulas

    /// The parameter t of gradient-space point `p`, from the textbook formulas (atan2 from libm,
    /// the radial quadratic solved as (b ± √(b² − ac)) / a); nil where the radial gradient has no
    /// circle through p.
    static func t(of kind: Gradient.Kind, at p: Point) -> Double? {
        switch kind {
        case .linear(let start, let end):
            let axis = end - start, d = p - start
            return (d.x * axis.x + d.y * axis.y) / axis.lengthSquared
        case .radial(let c0, let r0, let c1, let r1):
            let cd = c1 - c0, pd = p - c0, dr = r1 - r0
            let a = cd.lengthSquared - dr * dr
            let b = pd.x * cd.x + pd.y * cd.y + r0 * dr
            let c = pd.lengthSquared - r0 * r0
            func radiusOK(_ t: Double) -> Bool { r0 + t * dr >= 0 }
            if a == 0 {
                guard b != 0 else { return nil }
                let t = c / (2 * b)
                return radiusOK(t) ? t : nil
            }
            let disc = b * b - a * c
            guard disc >= 0 else { return nil }
            let s = disc.squareRoot()
            let (low, high) = ((b - s) / a, (b + s) / a)
            let (small, large) = low < high ? (low, high) : (high, low)
            if radiusOK(large) { return large }
            if radiusOK(small) { return small }
            return nil
        case .conic(let center, let startAngle):
            let turns = (atan2(p.y - center.y, p.x - center.x) - startAngle) / (2 * Double.pi)
            return turns - turns.rounded(.down)
        }
    }

    /// t extended by `mode`.
    static func extended(_ t: Double, _ mode: Gradient.Extend) -> Double {
        switch mode {
        case .pad: return min(max(t, 0), 1)
        case .repeat: return t - t.rounded(.down)
        case .reflect:
            let m = t - 2 * (t / 2).rounded(.down)
            return 1 - abs(m - 1)
        }
    }

    /// The straight colour at t ∈ [0, 1] of stops already sorted by offset, in [0, 1], without
    /// NaN: the first colour up to the first offset, the last from the last offset on, linear in
    /// between.
    static func straightColor(at t: Double, sortedStops stops: [Gradient.Stop]) -> Color {
        if t <= stops[0].offset { return stops[0].color }
        if t >= stops[stops.count - 1].offset { return stops[stops.count - 1].color }
        var j = 0
        while stops[j + 1].offset <= t { j += 1 }
        let a = stops[j], b = stops[j + 1]
        let f = (t - a.offset) / (b.offset - a.offset)
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Color(red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
                     blue: mix(a.color.blue, b.color.blue), alpha: mix(a.color.alpha, b.color.alpha))
    }

    /// The exact colour of device pixel (x, y) (sampled at its centre) from the formulas, with t
    /// shifted by `shift` before extending; nil for a transparent pixel. `stops` sorted, valid.
    static func expected(_ gradient: Gradient, sortedStops stops: [Gradient.Stop], x: Double, y: Double,
                         userToDevice: Transform = .identity, shift: Double = 0) -> PremultipliedRGBA8? {
        let inverse = gradient.transform.concatenating(userToDevice).inverted()!
        let p = inverse.apply(Point(x: x + 0.5, y: y + 0.5))
        guard let t = t(of: gradient.kind, at: p) else { return nil }
        return straightColor(at: extended(t + shift, gradient.extend), sortedStops: stops).premultiplied
    }

    /// The largest channel difference between two pixels (a transparent pixel is (0, 0, 0, 0)).
    static func distance(_ a: PremultipliedRGBA8?, _ b: PremultipliedRGBA8?) -> Int {
        let p = a ?? .transparent, q = b ?? .transparent
        return max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                   abs(Int(p.a) - Int(q.a)))
    }

    /// Compares every pixel of the region with the formulas: within one level per channel (the
    /// table's accuracy for stops at least 0.25 apart). Pixels near a discontinuity are skipped:
    /// where the exact colour changes by more than 3 levels when t moves by 1.5 table steps (a
    /// repeat seam, a hard edge, the conic seam), or where a radial pixel's validity changes
    /// within 0.05 pixel. Returns (checked, worst difference).
    static func compareWithFormulas(_ gradient: Gradient, sortedStops stops: [Gradient.Stop],
                                    userToDevice: Transform = .identity, xs: Range<Int>, ys: StrideTo<Int>)
        -> (checked: Int, skipped: Int, worst: Int, failures: [String]) {
        var checked = 0, skipped = 0, worst = 0
        var failures: [String] = []
        let step = 1.5 / Double(Gradient.tableSize - 1)
        for y in ys {
            guard let row = row(gradient, userToDevice: userToDevice, x: xs.lowerBound, y: y, count: xs.count) else {
                failures.append("row \(y): paints nothing")
                continue
            }
            for x in xs {
                let fx = Double(x), fy = Double(y)
                let want = expected(gradient, sortedStops: stops, x: fx, y: fy, userToDevice: userToDevice)
                let near = [
                    expected(gradient, sortedStops: stops, x: fx, y: fy, userToDevice: userToDevice, shift: step),
                    expected(gradient, sortedStops: stops, x: fx, y: fy, userToDevice: userToDevice, shift: -step),
                ]
                let moved = [(0.05, 0.0), (-0.05, 0.0), (0.0, 0.05), (0.0, -0.05)].map {
                    expected(gradient, sortedStops: stops, x: fx + $0.0, y: fy + $0.1, userToDevice: userToDevice)
                }
                if near.contains(where: { distance($0, want) > 3 }) || moved.contains(where: { ($0 == nil) != (want == nil) }) {
                    skipped += 1
                    continue
                }
                let got = PremultipliedRGBA8(packed: row[x - xs.lowerBound])
                let d = distance(got, want)
                worst = max(worst, d)
                if d > 1 && failures.count < 10 {
                    failures.append("pixel (\(x), \(y)): got \(got), want \(String(describing: want))")
                }
                checked += 1
            }
        }
        return (checked, skipped, worst, failures)
    }

    /// The colour the table holds for t ∈ [0, 1]: the exact colour at round(t · 1023) / 1023.
    static func tableColor(at t: Double, sortedStops stops: [Gradient.Stop]) -> PremultipliedRGBA8 {
        let last = Double(Gradient.tableSize - 1)
        return straightColor(at: (t * last).rounded() / last, sortedStops: stops).premultiplied
    }
}

extension Gradient.Stop {
    /// Shorthand for tests.
    init(_ offset: Double, _ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        self.init(offset: offset, color: Color(red: red, green: green, blue: blue, alpha: alpha))
    }
}
