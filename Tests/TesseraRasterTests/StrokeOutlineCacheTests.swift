import GoldenSupport
import Testing
import TesseraRaster

/// A canvas reuses a stroke's outline from its last frame when only the stroke's translation
/// changed: the frame must be the one a fresh canvas draws, whatever changed since the last one.
@Suite struct StrokeOutlineCacheTests {
    struct Stroke {
        var path: Path
        var style = StrokeStyle(width: 3, join: .round)
        var dash: DashPattern? = nil
        var trimStart = 0.0, trimEnd = 1.0
        var transform = Transform(translationX: 20.25, y: 18.5)
    }

    static func wave(_ height: Double) -> Path {
        var path = Path()
        path.move(to: Point(x: 0, y: 10))
        path.addCurve(to: Point(x: 40, y: 10), control1: Point(x: 10, y: 10 - height), control2: Point(x: 30, y: 10 + height))
        path.addLine(to: Point(x: 30, y: 30))
        path.closeSubpath()
        return path
    }

    /// Two strokes (two cache slots), the second always the same, over a white background.
    static func draw(_ stroke: Stroke, on canvas: Canvas) throws -> Pixmap {
        canvas.clear(.white)
        canvas.stroke(stroke.path, paint: .solid(Color(red: 0.8, green: 0.1, blue: 0.2, alpha: 0.9)), style: stroke.style,
                      dash: stroke.dash, trimStart: stroke.trimStart, trimEnd: stroke.trimEnd, transform: stroke.transform)
        canvas.stroke(wave(4), paint: .solid(Color(red: 0, green: 0, blue: 1)), style: StrokeStyle(width: 1.5),
                      transform: Transform(translationX: 5, y: 50))
        let pixmap = try Pixmap(width: 80, height: 80)
        canvas.render(into: pixmap)
        return pixmap
    }

    @Test func framesMatchAFreshCanvasWhateverChanged() throws {
        let base = Stroke(path: Self.wave(8))
        var frames: [(String, Stroke)] = [("first", base), ("same", base)]
        var moved = base
        moved.transform = Transform(translationX: 21.7, y: 17.125)
        frames.append(("moved", moved))
        var other = moved
        other.path = Self.wave(12)
        frames.append(("path", other))
        other = moved
        other.style.width = 5
        frames.append(("width", other))
        other = moved
        other.style.join = LineJoin.miter
        frames.append(("join", other))
        other = moved
        other.dash = DashPattern(lengths: [4, 2])
        frames.append(("dash", other))
        other.dash = DashPattern(lengths: [4, 2], phase: 1.5)
        frames.append(("phase", other))
        other = moved
        other.trimEnd = 0.6
        frames.append(("trim end", other))
        other.trimStart = 0.2
        frames.append(("trim start", other))
        other = moved
        other.transform = Transform(rotationAngle: 0.4).concatenating(moved.transform)
        frames.append(("turned", other))
        other.transform = Transform(scaleX: 1.5, y: 1.5).concatenating(moved.transform)
        frames.append(("scaled", other))
        other.transform = Transform(scaleX: 1.5, y: 0.75).concatenating(moved.transform)
        frames.append(("stretched", other))   // not a similarity: outlined anew each time
        frames.append(("stretched again", other))
        frames.append(("back", base))

        let warm = Canvas(threadCount: 2)
        var previous: Pixmap?
        for (name, stroke) in frames {
            let image = try Self.draw(stroke, on: warm)
            let fresh = try Self.draw(stroke, on: Canvas(threadCount: 1))
            #expect(GoldenImageStore.difference(image, fresh)?.pixelCount == 0, "\(name)")
            // Each change shows (the frame is not the previous one), but for the repeats.
            if let previous, !name.hasPrefix("same"), !name.hasSuffix("again") {
                #expect(GoldenImageStore.difference(image, previous)?.pixelCount ?? 0 > 0, "\(name)")
            }
            previous = image
        }
    }

    /// The tolerance is part of what an outline depends on.
    @Test func toleranceChangeIsNotReused() throws {
        let stroke = Stroke(path: Self.wave(8))
        let warm = Canvas(threadCount: 1)
        _ = try Self.draw(stroke, on: warm)
        warm.tolerance = 4
        let coarse = try Self.draw(stroke, on: warm)
        let fresh = Canvas(threadCount: 1)
        fresh.tolerance = 4
        #expect(GoldenImageStore.difference(coarse, try Self.draw(stroke, on: fresh))?.pixelCount == 0)
    }
}
