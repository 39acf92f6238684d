import Foundation
import TesseraCore

/// A drop shadow effect or layer style as the layer's Core Animation shadow (`shadowColor`,
/// `shadowOpacity`, `shadowRadius`, `shadowOffset`), with lottie-ios's conversions: the effect's
/// opacity is 0–255 and its direction 90° from the style's angle; the softness over 5 (the
/// style's size over 2) is the radius, which lottie-ios found to look like After Effects.
enum DropShadow {
    static func apply(_ effect: LayerEffect, to layer: CALayer, animator: Animator) {
        let isStyle = effect.type == 1
        let color = (effect.values[isStyle ? "c" : "Shadow Color"] ?? Animated([0, 0, 0, 1])).mapValues(ShapeLayers.normalizedColor)
        let opacity = effect.values[isStyle ? "o" : "Opacity"] ?? Animated([isStyle ? 100 : 255])
        let angle = effect.values[isStyle ? "a" : "Direction"] ?? Animated([isStyle ? 0 : 90])
        let distance = effect.values[isStyle ? "d" : "Distance"] ?? Animated([0])
        let radius = effect.values[isStyle ? "s" : "Softness"] ?? Animated([0])
        animator.apply(color, to: layer, keyPath: "shadowColor") { ShapeLayers.color($0.count >= 3 ? $0 : [0, 0, 0]) }
        animator.apply(opacity, to: layer, keyPath: "shadowOpacity") { min(max($0[0] / (isStyle ? 100 : 255), 0), 1) }
        animator.apply(radius, to: layer, keyPath: "shadowRadius") { max($0[0] / (isStyle ? 2 : 5), 0) }
        func offset(_ degrees: Double, _ length: Double) -> CGSize {
            let radians = (isStyle ? degrees : degrees - 90) * .pi / 180
            return CGSize(width: length * cos(radians), height: length * sin(radians))
        }
        let track = Track<CGSize>(
            combining: [angle.timing, distance.timing],
            atKeyframe: { k in
                offset(angle.value(atKeyframe: k)[0], distance.value(atKeyframe: k)[0])
            },
            atFrame: { f in
                offset(angle.value(at: f)[0], distance.value(at: f)[0])
            })
        animator.apply(track, to: layer, keyPath: "shadowOffset") { $0 }
    }
}
