import Foundation
import TesseraCore

extension ShapeLayers {
    /// The most copies a repeater makes.
    static let maximumCopies = 1000.0

    /// A repeater as a `CAReplicatorLayer` (which lottie-ios's Core Animation engine does not
    /// use: it builds a layer per copy): `instanceCount` copies, each through the repeater's
    /// transform once more (`instanceTransform`, about the replicator's center, which is put at
    /// the group's origin), their opacity stepping from the start opacity to the end one
    /// (`instanceColor`'s alpha and `instanceAlphaOffset`). The offset moves the first copy
    /// (the layer's own transform, the repeater's transform that many times). Copies drawn below
    /// the earlier ones run backwards: the last copy first, the inverse transform each step.
    /// The count, offset and transform are drawn at their first values when animated.
    func replicatorLayer(_ repeater: ShapeItem.Repeater) -> CALayer {
        let layer = CAReplicatorLayer()
        layer.name = "repeater"
        layer.anchorPoint = .zero
        layer.bounds = .zero
        let t = repeater.transform
        var animated =
            [repeater.copies, repeater.offset, t.rotation, repeater.startOpacity, repeater.endOpacity].contains(where: \.isAnimated)
            || t.anchor.isAnimated || t.scale.isAnimated
        switch t.position {
        case .combined(let p): animated = animated || p.isAnimated
        case .split(let x, let y): animated = animated || x.isAnimated || y.isAnimated
        }
        if animated { report.approximated(path, "repeater", "an animated repeater is drawn at its first values") }
        if repeater.offset.initialValue != repeater.offset.initialValue.rounded() {
            report.approximated(path, "repeater", "a repeater's offset of part of a copy is rounded")
        }
        let copies = Int(min(max(repeater.copies.initialValue, 0), Self.maximumCopies).rounded())
        layer.instanceCount = copies
        let step = Self.step(t)
        var start = repeater.offset.initialValue
        var opacity = (from: repeater.startOpacity.initialValue / 100, to: repeater.endOpacity.initialValue / 100)
        if repeater.below, copies > 1 {
            // The last copy first, then back towards the first.
            start += Double(copies - 1)
            layer.instanceTransform = CATransform3DInvert(step)
            opacity = (opacity.to, opacity.from)
        } else {
            layer.instanceTransform = step
        }
        layer.transform = Self.power(step, start)
        layer.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: CGFloat(min(max(opacity.from, 0), 1)))
        if copies > 1 { layer.instanceAlphaOffset = Float((opacity.to - opacity.from) / Double(copies - 1)) }
        return layer
    }

    /// One step of a repeater's transform, in Core Animation's row-vector order: scale and
    /// rotate about the anchor, then move.
    private static func step(_ t: LottieTransform) -> CATransform3D {
        let a = t.anchor.initialValue, s = t.scale.initialValue
        let position: [Double]
        switch t.position {
        case .combined(let p): position = p.initialValue
        case .split(let x, let y): position = [x.initialValue, y.initialValue]
        }
        var m = CATransform3DMakeTranslation(CGFloat(-a[0]), CGFloat(-a[1]), 0)
        m = CATransform3DConcat(m, CATransform3DMakeScale(CGFloat(s[0] / 100), CGFloat(s[1] / 100), 1))
        m = CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(t.rotation.initialValue * .pi / 180), 0, 0, 1))
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(CGFloat(a[0] + position[0]), CGFloat(a[1] + position[1]), 0))
        return m
    }

    /// `step` applied `count` times (whole times; a fraction is rounded).
    private static func power(_ step: CATransform3D, _ count: Double) -> CATransform3D {
        let n = Int(count.rounded())
        let base = n < 0 ? CATransform3DInvert(step) : step
        var result = CATransform3DIdentity
        for _ in 0..<min(abs(n), Int(maximumCopies)) { result = CATransform3DConcat(result, base) }
        return result
    }
}
