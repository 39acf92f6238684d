import Testing
import TesseraRaster

/// Groups: drawing into a layer of its own, composited as one image with an opacity and through
/// a mask's alpha.
@Suite struct GroupTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    static func square(_ x: Double, _ y: Double, _ size: Double) -> Path {
        Path(rect: Rect(x: x, y: y, width: size, height: size))
    }

    static func render(threads: Int = 1, size: Int = 40, _ draw: (Canvas) -> Void) throws -> Pixmap {
        let canvas = Canvas(threadCount: threads)
        canvas.clear(.white)
        draw(canvas)
        let pixmap = try Pixmap(width: size, height: size)
        canvas.render(into: pixmap)
        return pixmap
    }

    static func rgba(_ p: PremultipliedRGBA8) -> [Int] { [Int(p.r), Int(p.g), Int(p.b), Int(p.a)] }

    /// Two overlapping opaque squares in a group at opacity 0.5: the overlap is no darker than
    /// the rest (one image made half transparent), unlike the same squares each at alpha 0.5.
    @Test func groupOpacityDoesNotDarkenOverlaps() throws {
        let grouped = try Self.render { canvas in
            canvas.beginGroup()
            canvas.fill(Self.square(0, 0, 20), paint: .solid(Self.red))
            canvas.fill(Self.square(10, 10, 20), paint: .solid(Self.red))
            canvas.endGroup(opacity: 0.5)
        }
        // Opacity 0.5 is 128/255: red at 128 over white at 127.
        #expect(Self.rgba(grouped[5, 5]) == [255, 127, 127, 255])
        #expect(Self.rgba(grouped[15, 15]) == [255, 127, 127, 255])
        #expect(Self.rgba(grouped[35, 35]) == [255, 255, 255, 255])

        let separate = try Self.render { canvas in
            let half = Paint.solid(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
            canvas.fill(Self.square(0, 0, 20), paint: half)
            canvas.fill(Self.square(10, 10, 20), paint: half)
        }
        #expect(separate[15, 15].g < separate[5, 5].g)
    }

    /// The mask's alpha cuts the content: a blue square masked by its left half.
    @Test func masksCutByAlpha() throws {
        let image = try Self.render { canvas in
            canvas.beginGroup()
            canvas.fill(Self.square(0, 0, 40), paint: .solid(Self.blue))
            canvas.beginMask()
            canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 20, height: 40)), paint: .solid(.white))
            canvas.endGroup()
        }
        #expect(Self.rgba(image[5, 20]) == [0, 0, 255, 255])
        #expect(Self.rgba(image[25, 20]) == [255, 255, 255, 255])
    }

    /// A mask at half alpha halves the content; a mask edge at half a pixel covers half.
    @Test func partialMasks() throws {
        let image = try Self.render { canvas in
            canvas.beginGroup()
            canvas.fill(Self.square(0, 0, 40), paint: .solid(Self.blue))
            canvas.beginMask()
            canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 20.5, height: 20)), paint: .solid(.white))
            canvas.fill(Path(rect: Rect(x: 0, y: 20, width: 40, height: 20)),
                        paint: .solid(Color(red: 1, green: 1, blue: 1, alpha: 0.5)))
            canvas.endGroup()
        }
        let edge = Self.rgba(image[20, 10])
        #expect(abs(edge[0] - 128) <= 1 && abs(edge[2] - 255) <= 0 && edge[3] == 255)
        let half = Self.rgba(image[30, 30])
        #expect(abs(half[0] - 128) <= 1 && half[2] == 255)
    }

    /// Groups nest: an inner group at 0.5 inside an outer one at 0.5 shows at a quarter.
    @Test func nestedGroups() throws {
        let image = try Self.render { canvas in
            canvas.beginGroup()
            canvas.beginGroup()
            canvas.fill(Self.square(0, 0, 40), paint: .solid(.black))
            canvas.endGroup(opacity: 0.5)
            canvas.endGroup(opacity: 0.5)
        }
        let p = Self.rgba(image[20, 20])
        #expect(abs(p[0] - 191) <= 1 && p[0] == p[1] && p[1] == p[2])
    }

    /// Unbalanced calls: an end without a group and a mask outside a group are ignored; a group
    /// left open is composited at full opacity.
    @Test func unbalancedCalls() throws {
        let image = try Self.render { canvas in
            canvas.endGroup(opacity: 0)
            canvas.beginMask()
            canvas.fill(Self.square(0, 0, 10), paint: .solid(Self.red))
            canvas.beginGroup()
            canvas.fill(Self.square(20, 20, 10), paint: .solid(Self.blue))
        }
        #expect(Self.rgba(image[5, 5]) == [255, 0, 0, 255])
        #expect(Self.rgba(image[25, 25]) == [0, 0, 255, 255])
    }

    /// Groups spanning many bands give the same bytes on any number of threads.
    @Test func sameBytesOnAnyThreadCount() throws {
        func draw(_ canvas: Canvas) {
            for i in 0..<12 {
                canvas.beginGroup()
                var star = Path()
                star.addEllipse(in: Rect(x: Double(i * 20), y: Double(i * 15), width: 90, height: 70))
                canvas.fill(star, paint: .solid(Color(red: Double(i) / 12, green: 0.3, blue: 0.6)))
                canvas.fill(Self.square(Double(i * 20 + 30), Double(i * 15 + 20), 50), paint: .solid(Self.red))
                canvas.beginMask()
                canvas.fill(Path(ellipseIn: Rect(x: Double(i * 20), y: Double(i * 15), width: 80, height: 80)),
                            paint: .solid(.white))
                canvas.endGroup(opacity: 0.7)
            }
        }
        let one = try Self.render(threads: 1, size: 300, draw)
        for threads in [2, 8] {
            let many = try Self.render(threads: threads, size: 300, draw)
            var differing = 0
            for y in 0..<300 { for x in 0..<300 where one[x, y] != many[x, y] { differing += 1 } }
            #expect(differing == 0, "\(threads) threads")
        }
    }
}
