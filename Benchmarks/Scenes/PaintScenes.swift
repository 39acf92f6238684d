import Foundation
import TesseraRaster

// The paint scenes of Benchmarks/bench-scenes.md ("Paint scenes"), bit for bit: the geometry of
// fill-polygons, then each scene's own draws, in the order the document gives.

extension BenchScene {
    /// `fill-linear-gradient`: the polygons, each filled with a three-stop linear gradient.
    public static let fillLinearGradient = BenchScene(
        name: "fill-linear-gradient",
        summary: "the polygons of fill-polygons, each filled with a 3-stop linear gradient (pad) between two random points"
    ) {
        StandardScenes.polygonShapes(closed: true, style: .fill(.nonZero)) { random, box in
            let start = random.point(in: box), end = random.point(in: box)
            return .gradient(Gradient(.linear(start: start, end: end), colors: PaintScenes.threeColors(&random)))
        }
    }

    /// `fill-radial-gradient`: the polygons, each filled with a three-stop radial gradient.
    public static let fillRadialGradient = BenchScene(
        name: "fill-radial-gradient",
        summary: "the polygons of fill-polygons, each filled with a 3-stop radial gradient (pad), radius 20–120"
    ) {
        StandardScenes.polygonShapes(closed: true, style: .fill(.nonZero)) { random, box in
            let center = random.point(in: box)
            let radius = 20 + random.u() * 100
            return .gradient(
                Gradient(
                    .radial(startCenter: center, startRadius: 0, endCenter: center, endRadius: radius),
                    colors: PaintScenes.threeColors(&random)))
        }
    }

    /// `fill-image`: the polygons, each filled with the noise image as a rotated, scaled,
    /// repeating bilinear pattern.
    public static let fillImage = BenchScene(
        name: "fill-image",
        summary: "the polygons of fill-polygons, each filled with the 256×256 noise image, rotated and scaled 0.5–1.5, repeat, bilinear"
    ) {
        let image = PaintScenes.noiseImage
        return StandardScenes.polygonShapes(closed: true, style: .fill(.nonZero)) { random, box in
            let angle = random.u() * 6.283185307179586
            let scale = 0.5 + random.u()
            // M = translate(box) · rotate(θ) · scale(s): image point (u, v) lands at
            // (box.x + s(u cos θ − v sin θ), box.y + s(u sin θ + v cos θ)).
            let transform = Transform(
                a: scale * cos(angle), b: scale * sin(angle), c: -scale * sin(angle),
                d: scale * cos(angle), tx: box.x, ty: box.y)
            return .image(ImagePattern(image: image, transform: transform, extend: .repeat, filter: .bilinear))
        }
    }

    /// `draw-images`: the noise image drawn 2,000 times into scaled rectangles (layer contents).
    public static let drawImages = BenchScene(
        name: "draw-images",
        summary: "2,000 draws of the 256×256 noise image into rects scaled 0.25–1, bilinear, pad, anti-aliased edges"
    ) {
        let image = PaintScenes.noiseImage
        var random = SceneRandom()
        return (0..<PaintScenes.imageDrawCount).map { _ in
            let x = random.u() * 1664, y = random.u() * 824
            let s = 0.25 + random.u() * 0.75
            let rect = Rect(x: x, y: y, width: 256 * s, height: 256 * s)
            let placement = Transform(a: s, b: 0, c: 0, d: s, tx: x, ty: y)
            return BenchShape(
                path: Path(rect: rect),
                paint: .image(ImagePattern(image: image, transform: placement, extend: .pad, filter: .bilinear)),
                style: .drawImage(rect))
        }
    }

    /// `fill-polygons-multiply`: fill-polygons composited with `multiply`.
    public static let fillPolygonsMultiply = BenchScene(
        name: "fill-polygons-multiply",
        summary: "fill-polygons composited with the multiply blend mode"
    ) {
        StandardScenes.polygonShapes(closed: true, style: .fill(.nonZero), blendMode: .multiply)
    }
}

/// The paint scenes' shared draws.
enum PaintScenes {
    /// Draws in `draw-images`.
    static let imageDrawCount = 2_000

    /// Three `color()` draws as the stops at 0, 0.5 and 1.
    static func threeColors(_ random: inout SceneRandom) -> [Color] {
        let first = random.color(), second = random.color(), third = random.color()
        return [first, second, third]
    }

    /// The 256 × 256 opaque noise image: its own SplitMix64 seeded with 7, rows top to bottom, each
    /// texel r, g, b = three successive outputs' top 8 bits, alpha 255. Made once and shared (an
    /// image pattern is equal to another only with the same image object).
    static let noiseImage: Image = {
        var generator = SplitMix64(seed: 7)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 * 256 * 4)
        for _ in 0..<(256 * 256) {
            let r = UInt8(generator.next() >> 56), g = UInt8(generator.next() >> 56), b = UInt8(generator.next() >> 56)
            bytes += [r, g, b, 255]
        }
        // 256 × 256 is within every limit: this cannot throw.
        return try! Image(width: 256, height: 256, premultipliedRGBA: bytes)
    }()
}
