import Foundation
import Tessera
import TesseraRaster

/// `layer-filters`: what issue 20's assets are made of, as its bench item asks: blurred layers
/// and full-width backdrops over animated content. One frame advances the clock by 1/60 s,
/// evaluates the presentation tree and renders it into a 1920 × 1080 pixmap.
///
/// The tree (fixed: figures are compared over time):
/// - a root `CALayer` 1920 × 1080, background (0.95, 0.95, 0.97);
/// - 120 gradient layers (axial, hue 0.05·i to +0.4), 150 × 90 at (12 + 159·(i mod 12),
///   12 + 108·⌊i / 12⌋), corner radius 12, each moving by (30, 20) (3 s, easeInEaseOut,
///   autoreversing, offset 0.03 s × i);
/// - 20 blurred layers, 160 × 160 at (60 + 92·k, 420 + 40·(k mod 3)), k = 0…19: a white-bordered
///   square of hue 0.05·k with a smaller disc inside, `filters` a `gaussianBlur` of
///   inputRadius 2 + 28·k / 19 (σ from 2 to 30 points), turning by 2π (6 s, linear, offset
///   0.1 s × k);
/// - two full-width `CABackdropLayer`s, 1920 × 220 at y = 120 and y = 760, corner radius 24:
///   `filters` a `gaussianBlur` (inputRadius 20) and a `colorSaturate` (inputAmount 1.8), and a
///   white background at alpha 0.25 over the blurred backdrop (a "material"); the first moving
///   by 60 points down and back (4 s, easeInEaseOut, autoreversing).
///
/// 163 layers in all (1 root, 120 gradients, 20 blurred layers and their discs, 2 backdrops).
public final class LayerFiltersScene: LayerBenchScene {
    public static let name = "layer-filters"
    public static let summary = "20 blurred layers (sigma 2 to 30) and 2 full-width backdrops over 120 moving gradients"
    public static let width = 1920, height = 1080

    public let root = CALayer()
    public let clock = AnimationClock(time: 0)
    public let renderer = LayerRenderer(threadCount: 1)
    public let pixmap: Pixmap

    public init() throws {
        pixmap = try Pixmap(width: Self.width, height: Self.height)
        clock.attach(root)
        root.bounds = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.position = CGPoint(x: Self.width / 2, y: Self.height / 2)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        for i in 0..<120 { root.addSublayer(Self.gradient(i)) }
        for k in 0..<20 { root.addSublayer(Self.blurred(k)) }
        for (index, y) in [120.0, 760.0].enumerated() { root.addSublayer(Self.backdrop(y: y, moving: index == 0)) }
    }

    private static func gradient(_ i: Int) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 12 + 159 * Double(i % 12), y: 12 + 108 * Double(i / 12), width: 150, height: 90)
        layer.cornerRadius = 12
        let hue = 0.05 * Double(i)
        layer.colors = [color(hue: hue), color(hue: hue + 0.4)]
        layer.startPoint = CGPoint(x: 0, y: 0)
        layer.endPoint = CGPoint(x: 1, y: 1)
        let move = SceneAnimations.basic(
            "position", from: nil,
            to: CGPoint(x: layer.position.x + 30, y: layer.position.y + 20),
            duration: 3, autoreverses: true)
        move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(SceneAnimations.repeating(move, timeOffset: 0.03 * Double(i)), forKey: "move")
        return layer
    }

    private static func blurred(_ k: Int) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 60 + 92 * Double(k), y: 420 + 40 * Double(k % 3), width: 160, height: 160)
        layer.backgroundColor = color(hue: 0.05 * Double(k))
        layer.borderWidth = 6
        layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let disc = CALayer()
        disc.frame = CGRect(x: 50, y: 50, width: 60, height: 60)
        disc.cornerRadius = 30
        disc.backgroundColor = color(hue: 0.05 * Double(k) + 0.5)
        layer.addSublayer(disc)
        let blur = CAFilter(type: "gaussianBlur")
        blur.setValue(2 + 28 * Double(k) / 19, forKey: "inputRadius")
        layer.filters = [blur]
        let turn = SceneAnimations.basic("transform.rotation.z", from: nil, to: nil, duration: 6, autoreverses: false)
        turn.byValue = 2 * Double.pi
        layer.add(SceneAnimations.repeating(turn, timeOffset: 0.1 * Double(k)), forKey: "turn")
        return layer
    }

    private static func backdrop(y: Double, moving: Bool) -> CABackdropLayer {
        let layer = CABackdropLayer()
        layer.frame = CGRect(x: 0, y: y, width: 1920, height: 220)
        layer.cornerRadius = 24
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.25)
        let blur = CAFilter(type: "gaussianBlur")
        blur.setValue(20, forKey: "inputRadius")
        let saturate = CAFilter(type: "colorSaturate")
        saturate.setValue(1.8, forKey: "inputAmount")
        layer.filters = [blur, saturate]
        if moving {
            let move = SceneAnimations.basic(
                "position.y", from: nil, to: layer.position.y + 60, duration: 4,
                autoreverses: true)
            move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(SceneAnimations.repeating(move, timeOffset: 0), forKey: "move")
        }
        return layer
    }

    private static func color(hue: Double) -> CGColor { SceneAnimations.color(hue: hue, saturation: 0.75, value: 0.95) }
}
