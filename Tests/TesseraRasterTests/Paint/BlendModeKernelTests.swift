/// The blend-mode kernels (tsr_blend_row, tsr_blend_row_reference in CTesseraPaint.h): each mode
/// against its formula evaluated exactly in doubles, the SIMD version against the reference byte
/// for byte, normal against the existing source-over kernels, and what coverage 0 does.
import CTesseraSIMD
import Foundation
import Testing
@testable import TesseraRaster

@Suite struct BlendModeKernelTests {
    typealias Random = CoverageHarness.SplitMix64

    // MARK: Calling the kernels

    private enum Kernel { case fast, reference }

    /// dst blended with src through `coverage` (nil: NULL) by the given kernel.
    private func blend(_ kernel: Kernel, _ dst: [UInt32], _ src: [UInt32], coverage: [UInt8]? = nil,
                       opacity: UInt32 = 255, mode: BlendMode) -> [UInt32] {
        var out = dst
        out.withUnsafeMutableBufferPointer { d in
            src.withUnsafeBufferPointer { s in
                func call(_ c: UnsafePointer<UInt8>?) {
                    switch kernel {
                    case .fast: tsr_blend_row(d.baseAddress, s.baseAddress, c, d.count, opacity, mode.rawValue)
                    case .reference:
                        tsr_blend_row_reference(d.baseAddress, s.baseAddress, c, d.count, opacity, mode.rawValue)
                    }
                }
                if let coverage { coverage.withUnsafeBufferPointer { call($0.baseAddress) } } else { call(nil) }
            }
        }
        return out
    }

    private func channels(_ p: UInt32) -> [Int] { (0..<4).map { Int((p >> UInt32(8 * $0)) & 255) } }

    private func pack(_ c: [Int]) -> UInt32 {
        UInt32(c[0]) | UInt32(c[1]) << 8 | UInt32(c[2]) << 16 | UInt32(c[3]) << 24
    }

    private static func div255(_ v: Int) -> Int { (v + 127) / 255 }   // round(v / 255); no ties

    private func hex(_ p: UInt32) -> String { String(p, radix: 16) }

    /// Expects two rows to be equal; on failure records the first few differing pixels in hex
    /// rather than both rows.
    private func expectSame(_ got: [UInt32], _ expected: [UInt32], _ what: @autoclosure () -> String = "",
                            sourceLocation: SourceLocation = #_sourceLocation) {
        guard got != expected else { return }
        guard got.count == expected.count else {
            Issue.record("\(what()): \(got.count) pixels, expected \(expected.count)", sourceLocation: sourceLocation)
            return
        }
        let differing = got.indices.filter { got[$0] != expected[$0] }
        let shown = differing.prefix(4).map { "[\($0)] \(hex(got[$0])) ≠ \(hex(expected[$0]))" }.joined(separator: ", ")
        Issue.record("\(what()): \(differing.count) pixels differ: \(shown)", sourceLocation: sourceLocation)
    }

    // MARK: The exact formulas, in doubles on the 8-bit (already scaled) inputs

