import Foundation
import Tessera
import TesseraRaster

/// `layer-tree`: the whole engine on a Core Animation tree, as `bench-scenes.md` asks. One frame
/// advances the clock by 1/60 s, evaluates the presentation tree and renders it into a
/// 1920 × 1080 pixmap.
///
/// The tree (fixed: figures are compared over time):
/// - a root `CALayer` 1920 × 1080, background (0.08, 0.09, 0.12);
/// - 40 cards (8 columns × 5 rows): `CALayer` 220 × 192 at (24 + 237·column, 24 + 210·row),
///   corner radius 14, `masksToBounds`, a 1-point border (white at 0.15), a perspective
///   `sublayerTransform` (m34 = −1/600); every fourth card fades its opacity 1 → 0.6 (2.5 s,
///   autoreversing);
/// - in each card 48 `CAShapeLayer`s 22 × 22 in 8 columns × 6 rows at (6 + 26.5·i, 6 + 30·j):
///   - where i + j is even, a rounded square (radius 5) filled with a hue of its own and
///     stroked white (1.5), animating `fillColor` (to the hue 0.3 further, 1.8 s, autoreversing)
///     and `position` (by (4, 3), 2.2 s, easeInEaseOut, autoreversing);
///   - where i + j is odd, a five-pointed star (radii 11 and 4.5) filled amber and stroked
///     white (1.2) with dashes [3, 2], animating `lineDashPhase` (0 → 10, 1 s, linear), then
///     `strokeEnd` (0.2 → 1, 2 s, autoreversing) when i is even or `path` (to radii 11 and 7,
///     1.6 s, autoreversing) when i is odd, and turning: `transform.rotation.z` by 2π (4 s,
///     linear) in even rows, `transform.rotation.y` by π (3 s, linear: 3D under the card's
///     perspective) in odd rows;
/// - in each card a `CAReplicatorLayer` 60 × 60 at (150, 130): 6 instances turned by π/3, 0.1 s
///   apart, of a white dot 6 × 6 (radius 3) at (27, 2) pulsing `transform.scale` 1 → 0.4
///   (0.6 s, autoreversing).
///
/// 2,041 layers in all (1 root, 40 cards, 1,920 shapes, 40 replicators, 40 dots). Every
/// animation repeats forever from the start of the timeline (`beginTime` 1e-6), staggered by
/// `timeOffset` = 0.013 s × (48 × card + cell).
public final class LayerTreeScene: LayerBenchScene {
    public static let name = "layer-tree"
    public static let summary = "2,041 animated layers (shapes, dashes, masks, 3D, replicators): step, evaluate, render"
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
        root.backgroundColor = CGColor(red: 0.08, green: 0.09, blue: 0.12, alpha: 1)
        for card in 0..<40 { root.addSublayer(Self.card(card)) }
    }

    private static func card(_ index: Int) -> CALayer {
        let card = CALayer()
        card.frame = CGRect(x: 24 + 237 * Double(index % 8), y: 24 + 210 * Double(index / 8), width: 220, height: 192)
        card.backgroundColor = CGColor(red: 0.16 + 0.02 * Double(index % 4), green: 0.18, blue: 0.24, alpha: 1)
        card.cornerRadius = 14
        card.masksToBounds = true
        card.borderWidth = 1
        card.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.15)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 600
        card.sublayerTransform = perspective
        if index % 4 == 0 {
            card.add(repeating(basic("opacity", from: 1.0, to: 0.6, duration: 2.5, autoreverses: true), offset: index * 48), forKey: "fade")
        }
        for j in 0..<6 {
            for i in 0..<8 {
                let cell = j * 8 + i
                let offset = index * 48 + cell
                let frame = CGRect(x: 6 + 26.5 * Double(i), y: 6 + 30 * Double(j), width: 22, height: 22)
                card.addSublayer(
                    (i + j).isMultiple(of: 2)
                        ? square(frame, hue: hue(index, cell), offset: offset)
                        : star(frame, column: i, row: j, offset: offset))
            }
        }
        card.addSublayer(replicator(offset: index * 48))
        return card
    }

    private static func square(_ frame: CGRect, hue: Double, offset: Int) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = frame
        layer.path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 22, height: 22), cornerWidth: 5, cornerHeight: 5, transform: nil)
        layer.fillColor = color(hue: hue)
        layer.strokeColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.lineWidth = 1.5
        layer.add(
            repeating(
                basic("fillColor", from: color(hue: hue), to: color(hue: hue + 0.3), duration: 1.8, autoreverses: true),
                offset: offset), forKey: "fill")
        let move = basic("position", from: nil, to: CGPoint(x: frame.midX + 4, y: frame.midY + 3), duration: 2.2, autoreverses: true)
        move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(repeating(move, offset: offset), forKey: "move")
        return layer
    }

    private static func star(_ frame: CGRect, column: Int, row: Int, offset: Int) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = frame
        layer.path = starPath(inner: 4.5)
        layer.fillColor = CGColor(red: 1, green: 0.78, blue: 0.25, alpha: 1)
        layer.strokeColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.lineWidth = 1.2
        layer.lineDashPattern = [3, 2]
        layer.add(repeating(basic("lineDashPhase", from: 0.0, to: 10.0, duration: 1, autoreverses: false), offset: offset), forKey: "march")
        if column.isMultiple(of: 2) {
            layer.add(repeating(basic("strokeEnd", from: 0.2, to: 1.0, duration: 2, autoreverses: true), offset: offset), forKey: "draw")
        } else {
            layer.add(
                repeating(
                    basic("path", from: starPath(inner: 4.5), to: starPath(inner: 7), duration: 1.6, autoreverses: true),
                    offset: offset), forKey: "morph")
        }
        let turn =
            row.isMultiple(of: 2)
            ? basic("transform.rotation.z", from: nil, to: nil, duration: 4, autoreverses: false)
            : basic("transform.rotation.y", from: nil, to: nil, duration: 3, autoreverses: false)
        turn.byValue = row.isMultiple(of: 2) ? 2 * Double.pi : Double.pi
        layer.add(repeating(turn, offset: offset), forKey: "turn")
        return layer
    }

    private static func replicator(offset: Int) -> CAReplicatorLayer {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 150, y: 130, width: 60, height: 60)
        replicator.instanceCount = 6
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
        replicator.instanceDelay = 0.1
        let dot = CALayer()
        dot.frame = CGRect(x: 27, y: 2, width: 6, height: 6)
        dot.cornerRadius = 3
        dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        dot.add(repeating(basic("transform.scale", from: 1.0, to: 0.4, duration: 0.6, autoreverses: true), offset: offset), forKey: "pulse")
        replicator.addSublayer(dot)
        return replicator
    }

    /// A five-pointed star of outer radius 11 centred in 22 × 22, first point up.
    private static func starPath(inner: Double) -> CGPath {
        let path = CGMutablePath()
        for k in 0..<10 {
            let angle = -Double.pi / 2 + Double(k) * Double.pi / 5
            let radius = k.isMultiple(of: 2) ? 11.0 : inner
            let point = CGPoint(x: 11 + radius * cos(angle), y: 11 + radius * sin(angle))
            if k == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        return path
    }

    private static func hue(_ card: Int, _ cell: Int) -> Double {
        (Double(card) * 0.137 + Double(cell) * 0.021).truncatingRemainder(dividingBy: 1)
    }

    private static func basic(_ keyPath: String, from: Any?, to: Any?, duration: Double, autoreverses: Bool) -> CABasicAnimation {
        SceneAnimations.basic(keyPath, from: from, to: to, duration: duration, autoreverses: autoreverses)
    }

    /// Staggered by 0.013 s per `offset`.
    private static func repeating(_ animation: CAAnimation, offset: Int) -> CAAnimation {
        SceneAnimations.repeating(animation, timeOffset: Double(offset) * 0.013)
    }

    /// A colour of hue `h` (wrapping), saturation 0.65, value 0.9.
    private static func color(hue h: Double) -> CGColor { SceneAnimations.color(hue: h, saturation: 0.65, value: 0.9) }
}
