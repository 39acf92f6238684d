/// Determinism (DESIGN.md principle 5): the same recording gives byte-identical pixels at any
/// thread count (1, 2, 3, 8, and more threads than rows), and when a warm canvas renders it again.
import Testing
import TesseraRaster

@Suite struct DeterminismTests {
    typealias H = CoverageHarness

    /// A busy scene: 200 random shapes (polygons, some with quadratic and cubic curves, some with
    /// two subpaths), semi-transparent colors, both fill rules, transforms with rotation, skew
    /// and scale, some shapes crossing the target's edges. Always the same for the same seed.
    static func drawBusyScene(on canvas: Canvas, width: Int, height: Int, seed: UInt64 = 0xB05F_5CE2E) {
        var rng = H.SplitMix64(seed: seed)
        canvas.clear(Color(red: 0.95, green: 0.93, blue: 0.9, alpha: 0.5))
        for _ in 0..<200 {
            var path = Path()
            let subpaths = rng.chance(0.25) ? 2 : 1
            for _ in 0..<subpaths {
                let center = Point(x: rng.double(in: -20...Double(width + 20)), y: rng.double(in: -20...Double(height + 20)))
                func near() -> Point {
                    Point(x: center.x + rng.double(in: -60...60), y: center.y + rng.double(in: -60...60))
                }
                path.move(to: near())
                for _ in 0..<rng.int(in: 2...9) {
                    switch rng.int(in: 0...5) {
                    case 0: path.addQuadCurve(to: near(), control: near())
                    case 1: path.addCurve(to: near(), control1: near(), control2: near())
                    default: path.addLine(to: near())
                    }
                }
                if rng.chance(0.5) { path.closeSubpath() }
            }
            let color = Color(red: rng.double(in: 0...1), green: rng.double(in: 0...1),
                              blue: rng.double(in: 0...1), alpha: rng.double(in: 0.15...0.85))
            let pivot = Point(x: rng.double(in: 0...Double(width)), y: rng.double(in: 0...Double(height)))
            let transform = Transform(translationX: -pivot.x, y: -pivot.y)
                .concatenating(Transform(rotationAngle: rng.double(in: -3.2...3.2)))
                .concatenating(Transform(a: rng.double(in: 0.5...1.5), b: rng.double(in: -0.3...0.3),
                                         c: rng.double(in: -0.3...0.3), d: rng.double(in: 0.5...1.5), tx: 0, ty: 0))
                .concatenating(Transform(translationX: pivot.x, y: pivot.y))
            canvas.fill(path, paint: .solid(color), rule: rng.chance(0.5) ? .nonZero : .evenOdd, transform: transform)
        }
    }

    static func renderBusyScene(width: Int, height: Int, threadCount: Int) throws -> [UInt8] {
        let pixmap = try Pixmap(width: width, height: height)
        let canvas = Canvas(threadCount: threadCount)
        drawBusyScene(on: canvas, width: width, height: height)
        canvas.render(into: pixmap)
        return pixmap.bytes
    }

    /// Count of distinct pixel values, to make sure the scene actually drew something varied.
    static func distinctPixels(_ bytes: [UInt8]) -> Int {
        var seen = Set<UInt32>()
        for i in stride(from: 0, to: bytes.count, by: 4) {
            seen.insert(UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)
        }
        return seen.count
    }

    @Test(arguments: [2, 3, 8])
    func threadCountDoesNotChangeBytes(threads: Int) throws {
        let single = try Self.renderBusyScene(width: 300, height: 200, threadCount: 1)
        let multi = try Self.renderBusyScene(width: 300, height: 200, threadCount: threads)
        #expect(Self.distinctPixels(single) > 1000, "the scene draws many different colors")
        let differing = zip(single, multi).filter { $0 != $1 }.count
        #expect(single == multi, "\(threads) threads: \(differing) of \(single.count) bytes differ")
    }

    /// More threads than rows, and a height that does not divide evenly.
    @Test(arguments: [(300, 7), (5, 3), (1, 1), (97, 61)])
    func smallAndOddTargets(width: Int, height: Int) throws {
        let single = try Self.renderBusyScene(width: width, height: height, threadCount: 1)
        for threads in [2, 8, 16] {
            let multi = try Self.renderBusyScene(width: width, height: height, threadCount: threads)
            #expect(single == multi, "\(width)×\(height) at \(threads) threads")
        }
        #expect(single.contains { $0 != 0 }, "the clear color is drawn at least")
    }

    /// A warm canvas (arenas and scratch buffers kept from the last frame) renders the same
    /// recording to the same bytes, also after a frame of a different size.
    @Test func warmCanvasRepeatsItself() throws {
        let canvas = Canvas(threadCount: 4)
        var frames: [[UInt8]] = []
        for (width, height) in [(300, 200), (120, 330), (300, 200)] {
            let pixmap = try Pixmap(width: width, height: height)
            Self.drawBusyScene(on: canvas, width: 300, height: 200)
            canvas.render(into: pixmap)
            #expect(canvas.recordedCount == 0, "render empties the recording")
            frames.append(pixmap.bytes)
        }
        #expect(frames[0] == frames[2])
        #expect(frames[0] == (try Self.renderBusyScene(width: 300, height: 200, threadCount: 1)))
        #expect(Self.distinctPixels(frames[0]) > 1000)
    }
}
