import Testing
import TesseraRaster

/// A masked group's layers are cleared and composited only where its content and its mask both
/// drew (outside either, the masked content is transparent), or around where either drew for a
/// blend mode that changes what a transparent source covers; what its content draws elsewhere
/// never reaches the target, in any band.
@Suite struct GroupAreaTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    static func rgba(_ p: PremultipliedRGBA8) -> [Int] { [Int(p.r), Int(p.g), Int(p.b), Int(p.a)] }

    /// Red below a group of `content` masked by `mask` (opaque rectangles), composited with
    /// `blendMode`, on a 64 × 128 pixmap (several bands).
    static func render(content: Rect, mask: Rect, blendMode: BlendMode = .normal, threads: Int,
                       canvas: Canvas? = nil) throws -> Pixmap {
        let canvas = canvas ?? Canvas(threadCount: threads)
        canvas.clear(red)
        record(content: content, mask: mask, blendMode: blendMode, on: canvas)
        let pixmap = try Pixmap(width: 64, height: 128)
        canvas.render(into: pixmap)
        return pixmap
    }

    /// A group of `content` (blue) masked by `mask` (opaque white), composited with `blendMode`.
    static func record(content: Rect, mask: Rect, blendMode: BlendMode = .normal, on canvas: Canvas) {
        canvas.beginGroup()
        canvas.fill(Path(rect: content), paint: .solid(blue))
        canvas.beginMask()
        canvas.fill(Path(rect: mask), paint: .solid(.white))
        canvas.endGroup(opacity: 1, blendMode: blendMode)
    }

    static func contains(_ r: Rect, _ x: Int, _ y: Int) -> Bool {
        Double(x) >= r.minX && Double(x) < r.maxX && Double(y) >= r.minY && Double(y) < r.maxY
    }

    /// Content over every row (every band) and a mask over rows 40–59, columns 10–29: blue where
    /// they meet, red everywhere else, the content's rows in the bands the mask misses included.
    @Test(arguments: [1, 2])
    func contentShowsOnlyWhereTheMaskDrew(threads: Int) throws {
        let content = Rect(x: 0, y: 0, width: 20, height: 128), mask = Rect(x: 10, y: 40, width: 20, height: 20)
        let pixmap = try Self.render(content: content, mask: mask, threads: threads)
        for y in 0..<128 {
            for x in 0..<64 {
                let inside = Self.contains(content, x, y) && Self.contains(mask, x, y)
                #expect(Self.rgba(pixmap[x, y]) == (inside ? [0, 0, 255, 255] : [255, 0, 0, 255]), "(\(x), \(y))")
            }
        }
    }

    /// Content and mask that do not meet: the group draws nothing, and its content is not drawn
    /// onto the target either.
    @Test(arguments: [1, 2])
    func contentOutsideItsMaskDrawsNothing(threads: Int) throws {
        let pixmap = try Self.render(content: Rect(x: 0, y: 0, width: 10, height: 10), mask: Rect(x: 30, y: 90, width: 10, height: 10),
                                     threads: threads)
        for y in 0..<128 { for x in 0..<64 { #expect(Self.rgba(pixmap[x, y]) == [255, 0, 0, 255], "(\(x), \(y))") } }
    }

    /// Copy replaces the rectangle around where the content or the mask drew (rows 0–59,
    /// columns 0–29): the masked content there (blue where both drew, transparent elsewhere in
    /// it), red outside.
    @Test func copyReplacesAroundWhereEitherDrew() throws {
        let content = Rect(x: 0, y: 0, width: 20, height: 50), mask = Rect(x: 10, y: 40, width: 20, height: 20)
        let pixmap = try Self.render(content: content, mask: mask, blendMode: .copy, threads: 1)
        for y in 0..<128 {
            for x in 0..<64 {
                let expected = Self.contains(content, x, y) && Self.contains(mask, x, y) ? [0, 0, 255, 255]
                    : x < 30 && y < 60 ? [0, 0, 0, 0] : [255, 0, 0, 255]
                #expect(Self.rgba(pixmap[x, y]) == expected, "(\(x), \(y))")
            }
        }
    }

    /// A group's layers keep what earlier frames left outside the area they clear: a frame drawn
    /// after one that filled whole layers has the bytes of the same frame on a fresh canvas.
    @Test(arguments: [1, 2])
    func whatEarlierFramesLeftNeverShows(threads: Int) throws {
        let canvas = Canvas(threadCount: threads)
        canvas.beginGroup()
        canvas.beginGroup()
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 64, height: 128)), paint: .solid(.white))
        canvas.beginMask()
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 64, height: 128)), paint: .solid(.white))
        canvas.endGroup(opacity: 0.5)
        canvas.endGroup(opacity: 0.5)
        canvas.render(into: try Pixmap(width: 64, height: 128))
        let content = Rect(x: 5, y: 20, width: 30, height: 80), mask = Rect(x: 20, y: 10, width: 30, height: 50)
        let reused = try Self.render(content: content, mask: mask, threads: threads, canvas: canvas)
        let fresh = try Self.render(content: content, mask: mask, threads: threads)
        #expect(try reused.pngData() == fresh.pngData())
        #expect(Self.rgba(fresh[25, 30]) == [0, 0, 255, 255])
        #expect(Self.rgba(fresh[10, 30]) == [255, 0, 0, 255])
    }

    /// Gradients over 3000 × 3000 pixels masked by a ring stroked with a gradient (anti-aliased),
    /// one of them in a group of its own, all in a group with opacity, then a gradient over the
    /// whole target: the bytes of the same drawing whose masked gradients cover only a rectangle
    /// around the ring. Inside a group a fill is drawn only where the groups' areas are composited
    /// (its rows, and the blocks of columns that hold them: PaintRowWindowTests), and everywhere
    /// again once they end.
    @Test(arguments: [1, 2])
    func contentFarBeyondItsMaskGivesTheBytesOfContentCutToIt(threads: Int) throws {
        func gradient(_ colors: [Color], radial: Bool = false) -> Paint {
            .gradient(
                Gradient(
                    radial
                        ? .radial(startCenter: Point(x: 40, y: 70), startRadius: 0, endCenter: Point(x: 40, y: 70), endRadius: 30)
                        : .linear(start: Point(x: 10, y: 40), end: Point(x: 70, y: 100)),
                    colors: colors))
        }
        func render(content: Rect) throws -> Pixmap {
            let canvas = Canvas(threadCount: threads)
            canvas.clear(Self.red)
            canvas.beginGroup()
            canvas.beginGroup()
            canvas.fill(Path(rect: content), paint: gradient([Self.blue, Color(red: 0, green: 1, blue: 0, alpha: 0.6)]))
            canvas.beginGroup()
            canvas.fill(Path(rect: content), paint: gradient([.white, Self.blue], radial: true))
            canvas.endGroup(opacity: 0.5)
            canvas.fill(Path(rect: content), paint: gradient([Color(red: 1, green: 1, blue: 0, alpha: 0.3), .white]))
            canvas.beginMask()
            canvas.stroke(
                Path(ellipseIn: Rect(x: 20, y: 50, width: 40, height: 40)),
                paint: gradient([.white, Color(red: 1, green: 1, blue: 1, alpha: 0.2)]),
                style: StrokeStyle(width: 6))
            canvas.endGroup()
            canvas.endGroup(opacity: 0.8)
            canvas.fill(
                Path(rect: Rect(x: -2, y: -3, width: 133, height: 166)),
                paint: gradient([Color(red: 0, green: 0, blue: 0, alpha: 0.2), Color(red: 0, green: 1, blue: 1, alpha: 0.4)]))
            let pixmap = try Pixmap(width: 128, height: 160)
            canvas.render(into: pixmap)
            return pixmap
        }
        // The ring covers pixels 17–62 and rows 47–92: the cut keeps a margin of three.
        let far = try render(content: Rect(x: -1500, y: -1400, width: 3000, height: 3000))
        let cut = try render(content: Rect(x: 14, y: 44, width: 52, height: 52))
        #expect(try far.pngData() == cut.pngData())
        #expect(Self.rgba(far[40, 50]) != Self.rgba(far[40, 70]))  // the ring shows the content, its hole does not
        // The last gradient covers the target, after the groups.
        for (x, y) in [(0, 0), (127, 159), (40, 70)] { #expect(Self.rgba(far[x, y]) != [255, 0, 0, 255], "(\(x), \(y))") }
    }

    /// The same into an 8-bit alpha target: the alpha of where content and mask meet.
    @Test func alphaTargetsShowOnlyWhereTheMaskDrew() throws {
        let canvas = Canvas(threadCount: 1)
        Self.record(content: Rect(x: 0, y: 0, width: 20, height: 128), mask: Rect(x: 10, y: 40, width: 20, height: 20), on: canvas)
        let mask = try #require(try canvas.renderAlphaMask(width: 64, height: 128))
        for y in mask.y..<mask.y + mask.height {
            for x in mask.x..<mask.x + mask.width {
                #expect(mask[x, y] == ((10..<20).contains(x) && (40..<60).contains(y) ? 255 : 0), "(\(x), \(y))")
            }
        }
    }
}
