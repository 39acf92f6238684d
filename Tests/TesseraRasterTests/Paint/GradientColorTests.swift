/// Gradient colours at chosen pixels, from the formulas: each kind under each extend mode, the
/// bench's check value, the rules for stops, and gradient transforms. Pixels come from the
/// kernels through `kernelParameters` (both SIMD and reference, which must agree).
import CTesseraSIMD
import Testing
@_spi(Caches) @testable import TesseraRaster

@Suite struct GradientColorTests {
    /// Three stops with different alphas, sorted and valid, for the formula comparisons.
    static let stops = [
        Gradient.Stop(0, 0.2, 0.4, 0.9, 1),
        Gradient.Stop(0.5, 1, 0.5, 0, 0.5),
        Gradient.Stop(1, 0, 1, 0.3, 0.8),
    ]
    static let extendModes: [Gradient.Extend] = [.pad, .repeat, .reflect]

    private func check(_ gradient: Gradient, userToDevice: Transform = .identity, width: Int = 240, height: Int = 200,
                       minimumChecked: Double = 0.8) {
        let result = GradientProbe.compareWithFormulas(
            gradient, sortedStops: Self.stops, userToDevice: userToDevice, xs: 0..<width,
            ys: stride(from: 0, to: height, by: 3))
        #expect(result.failures.isEmpty, "\(gradient.kind) \(gradient.extend): \(result.failures)")
        #expect(result.worst <= 1)
        let total = Double(result.checked + result.skipped)
        #expect(Double(result.checked) >= minimumChecked * total,
                "\(gradient.kind) \(gradient.extend): only \(result.checked) of \(Int(total)) pixels checked")
    }

    // MARK: Each kind, each extend mode, against the formulas

    @Test(arguments: extendModes) func linearMatchesTheFormula(extend: Gradient.Extend) {
        check(Gradient(.linear(start: Point(x: 60, y: 40), end: Point(x: 150, y: 110)), stops: Self.stops, extend: extend))
    }

    @Test(arguments: extendModes) func radialMatchesTheFormula(extend: Gradient.Extend) {
        // Two circles, the start one inside the end one (every pixel has a t).
        check(Gradient(.radial(startCenter: Point(x: 100, y: 90), startRadius: 10, endCenter: Point(x: 120, y: 100),
                               endRadius: 60), stops: Self.stops, extend: extend))
        // Focal point = centre (the bench's radial): t = |p − c| / r.
        check(Gradient(.radial(startCenter: Point(x: 120, y: 100), startRadius: 0, endCenter: Point(x: 120, y: 100),
                               endRadius: 70), stops: Self.stops, extend: extend))
        // Concentric circles with a start radius: t < 0 inside it.
        check(Gradient(.radial(startCenter: Point(x: 120, y: 100), startRadius: 30, endCenter: Point(x: 120, y: 100),
                               endRadius: 80), stops: Self.stops, extend: extend))
        // A cone: the circles sweep only part of the plane, transparent elsewhere.
        check(Gradient(.radial(startCenter: Point(x: 40, y: 100), startRadius: 5, endCenter: Point(x: 160, y: 90),
                               endRadius: 40), stops: Self.stops, extend: extend))
        // a = 0: the end circle passes through the start circle's centre (|Δc| = |Δr|): one root.
        check(Gradient(.radial(startCenter: Point(x: 80, y: 100), startRadius: 0, endCenter: Point(x: 140, y: 100),
                               endRadius: 60), stops: Self.stops, extend: extend))
        // a small but real (1.7e-7 of |Δc|² + Δr²): the kernels' numerically stable form; the
        // far root takes over half the plane.
        check(Gradient(.radial(startCenter: Point(x: 80, y: 100), startRadius: 0, endCenter: Point(x: 140.00001, y: 100),
                               endRadius: 60), stops: Self.stops, extend: extend))
        // The start circle inside the end one, touching it (a < 0, small).
        check(Gradient(.radial(startCenter: Point(x: 100, y: 100), startRadius: 10, endCenter: Point(x: 129.99, y: 100),
                               endRadius: 40), stops: Self.stops, extend: extend))
    }

    @Test(arguments: extendModes) func conicMatchesTheFormula(extend: Gradient.Extend) {
        check(Gradient(.conic(center: Point(x: 117.3, y: 93.6), startAngle: 0.7), stops: Self.stops, extend: extend))
        check(Gradient(.conic(center: Point(x: 20, y: 180), startAngle: -2.5), stops: Self.stops, extend: extend))
    }

    // MARK: Exact values

    /// bench-scenes.md: opaque red → transparent blue, interpolated straight then premultiplied,
    /// gives (r, b, a) = (63, 64, 127) at the pixel just past halfway (as Cairo and Blend2D draw
    /// it; exactly halfway it is (64, 64, 128)); premultiplied interpolation would give (127, 0, 127).
    @Test func benchCheckValue() throws {
        let gradient = Gradient(.linear(start: Point(x: 0, y: 0), end: Point(x: 256, y: 0)),
                                colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0)])
        let pixel = try #require(GradientProbe.pixel(gradient, 128, 0))
        #expect(pixel == PremultipliedRGBA8(r: 63, g: 0, b: 64, a: 127))
        let halfway = GradientProbe.straightColor(at: 0.5, sortedStops: gradient.stops).premultiplied
        #expect(halfway == PremultipliedRGBA8(r: 64, g: 0, b: 64, a: 128))
        #expect(gradient.table.colors[GradientTable.size - 1] == 0)
    }

    /// Black → white from x = 0.5 to 1023.5: pixel x has t = x / 1023 exactly on table entry x.
    @Test func linearTableEntriesExactly() throws {
        let gradient = Gradient(.linear(start: Point(x: 0.5, y: 0), end: Point(x: 1023.5, y: 0)), colors: [.black, .white])
        let row = try #require(GradientProbe.row(gradient, x: -3, y: 5, count: 1030))
        for (i, word) in row.enumerated() {
            let x = i - 3
            let t = min(max(Double(x) / 1023, 0), 1)
            #expect(PremultipliedRGBA8(packed: word) == Color(red: t, green: t, blue: t).premultiplied, "x = \(x)")
        }
    }

    /// Every entry of tables of random stops (out-of-range components and offsets, translucent
    /// colours, repeated offsets) is its straight colour's `premultiplied`, as documented, at every
    /// kernel level.
    @Test(arguments: KernelOracle.levels)
    func tableEntriesArePremultipliedStopMixes(level: Int32) {
        tsr_kernel_level_override(level)
        defer { tsr_kernel_level_override(0) }
        GradientProbe.checkTableEntries(seed: 0x9E37_79B9_7F4A_7C15, colorSpace: .sRGB, stopColor: { $0 },
                                        entry: { $0.premultiplied.packed })
    }

    /// An sRGB table is premultiplied by construction, which the kernels are told
    /// (`tsr_gradient_spec.premultiplied`: they then skip source-over's saturation); an entry with
    /// a channel above its alpha is not.
    /// Whether each colour channel of `entry` is at most its alpha, one channel at a time: the
    /// oracle of `GradientTable.arePremultiplied`.
    private static func isPremultiplied(_ entry: UInt32) -> Bool {
        let alpha = entry >> 24
        return entry & 0xFF <= alpha && (entry >> 8) & 0xFF <= alpha && (entry >> 16) & 0xFF <= alpha
    }

    @Test func sRGBTablesArePremultiplied() {
        var random = CoverageHarness.SplitMix64(seed: 77)
        for _ in 0..<50 {
            let stops = (0..<random.int(in: 1...4)).map { _ in
                Gradient.Stop(random.double(in: 0...1), random.double(in: 0...1), random.double(in: 0...1),
                              random.double(in: 0...1), random.chance(0.3) ? 1 : random.double(in: 0...1))
            }
            // Entry by entry: the table claims it without checking (by construction).
            let table = GradientTable(stops: stops)
            #expect(table.isPremultiplied)
            #expect(UnsafeBufferPointer(start: table.entries, count: GradientTable.size).allSatisfy(Self.isPremultiplied))
        }
        #expect(Self.isPremultiplied(0x8080_8080))
        #expect(!Self.isPremultiplied(0x8081_0000))
        #expect(!Self.isPremultiplied(0x7F00_8000))
        #expect(!Self.isPremultiplied(0x0000_0001))
        // Eight at a time, as the tables other than sRGB's are checked: one entry off in any lane.
        var entries = [UInt32](repeating: 0x8080_8080, count: 16)
        #expect(GradientTable.arePremultiplied(entries, count: 16))
        for (lane, entry) in [(0, UInt32(0x8081_0000)), (9, 0x7F00_8000), (15, 0x0000_0001), (7, 0xFF00_00FF + 1)] {
            entries[lane] = entry
            #expect(GradientTable.arePremultiplied(entries, count: 16) == Self.isPremultiplied(entry))
            entries[lane] = 0x8080_8080
        }
    }

    /// Gradients of the same stops share one table from the second on (stops seen once are not
    /// kept); the cache stays within its capacity.
    @Test func gradientsOfTheSameStopsShareATable() {
        let line = Gradient.Kind.linear(start: Point(x: 0, y: 0), end: Point(x: 10, y: 0))
        let circle = Gradient.Kind.radial(startCenter: Point(x: 0, y: 0), startRadius: 0, endCenter: Point(x: 0, y: 0), endRadius: 5)
        _ = Gradient(line, stops: Self.stops)
        let a = Gradient(line, stops: Self.stops)
        let b = Gradient(circle, stops: Self.stops)
        #expect(a.table === b.table)
        var other = Self.stops
        other[1].offset = 0.25
        #expect(Gradient(line, stops: other).table !== a.table)
        for k in 0..<(GradientTableCache.capacity + 50) {
            for _ in 0..<2 {
                _ = Gradient(.linear(start: Point(x: 0, y: 0), end: Point(x: 1, y: 0)),
                             stops: [Gradient.Stop(0, 1, 0, 0, 1), Gradient.Stop(1, 0, 0, Double(k) / 10_000, 1)])
            }
        }
        #expect(GradientTableCache.count <= GradientTableCache.capacity)
        #expect(GradientTableCache.count >= ShardedCache<Int, Int>.shardCount)
    }

    /// A linear gradient of length 100 along x: pixel x has t = x / 100; extended values chosen
    /// away from table rounding boundaries.
    @Test func linearExtendModesAtChosenPixels() throws {
        let stops = [Gradient.Stop(0, 0, 0, 0), Gradient.Stop(1, 1, 1, 1)]
        let cases: [(Gradient.Extend, x: Int, t: Double)] = [
            (.pad, -20, 0), (.pad, 30, 0.3), (.pad, 150, 1),
            (.repeat, 125, 0.25), (.repeat, -25, 0.75), (.repeat, 370, 0.7),
            (.reflect, 125, 0.75), (.reflect, -25, 0.25), (.reflect, 260, 0.6), (.reflect, 330, 0.7),
        ]
        for (extend, x, t) in cases {
            let gradient = Gradient(.linear(start: Point(x: 0.5, y: 0), end: Point(x: 100.5, y: 0)), stops: stops, extend: extend)
            let pixel = try #require(GradientProbe.pixel(gradient, x, 7))
            #expect(pixel == GradientProbe.tableColor(at: t, sortedStops: stops), "\(extend) x = \(x)")
        }
    }

    @Test func radialAtChosenPixels() throws {
        let stops = [Gradient.Stop(0, 1, 0, 0), Gradient.Stop(1, 0, 0, 1)]
        let centre = Point(x: 100.5, y: 100.5)
        func color(_ t: Double) -> PremultipliedRGBA8 { GradientProbe.tableColor(at: t, sortedStops: stops) }
        // Focal = centre, radius 100: t = distance / 100 along the axes and the diagonal.
        let focal = Gradient(.radial(startCenter: centre, startRadius: 0, endCenter: centre, endRadius: 100), stops: stops)
        #expect(GradientProbe.pixel(focal, 100, 100) == color(0))
        #expect(GradientProbe.pixel(focal, 130, 100) == color(0.3))
        #expect(GradientProbe.pixel(focal, 100, 30) == color(0.7))
        #expect(GradientProbe.pixel(focal, 124, 132) == color(0.4))   // 3-4-5
        #expect(GradientProbe.pixel(focal, 300, 100) == color(1))
        // Concentric, radii 10 → 50: t = (d − 10) / 40; inside the start circle t < 0.
        for (extend, t5) in [(Gradient.Extend.pad, 0.0), (.repeat, 0.875), (.reflect, 0.125)] {
            let g = Gradient(.radial(startCenter: centre, startRadius: 10, endCenter: centre, endRadius: 50), stops: stops,
                             extend: extend)
            #expect(GradientProbe.pixel(g, 134, 100) == color(0.6))
            #expect(GradientProbe.pixel(g, 105, 100) == color(t5), "\(extend)")
        }
        // Equal radii, different centres (a cylinder): the larger root; transparent off the band.
        let cylinder = Gradient(.radial(startCenter: Point(x: 0.5, y: 100.5), startRadius: 10,
                                        endCenter: Point(x: 100.5, y: 100.5), endRadius: 10), stops: stops)
        let root = (50 + 75.0.squareRoot()) / 100
        #expect(GradientProbe.pixel(cylinder, 50, 105) == color(root))
        #expect(GradientProbe.pixel(cylinder, 50, 150) == .transparent)
        // A focal point outside the end circle: behind it no circle passes (transparent); far
        // ahead on the axis the larger root, t = 5, pads to the last colour.
        let cone = Gradient(.radial(startCenter: Point(x: 50.5, y: 100.5), startRadius: 0,
                                    endCenter: Point(x: 100.5, y: 100.5), endRadius: 20), stops: stops)
        #expect(GradientProbe.pixel(cone, 20, 100) == .transparent)
        #expect(GradientProbe.pixel(cone, 200, 100) == color(1))
    }

    /// Angles measured from the start angle towards +y (clockwise on a y-down device), in turns.
    @Test func conicAtChosenPixels() throws {
        let stops = [Gradient.Stop(0, 0, 0, 0), Gradient.Stop(1, 1, 1, 1)]
        let centre = Point(x: 100.5, y: 100.5)
        func color(_ t: Double) -> PremultipliedRGBA8 { GradientProbe.tableColor(at: t, sortedStops: stops) }
        let g = Gradient(.conic(center: centre, startAngle: 0), stops: stops)
        #expect(GradientProbe.pixel(g, 150, 100) == color(0))
        #expect(GradientProbe.pixel(g, 100, 150) == color(0.25))
        #expect(GradientProbe.pixel(g, 50, 100) == color(0.5))
        #expect(GradientProbe.pixel(g, 100, 50) == color(0.75))
        #expect(GradientProbe.pixel(g, 150, 150) == color(0.125))
        #expect(GradientProbe.pixel(g, 100, 100) == color(0))   // the centre: angle 0
        let turned = Gradient(.conic(center: centre, startAngle: Double.pi / 2), stops: stops)
        #expect(GradientProbe.pixel(turned, 100, 150) == color(0))
        #expect(GradientProbe.pixel(turned, 50, 100) == color(0.25))
        #expect(GradientProbe.pixel(turned, 150, 100) == color(0.75))
    }

    // MARK: Stops

    /// Two stops at the same offset: the first colour left of it, the second right of it.
    @Test func stopsAtTheSameOffsetMakeAHardEdge() throws {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let gradient = Gradient(.linear(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)),
                                stops: [.init(offset: 0, color: red), .init(offset: 0.5, color: red),
                                        .init(offset: 0.5, color: blue), .init(offset: 1, color: blue)])
        let row = try #require(GradientProbe.row(gradient, x: 0, y: 0, count: 100))
        for x in 0..<100 {
            let want = x < 50 ? red.premultiplied : blue.premultiplied
            #expect(PremultipliedRGBA8(packed: row[x]) == want, "x = \(x)")
        }
        // Only the edge: the first colour before it, the second after it (pad).
        let edge = Gradient(.linear(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)),
                            stops: [.init(offset: 0.3, color: red), .init(offset: 0.3, color: blue)])
        #expect(GradientProbe.pixel(edge, 10, 0) == red.premultiplied)
        #expect(GradientProbe.pixel(edge, 60, 0) == blue.premultiplied)
        // A hard edge at 0: the first colour before the gradient, the second from its start on.
        let green = Color(red: 0, green: 1, blue: 0)
        let start = Gradient(.linear(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)),
                             stops: [.init(offset: 0, color: red), .init(offset: 0, color: green), .init(offset: 1, color: blue)])
        #expect(GradientProbe.pixel(start, -10, 0) == red.premultiplied)
        #expect(start.table.colors[1] == GradientProbe.straightColor(
            at: 1.0 / 1023, sortedStops: [.init(offset: 0, color: green), .init(offset: 1, color: blue)]).premultiplied.packed)
        // At 1: the last colour after the gradient.
        let end = Gradient(.linear(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)),
                           stops: [.init(offset: 0, color: red), .init(offset: 1, color: green), .init(offset: 1, color: blue)])
        #expect(GradientProbe.pixel(end, 150, 0) == blue.premultiplied)
        #expect(end.table.colors[1022] != blue.premultiplied.packed)
    }

    @Test func oneStopIsThatColourEverywhere() throws {
        let color = Color(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.7)
        let kinds: [Gradient.Kind] = [
            .linear(start: Point(x: 10, y: 10), end: Point(x: 50, y: 30)),
            .radial(startCenter: Point(x: 30, y: 30), startRadius: 0, endCenter: Point(x: 30, y: 30), endRadius: 20),
            .conic(center: Point(x: 30, y: 30), startAngle: 1),
        ]
        for kind in kinds {
            for extend in Self.extendModes {
                for offset in [0, 0.4, 1, -3, 7] {
                    let g = Gradient(kind, stops: [.init(offset: offset, color: color)], extend: extend)
                    let row = try #require(GradientProbe.row(g, x: -20, y: 25, count: 90))
                    #expect(row.allSatisfy { $0 == color.premultiplied.packed }, "\(kind) \(extend) \(offset)")
                }
            }
        }
        #expect(Gradient(kinds[0], colors: [color]).table.colors.allSatisfy { $0 == color.premultiplied.packed })
    }

    /// No stops: the gradient paints nothing (kernelParameters is nil), its table is transparent.
    @Test func noStopsPaintNothing() {
        for kind in [Gradient.Kind.linear(start: .zero, end: Point(x: 10, y: 0)),
                     .radial(startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 5),
                     .conic(center: .zero, startAngle: 0)] {
            let g = Gradient(kind, stops: [])
            #expect(g.kernelParameters(userToDevice: .identity) == nil)
            #expect(g.table.isEmpty)
            #expect(g.table.colors.allSatisfy { $0 == 0 })
            #expect(Gradient(kind, colors: []).kernelParameters(userToDevice: .identity) == nil)
        }
        // Only NaN stops: none usable.
        let nan = Gradient(.conic(center: .zero, startAngle: 0), stops: [.init(.nan, 1, 0, 0), .init(0.5, .nan, 0, 0)])
        #expect(nan.kernelParameters(userToDevice: .identity) == nil)
    }

    /// Unsorted and out-of-range offsets are sorted and clamped: the same table as the tidy stops.
    @Test func unsortedAndOutOfRangeOffsets() {
        let kind = Gradient.Kind.linear(start: .zero, end: Point(x: 100, y: 0))
        let tidy = Gradient(kind, stops: [.init(0, 1, 0, 0), .init(0.4, 0, 1, 0, 0.5), .init(1, 0, 0, 1)])
        let unsorted = Gradient(kind, stops: [.init(1, 0, 0, 1), .init(0, 1, 0, 0), .init(0.4, 0, 1, 0, 0.5)])
        let outOfRange = Gradient(kind, stops: [.init(7, 0, 0, 1), .init(-2, 1, 0, 0), .init(0.4, 0, 1, 0, 0.5)])
        let infinite = Gradient(kind, stops: [.init(.infinity, 0, 0, 1), .init(-.infinity, 1, 0, 0), .init(0.4, 0, 1, 0, 0.5)])
        #expect(unsorted.table.colors == tidy.table.colors)
        #expect(outOfRange.table.colors == tidy.table.colors)
        #expect(infinite.table.colors == tidy.table.colors)
        #expect(unsorted != tidy)   // equality is over the stops as given
        // Two stops clamped onto 0: a hard edge there, in the order given.
        let clamped = Gradient(kind, stops: [.init(-1, 1, 0, 0), .init(-0.5, 0, 1, 0), .init(1, 0, 0, 1)])
        #expect(clamped.table.colors[0] == Color(red: 1, green: 0, blue: 0).premultiplied.packed)
        #expect(clamped.table.colors[1] == GradientProbe.straightColor(
            at: 1.0 / 1023, sortedStops: [.init(0, 0, 1, 0), .init(1, 0, 0, 1)]).premultiplied.packed)
        // Offsets between the stops in the middle are interpolated in straight alpha.
        let middle = tidy.table.colors[Int((0.2 * 1023).rounded())]
        #expect(middle == GradientProbe.tableColor(at: 0.2, sortedStops: tidy.stops).packed)
    }

    /// A stop with a NaN offset or colour component is dropped; colour components are clamped.
    @Test func nanStopsAreDroppedAndComponentsClamped() {
        let kind = Gradient.Kind.linear(start: .zero, end: Point(x: 100, y: 0))
        let plain = Gradient(kind, stops: [.init(0, 1, 0, 0), .init(1, 0, 0, 1)])
        for bad in [Gradient.Stop(.nan, 0, 1, 0), .init(0.5, .nan, 1, 0), .init(0.5, 0, 1, 0, .nan),
                    .init(0.5, 0, .nan, 0), .init(0.5, 0, 0, .nan)] {
            let g = Gradient(kind, stops: [.init(0, 1, 0, 0), bad, .init(1, 0, 0, 1)])
            #expect(g.table.colors == plain.table.colors)
        }
        let wild = Gradient(kind, stops: [.init(0, 3, -1, .infinity, 2), .init(1, -.infinity, 0.5, 0, -1)])
        let tame = Gradient(kind, stops: [.init(0, 1, 0, 1, 1), .init(1, 0, 0.5, 0, 0)])
        #expect(wild.table.colors == tame.table.colors)
    }

    /// The CoreGraphics-like initializer: evenly spaced colours, or at `locations`.
    @Test func colorsInitializer() {
        let kind = Gradient.Kind.linear(start: .zero, end: Point(x: 100, y: 0))
        let colors = [Color.black, Color(red: 1, green: 0, blue: 0), Color.white]
        let even = Gradient(kind, colors: colors)
        #expect(even.stops.map(\.offset) == [0, 0.5, 1])
        #expect(even.stops.map(\.color) == colors)
        let placed = Gradient(kind, colors: colors, locations: [0, 0.2, 0.9], extend: .reflect)
        #expect(placed.stops.map(\.offset) == [0, 0.2, 0.9])
        #expect(placed.extend == .reflect)
        #expect(Gradient(kind, colors: colors, locations: [0.1, 0.7]).stops.count == 2)
        #expect(Gradient(kind, colors: [.white]).stops == [Gradient.Stop(offset: 0, color: .white)])
        #expect(even == Gradient(kind, stops: [.init(offset: 0, color: colors[0]), .init(offset: 0.5, color: colors[1]),
                                               .init(offset: 1, color: colors[2])]))
        #expect(even.hashValue == Gradient(kind, colors: colors).hashValue)
        #expect(even != Gradient(kind, colors: colors, extend: .repeat))
        #expect(even != Gradient(kind, colors: colors, transform: Transform(scaleX: 2, y: 1)))
    }

    // MARK: Transforms

    /// A linear gradient along x rotated a quarter turn varies along y only; scaled by 2 along x
    /// its axis doubles; the drawing transform (userToDevice) applies after the gradient's own.
    @Test func rotatedAndScaledLinear() throws {
        let stops = [Gradient.Stop(0, 0, 0, 0), Gradient.Stop(1, 1, 1, 1)]
        let kind = Gradient.Kind.linear(start: .zero, end: Point(x: 100, y: 0))
        let rotated = Gradient(kind, stops: stops, transform: Transform(rotationAngle: Double.pi / 2))
        for y in [3, 27, 61, 88] {
            let row = try #require(GradientProbe.row(rotated, x: -40, y: y, count: 80))
            let want = GradientProbe.tableColor(at: (Double(y) + 0.5) / 100, sortedStops: stops).packed
            #expect(row.allSatisfy { $0 == want }, "y = \(y)")
        }
        let scaled = Gradient(kind, stops: stops, transform: Transform(scaleX: 2, y: 1))
        #expect(GradientProbe.pixel(scaled, 59, 3) == GradientProbe.tableColor(at: 0.2975, sortedStops: stops))
        let moved = GradientProbe.pixel(scaled, 109, 3, userToDevice: Transform(translationX: 50, y: 0))
        #expect(moved == GradientProbe.tableColor(at: 0.2975, sortedStops: stops))
        // Against the formulas under a rotation, scale and skew, with a drawing transform.
        let skewed = Gradient(.linear(start: Point(x: 10, y: 5), end: Point(x: 60, y: 30)), stops: Self.stops,
                              extend: .reflect,
                              transform: Transform(a: 1.2, b: 0.4, c: -0.3, d: 0.9, tx: 20, ty: 10))
        check(skewed, userToDevice: Transform(rotationAngle: 0.3).translatedBy(x: 15, y: -5))
    }

    /// A circular gradient under a non-uniform scale is elliptical (CAGradientLayer's `.radial`).
    @Test func ellipticalRadial() throws {
        let stops = [Gradient.Stop(0, 1, 1, 1), Gradient.Stop(1, 0, 0, 0)]
        let transform = Transform(scaleX: 100, y: 50).concatenating(Transform(translationX: 200.5, y: 100.5))
        let ellipse = Gradient(.radial(startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1), stops: stops,
                               transform: transform)
        let want = GradientProbe.tableColor(at: 0.6, sortedStops: stops)
        #expect(GradientProbe.pixel(ellipse, 260, 100) == want)
        #expect(GradientProbe.pixel(ellipse, 140, 100) == want)
        #expect(GradientProbe.pixel(ellipse, 200, 130) == want)
        #expect(GradientProbe.pixel(ellipse, 200, 70) == want)
        #expect(GradientProbe.pixel(ellipse, 200, 100) == GradientProbe.tableColor(at: 0, sortedStops: stops))
        let result = GradientProbe.compareWithFormulas(
            Gradient(.radial(startCenter: Point(x: 0.1, y: 0), startRadius: 0.2, endCenter: .zero, endRadius: 1),
                     stops: Self.stops, transform: transform),
            sortedStops: Self.stops, xs: 80..<330, ys: stride(from: 30, to: 170, by: 7))
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(result.checked > 4000)
    }
}
