import Foundation
import Tessera
import TesseraRaster

/// `layer-content`: what real assets are made of, as issue 19 asks: image contents at mixed
/// scales and gravities, gradient layers of the three types and a cube of transform layers, all
/// animated. One frame advances the clock by 1/60 s, evaluates the presentation tree and renders
/// it into a 1920 × 1080 pixmap.
///
/// The tree (fixed: figures are compared over time):
/// - a root `CALayer` 1920 × 1080, background (0.1, 0.1, 0.12);
/// - four images made in code (`images`): a 256 × 256 opaque colour field with noise, a 48 × 48
///   disc with an anti-aliased alpha edge, 56 × 24 diagonal stripes, a 16 × 16 checkerboard;
/// - 500 image layers in 25 columns × 20 rows, 58 × 38 at (24 + 63·i, 24 + 42·j); layer k
///   (k = 25·j + i) has gravity k mod 12 (in the order `gravities`) and contentsScale
///   1 + k mod 2; with the nine gravities that keep the image's size it shows the disc, the
///   stripes or the checkerboard for ⌊k / 12⌋ mod 3 = 0, 1, 2, with the three that resize it the
///   colour field or the checkerboard for ⌊k / 12⌋ mod 2 = 0, 1; magnification filter nearest when k mod 7 = 0, minification
///   filter trilinear when k mod 11 = 0 (linear otherwise); when k mod 6 = 0 corner radius 8 and
///   `masksToBounds`; when k mod 13 = 0 the disc stretched nine-part (contentsCenter
///   (0.4, 0.4, 0.2, 0.2), gravity resize). Animations, each repeating forever from the start of
///   the timeline, staggered by `timeOffset` = 0.017 s × k: when k mod 5 = 0, `contentsRect`
///   from (0, 0, 0.5, 0.5) to (0.5, 0.5, 0.5, 0.5) (3 s, autoreversing); when k mod 3 = 0,
///   `transform.scale` 1 → 0.75 (1.2 s, autoreversing); when k mod 4 = 1, `transform.rotation.z`
///   by 2π (5 s, linear); when k mod 10 = 7, `opacity` 1 → 0.3 (2 s, autoreversing);
/// - 100 gradient layers in 25 columns × 4 rows, 58 × 40 at (24 + 63·i, 884 + 44·j); layer g
///   of type axial, radial, conic for g mod 3 = 0, 1, 2, three colours of hues 0.07·g, +0.33,
///   +0.66; axial from (0, 0) to (1, 1), radial and conic from (0.5, 0.5) to (1, 1); when g is
///   even, `locations` from [0, 0.2, 1] to [0, 0.8, 1] (1.5 s, autoreversing); when g is odd,
///   `endPoint` from (1, 1) to (0, 1) (2.5 s, autoreversing); offsets 0.023 s × g;
/// - a `CALayer` 280 × 1032 at (1620, 24) with perspective (`sublayerTransform.m34` = −1/800)
///   holding a `CATransformLayer` 180 × 180 centred at (140, 300), turning by
///   `transform.rotation.y` 2π in 8 s and `transform.rotation.x` 2π in 13 s (linear); its six
///   faces 180 × 180, each its front face (moved 90 points forward) turned about y by 0, π/2,
///   π, −π/2 and about x by π/2, −π/2, show the colour field, the disc, the checkerboard, the
///   colour field, the disc, the checkerboard (gravity resizeAspectFill,
///   a 2-point white border) over a background of hue 0.15·face; single-sided.
///
/// 609 layers in all (1 root, 500 images, 100 gradients, the stage, the cube and its 6 faces).
public final class LayerContentScene: LayerBenchScene {
    public static let name = "layer-content"
    public static let summary = "500 image layers, 100 gradients, a cube of transform layers, animated: step, evaluate, render"
    public static let width = 1920, height = 1080

    public let root = CALayer()
    public let clock = AnimationClock(time: 0)
    public let renderer = LayerRenderer(threadCount: 1)
    public let pixmap: Pixmap

    static let gravities: [CALayerContentsGravity] = [
        .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
        .resize, .resizeAspect, .resizeAspectFill,
    ]

