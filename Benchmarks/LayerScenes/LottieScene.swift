import Foundation
import Tessera
import TesseraLottie
import TesseraRaster

/// `lottie`: issue 33's Lottie bench. A Lottie document of our own (``LottieSceneDocument``:
/// shapes, gradients, masks, mattes, trims, a repeater and a precomposition instanced 24 times)
/// read by TesseraLottie into layers and animations, 1920 × 1080. One frame advances the clock by
/// 1/60 s, evaluates the tree and renders it; the animation loops every 2 s.
public final class LottieScene: LayerBenchScene {
    public static let name = "lottie"
    public static let summary = "a Lottie document of our own: 24 precomp instances, masks, mattes, trims, gradients, a repeater"
    public static let width = LottieSceneDocument.width, height = LottieSceneDocument.height

    public let root = CALayer()
    public let clock = AnimationClock(time: 0)
    public let renderer = LayerRenderer(threadCount: 1)
    public let pixmap: Pixmap
    /// The animation as read.
    public let animation: LottieAnimation

    public init() throws {
        pixmap = try Pixmap(width: Self.width, height: Self.height)
        animation = try LottieAnimation(data: LottieSceneDocument.data())
        clock.attach(root)
        root.bounds = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.anchorPoint = .zero
        // The animation's 2 s, repeated.
        let lottie = animation.rootLayer
        lottie.duration = animation.duration
        lottie.repeatCount = .infinity
        root.addSublayer(lottie)
    }
}
