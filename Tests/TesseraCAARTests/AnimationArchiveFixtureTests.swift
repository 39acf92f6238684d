import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

extension ArchiveTests {
    /// The real Kite exports, loaded as layer trees: the values they hold, and how they play.
    @Suite struct AnimationArchiveFixtureTests {
        private let easeInEaseOutFunction = CAMediaTimingFunction(name: .easeInEaseOut)

        private func rgba(_ color: CGColor?) -> [CGFloat]? { color?.components }

        @Test func checkmarkDocument() throws {
            let archive = try fixtureArchive("Checkmark")
            #expect(archive.documentSize == CGSize(width: 400, height: 400))
            #expect(archive.isGeometryFlipped)
            #expect(archive.skipped.isEmpty, "Kite's other keys are rendering hints or harmless defaults: \(archive.skipped)")

            let root = archive.rootLayer
            #expect(type(of: root) == CALayer.self)
            #expect(root.name == "Background Layer")
            #expect(root.bounds == CGRect(x: 0, y: 0, width: 400, height: 400))
            #expect(root.anchorPoint == .zero && root.position == .zero)
            #expect(root.isGeometryFlipped)
            #expect(root.duration == .infinity && root.fillMode == .both)
            #expect(root.sublayers?.map(\.name) == ["Shape", "Oval"])
            #expect(root.animationKeys() == nil)
        }

        @Test func checkmarkShape() throws {
            let shape = try #require(try fixtureArchive("Checkmark").rootLayer.sublayers?.first as? CAShapeLayer)
            #expect(shape.name == "Shape")
            #expect(shape.lineWidth == 11)
            #expect(shape.position == CGPoint(x: 135, y: 199))
            #expect(shape.anchorPoint == .zero)
            #expect(shape.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
            #expect(shape.strokeEnd == 0 && shape.strokeStart == 0)
            #expect(rgba(shape.fillColor) == [0, 0, 0, 0])
            #expect(rgba(shape.strokeColor) == [0.45188069343566895, 0.8134803175926208, 0.05998169630765915, 1])
            #expect(rgba(shape.borderColor) == [0.7952535152435303, 0.7952535152435303, 0.7952535152435303, 1])
            #expect(shape.shadowOffset == CGSize(width: 0, height: 1))
            #expect(shape.fillRule == .nonZero && shape.lineCap == .butt && shape.lineJoin == .miter)
            let elements = elements(of: shape.path)
            #expect(elements.map(\.type) == [0, 1, 1])
            #expect(elements.map(\.points) == [[CGPoint(x: 0, y: 0)], [CGPoint(x: 45, y: 65)], [CGPoint(x: 138, y: -59)]])
        }

