/// Degenerate geometry and bad input: gradients that define no colours paint nothing
/// (kernelParameters is nil, as CoreGraphics and the canvas specification skip them), and no NaN,
/// infinity or broken kernel parameter traps.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct GradientDegenerateTests {
    private let stops = [Gradient.Stop(0, 1, 0, 0), Gradient.Stop(1, 0, 0, 1)]
    private let extendModes: [Gradient.Extend] = [.pad, .repeat, .reflect]

    private func paints(_ kind: Gradient.Kind, extend: Gradient.Extend = .pad, transform: Transform = .identity,
                        userToDevice: Transform = .identity) -> Bool {
        Gradient(kind, stops: stops, extend: extend, transform: transform)
            .kernelParameters(userToDevice: userToDevice) != nil
    }

    @Test func zeroLengthLinearAxisPaintsNothing() {
        for extend in extendModes {
            #expect(!paints(.linear(start: Point(x: 5, y: 7), end: Point(x: 5, y: 7)), extend: extend))
        }
        // Tiny but representable axes still paint.
        #expect(paints(.linear(start: Point(x: 5, y: 7), end: Point(x: 5 + 1e-9, y: 7))))
    }

    @Test func degenerateRadialPaintsNothing() {
        let c = Point(x: 10, y: 10), d = Point(x: 30, y: 10)
        for extend in extendModes {
            #expect(!paints(.radial(startCenter: c, startRadius: 0, endCenter: c, endRadius: 0), extend: extend))
            #expect(!paints(.radial(startCenter: c, startRadius: 0, endCenter: d, endRadius: 0), extend: extend))
            #expect(!paints(.radial(startCenter: c, startRadius: 15, endCenter: c, endRadius: 15), extend: extend))
            #expect(!paints(.radial(startCenter: c, startRadius: -1, endCenter: c, endRadius: 15), extend: extend))
            #expect(!paints(.radial(startCenter: c, startRadius: 5, endCenter: d, endRadius: -15), extend: extend))
        }
        // Valid near-degenerate cases paint: equal radii with different centres, a zero start
        // radius, concentric circles.
        #expect(paints(.radial(startCenter: c, startRadius: 15, endCenter: d, endRadius: 15)))
        #expect(paints(.radial(startCenter: c, startRadius: 0, endCenter: c, endRadius: 15)))
        #expect(paints(.radial(startCenter: c, startRadius: 20, endCenter: c, endRadius: 5)))
    }

    @Test func nonFiniteGeometryPaintsNothing() {
        let bad: [Double] = [.nan, .infinity, -.infinity]
        for v in bad {
            #expect(!paints(.linear(start: Point(x: v, y: 0), end: Point(x: 10, y: 0))))
            #expect(!paints(.linear(start: .zero, end: Point(x: 10, y: v))))
            #expect(!paints(.radial(startCenter: Point(x: v, y: 0), startRadius: 0, endCenter: .zero, endRadius: 5)))
            #expect(!paints(.radial(startCenter: .zero, startRadius: v, endCenter: .zero, endRadius: 5)))
            #expect(!paints(.radial(startCenter: .zero, startRadius: 0, endCenter: Point(x: 1, y: v), endRadius: 5)))
            #expect(!paints(.radial(startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: v)))
            #expect(!paints(.conic(center: Point(x: 0, y: v), startAngle: 0)))
            #expect(!paints(.conic(center: .zero, startAngle: v)))
        }
    }

    @Test func singularOrNonFiniteTransformsPaintNothing() {
        let kind = Gradient.Kind.linear(start: .zero, end: Point(x: 10, y: 0))
        #expect(!paints(kind, transform: Transform(scaleX: 0, y: 1)))
        #expect(!paints(kind, transform: Transform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)))
        #expect(!paints(kind, userToDevice: Transform(scaleX: 1, y: 0)))
        #expect(!paints(kind, transform: Transform(translationX: .nan, y: 0)))
        #expect(!paints(kind, transform: Transform(translationX: 0, y: .infinity)))
        #expect(!paints(kind, userToDevice: Transform(scaleX: .infinity, y: 1)))
        #expect(!paints(kind, userToDevice: Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)))
        // A determinant that underflows to 0, and one whose inverse overflows.
        #expect(!paints(kind, transform: Transform(scaleX: 1e-200, y: 1e-200)))
        #expect(!paints(kind, transform: Transform(scaleX: 1e-160, y: 1e-160)))
        #expect(paints(kind, transform: Transform(scaleX: 1e-3, y: 1e3)))
    }

    /// Extreme but finite values neither trap nor make the kernels disagree.
    @Test func extremeValuesNeverTrap() {
        let huge = 1e300, tiny = 1e-300
        let kinds: [Gradient.Kind] = [
            .linear(start: Point(x: -huge, y: 0), end: Point(x: huge, y: 0)),
            .linear(start: .zero, end: Point(x: 1e-150, y: 0)),
            .linear(start: .zero, end: Point(x: tiny, y: 0)),
            .radial(startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: huge),
            .radial(startCenter: .zero, startRadius: tiny, endCenter: Point(x: huge, y: 0), endRadius: 1),
            .radial(startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1e-160),
            .conic(center: Point(x: huge, y: -huge), startAngle: 1e300),
        ]
        for kind in kinds {
            for extend in extendModes {
                for transform in [Transform.identity, Transform(scaleX: 1e150, y: 1e-150), Transform(scaleX: 1e-100, y: 1e-100)] {
                    let g = Gradient(kind, stops: stops, extend: extend, transform: transform)
                    _ = GradientProbe.row(g, x: -7, y: 3, count: 37)   // checks SIMD == reference
                    _ = GradientProbe.row(g, x: Int(Int32.max) - 40, y: Int(Int32.min), count: 40)
                }
            }
        }
    }

    /// The kernels themselves: a NaN or infinite parameter, a missing table, a table size outside
    /// 2 … 2²³, an unknown kind or extend give a transparent row (tsr_gradient_prepare refuses
    /// them), and no trap.
    @Test func brokenKernelParametersGiveTransparentRows() {
        let table: [UInt32] = [0xFF00_00FF, 0xFFFF_0000, 0xFF00_FF00]
        table.withUnsafeBufferPointer { t in
            func base() -> tsr_gradient_spec {
                var g = tsr_gradient_spec()
                g.kind = Int32(TSR_GRADIENT_LINEAR.rawValue)
                g.extend = Int32(TSR_EXTEND_PAD.rawValue)
                g.table = t.baseAddress
                g.tableSize = 3
                g.xx = 1; g.yy = 1
                g.p1x = 10; g.r1 = 10
                return g
            }
            var sanity = base()
            #expect(GradientProbe.run(&sanity, x: 0, y: 0, count: 9).simd.allSatisfy { $0 != 0 })
            let breakers: [(inout tsr_gradient_spec) -> Void] = [
                { $0.xx = .nan }, { $0.yx = .infinity }, { $0.x0 = -.infinity }, { $0.y0 = .nan },
                { $0.p0x = .nan }, { $0.p1y = .infinity }, { $0.table = nil }, { $0.tableSize = 1 },
                { $0.tableSize = 0 }, { $0.tableSize = -5 }, { $0.tableSize = (1 << 23) + 1 }, { $0.kind = 3 },
                { $0.kind = -1 }, { $0.extend = 3 }, { $0.extend = 99 },
                { $0.p1x = 0 },   // zero-length axis: t = 0 / 0
                { $0.kind = Int32(TSR_GRADIENT_RADIAL.rawValue); $0.r0 = .nan },
                { $0.kind = Int32(TSR_GRADIENT_RADIAL.rawValue); $0.r1 = .infinity },
                { $0.kind = Int32(TSR_GRADIENT_RADIAL.rawValue); $0.r1 = 0; $0.p1x = 0 },   // equal circles
                { $0.kind = Int32(TSR_GRADIENT_CONIC.rawValue); $0.angle = .nan },
                { $0.kind = Int32(TSR_GRADIENT_CONIC.rawValue); $0.p0y = -.infinity },
            ]
            for (i, breaker) in breakers.enumerated() {
                var g = base()
                breaker(&g)
                for count in [0, 1, 3, 4, 9] {
                    let (simd, reference) = GradientProbe.run(&g, x: -2, y: 1, count: count)
                    #expect(simd == [UInt32](repeating: 0, count: count), "breaker \(i)")
                    #expect(reference == simd, "breaker \(i)")
                }
            }
        }
    }
}
