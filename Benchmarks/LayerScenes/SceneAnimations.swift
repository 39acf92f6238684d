import Foundation
import Tessera

/// What the layer scenes build their layers with: animations that repeat forever from the start
/// of the timeline, and colours by hue.
enum SceneAnimations {
    static func basic(_ keyPath: String, from: Any?, to: Any?, duration: Double, autoreverses: Bool) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.autoreverses = autoreverses
        return animation
    }

    /// `animation` repeating forever from the start of the timeline, `timeOffset` seconds in.
    static func repeating(_ animation: CAAnimation, timeOffset: Double) -> CAAnimation {
        animation.repeatCount = .infinity
        animation.beginTime = 1e-6   // the start of the timeline (0 would mean "now")
        animation.timeOffset = timeOffset
        return animation
    }

    /// A colour of hue `h` (wrapping), saturation `s`, value `v` (HSV).
    static func color(hue h: Double, saturation s: Double, value v: Double) -> CGColor {
        let hue = (h.truncatingRemainder(dividingBy: 1) + 1).truncatingRemainder(dividingBy: 1) * 6
        let c = v * s, x = c * (1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1)), m = v - c
        let (r, g, b): (Double, Double, Double)
        switch Int(hue) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        return CGColor(red: r + m, green: g + m, blue: b + m, alpha: 1)
    }
}
