import Foundation
import Tessera

/// A built-in animated scene recreating one of the seed documents' animations, for the CLI
/// (`tessera scenes`, `tessera render NAME`) and the golden-image tests.
public struct DemoScene: Sendable {
    /// The name the CLI takes (`tessera render NAME`).
    public let name: String
    /// One line on what it shows, as `tessera scenes` lists it.
    public let summary: String
    /// The size of the root layer, in points.
    public let size: CGSize
    /// How long one cycle of its animations lasts, in seconds (what `--frames` covers by default).
    public let duration: Double
    /// Builds the tree, its animations starting at time 0.
    public let build: @Sendable () -> CALayer
    /// Changes the model before the frame at time t is rendered, for scenes driven from outside
    /// the animation timeline (a progress, as a gesture would set it); nil for most.
    public let prepareFrame: (@Sendable (CALayer, Double) -> Void)?

    /// A scene of these values (`prepareFrame` nil: the timeline alone drives it).
    public init(
        name: String, summary: String, size: CGSize, duration: Double,
        prepareFrame: (@Sendable (CALayer, Double) -> Void)? = nil, build: @escaping @Sendable () -> CALayer
    ) {
        self.name = name
        self.summary = summary
        self.size = size
        self.duration = duration
        self.prepareFrame = prepareFrame
        self.build = build
    }

    /// The root, ready to render at time `t`: built, and prepared for `t` when the scene asks.
    public func frame(of root: CALayer, at t: Double) -> CALayer {
        prepareFrame?(root, t)
        return root
    }

    /// Every demo scene, in the order `tessera scenes` lists them.
    public static let all: [DemoScene] = [.shapeMorph, .fillPulse, .marchingAnts, .checkmark, .messageDots, .dayNight]

    /// The scene called `name`, or nil when there is none.
    public static func named(_ name: String) -> DemoScene? { all.first { $0.name == name } }

    /// A root layer of `size` with a white background.
    static func root(_ size: CGSize) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        return root
    }

    /// `animation` from the start of the timeline (a begin time of 0 would mean "now").
    static func fromStart<A: CAAnimation>(_ animation: A) -> A {
        animation.beginTime = 1e-6
        return animation
    }
}
