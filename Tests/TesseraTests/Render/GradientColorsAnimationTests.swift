import Foundation
import Testing
@testable import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// Animations of `CAGradientLayer.colors`: colour by colour, each colour's straight RGBA
/// components linearly (Core Animation's interpolation of `CGColor` components), seen in the
/// presented properties and in the pixels of the gradient drawn mid-animation.
@Suite struct GradientColorsAnimationTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// Transparent: interpolating towards it in straight alpha keeps the other colour's hue.
    static let clearBlue = CGColor(red: 0, green: 0, blue: 1, alpha: 0)
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// A 100 × 100 gradient from left to right, its first colour padded over x < 25 and its last
    /// over x ≥ 75 (locations 0.25 and 0.75), in a tree whose clock is at 0.
    static func gradient(_ colors: [CGColor]) -> (root: CALayer, layer: CAGradientLayer) {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = colors
        layer.locations = [0.25, 0.75]
        layer.startPoint = CGPoint(x: 0, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        let (root, _) = tree(with: layer)
        return (root, layer)
    }

    static func render(_ root: CALayer, at t: Double) throws -> Pixmap {
        let pixmap = try Pixmap(width: 100, height: 100)
        LayerRenderer(threadCount: 1).render(root, at: t, into: pixmap)
        return pixmap
    }

    /// `a + (b − a) · f` for each component: the formula the animation follows.
    static func mix(_ a: CGColor, _ b: CGColor, _ f: Double) -> Color {
        let x = Color(a), y = Color(b)
        return Color(red: x.red + (y.red - x.red) * f, green: x.green + (y.green - x.green) * f,
                     blue: x.blue + (y.blue - x.blue) * f, alpha: x.alpha + (y.alpha - x.alpha) * f)
    }

    /// Whether pixel `p` is `color` as a gradient layer draws it, within 1 per channel: through
    /// Generic RGB, where gradient layers interpolate (clamped to its gamut), premultiplied.
    static func shows(_ p: PremultipliedRGBA8, _ color: Color) -> Bool {
        let e = PremultipliedRGBA8(packed: GradientTable(stops: [Gradient.Stop(offset: 0, color: color)],
                                                         colorSpace: .genericRGB).colors[0])
        return [(p.r, e.r), (p.g, e.g), (p.b, e.b), (p.a, e.a)].allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }

    static func basic(from: [CGColor]?, to: [CGColor]?, by: [CGColor]? = nil) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "colors")
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        animation.duration = 1
        return animation
    }

    @Test func basicAnimationInterpolatesEachColour() throws {
        let (root, layer) = Self.gradient([Self.white, Self.white])
        layer.add(Self.basic(from: [Self.red, Self.green], to: [Self.clearBlue, Self.white]), forKey: "colors")
        #expect(layer.diagnostics.isEmpty)
        for t in [0.25, 0.5] {
            let first = Self.mix(Self.red, Self.clearBlue, t), last = Self.mix(Self.green, Self.white, t)
            #expect(presented(layer, in: root, at: t).colors == [first, last], "t = \(t)")
            let pixmap = try Self.render(root, at: t)
            #expect(Self.shows(pixmap[10, 50], first), "first colour at t = \(t): \(pixmap[10, 50])")
            #expect(Self.shows(pixmap[90, 50], last), "last colour at t = \(t): \(pixmap[90, 50])")
        }
        // Straight alpha: halfway from opaque red to transparent blue is (0.5, 0, 0.5) at alpha
        // 0.5 (drawn through Generic RGB as (127, 27, 127), premultiplied (64, 13, 64, 128));
        // premultiplied interpolation would give (1, 0, 0) at alpha 0.5, (128, 20, 0, 128).
        let half = try Self.render(root, at: 0.5)[10, 50]
        #expect([half.r, half.g, half.b, half.a] == [64, 13, 64, 128])
        // After the animation (removed on completion) the model's colours are back.
        #expect(presented(layer, in: root, at: 1.5).colors == [Color(Self.white), Color(Self.white)])
    }

    /// toValue alone runs from the model's colours; a value that is not a list of colours is
    /// reported, not used.
    @Test func toValueStartsFromTheModelAndWrongValuesAreReported() throws {
        let (root, layer) = Self.gradient([Self.red, Self.green])
        layer.add(Self.basic(from: nil, to: [Self.blue, Self.white]), forKey: "colors")
        #expect(presented(layer, in: root, at: 0.75).colors == [Self.mix(Self.red, Self.blue, 0.75),
                                                                 Self.mix(Self.green, Self.white, 0.75)])
        let numbers = CABasicAnimation(keyPath: "colors")
        numbers.toValue = [NSNumber(value: 1)]
        layer.add(numbers, forKey: "numbers")
        #expect(layer.diagnostics.contains { $0.contains("toValue") && $0.contains("\"colors\"") })
    }

    @Test func keyframesInterpolateBetweenTheirColours() throws {
        let (root, layer) = Self.gradient([Self.white, Self.white])
        let keyframes = CAKeyframeAnimation(keyPath: "colors")
        keyframes.values = [[Self.red, Self.blue], [Self.green, Self.white], [Self.clearBlue, Self.red]]
        keyframes.duration = 1
        layer.add(keyframes, forKey: "colors")
        // Key times 0, 0.5, 1: t = 0.25 and 0.75 are halfway through each segment.
        #expect(presented(layer, in: root, at: 0.25).colors == [Self.mix(Self.red, Self.green, 0.5),
                                                                 Self.mix(Self.blue, Self.white, 0.5)])
        let first = Self.mix(Self.green, Self.clearBlue, 0.5), last = Self.mix(Self.white, Self.red, 0.5)
        #expect(presented(layer, in: root, at: 0.75).colors == [first, last])
        let pixmap = try Self.render(root, at: 0.75)
        #expect(Self.shows(pixmap[10, 50], first), "\(pixmap[10, 50])")
        #expect(Self.shows(pixmap[90, 50], last), "\(pixmap[90, 50])")
    }

    @Test func discreteKeyframesHoldEachList() {
        let (root, layer) = Self.gradient([Self.white, Self.white])
        let keyframes = CAKeyframeAnimation(keyPath: "colors")
        keyframes.values = [[Self.red, Self.blue], [Self.green, Self.white]]
        keyframes.calculationMode = .discrete
        keyframes.duration = 1
        layer.add(keyframes, forKey: "colors")
        #expect(presented(layer, in: root, at: 0.45).colors == [Color(Self.red), Color(Self.blue)])
        #expect(presented(layer, in: root, at: 0.55).colors == [Color(Self.green), Color(Self.white)])
    }

    @Test func springFollowsTheSpringsProgress() throws {
        let (root, layer) = Self.gradient([Self.white, Self.white])
        let spring = CASpringAnimation(keyPath: "colors")
        spring.fromValue = [Self.red, Self.green]
        spring.toValue = [Self.blue, Self.white]
        spring.damping = 5
        spring.duration = spring.settlingDuration
        layer.add(spring, forKey: "colors")
        for t in [0.1, 0.3] {
            let f = spring.spring.fraction(at: t)
            #expect(presented(layer, in: root, at: t).colors == [Self.mix(Self.red, Self.blue, f),
                                                                  Self.mix(Self.green, Self.white, f)], "t = \(t)")
        }
        // Underdamped: it overshoots, past blue (red < 0, blue > 1), drawn clamped.
        let overshoot = try #require(presented(layer, in: root, at: 0.4).colors?.first)
        #expect(overshoot.red < 0 && overshoot.blue > 1)
    }

    /// Additive: the animated colours are added to the model's, component by component;
    /// cumulative: each repeat starts where the last ended, as for other vector properties.
    @Test func additiveAndCumulative() {
        let quarter = CGColor(red: 0.25, green: 0.25, blue: 0, alpha: 0.5)
        let (root, layer) = Self.gradient([quarter, quarter])
        let additive = Self.basic(from: [CGColor(red: 0, green: 0, blue: 0, alpha: 0)] + [Self.clearBlue],
                                  to: [CGColor(red: 0.5, green: 0, blue: 0, alpha: 0.5), Self.blue])
        additive.isAdditive = true
        layer.add(additive, forKey: "additive")
        #expect(presented(layer, in: root, at: 0.5).colors == [Color(red: 0.5, green: 0.25, blue: 0, alpha: 0.75),
                                                                Color(red: 0.25, green: 0.25, blue: 1, alpha: 1)])
        layer.removeAllAnimations()

        let cumulative = Self.basic(from: [CGColor(red: 0, green: 0, blue: 0, alpha: 0.5)],
                                    to: [CGColor(red: 0.25, green: 0, blue: 0.125, alpha: 0.5)])
        cumulative.isCumulative = true
        cumulative.repeatCount = 3
        layer.add(cumulative, forKey: "cumulative")
        // Iteration 2, halfway: from + (to − from) · (2 + 0.5) in red and blue; alpha stays.
        #expect(presented(layer, in: root, at: 2.5).colors == [Color(red: 0.625, green: 0, blue: 0.3125, alpha: 0.5)])
    }

    /// Lists of different counts do not interpolate (Apple leaves it undocumented): the
    /// animation switches from one list to the other halfway, as dash patterns and locations do.
    @Test func listsOfDifferentCountsSwitchHalfway() throws {
        let (root, layer) = Self.gradient([Self.white, Self.white])
        layer.add(Self.basic(from: [Self.red, Self.blue], to: [Self.green, Self.white, Self.red]), forKey: "colors")
        #expect(presented(layer, in: root, at: 0.49).colors == [Color(Self.red), Color(Self.blue)])
        #expect(presented(layer, in: root, at: 0.51).colors == [Color(Self.green), Color(Self.white), Color(Self.red)])
        layer.locations = [0.25, 0.5, 0.75]
        let pixmap = try Self.render(root, at: 0.51)
        #expect(Self.shows(pixmap[10, 50], Color(Self.green)) && Self.shows(pixmap[90, 50], Color(Self.red)))
    }

    /// A basic and a keyframe animation of `colors` archive as lists of `CGColor`s, load back
    /// with the same values, write the same bytes again and draw the same pixels.
    @Test func archivedAnimationsRoundTripAndDrawTheSame() throws {
        let (_, layer) = Self.gradient([Self.white, Self.red])
        layer.removeFromSuperlayer()
        let basic = Self.basic(from: [Self.red, Self.clearBlue], to: [Self.green, Self.white])
        basic.beginTime = 1e-6   // 0 would be the time of loading
        let keyframes = CAKeyframeAnimation(keyPath: "colors")
        keyframes.values = [[Self.blue, Self.red], [Self.white, Self.green], [Self.red, Self.clearBlue]]
        keyframes.beginTime = 2
        keyframes.duration = 1
        layer.add(basic, forKey: "basic")
        layer.add(keyframes, forKey: "keyframes")
        #expect(layer.diagnostics.isEmpty)

        let written = try SceneDocument(rootLayer: layer).archiveData()
        let loaded = try SceneDocument(archiveData: written)
        #expect(loaded.skipped.isEmpty)
        let gradient = try #require(loaded.rootLayer as? CAGradientLayer)
        let loadedBasic = try #require(gradient.animation(forKey: "basic") as? CABasicAnimation)
        #expect(loadedBasic.fromValue as? [CGColor] == [Self.red, Self.clearBlue])
        #expect(loadedBasic.toValue as? [CGColor] == [Self.green, Self.white])
        let loadedKeyframes = try #require(gradient.animation(forKey: "keyframes") as? CAKeyframeAnimation)
        #expect(loadedKeyframes.values as? [[CGColor]] == [[Self.blue, Self.red], [Self.white, Self.green], [Self.red, Self.clearBlue]])
        #expect(try loaded.archiveData() == written)

        for t in [0.3, 2.25, 2.75] {
            let colors = layer.presentation(at: t).properties.colors
            #expect(colors != [Color(Self.white), Color(Self.red)], "animated at t = \(t)")
            #expect(gradient.presentation(at: t).properties.colors == colors, "t = \(t)")
            let (a, b) = (try Self.render(layer, at: t), try Self.render(gradient, at: t))
            #expect(a.bytes == b.bytes, "t = \(t)")
        }
    }

    /// Key-value coding hands the colours out as `CGColor`s and nil clears them.
    @Test func keyValueCoding() {
        let layer = CAGradientLayer()
        layer.setValue([Self.red, Self.blue], forKeyPath: "colors")
        #expect((layer.value(forKeyPath: "colors") as? [CGColor]) == [Self.red, Self.blue])
        layer.setValue(nil, forKeyPath: "colors")
        #expect(layer.colors == nil && layer.diagnostics.isEmpty)
    }
}