    public init() throws {
        pixmap = try Pixmap(width: Self.width, height: Self.height)
        clock.attach(root)
        root.bounds = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.position = CGPoint(x: Self.width / 2, y: Self.height / 2)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        let images = Self.images()
        for k in 0..<500 { root.addSublayer(Self.imageLayer(k, images: images)) }
        for g in 0..<100 { root.addSublayer(Self.gradientLayer(g)) }
        root.addSublayer(Self.stage(images: images))
    }

    // MARK: The images

    /// The four images, premultiplied RGBA.
    static func images() -> [CGImage] {
        [
            image(width: 256, height: 256) { x, y in
                let noise = Double(hash(x, y) % 32) / 255
                return (Double(x) / 255 * 0.8 + noise, Double(y) / 255 * 0.7 + noise, 0.5 + 0.3 * sin(Double(x + y) / 40), 1)
            },
            image(width: 48, height: 48) { x, y in
                let d = ((Double(x) + 0.5 - 24) * (Double(x) + 0.5 - 24) + (Double(y) + 0.5 - 24) * (Double(y) + 0.5 - 24)).squareRoot()
                return (1, 0.6, 0.2, min(1, max(0, 22 - d)))
            },
            image(width: 56, height: 24) { x, y in
                (x + y) / 8 % 2 == 0 ? (0.2, 0.8, 0.9, 1) : (0.95, 0.95, 0.9, 1)
            },
            image(width: 16, height: 16) { x, y in
                (x / 2 + y / 2) % 2 == 0 ? (0.1, 0.1, 0.1, 1) : (0.9, 0.3, 0.5, 1)
            },
        ]
    }