    /// OP(S, D) with premultiplied RGBA in [0, 1]; the result in [0, 1].
    private func exact(_ mode: BlendMode, _ s: [Double], _ d: [Double]) -> [Double] {
        let sa = s[3], da = d[3]
        func pd(_ fs: Double, _ fd: Double) -> [Double] { (0..<4).map { s[$0] * fs + d[$0] * fd } }
        switch mode {
        case .clear: return [0, 0, 0, 0]
        case .copy: return s
        case .sourceIn: return pd(da, 0)
        case .sourceOut: return pd(1 - da, 0)
        case .sourceAtop: return pd(da, 1 - sa)
        case .destinationOver: return pd(1 - da, 1)
        case .destinationIn: return pd(0, sa)
        case .destinationOut: return pd(0, 1 - sa)
        case .destinationAtop: return pd(1 - da, sa)
        case .xor: return pd(1 - da, 1 - sa)
        case .normal: return pd(1, 1 - sa)
        case .plusLighter: return (0..<4).map { min(1, s[$0] + d[$0]) }
        case .plusDarker:
            // Ra = min(1, Sa + Da), R = max(0, S + D − (Sa + Da − Ra)); Apple's
            // R = MAX(0, 1 − ((1 − D) + (1 − S))) when both are opaque.
            let ra = min(1, sa + da)
            return (0..<4).map { max(0, s[$0] + d[$0] - (sa + da - ra)) }
        default: break
        }
        // W3C Compositing and Blending Level 1.
        let cs = Array(s[0..<3]), cb = Array(d[0..<3])
        let Cs = cs.map { sa > 0 ? min(1, $0 / sa) : 0 }, Cb = cb.map { da > 0 ? min(1, $0 / da) : 0 }
        let B: [Double]
        switch mode {
        case .hue: B = setLum(setSat(Cs, sat(Cb)), lum(Cb))
        case .saturation: B = setLum(setSat(Cb, sat(Cs)), lum(Cb))
        case .color: B = setLum(Cs, lum(Cb))
        case .luminosity: B = setLum(Cb, lum(Cs))
        case .darkerColor: B = lum(Cs) < lum(Cb) ? Cs : Cb
        case .lighterColor: B = lum(Cs) > lum(Cb) ? Cs : Cb
        default: B = (0..<3).map { separable(mode, Cb[$0], Cs[$0]) }
        }
        var out = (0..<3).map { cs[$0] * (1 - da) + cb[$0] * (1 - sa) + sa * da * B[$0] }
        out.append(sa + da - sa * da)
        return out
    }

    private func separable(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
        func hardLight(_ cb: Double, _ cs: Double) -> Double {
            cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
        }
        switch mode {
        case .multiply: return cs * cb
        case .screen: return cs + cb - cs * cb
        case .overlay: return hardLight(cs, cb)
        case .darken: return min(cs, cb)
        case .lighten: return max(cs, cb)
        case .colorDodge: return cb == 0 ? 0 : cs == 1 ? 1 : min(1, cb / (1 - cs))
        case .colorBurn: return cb == 1 ? 1 : cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let dcb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (dcb - cb)
        case .hardLight: return hardLight(cb, cs)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        // Core Image's (blend_modes.c gives Apple's words for each).
        case .linearBurn: return max(0, cs + cb - 1)
        case .linearDodge: return min(1, cs + cb)
        case .linearLight: return min(1, max(0, cb + 2 * cs - 1))
        case .pinLight: return cs <= 0.5 ? min(cb, 2 * cs) : max(cb, 2 * cs - 1)
        case .vividLight:
            return cs <= 0.5 ? separable(.colorBurn, cb, 2 * cs) : separable(.colorDodge, cb, 2 * cs - 1)
        case .hardMix: return cs + cb >= 1 - 1e-12 ? 1 : 0
        case .subtract: return max(0, cb - cs)
        case .divide: return cs > 0 ? min(1, cb / cs) : cb > 0 ? 1 : 0
        default: fatalError("not separable: \(mode)")
        }
    }