        @Test func checkmarkOval() throws {
            let oval = try #require(try fixtureArchive("Checkmark").rootLayer.sublayers?.last as? CAShapeLayer)
            #expect(oval.name == "Oval")
            #expect(oval.fillRule == .evenOdd)
            #expect(oval.lineWidth == 8)
            #expect(oval.position == CGPoint(x: 200, y: 203))
            #expect(oval.anchorPoint == CGPoint(x: 0.5, y: 0.5), "not archived: the default")
            #expect(oval.bounds.size == CGSize(width: 274, height: 274))
            #expect(rgba(oval.strokeColor) == [0.45490196347236633, 0.8117647171020508, 0.062745101749897, 1])
            var rotation = CATransform3DIdentity
            rotation.m11 = -0.6946583986282349
            rotation.m12 = -0.7193397879600525
            rotation.m21 = 0.7193397879600525
            rotation.m22 = -0.6946583986282349
            #expect(oval.transform == rotation)

            let elements = elements(of: oval.path)
            #expect(elements.map(\.type) == [0, 3, 3, 3, 3, 4, 0, 4, 0])
            #expect(elements[0].points == [CGPoint(x: 137, y: 274)])
            // A cubic's control points come first, then its end, as in CGPathElement.
            #expect(elements[1].points == [CGPoint(x: 212.6630096435547, y: 274), CGPoint(x: 274, y: 212.6630096435547),
                                           CGPoint(x: 274, y: 137)])
            #expect(elements[4].points.last == CGPoint(x: 137, y: 274))
            #expect(elements[8].points == [CGPoint(x: 137, y: 274)])
        }

        @Test func checkmarkAnimations() throws {
            let root = try fixtureArchive("Checkmark").rootLayer
            let expected: [(layer: String, key: String, beginTime: Double)] = [
                ("Shape", "1BC9A93B-9668-4464-92F3-35234CDEEDC0", 0.16349709375000004),
                ("Oval", "4FC14B5D-4CB0-4808-8205-EB88878CDC0C", 1e-6),
            ]
            for (name, key, beginTime) in expected {
                let layer = try #require(findLayer(named: name, in: root))
                #expect(layer.animationKeys() == [key])
                let animation = try #require(layer.animation(forKey: key) as? CABasicAnimation)
                #expect(type(of: animation) == CABasicAnimation.self)
                #expect(animation.keyPath == "strokeEnd")
                #expect((animation.fromValue as? NSNumber)?.doubleValue == 0)
                #expect((animation.toValue as? NSNumber)?.doubleValue == 1)
                #expect(animation.byValue == nil)
                #expect(animation.duration == 0.43142578125)
                #expect(animation.beginTime == beginTime)
                #expect(animation.timingFunction == easeInEaseOutFunction)
                #expect(animation.fillMode == .forwards)
                #expect(!animation.isRemovedOnCompletion)
                #expect(animation.speed == 1 && animation.repeatCount == 0 && !animation.autoreverses)
            }
        }

        /// The checkmark plays: nothing is stroked before the animations begin, both strokes ease
        /// in and out, and both are complete (and stay so) at the end.
        @Test func checkmarkPlays() throws {
            let root = try fixtureArchive("Checkmark").rootLayer
            let duration = 0.43142578125, shapeBegin = 0.16349709375000004, ovalBegin = 1e-6
            func strokeEnds(at t: Double) -> [Double] {
                root.presentation(at: t).sublayers.map { Double($0.properties.strokeEnd) }
            }
            #expect(strokeEnds(at: 0) == [0, 0])
            #expect(strokeEnds(at: shapeBegin - 0.01)[0] == 0, "the checkmark waits for its beginTime")
            for t in [0.1, 0.2, 0.3, 0.4, 0.5] {
                let ends = strokeEnds(at: t)
                let shapeProgress = t < shapeBegin ? 0 : easeInEaseOut((t - shapeBegin) / duration)
                let ovalProgress = t > ovalBegin + duration ? 1 : easeInEaseOut((t - ovalBegin) / duration)
                #expect(abs(ends[0] - shapeProgress) < 1e-6, "Shape at \(t)")
                #expect(abs(ends[1] - ovalProgress) < 1e-6, "Oval at \(t)")
            }
            #expect(strokeEnds(at: shapeBegin + duration / 2)[0] > 0.49 && strokeEnds(at: shapeBegin + duration / 2)[0] < 0.51)
            #expect(strokeEnds(at: shapeBegin + duration).allSatisfy { abs($0 - 1) < 1e-12 }, "complete at the end")
            #expect(strokeEnds(at: shapeBegin + duration + 0.001) == [1, 1])
            #expect(strokeEnds(at: 10) == [1, 1], "held at the end: fill forwards, not removed")
        }

        @Test func emojiTree() throws {
            let archive = try fixtureArchive("Emoji")
            #expect(archive.documentSize == CGSize(width: 112, height: 112))
            #expect(archive.isGeometryFlipped)
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let background = archive.rootLayer
            #expect(background.name == "Background Layer")
            let amazing = try #require(background.sublayers?.first)
            #expect(amazing.name == "Amazing")
            #expect(amazing.cornerRadius == 56)
            #expect(amazing.bounds.size == CGSize(width: 112, height: 112))
            #expect(rgba(amazing.backgroundColor) == [0.9783508777618408, 0.8451550602912903, 0.37364688515663147, 1])
            let face = try #require(amazing.sublayers?.first)
            #expect(face.name == "Face")
            #expect(face.cornerRadius == 50)
            #expect(face.position == CGPoint(x: 6, y: 6) && face.bounds.size == CGSize(width: 100, height: 100))
            #expect(rgba(face.backgroundColor) == [1, 0.8638567924499512, 0.38191500306129456, 1])
            #expect(rgba(face.borderColor) == [0, 0, 0, 0])
            #expect(face.sublayers?.map(\.name) == ["Mouth", "Right Eye", "Left Eye", "Right Eyebrow", "Left Eyebrow"])
            #expect(face.sublayers?.allSatisfy { $0 is CAShapeLayer } == true)
        }

        @Test func emojiFaceKeyframes() throws {
            let face = try #require(findLayer(named: "Face", in: try fixtureArchive("Emoji").rootLayer))
            #expect(face.animationKeys() == ["772A4198-93CC-4414-9A68-39F078C33391"])
            let keyframes = try #require(face.animation(forKey: "772A4198-93CC-4414-9A68-39F078C33391") as? CAKeyframeAnimation)
            #expect(keyframes.keyPath == "sublayerTransform")
            #expect(keyframes.beginTime == 0.7487327127659577)
            #expect(keyframes.duration == 2.25433203125)
            #expect(keyframes.fillMode == .forwards && !keyframes.isRemovedOnCompletion)
            let values = try #require(keyframes.values as? [CATransform3D])
            // The first and last values are only `kind`: missing entries are the identity's.
            #expect(values == [CATransform3DIdentity, CATransform3DMakeTranslation(0, 6.599999904632568, 0), CATransform3DIdentity])
            #expect(keyframes.timingFunctions == [easeInEaseOutFunction, easeInEaseOutFunction])
            #expect(keyframes.keyTimes == nil && keyframes.calculationMode == .linear)
        }

        @Test func emojiShapes() throws {
            let root = try fixtureArchive("Emoji").rootLayer
            let mouth = try #require(findLayer(named: "Mouth", in: root) as? CAShapeLayer)
            #expect(mouth.fillRule == .evenOdd && mouth.lineWidth == 0)
            #expect(rgba(mouth.fillColor) == [0.11372549086809158, 0.16470588743686676, 0.19607843458652496, 1])
            #expect(mouth.position == CGPoint(x: 50, y: 73))
            #expect(elements(of: mouth.path).map(\.type) == [0, 3, 3, 3, 3, 4, 0])
            let mouthMotion = try #require(mouth.animation(forKey: "53093DBA-D6D3-413B-88CF-834BE8E0B70E") as? CAKeyframeAnimation)
            #expect(mouthMotion.keyPath == "transform" && mouthMotion.beginTime == 0.7456679687500002)
            #expect((mouthMotion.values as? [CATransform3D])?.count == 6)
            let squeezed = try #require(mouthMotion.values?[1] as? CATransform3D)
            #expect([squeezed.m11, squeezed.m22, squeezed.m41, squeezed.m42] == [0.6000000238418579, 0.5, -18.799999237060547, -15.100000381469727])

            for name in ["Right Eyebrow", "Left Eyebrow"] {
                let brow = try #require(findLayer(named: name, in: root) as? CAShapeLayer)
                #expect(brow.lineCap == .round && brow.lineJoin == .round)
                #expect(brow.lineWidth == 5)
                #expect(rgba(brow.strokeColor) == [0.125490203499794, 0.03529411926865578, 0, 1])
                #expect(elements(of: brow.path).map(\.type) == [0, 3, 3])
            }
            let leftBrow = try #require(findLayer(named: "Left Eyebrow", in: root))
            let leftBrowMotion = try #require(leftBrow.animationKeys()?.first.flatMap(leftBrow.animation(forKey:)))
            #expect(leftBrowMotion.beginTime == 0.7487327127659577)
        }

        /// The eyes blink: `transform.scale.y` to 0 and back, twice at the start, once at 1.6 s
        /// and at 2.19 s; a keyframe `transform` at 0.75 s.
        @Test func emojiEyes() throws {
            let root = try fixtureArchive("Emoji").rootLayer
            for name in ["Right Eye", "Left Eye"] {
                let eye = try #require(findLayer(named: name, in: root) as? CAShapeLayer)
                #expect(eye.fillRule == .evenOdd)
                let keys = try #require(eye.animationKeys())
                #expect(keys.count == 4)
                let animations = keys.compactMap(eye.animation(forKey:))
                #expect(animations.map { "\(type(of: $0))" } == ["CABasicAnimation", "CAKeyframeAnimation", "CABasicAnimation", "CABasicAnimation"])
                #expect(animations.map(\.beginTime) == [1e-6, 0.7456679687500002, 1.59593268218085, 2.189])
                let blinks = animations.compactMap { $0 as? CABasicAnimation }
                #expect(blinks.map(\.repeatCount) == [2, 1, 1])
                for blink in blinks {
                    #expect(blink.keyPath == "transform.scale.y")
                    #expect(blink.autoreverses)
                    #expect(blink.fromValue == nil)
                    #expect((blink.toValue as? NSNumber)?.doubleValue == 0)
                    #expect(blink.duration == 0.100364613495278)
                    #expect(blink.timingFunction == easeInEaseOutFunction)
                    #expect(!blink.isRemovedOnCompletion)
                }
                #expect((animations[1] as? CAPropertyAnimation)?.keyPath == "transform")
            }
            let rightBlinks = try #require(findLayer(named: "Right Eye", in: root)?.animationKeys())
            let leftEye = try #require(findLayer(named: "Left Eye", in: root))
            #expect(rightBlinks.first == "C5523FAD-FC98-4D19-8D3B-55781B02AAE1")
            // Kite wrote no fill mode for the left eye's last two blinks.
            #expect(leftEye.animationKeys()?.compactMap { leftEye.animation(forKey: $0)?.fillMode } == [.forwards, .forwards, .removed, .removed])
        }

        /// The first blink closes the eye at the end of its first half, and opens it again.
        @Test func emojiBlinkPlays() throws {
            let root = try fixtureArchive("Emoji").rootLayer
            let half = 0.100364613495278
            func eyeScaleY(at t: Double) -> Double {
                Double(root.presentation(at: t).first(named: "Right Eye")?.properties.transform.m22 ?? .nan)
            }
            #expect(eyeScaleY(at: 0) == 1)
            #expect(abs(eyeScaleY(at: 1e-6 + half)) < 1e-9, "closed")
            #expect(abs(eyeScaleY(at: 1e-6 + half / 2) - (1 - easeInEaseOut(0.5))) < 1e-6)
            #expect(abs(eyeScaleY(at: 1e-6 + 2 * half) - 1) < 1e-9, "open again")
        }
    }
}
