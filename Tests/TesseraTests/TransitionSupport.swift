import Foundation
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// A root layer `width` × `height` (100 × 80) showing `old`, a sublayer that fills it, made of two
/// halves along `axis` (red then green); `new` is the layer that replaces it (blue then yellow).
/// The root is rendered once at time 0 (so it has been presented) and its clock stays at 0.
/// Offsets of a quarter and a half of either side are whole pixels, so the expected images are
/// exact.
final class TransitionScene {
    enum Axis { case horizontal, vertical }

    static let red = [255, 0, 0, 255], green = [0, 255, 0, 255], blue = [0, 0, 255, 255], yellow = [255, 255, 0, 255]
    static let width = 100, height = 80

    let axis: Axis
    let root = CALayer()
    let clock = AnimationClock(time: 0)
    let old: CALayer
    let new: CALayer

    init(axis: Axis = .horizontal, presented: Bool = true) throws {
        self.axis = axis
        root.bounds = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        clock.attach(root)
        old = Self.halves(axis, Self.red, Self.green)
        new = Self.halves(axis, Self.blue, Self.yellow)
        root.addSublayer(old)
        if presented { _ = try render(at: 0) }
    }

    /// A layer filling the scene: its first half along `axis` is `first`, the second `second`.
    static func halves(_ axis: Axis, _ first: [Int], _ second: [Int]) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: width, height: height)
        layer.backgroundColor = color(first)
        let half = CALayer()
        half.frame = axis == .horizontal ? CGRect(x: width / 2, y: 0, width: width / 2, height: height)
                                         : CGRect(x: 0, y: height / 2, width: width, height: height / 2)
        half.backgroundColor = color(second)
        layer.addSublayer(half)
        return layer
    }

    static func color(_ rgba: [Int]) -> CGColor {
        CGColor(red: Double(rgba[0]) / 255, green: Double(rgba[1]) / 255, blue: Double(rgba[2]) / 255, alpha: 1)
    }

    func render(at t: Double, threads: Int = 1) throws -> Pixmap {
        let pixmap = try Pixmap(width: Self.width, height: Self.height)
        LayerRenderer(threadCount: threads).render(root, at: t, into: pixmap)
        return pixmap
    }

    /// A transition of `type` from `subtype`, lasting 1 s, linear.
    static func transition(_ type: CATransitionType, _ subtype: CATransitionSubtype? = nil) -> CATransition {
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        return transition
    }

    /// The colour at position `x` along the axis of a rendering made of halves `first` and
    /// `second` and moved by `offset` along it; nil where it does not reach.
    func color(at x: Int, of first: [Int], _ second: [Int], movedBy offset: Int) -> [Int]? {
        let length = axis == .horizontal ? Self.width : Self.height
        let inside = x - offset
        guard inside >= 0, inside < length else { return nil }
        return inside < length / 2 ? first : second
    }

    /// The expected colour along the axis for a motion transition at progress `p`, from the rule
    /// CATransition documents: the new rendering comes in from the subtype's side, starting a
    /// whole side away (the travel distance); moveIn leaves the old one in place under it, push
    /// moves the old one away by p × the travel towards the other side, reveal does that too
    /// with the old one on top of the new one, which stays in place.
    func expected(_ type: CATransitionType, _ subtype: CATransitionSubtype?, progress p: Double) -> [[Int]] {
        let length = Double(axis == .horizontal ? Self.width : Self.height)
        // The side the new one comes from: the start (left, top) is −1, the end (right, bottom) +1.
        let side: Double = subtype == .fromRight || subtype == .fromBottom ? 1 : -1
        let newOffset = type == .reveal ? 0 : Int(side * length * (1 - p))
        let oldOffset = type == .moveIn ? 0 : Int(-side * length * p)
        return (0..<Int(length)).map { x in
            let old = color(at: x, of: Self.red, Self.green, movedBy: oldOffset)
            let new = color(at: x, of: Self.blue, Self.yellow, movedBy: newOffset)
            let top = type == .reveal ? old ?? new : new ?? old
            return top ?? [0, 0, 0, 0]
        }
    }

    /// The colour of every pixel along the axis, checked to be the same across it (one entry per
    /// column for a horizontal scene, per row for a vertical one); nil where it varies.
    func line(_ image: Pixmap) -> [[Int]?] {
        let across = axis == .horizontal ? Self.height : Self.width
        let length = axis == .horizontal ? Self.width : Self.height
        return (0..<length).map { x in
            let values = (0..<across).map { y in
                let p = axis == .horizontal ? image[x, y] : image[y, x]
                return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
            }
            return values.allSatisfy { $0 == values[0] } ? values[0] : nil
        }
    }
}