    private func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }

    private func clipColor(_ c: [Double]) -> [Double] {
        let l = lum(c), n = c.min()!, x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c
    }

    private func setLum(_ c: [Double], _ l: Double) -> [Double] {
        let d = l - lum(c)
        return clipColor(c.map { $0 + d })
    }

    private func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }

    private func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let order = c.indices.sorted { c[$0] < c[$1] }
        let (mn, mid, mx) = (order[0], order[1], order[2])
        var out = [0.0, 0.0, 0.0]
        if c[mx] > c[mn] {
            out[mid] = (c[mid] - c[mn]) * s / (c[mx] - c[mn])
            out[mx] = s
        }
        return out
    }

    /// The exact result in 8-bit levels, rounded half up.
    private func exactLevels(_ mode: BlendMode, _ s: UInt32, _ d: UInt32) -> [Int] {
        let r = exact(mode, channels(s).map { Double($0) / 255 }, channels(d).map { Double($0) / 255 })
        return r.map { Int(($0 * 255 + 0.5).rounded(.down)) }
    }

    // MARK: Test colours

    /// Premultiplied colours: opaque, translucent, nearly transparent, transparent; extremes.
    private static let table: [UInt32] = {
        let colours: [(Double, Double, Double)] = [
            (0, 0, 0), (1, 1, 1), (1, 0, 0), (0, 1, 0), (0, 0, 1), (0.5, 0.5, 0.5), (0.8, 0.4, 0.2),
            (0.1, 0.6, 0.9), (0.25, 0.75, 0.5), (0.02, 0.98, 0.3),
        ]
        var out: [UInt32] = [0]
        for alpha in [1.0, 0.5, 0.25, 254.0 / 255, 1.0 / 255, 0.8] {
            for (r, g, b) in colours {
                out.append(Color(red: r, green: g, blue: b, alpha: alpha).premultiplied.packed)
            }
        }
        out.append(0xFF00_0000)   // opaque black
        out.append(0x8080_8080)   // grey at its alpha
        return out
    }()

    /// A random valid premultiplied pixel, often one of the special ones.
    private static func pixel(_ random: inout Random) -> UInt32 {
        switch random.int(in: 0...9) {
        case 0: return 0
        case 1: return table[random.int(in: 0...(table.count - 1))]
        default:
            let a = random.int(in: 0...9) < 3 ? 255 : random.int(in: 0...255)
            let c = (0..<3).map { _ in random.int(in: 0...a) }
            return UInt32(c[0]) | UInt32(c[1]) << 8 | UInt32(c[2]) << 16 | UInt32(a) << 24
        }
    }

    private static func coverageByte(_ random: inout Random) -> UInt8 {
        switch random.int(in: 0...5) {
        case 0: return 0
        case 1: return 255
        default: return UInt8(random.int(in: 0...255))
        }
    }

    // MARK: Tests

    /// How far (in levels) a channel may be from the exact formula rounded half up: 0 where the
    /// kernel rounds once (or not at all), 1 where it adds two or three rounded products (multiply,
    /// difference, exclusion, sourceAtop, destinationAtop and xor colours) or works in floating point
    /// (the colours of overlay … luminosity). The alpha of every W3C mode is the union
    /// sa + da − div255(sa·da), rounded once.
    private static func tolerance(_ mode: BlendMode, channel: Int) -> Int {
        switch mode {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationOut, .destinationOver, .normal,
             .plusLighter, .plusDarker, .multiply, .screen, .darken, .lighten:
            return 0
        case .sourceAtop, .destinationAtop: return channel == 3 ? 0 : 1
        case .xor: return 1
        default: return channel == 3 ? 0 : 1   // the W3C modes
        }
    }

    @Test(arguments: BlendMode.allCases)
    func eachModeAgreesWithItsFormula(mode: BlendMode) {
        let table = Self.table
        var dst: [UInt32] = [], src: [UInt32] = []
        for s in table {
            for d in table {
                src.append(s)
                dst.append(d)
            }
        }
        // And random pairs.
        var random = Random(seed: 400 + UInt64(mode.rawValue))
        for _ in 0..<3000 {
            src.append(Self.pixel(&random))
            dst.append(Self.pixel(&random))
        }
        let fast = blend(.fast, dst, src, mode: mode)
        let reference = blend(.reference, dst, src, mode: mode)
        expectSame(fast, reference, "\(mode)")
        var failures = 0
        for i in dst.indices {
            let expected = exactLevels(mode, src[i], dst[i])
            let got = channels(reference[i])
            if (0..<4).contains(where: { abs(got[$0] - expected[$0]) > Self.tolerance(mode, channel: $0) }) {
                failures += 1
                if failures <= 5 {
                    Issue.record("\(mode): s \(hex(src[i])) d \(hex(dst[i])) → \(got), exact \(expected)")
                }
            }
        }
        #expect(failures == 0)
    }

    /// The source is scaled by m = div255(coverage · opacity), each channel div255(s · m), before the
    /// mode: the result equals the mode applied at full coverage to that scaled source.
    @Test(arguments: BlendMode.allCases)
    func coverageAndOpacityScaleTheSource(mode: BlendMode) {
        var random = Random(seed: 18)
        let count = 300
        let src = (0..<count).map { _ in Self.pixel(&random) }
        let dst = (0..<count).map { _ in Self.pixel(&random) }
        let coverage = (0..<count).map { _ in Self.coverageByte(&random) }
        for opacity in [255, 200, 1, 0] as [UInt32] {
            let scaled = src.indices.map { i -> UInt32 in
                let m = Self.div255(Int(coverage[i]) * Int(opacity))
                return pack(channels(src[i]).map { Self.div255($0 * m) })
            }
            let expected = blend(.reference, dst, scaled, mode: mode)
            expectSame(blend(.reference, dst, src, coverage: coverage, opacity: opacity, mode: mode), expected, "\(mode) reference, opacity \(opacity)")
            expectSame(blend(.fast, dst, src, coverage: coverage, opacity: opacity, mode: mode), expected, "\(mode) fast, opacity \(opacity)")
            // Without coverage, the opacity alone.
            let byOpacity = src.map { s in pack(channels(s).map { Self.div255($0 * Self.div255(255 * Int(opacity))) }) }
            expectSame(blend(.fast, dst, src, opacity: opacity, mode: mode), blend(.reference, dst, byOpacity, mode: mode),
                       "\(mode) without coverage, opacity \(opacity)")
        }
        // Opacity over 255 reads as 255.
        expectSame(blend(.fast, dst, src, coverage: coverage, opacity: 1000, mode: mode),
                   blend(.reference, dst, src, coverage: coverage, opacity: 255, mode: mode), "\(mode) opacity 1000")
    }

    /// The SIMD version equals the reference byte for byte: random rows of every length up to 41
    /// starting at every offset into a buffer, random coverage (runs of 0 and 255 included, or
    /// NULL), random opacities; and invalid premultiplied pixels (a channel over alpha) too.
    @Test(arguments: BlendMode.allCases, KernelOracle.levels)
    func simdMatchesTheReference(mode: BlendMode, level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 1800 + UInt64(mode.rawValue))
        let width = 64
        for round in 0..<160 {
            let invalid = round % 8 == 7
            func px() -> UInt32 { invalid ? UInt32(truncatingIfNeeded: random.next()) : Self.pixel(&random) }
            var dst = (0..<width).map { _ in px() }
            let src = (0..<width).map { _ in px() }
            let runs = random.chance(0.3)
            var coverage = (0..<width).map { _ in Self.coverageByte(&random) }
            if runs {
                let start = random.int(in: 0...(width - 1)), length = random.int(in: 0...20)
                let value: UInt8 = random.chance(0.5) ? 0 : 255
                for i in start..<min(width, start + length) { coverage[i] = value }
            }
            let useCoverage = !random.chance(0.2)
            let opacity: UInt32 = [255, 255, 255, 0, 128, 1, 254, 300][random.int(in: 0...7)]
            let offset = random.int(in: 0...7)
            let count = random.int(in: 0...min(41, width - offset))
            var fast = dst, reference = dst
            src.withUnsafeBufferPointer { s in
                coverage.withUnsafeBufferPointer { c in
                    let cov = useCoverage ? c.baseAddress! + offset : nil
                    fast.withUnsafeMutableBufferPointer {
                        tsr_blend_row($0.baseAddress! + offset, s.baseAddress! + offset, cov, count, opacity, mode.rawValue)
                    }
                    reference.withUnsafeMutableBufferPointer {
                        tsr_blend_row_reference($0.baseAddress! + offset, s.baseAddress! + offset, cov, count, opacity,
                                                mode.rawValue)
                    }
                }
            }
            expectSame(fast, reference, "\(mode) round \(round): offset \(offset) count \(count) opacity \(opacity)")
            // Nothing outside the row is touched.
            let outside = (0..<width).filter { $0 < offset || $0 >= offset + count }
            expectSame(outside.map { fast[$0] }, outside.map { dst[$0] }, "\(mode): pixels outside the row")
            dst = fast
        }
    }

    /// normal gives exactly the bytes of the source-over kernels: tsr_blend_mask_row (a colour
    /// through coverage), tsr_blend_span (a colour at one coverage) and tsr_composite_row (a row
    /// of pixels at an opacity, through a mask's alpha).
    @Test(arguments: KernelOracle.levels)
    func normalIsTheSourceOverKernel(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 77)
        for count in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 64] {
            for _ in 0..<30 {
                let color = Self.pixel(&random)
                let dst = (0..<count).map { _ in Self.pixel(&random) }
                let coverage = (0..<count).map { _ in Self.coverageByte(&random) }
                let colors = [UInt32](repeating: color, count: count)

                var masked = dst
                masked.withUnsafeMutableBufferPointer { p in
                    coverage.withUnsafeBufferPointer { tsr_blend_mask_row(p.baseAddress, $0.baseAddress, count, color) }
                }
                expectSame(blend(.fast, dst, colors, coverage: coverage, mode: .normal), masked, "mask row")
                expectSame(blend(.reference, dst, colors, coverage: coverage, mode: .normal), masked, "mask row, reference")

                let level = UInt32(random.int(in: 1...255))
                var span = dst
                span.withUnsafeMutableBufferPointer { tsr_blend_span($0.baseAddress, count, color, level) }
                expectSame(blend(.fast, dst, colors, opacity: level, mode: .normal), span, "span")
                expectSame(blend(.fast, dst, colors, coverage: [UInt8](repeating: UInt8(level), count: count),
                                 mode: .normal), span, "span as coverage")

                let src = (0..<count).map { _ in Self.pixel(&random) }
                let mask = (0..<count).map { _ in Self.pixel(&random) }
                let opacity = UInt32(random.int(in: 0...255))
                var composited = dst
                composited.withUnsafeMutableBufferPointer { d in
                    src.withUnsafeBufferPointer { s in
                        mask.withUnsafeBufferPointer { tsr_composite_row(d.baseAddress, s.baseAddress, $0.baseAddress, count, opacity) }
                    }
                }
                let maskAlpha = mask.map { UInt8($0 >> 24) }
                expectSame(blend(.fast, dst, src, coverage: maskAlpha, opacity: opacity, mode: .normal), composited, "composite")
                var plain = dst
                plain.withUnsafeMutableBufferPointer { d in
                    src.withUnsafeBufferPointer { tsr_composite_row(d.baseAddress, $0.baseAddress, nil, count, opacity) }
                }
                expectSame(blend(.fast, dst, src, opacity: opacity, mode: .normal), plain, "composite without mask")
            }
        }
    }

    /// Coverage 0 (or opacity 0, or a transparent source) leaves the destination exactly as it
    /// was for the bounded modes, even a destination that is not valid premultiplied; the six
    /// others give OP(0, D), which is transparent for all of them.
    @Test(arguments: BlendMode.allCases, KernelOracle.levels)
    func zeroCoverage(mode: BlendMode, level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        var random = Random(seed: 5)
        let count = 37
        let src = (0..<count).map { _ in Self.pixel(&random) }
        let dst = (0..<count).map { i in i % 5 == 4 ? UInt32(truncatingIfNeeded: random.next()) : Self.pixel(&random) }
        let zeros = [UInt8](repeating: 0, count: count)
        let transparent = [UInt32](repeating: 0, count: count)
        let expected = mode.changesPixelsOutsideSource ? [UInt32](repeating: 0, count: count) : dst
        for kernel in [Kernel.fast, .reference] {
            expectSame(blend(kernel, dst, src, coverage: zeros, mode: mode), expected, "\(mode) \(kernel) coverage 0")
            expectSame(blend(kernel, dst, src, coverage: zeros, opacity: 200, mode: mode), expected, "\(mode) \(kernel) coverage 0")
            expectSame(blend(kernel, dst, src, opacity: 0, mode: mode), expected, "\(mode) \(kernel) opacity 0")
            expectSame(blend(kernel, dst, transparent, mode: mode), expected, "\(mode) \(kernel) transparent source")
        }
        if mode.changesPixelsOutsideSource {
            // OP(0, D) by the formula, for valid destinations.
            for d in Self.table { #expect(exactLevels(mode, 0, d) == [0, 0, 0, 0]) }
        }
        // A row mixing zero and non-zero coverage: the zero pixels follow the same rule.
        let mixed = (0..<count).map { $0 % 3 == 0 ? UInt8(0) : UInt8(200) }
        for kernel in [Kernel.fast, .reference] {
            let out = blend(kernel, dst, src, coverage: mixed, mode: mode)
            let zeroed = Array(stride(from: 0, to: count, by: 3))
            expectSame(zeroed.map { out[$0] }, zeroed.map { expected[$0] }, "\(mode) \(kernel) mixed coverage")
        }
    }

    /// Valid premultiplied inputs give valid premultiplied outputs (each channel ≤ alpha), at any
    /// coverage and opacity.
    @Test(arguments: BlendMode.allCases)
    func outputsAreValidPremultiplied(mode: BlendMode) {
        var random = Random(seed: 99 + UInt64(mode.rawValue))
        let count = 2000
        let src = (0..<count).map { _ in Self.pixel(&random) }
        let dst = (0..<count).map { _ in Self.pixel(&random) }
        let coverage = (0..<count).map { _ in Self.coverageByte(&random) }
        for opacity in [255, 97] as [UInt32] {
            let out = blend(.fast, dst, src, coverage: coverage, opacity: opacity, mode: mode)
            let invalid = out.filter { p in channels(p)[0..<3].contains { $0 > Int(p >> 24) } }
            #expect(invalid.isEmpty, "\(mode): \(invalid.prefix(5).map(hex))")
        }
    }

    /// plusDarker on opaque pixels is Apple's R = MAX(0, 1 − ((1 − D) + (1 − S))) = max(0, S + D − 1)
    /// exactly; a transparent source leaves D; alpha is min(1, Sa + Da).
    @Test func plusDarker() {
        var random = Random(seed: 26)
        for _ in 0..<500 {
            let s = (0..<3).map { _ in random.int(in: 0...255) } + [255]
            let d = (0..<3).map { _ in random.int(in: 0...255) } + [255]
            let out = blend(.fast, [pack(d)], [pack(s)], mode: .plusDarker)[0]
            #expect(channels(out) == (0..<4).map { max(0, s[$0] + d[$0] - 255) })
        }
        // Half-transparent black onto half-transparent white, alphas 128 / 255 each: Ra = 1, the alphas
        // overlap by 1 / 255, R = 0 + 128 / 255 − 1 / 255.
        let out = blend(.fast, [0x8080_8080], [0x8000_0000], mode: .plusDarker)[0]
        #expect(channels(out) == [127, 127, 127, 255])
        // A transparent source leaves D; an opaque white one too (white adds no darkness).
        #expect(blend(.fast, [0x8040_2010], [0], mode: .plusDarker) == [0x8040_2010])
        #expect(blend(.fast, [0xFF40_2010], [0xFFFF_FFFF], mode: .plusDarker) == [0xFF40_2010])
        // Opaque grey 0.6 under grey 0.8: 0.8 + 0.6 − 1 = 0.4.
        #expect(channels(blend(.fast, [0xFF99_9999], [0xFFCC_CCCC], mode: .plusDarker)[0]) == [102, 102, 102, 255])
    }

    /// multiply as bench-scenes.md defines it, on an example worked by hand:
    /// co = cs·(1 − αb) + cb·(1 − αs) + cs·cb.
    @Test func multiplyExample() {
        // S = (102, 51, 0, 128) / 255 = (0.4, 0.2, 0, 0.502) premultiplied, D = (0.6, 0.6, 0.6, 1):
        // r = 0.4·0 + 0.6·0.498 + 0.4·0.6 = 0.5388 (137.4 levels); g = 0.2988 + 0.12 = 0.4188 (106.8);
        // b = 0.2988 (76.2); a = 1.
        let s = pack([102, 51, 0, 128]), d = pack([153, 153, 153, 255])
        let got = channels(blend(.fast, [d], [s], mode: .multiply)[0])
        let expected = exactLevels(.multiply, s, d)
        #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 })
        #expect(abs(got[0] - 137) <= 1 && abs(got[1] - 107) <= 1 && abs(got[2] - 76) <= 1 && got[3] == 255)
    }

    /// A mode outside 0–27 composites as normal.
    @Test func unknownModeIsNormal() {
        var random = Random(seed: 3)
        let src = (0..<19).map { _ in Self.pixel(&random) }, dst = (0..<19).map { _ in Self.pixel(&random) }
        var a = dst, b = dst
        a.withUnsafeMutableBufferPointer { d in
            src.withUnsafeBufferPointer { tsr_blend_row(d.baseAddress, $0.baseAddress, nil, 19, 255, 99) }
        }
        b.withUnsafeMutableBufferPointer { d in
            src.withUnsafeBufferPointer { tsr_blend_row_reference(d.baseAddress, $0.baseAddress, nil, 19, 255, -4) }
        }
        expectSame(a, blend(.fast, dst, src, mode: .normal), "mode 99")
        expectSame(b, a, "mode -4")
    }
}