    /// An image whose pixel (x, y) has the straight-alpha colour `color(x, y)`.
    private static func image(width: Int, height: Int, _ color: (Int, Int) -> (Double, Double, Double, Double)) -> CGImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = color(x, y)
                func byte(_ v: Double) -> UInt8 { UInt8((min(1, max(0, v)) * 255).rounded()) }
                let alpha = min(1, max(0, a))
                let i = (y * width + x) * 4
                bytes[i] = byte(r * alpha); bytes[i + 1] = byte(g * alpha); bytes[i + 2] = byte(b * alpha); bytes[i + 3] = byte(alpha)
            }
        }
        return CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
            provider: CGDataProvider(data: Data(bytes) as CFData)!, decode: nil, shouldInterpolate: true,
            intent: .defaultIntent)!
    }

    /// A fixed integer hash (noise that is the same on every machine).
    private static func hash(_ x: Int, _ y: Int) -> UInt32 {
        var h = UInt32(truncatingIfNeeded: x &* 374_761_393 &+ y &* 668_265_263)
        h = (h ^ (h >> 13)) &* 1_274_126_177
        return h ^ (h >> 16)
    }

    // MARK: The layers

    private static func imageLayer(_ k: Int, images: [CGImage]) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 24 + 63 * Double(k % 25), y: 24 + 42 * Double(k / 25), width: 58, height: 38)
        let gravity = k % 12
        layer.contentsGravity = gravities[gravity]
        layer.contents = gravity < 9 ? images[1 + k / 12 % 3] : images[k / 12 % 2 == 0 ? 0 : 3]
        layer.contentsScale = CGFloat(1 + k % 2)
        if k % 7 == 0 { layer.magnificationFilter = .nearest }
        if k % 11 == 0 { layer.minificationFilter = .trilinear }
        if k % 6 == 0 {
            layer.cornerRadius = 8
            layer.masksToBounds = true
        }
        if k % 13 == 0 {
            layer.contents = images[1]
            layer.contentsCenter = CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
            layer.contentsGravity = .resize
        }
        let offset = 0.017 * Double(k)
        if k % 5 == 0 {
            layer.add(
                repeating(
                    basic(
                        "contentsRect", from: CGRect(x: 0, y: 0, width: 0.5, height: 0.5),
                        to: CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5), duration: 3, autoreverses: true),
                    offset: offset), forKey: "pan")
        }
        if k % 3 == 0 {
            layer.add(
                repeating(basic("transform.scale", from: 1.0, to: 0.75, duration: 1.2, autoreverses: true), offset: offset),
                forKey: "pulse")
        }
        if k % 4 == 1 {
            let turn = basic("transform.rotation.z", from: nil, to: nil, duration: 5, autoreverses: false)
            turn.byValue = 2 * Double.pi
            layer.add(repeating(turn, offset: offset), forKey: "turn")
        }
        if k % 10 == 7 {
            layer.add(repeating(basic("opacity", from: 1.0, to: 0.3, duration: 2, autoreverses: true), offset: offset), forKey: "fade")
        }
        return layer
    }

    private static func gradientLayer(_ g: Int) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 24 + 63 * Double(g % 25), y: 884 + 44 * Double(g / 25), width: 58, height: 40)
        layer.type = [.axial, .radial, .conic][g % 3]
        let hue = 0.07 * Double(g)
        layer.colors = [color(hue: hue), color(hue: hue + 0.33), color(hue: hue + 0.66)]
        layer.startPoint = g % 3 == 0 ? CGPoint(x: 0, y: 0) : CGPoint(x: 0.5, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 1)
        let offset = 0.023 * Double(g)
        if g.isMultiple(of: 2) {
            layer.locations = [0, 0.2, 1]
            layer.add(
                repeating(
                    basic(
                        "locations", from: [0, 0.2, 1] as [NSNumber], to: [0, 0.8, 1] as [NSNumber],
                        duration: 1.5, autoreverses: true), offset: offset), forKey: "locations")
        } else {
            layer.add(
                repeating(
                    basic(
                        "endPoint", from: CGPoint(x: 1, y: 1), to: CGPoint(x: 0, y: 1), duration: 2.5,
                        autoreverses: true), offset: offset), forKey: "end")
        }
        return layer
    }

    /// The perspective stage holding the cube.
    private static func stage(images: [CGImage]) -> CALayer {
        let stage = CALayer()
        stage.frame = CGRect(x: 1620, y: 24, width: 280, height: 1032)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 800
        stage.sublayerTransform = perspective
        let cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: 180, height: 180)
        cube.position = CGPoint(x: 140, y: 300)
        let turns: [(CGFloat, CGFloat, CGFloat)] = [
            (0, 0, 1), (.pi / 2, 0, 1), (.pi, 0, 1), (-.pi / 2, 0, 1),
            (.pi / 2, 1, 0), (-.pi / 2, 1, 0),
        ]
        for (face, (angle, x, y)) in turns.enumerated() {
            let layer = CALayer()
            layer.bounds = cube.bounds
            layer.position = CGPoint(x: 90, y: 90)
            layer.transform = CATransform3DConcat(CATransform3DMakeTranslation(0, 0, 90), CATransform3DMakeRotation(angle, x, y, 0))
            layer.contents = images[[0, 1, 3, 0, 1, 3][face]]
            layer.contentsGravity = .resizeAspectFill
            layer.backgroundColor = color(hue: 0.15 * Double(face))
            layer.borderWidth = 2
            layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            layer.isDoubleSided = false
            cube.addSublayer(layer)
        }
        for (keyPath, duration) in [("transform.rotation.y", 8.0), ("transform.rotation.x", 13.0)] {
            let turn = basic(keyPath, from: nil, to: nil, duration: duration, autoreverses: false)
            turn.byValue = 2 * Double.pi
            cube.add(repeating(turn, offset: 0), forKey: keyPath)
        }
        stage.addSublayer(cube)
        return stage
    }

    private static func basic(_ keyPath: String, from: Any?, to: Any?, duration: Double, autoreverses: Bool) -> CABasicAnimation {
        SceneAnimations.basic(keyPath, from: from, to: to, duration: duration, autoreverses: autoreverses)
    }

    private static func repeating(_ animation: CAAnimation, offset: Double) -> CAAnimation {
        SceneAnimations.repeating(animation, timeOffset: offset)
    }

    /// A colour of hue `h` (wrapping), saturation 0.7, value 0.95.
    private static func color(hue h: Double) -> CGColor { SceneAnimations.color(hue: h, saturation: 0.7, value: 0.95) }
}
