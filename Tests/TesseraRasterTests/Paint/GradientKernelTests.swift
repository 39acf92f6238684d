/// The gradient kernels: the SSE2 kernel gives the reference kernel's bytes on random gradients
/// and rows (every kind and extend mode, odd counts and starts, degenerate and extreme values),
/// the parameter t they compute is the formula's to within the table's rounding, and the conic
/// angle's polynomial atan2 is as accurate as gradient.c states.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct GradientKernelTests {
    typealias Random = CoverageHarness.SplitMix64

    /// Random raw parameters: any mapping (rotation, skew, scale, translation), any geometry with
    /// special cases mixed in (focal = centre, concentric, a = 0, zero-length axis, equal
    /// circles, huge and tiny values, NaN), any table size.
    private func randomParameters(_ random: inout Random, table: UnsafePointer<UInt32>,
                                  tableSize: Int32) -> tsr_gradient_spec {
        var g = tsr_gradient_spec()
        g.kind = Int32(random.int(in: 0...2))
        g.extend = Int32(random.int(in: 0...2))
        g.table = table
        g.tableSize = tableSize
        let scale = random.chance(0.2) ? random.double(in: 0.001...0.1) : random.double(in: 0.2...4)
        let angle = random.double(in: 0...6.3)
        g.xx = scale * cos(angle); g.yx = scale * sin(angle)
        g.xy = -scale * sin(angle) * random.double(in: 0.5...2); g.yy = scale * cos(angle) + random.double(in: -0.3...0.3)
        g.x0 = random.double(in: -300...300); g.y0 = random.double(in: -300...300)
        g.p0x = random.double(in: -200...200); g.p0y = random.double(in: -200...200)
        g.p1x = random.double(in: -200...200); g.p1y = random.double(in: -200...200)
        g.r0 = random.double(in: 0...100); g.r1 = random.double(in: 0...150)
        g.angle = random.double(in: -10...10)
        switch random.int(in: 0...14) {
        case 0: g.p1x = g.p0x; g.p1y = g.p0y                           // concentric / zero-length axis
        case 1: g.r0 = 0; g.p1x = g.p0x; g.p1y = g.p0y                 // focal = centre (the bench's)
        case 2: g.r1 = g.r0                                            // equal radii
        case 3: g.p1x = g.p0x + (g.r1 - g.r0); g.p1y = g.p0y           // a = 0
        case 4: g.r0 = 0; g.r1 = 0                                     // both radii 0
        case 5: g.p1x = g.p0x + 1e-9                                   // near-degenerate axis
        case 6: g.x0 *= 1e6; g.xx *= 1e3                               // far away: large t
        case 7: g.yx = 0                                               // t constant along rows (linear)
        case 8: g.x0 = random.double(in: -1...1) * 1e300; g.xx *= 1e290   // overflow to ±∞
        case 9: g.r0 = 0; g.p1x = g.p0x + 1e-12; g.x0 *= 1e10          // tiny radial step, huge t
        case 10: g.p0x = .nan
        case 11: g.xx = 0; g.yx = 0                                    // one point per row
        default: break
        }
        return g
    }

    @Test(arguments: KernelOracle.levels)
    func simdMatchesReferenceOnRandomRows(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 2024)
        for trial in 0..<3000 {
            let tableSize = trial.isMultiple(of: 5) ? random.int(in: 2...1024) : 1024
            let table = (0..<tableSize).map { _ in UInt32(truncatingIfNeeded: random.next()) | 1 }
            table.withUnsafeBufferPointer { t in
                var g = randomParameters(&random, table: t.baseAddress!, tableSize: Int32(tableSize))
                for _ in 0..<3 {
                    let x = random.int(in: -60...2000), y = random.int(in: -60...1100), count = random.int(in: 0...67)
                    let (simd, reference) = GradientProbe.run(&g, x: x, y: y, count: count)
                    if simd != reference {
                        Issue.record("trial \(trial) kind \(g.kind) extend \(g.extend) x \(x) y \(y) count \(count)")
                        return
                    }
                }
            }
        }
    }

    /// Through the public type: random stops, kinds, extends and transforms.
    @Test(arguments: KernelOracle.levels)
    func simdMatchesReferenceThroughGradient(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 77)
        func point() -> Point { Point(x: random.double(in: -50...300), y: random.double(in: -50...300)) }
        for trial in 0..<400 {
            let stops = (0..<random.int(in: 1...6)).map { _ in
                Gradient.Stop(random.double(in: -0.2...1.2), random.double(in: 0...1), random.double(in: 0...1),
                              random.double(in: 0...1), random.double(in: 0...1))
            }
            let kind: Gradient.Kind
            switch trial % 3 {
            case 0: kind = .linear(start: point(), end: point())
            case 1: kind = .radial(startCenter: point(), startRadius: random.double(in: 0...80), endCenter: point(),
                                   endRadius: random.double(in: 0...200))
            default: kind = .conic(center: point(), startAngle: random.double(in: -7...7))
            }
            let extend = [Gradient.Extend.pad, .repeat, .reflect][random.int(in: 0...2)]
            let transform = Transform(rotationAngle: random.double(in: 0...6.3))
                .scaledBy(x: random.double(in: 0.3...3), y: random.double(in: 0.3...3))
                .translatedBy(x: random.double(in: -100...100), y: random.double(in: -100...100))
            let gradient = Gradient(kind, stops: stops, extend: extend, transform: transform)
            for _ in 0..<4 {
                _ = GradientProbe.row(gradient, x: random.int(in: -30...400), y: random.int(in: -30...400),
                                      count: random.int(in: 1...45))
            }
        }
    }

    /// With a table whose entry i is i + 1, the kernel's output is its index: round(t · 1023) of
    /// the extended t. It equals the formula's (exact unless t · 1023 lies within 1e-6 of a
    /// rounding boundary, or within the float loops' error bound for linear and centred radial
    /// gradients; a repeat seam may give 0 for 1023), and radial pixels are transparent
    /// exactly where the formula finds no circle (up to a pixel within 1e-6 of the cone's edge).
    @Test func parameterIsTheFormulas() {
        let indexTable = (0..<UInt32(1024)).map { $0 + 1 }
        var random = Random(seed: 5)
        var compared = 0, transparent = 0
        func point() -> Point { Point(x: random.double(in: -20...220), y: random.double(in: -20...220)) }
        for trial in 0..<300 {
            let kind: Gradient.Kind
            switch trial % 3 {
            case 0: kind = .linear(start: point(), end: point())
            case 1:
                let c = point()
                kind = trial % 9 == 1
                    ? .radial(startCenter: c, startRadius: 0, endCenter: c, endRadius: random.double(in: 10...150))
                    : .radial(startCenter: c, startRadius: random.double(in: 0...50), endCenter: point(),
                              endRadius: random.double(in: 0...150))
            default: kind = .conic(center: point(), startAngle: random.double(in: -7...7))
            }
            let extend = [Gradient.Extend.pad, .repeat, .reflect][trial / 3 % 3]
            let transform = trial % 4 == 0 ? Transform(rotationAngle: 0.5).scaledBy(x: 1.5, y: 0.7) : .identity
            let gradient = Gradient(kind, stops: [.init(0, 0, 0, 0), .init(1, 1, 1, 1)], extend: extend,
                                    transform: transform)
            guard var parameters = gradient.kernelParameters(userToDevice: .identity) else { continue }
            let inverse = transform.inverted()!
            let y = random.int(in: 0...200), x = random.int(in: -10...10)
            let out = indexTable.withUnsafeBufferPointer { t in
                parameters.table = t.baseAddress
                return GradientProbe.run(&parameters, x: x, y: y, count: 200).simd
            }
            for (i, word) in out.enumerated() {
                let device = Point(x: Double(x + i) + 0.5, y: Double(y) + 0.5)
                let exact = GradientProbe.t(of: kind, at: inverse.apply(device))
                guard let exact else {
                    if word != 0 {
                        let near = [Point(x: 1e-6, y: 0), Point(x: -1e-6, y: 0), Point(x: 0, y: 1e-6), Point(x: 0, y: -1e-6)]
                            .contains { GradientProbe.t(of: kind, at: inverse.apply(device + $0)) != nil }
                        #expect(near, "\(kind): pixel \(x + i), \(y) has a colour, the formula none")
                    } else {
                        transparent += 1
                    }
                    continue
                }
                if word == 0 {
                    let near = [Point(x: 1e-6, y: 0), Point(x: -1e-6, y: 0), Point(x: 0, y: 1e-6), Point(x: 0, y: -1e-6)]
                        .contains { GradientProbe.t(of: kind, at: inverse.apply(device + $0)) == nil }
                    #expect(near, "\(kind): pixel \(x + i), \(y) is transparent, the formula has t = \(exact)")
                    continue
                }
                let scaled = GradientProbe.extended(exact, extend) * 1023
                let want = Int(scaled.rounded()), got = Int(word) - 1
                var difference = abs(got - want)
                if extend == .repeat || kind.isConic { difference = min(difference, 1023 - difference) }
                // Near a rounding boundary either neighbour is right: within 1e-6 for double
                // rounding, within 0.01 for the conic's polynomial atan2 (1.9e-6 turn = 0.002 step),
                // within the float loops' bound (gradient.c) for linear and centred radial.
                let margin = kind.isConic ? 0.01 : 1023 * floatBound(kind, inverse, t: exact) + 1e-6
                let nearBoundary = abs(scaled - scaled.rounded(.down) - 0.5) < margin
                #expect(difference <= (nearBoundary ? 1 : 0),
                        "\(kind) \(extend): pixel \(x + i), \(y): index \(got), formula \(scaled)")
                compared += 1
            }
        }
        #expect(compared > 40_000)
        #expect(transparent > 100)
    }

    /// gradient.c's bound on the error of t in the float loops, 2⁻²²·(|t| + 2) + 2⁻¹⁸·Δ (Δ: the
    /// move of one pixel step in gradient lengths), for a linear or centred radial gradient whose
    /// device → gradient mapping is `deviceToGradient`; 0 for the kinds computed in double.
    private func floatBound(_ kind: Gradient.Kind, _ deviceToGradient: Transform, t: Double) -> Double {
        let delta: Double
        switch kind {
        case .linear(let start, let end):
            let axis = end - start
            delta = abs((deviceToGradient.a * axis.x + deviceToGradient.b * axis.y) / axis.lengthSquared)
        case .radial(let c0, let r0, let c1, let r1) where c0 == c1 && r0 == 0:
            delta = (abs(deviceToGradient.a) + abs(deviceToGradient.b)) / r1
        default:
            return 0
        }
        return 0x1p-22 * (abs(t) + 2) + 0x1p-18 * delta
    }

    /// The conic angle's error, measured through the kernel with a table of 2²² + 1 entries
    /// (resolution 1.5e-6 rad): the polynomial atan2's 1.15e-5 rad, under 1/500 of a 1024-entry
    /// table step (6.1e-3 rad).
    @Test func conicAngleError() {
        let size = (1 << 22) + 1
        let table = (0..<UInt32(size)).map { $0 + 1 }
        var worst = 0.0
        table.withUnsafeBufferPointer { t in
            var g = tsr_gradient_spec()
            g.kind = Int32(TSR_GRADIENT_CONIC.rawValue)
            g.extend = Int32(TSR_EXTEND_PAD.rawValue)
            g.table = t.baseAddress
            g.tableSize = Int32(size)
            g.xx = 1; g.yy = 1
            g.p0x = 0.25; g.p0y = 0.375
            g.angle = 0.3
            for y in stride(from: -1000, through: 1000, by: 40) {
                let (out, _) = GradientProbe.run(&g, x: -1000, y: y, count: 2001)
                for (i, word) in out.enumerated() {
                    let dx = Double(-1000 + i) + 0.5 - g.p0x, dy = Double(y) + 0.5 - g.p0y
                    guard dx * dx + dy * dy > 1e4 else { continue }
                    let exact = (atan2(dy, dx) - g.angle) / (2 * Double.pi)
                    var d = Double(word - 1) / Double(size - 1) - exact
                    d -= d.rounded()
                    worst = max(worst, abs(d) * 2 * Double.pi)
                }
            }
        }
        print("conic angle: max error \(worst) rad")
        #expect(worst < 1.3e-5)
        #expect(worst > 8e-6)   // the polynomial's error, not the table's resolution, is measured
    }

    /// The single-precision loops (linear, and radial with the focal point at the centre) against
    /// t computed in double, with a table of 2²² + 1 entries (the index is then t rounded to
    /// 2⁻²²; half a step, 1.2e-7, is the resolution): the error in the extended t stays within
    /// gradient.c's bound 2⁻²²·(|t| + 2) + 2⁻¹⁸·Δ, Δ the move of one pixel step in gradient
    /// lengths (linear: |Δt|; radial: |Δu| + |Δv| in end radii). Random mappings, rows far from
    /// the gradient, steep and shallow gradients; repeat and reflect within the float loops' range
    /// (|t| ≤ 64, Δ ≤ 4).
    @Test func floatLoopsStayWithinTheirBound() {
        let size = (1 << 22) + 1
        let resolution = 1.0 / Double(size - 1)
        let table = (0..<UInt32(size)).map { $0 + 1 }
        var random = Random(seed: 31)
        var compared = 0, offByRounding = 0, worstRatio = 0.0, worstPadError = 0.0
        table.withUnsafeBufferPointer { t in
            for trial in 0..<600 {
                var g = tsr_gradient_spec()
                let radial = trial % 2 == 1
                g.kind = Int32(radial ? TSR_GRADIENT_RADIAL.rawValue : TSR_GRADIENT_LINEAR.rawValue)
                let extend = trial / 2 % 3
                g.extend = Int32(extend)
                g.table = t.baseAddress
                g.tableSize = Int32(size)
                // Device → gradient: rotation, anisotropic scale, skew, translation.
                let scale = [0.01, 0.3, 1, 3, 40][random.int(in: 0...4)]
                let angle = random.double(in: 0...6.3)
                g.xx = scale * cos(angle); g.yx = scale * sin(angle)
                g.xy = -scale * sin(angle) * random.double(in: 0.5...2)
                g.yy = scale * (cos(angle) + random.double(in: -0.3...0.3))
                g.x0 = random.double(in: -300...300) * scale; g.y0 = random.double(in: -300...300) * scale
                g.p0x = random.double(in: -200...200) * scale; g.p0y = random.double(in: -200...200) * scale
                let length = [0.5, 3, 40, 300, 3000][random.int(in: 0...4)] * scale
                let direction = random.double(in: 0...6.3)
                if radial {
                    g.p1x = g.p0x; g.p1y = g.p0y; g.r0 = 0; g.r1 = length
                } else {
                    g.p1x = g.p0x + length * cos(direction); g.p1y = g.p0y + length * sin(direction)
                }
                // Δ: the step of one pixel along the row, in gradient lengths.
                let delta: Double
                if radial {
                    delta = (abs(g.xx) + abs(g.yx)) / g.r1
                } else {
                    let ax = g.p1x - g.p0x, ay = g.p1y - g.p0y
                    delta = abs((g.xx * ax + g.yx * ay) / (ax * ax + ay * ay))
                }
                if extend != 0 && delta > 4 { continue }
                for _ in 0..<4 {
                    let x = random.int(in: -2000...2000), y = random.int(in: -2000...2000)
                    let count = random.int(in: 1...300)
                    // Exact t of each pixel (double: error ~1e-13 here); repeat and reflect rows
                    // only within the float loops' range.
                    let exact = (0..<count).map { i -> Double in
                        let px = Double(x + i) + 0.5, py = Double(y) + 0.5
                        let u = g.xx * px + g.xy * py + g.x0, v = g.yx * px + g.yy * py + g.y0
                        if radial { return ((u - g.p0x) * (u - g.p0x) + (v - g.p0y) * (v - g.p0y)).squareRoot() / g.r1 }
                        let ax = g.p1x - g.p0x, ay = g.p1y - g.p0y
                        return ((u - g.p0x) * ax + (v - g.p0y) * ay) / (ax * ax + ay * ay)
                    }
                    if extend != 0 && exact.contains(where: { abs($0) > 60 }) { continue }
                    let out = GradientProbe.run(&g, x: x, y: y, count: count)
                    #expect(out.simd == out.reference)
                    let mode = [Gradient.Extend.pad, .repeat, .reflect][extend]
                    for (i, word) in out.simd.enumerated() {
                        let want = GradientProbe.extended(exact[i], mode)
                        var error = abs(Double(word) - 1 - want * Double(size - 1)) * resolution
                        if extend == 1 { error = min(error, 1 - error) }   // the repeat seam: 0 and 1 meet
                        let bound = 0x1p-22 * (abs(exact[i]) + 2) + 0x1p-18 * delta + resolution / 2
                        worstRatio = max(worstRatio, error / bound)
                        if extend == 0 && exact[i] >= 0 && exact[i] <= 1 { worstPadError = max(worstPadError, error) }
                        if Int(word) - 1 != Int((want * Double(size - 1)).rounded()) { offByRounding += 1 }
                        compared += 1
                    }
                }
            }
        }
        print("float loops: \(compared) pixels, worst error / bound \(worstRatio), worst pad error for t in [0, 1] "
              + "\(worstPadError), \(offByRounding) indices off those of t in double")
        #expect(compared > 100_000)
        #expect(worstRatio <= 1)
        // The float arithmetic shows: many indices differ from those of t in double by one.
        #expect(offByRounding > 1000)
    }

    /// A focal point on the end circle up to rounding (|a| ≤ 1e-12 of |Δc|² + Δr²) is taken as on
    /// it: the same colours as the exact on-circle gradient, where the far root of the rounded a
    /// (near t = 10¹³) would otherwise paint half the plane in the end colour.
    @Test func focalOnTheCircleUpToRounding() throws {
        let stops = [Gradient.Stop(0, 1, 0, 0), Gradient.Stop(1, 0, 0, 1)]
        let exact = Gradient(.radial(startCenter: Point(x: 0, y: 0), startRadius: 0, endCenter: Point(x: 30, y: 0),
                                     endRadius: 30), stops: stops, transform: Transform(translationX: 20, y: 40))
        let endX = 30.000000000000004   // 30 plus one ulp: a ≈ 2e-13
        #expect(endX * endX - 900 > 0)
        let rounded = Gradient(.radial(startCenter: Point(x: 0, y: 0), startRadius: 0, endCenter: Point(x: endX, y: 0),
                                       endRadius: 30), stops: stops, transform: Transform(translationX: 20, y: 40))
        var differing = 0, painted = 0
        for y in stride(from: 0, to: 80, by: 3) {
            let a = try #require(GradientProbe.row(exact, x: 0, y: y, count: 120))
            let b = try #require(GradientProbe.row(rounded, x: 0, y: y, count: 120))
            for (p, q) in zip(a, b) {
                let d = GradientProbe.distance(PremultipliedRGBA8(packed: p), PremultipliedRGBA8(packed: q))
                #expect(d <= 1)
                if p != q { differing += 1 }
                if p != 0 { painted += 1 }
            }
        }
        #expect(differing < 20)
        #expect(painted > 1000)
        // Left of the focal point (x < 20) the exact gradient has no circle: transparent.
        #expect(GradientProbe.pixel(rounded, 5, 40) == .transparent)
    }

    /// A linear gradient constant along rows (a vertical axis) takes the one-colour path: the
    /// same bytes as the reference.
    @Test func verticalLinearRowsAreOneColour() throws {
        let gradient = Gradient(.linear(start: Point(x: 3, y: 0), end: Point(x: 3, y: 90)),
                                colors: [.black, Color(red: 1, green: 0.5, blue: 0, alpha: 0.5), .white], extend: .reflect)
        for y in [-400, -1, 0, 45, 89, 200, 1000] {
            let row = try #require(GradientProbe.row(gradient, x: 17, y: y, count: 23))
            #expect(Set(row).count == 1)
        }
    }
}

extension Gradient.Kind {
    var isConic: Bool { if case .conic = self { true } else { false } }
}
