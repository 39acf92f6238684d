import Foundation
import Tessera
import TesseraRaster

/// `particles`: issue 22's particle bench. An emitter layer over the whole 1920 × 1080 frame
/// with 5,000 live particles drawn as an image. One frame advances the clock by 1/60 s,
/// evaluates the tree and renders it.
///
/// The tree (fixed: figures are compared over time):
/// - a root `CALayer` 1920 × 1080, background (0.05, 0.05, 0.1);
/// - a `CAEmitterLayer` as large, `beginTime` −2 s (so the first frame is already at its steady
///   state), seed 22, emitting from a `rectangle` (`volume`) the size of the frame, centred;
/// - one cell: `birthRate` 2,500, `lifetime` 2 (no range): 5,000 particles alive; contents a
///   32 × 32 white disc soft at its edge; velocity 60 ± 40, in every direction
///   (`emissionRange` π), `yAcceleration` 20; scale 0.75 ± 0.5, `scaleSpeed` −0.1; spin 1 ± 1;
///   colour (0.9, 0.6, 0.3) with red, green and blue ranges 0.1; `alphaSpeed` −0.4.
public final class ParticlesScene: LayerBenchScene {
    public static let name = "particles"
    public static let summary = "an emitter with 5,000 live particles drawn as a 32 x 32 image, tinted, over the frame"
    public static let width = 1920, height = 1080

    public let root = CALayer()
    public let clock = AnimationClock(time: 0)
    public let renderer = LayerRenderer(threadCount: 1)
    public let pixmap: Pixmap
    public let emitter = CAEmitterLayer()

    public init() throws {
        pixmap = try Pixmap(width: Self.width, height: Self.height)
        clock.attach(root)
        let frame = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.bounds = frame
        root.position = CGPoint(x: frame.midX, y: frame.midY)
        root.backgroundColor = CGColor(red: 0.05, green: 0.05, blue: 0.1, alpha: 1)
        emitter.frame = frame
        emitter.beginTime = -2
        emitter.seed = 22
        emitter.emitterShape = .rectangle
        emitter.emitterPosition = CGPoint(x: frame.midX, y: frame.midY)
        emitter.emitterSize = frame.size
        emitter.emitterCells = [try Self.cell()]
        root.addSublayer(emitter)
    }

    private static func cell() throws -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.contents = try disc(size: 32)
        cell.birthRate = 2_500
        cell.lifetime = 2
        cell.velocity = 60
        cell.velocityRange = 40
        cell.emissionRange = .pi
        cell.yAcceleration = 20
        cell.scale = 0.75
        cell.scaleRange = 0.5
        cell.scaleSpeed = -0.1
        cell.spin = 1
        cell.spinRange = 1
        cell.color = CGColor(red: 0.9, green: 0.6, blue: 0.3, alpha: 1)
        cell.redRange = 0.1
        cell.greenRange = 0.1
        cell.blueRange = 0.1
        cell.alphaSpeed = -0.4
        return cell
    }

    /// A white disc filling a `size` × `size` image, its edge a pixel wide.
    private static func disc(size: Int) throws -> CGImage {
        let pixmap = try Pixmap(width: size, height: size)
        let centre = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                let a = UInt8((max(0, min(1, centre - (dx * dx + dy * dy).squareRoot())) * 255).rounded())
                pixmap[x, y] = PremultipliedRGBA8(r: a, g: a, b: a, a: a)
            }
        }
        return try CGImage(decoding: Data(pixmap.pngData()))
    }
}
