import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

extension CAMLTests {
    /// Apple's CAML files read into layer trees: classes, names, ids and every value checked
    /// against what the files write (the numbers typed here from the files' text).
    @Suite struct CAMLRealFilesReaderTests {
        static let white = Color(red: 1, green: 1, blue: 1, alpha: 1)
        static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

        static func near(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
            let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
            let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
            return zip(x, y).allSatisfy { abs($0 - $1) < 1e-12 }
        }

        @Test func bluetoothTree() throws {
            let archive = try CAMLTests.fixtureArchive("Bluetooth")
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            #expect(archive.documentSize == nil)
            #expect(archive.isGeometryFlipped == false)

            // <CATransformLayer … bounds="0 0 40 40" … hidden="0" name="Root Layer" position="20 20">
            let root = archive.rootLayer
            #expect(type(of: root) == CATransformLayer.self)
            #expect(root.name == "Root Layer")
            #expect(root.bounds == CGRect(x: 0, y: 0, width: 40, height: 40))
            #expect(root.position == CGPoint(x: 20, y: 20))
            #expect(root.isHidden == false)
            // <backgroundColor opacity="0" value="0 0 0"/>
            #expect(root.properties.backgroundColor == Self.clear)
            #expect(root.sublayers?.count == 1)

            let bt = try CAMLTests.sublayer(root, 0)
            #expect(type(of: bt) == CATransformLayer.self)
            #expect(bt.name == "bt")
            #expect(bt.bounds == CGRect(x: 37.700007629395, y: 42.604029846193, width: 52, height: 39))
            #expect(bt.position == CGPoint(x: 19.799999237061, y: 19.403999328613))
            #expect(bt.transform == CATransform3DMakeScale(0.495, 0.495, 1))

            // <CALayer id="#1" … bounds="0 0 52 39" … name="bluetooth" opacity="1" position="63.700007629395 62.104029846193">
            let glyph = try CAMLTests.sublayer(bt, 0)
            #expect(type(of: glyph) == CALayer.self)
            #expect(glyph.name == "bluetooth")
            #expect(glyph.bounds == CGRect(x: 0, y: 0, width: 52, height: 39))
            #expect(glyph.position == CGPoint(x: 63.700007629395, y: 62.104029846193))
            #expect(glyph.opacity == 1)
            #expect(archive.states.layer(withID: "#1") === glyph)
            #expect(archive.states.layer(withID: "#2") == nil)

            let shape = try #require(try CAMLTests.sublayer(glyph, 0) as? CAShapeLayer)
            #expect(shape.name == nil)
            #expect(shape.sublayers == nil)
            #expect(shape.properties.fillColor == Self.white)
            #expect(shape.position == CGPoint(x: 8.899992370605, y: -21.204029846193))
            #expect(shape.transform == CATransform3DMakeScale(2.097, 2.097, 1))
            #expect(shape.bounds == .zero)
            // path="15.4 14.7 m 7.3 7.5 l … h 9 28.7 m … h 12.8 14.7 m … h"
            var path = Path()
            let subpaths: [[(Double, Double)]] = [
                [(15.4, 14.7), (7.3, 7.5), (7.3, 18), (2.2, 13.4), (1, 14.7), (6.9, 20), (1, 25.1), (2.1, 26.4), (7.2, 21.9),
                 (7.2, 32.6), (15.3, 25.4), (9.7, 20), (15.4, 14.7)],
                [(9, 28.7), (9, 21.9), (12.8, 25.4), (9, 28.7)],
                [(12.8, 14.7), (9, 18.1), (9, 11.3), (12.8, 14.7)],
            ]
            for points in subpaths {
                path.move(to: Point(x: points[0].0, y: points[0].1))
                for (x, y) in points.dropFirst() { path.addLine(to: Point(x: x, y: y)) }
                path.closeSubpath()
            }
            #expect(shape.properties.path == path)
            #expect(root.animationKeys() == nil && glyph.animationKeys() == nil)
        }

        @Test func brightnessTree() throws {
            let archive = try CAMLTests.fixtureArchive("Brightness")
            let text = try CAMLTests.fixtureText("Brightness")
            // The root's allowsGroupBlending="0" and allowsGroupOpacity="0" are not modelled.
            #expect(archive.skipped.map(\.key) == ["allowsGroupBlending", "allowsGroupOpacity"])
            #expect(archive.skipped.map(\.reason) == [.unsupportedKey, .unsupportedKey])
            #expect(archive.skipped.map(\.location) == [CAMLTests.location(of: "allowsGroupBlending", in: text),
                                                         CAMLTests.location(of: "allowsGroupOpacity", in: text)])
            #expect(archive.skipped.first?.description == "4:39: brightness: CALayer.allowsGroupBlending (unsupported key)")

            let root = archive.rootLayer
            #expect(type(of: root) == CALayer.self)
            #expect(root.name == "brightness")
            #expect(root.bounds == CGRect(x: 0, y: 0, width: 48, height: 48))
            #expect(root.position == CGPoint(x: 24, y: 24))
            #expect(root.properties.backgroundColor == Self.clear)

            let outer = try CAMLTests.sublayer(root, 0)
            #expect(type(of: outer) == CATransformLayer.self)
            #expect(outer.name == "Transform Layer 1")
            #expect(outer.bounds == CGRect(x: 0, y: 0, width: 120, height: 120))
            #expect(outer.position == CGPoint(x: 23.5, y: 23.89999961853))
            #expect(outer.transform == CATransform3DMakeScale(0.35, 0.35, 1))

            let t1 = try CAMLTests.sublayer(outer, 0), t2 = try CAMLTests.sublayer(t1, 0)
            for (layer, name, id) in [(t1, "t1", "#4"), (t2, "t2", "#3")] {
                #expect(type(of: layer) == CATransformLayer.self)
                #expect(layer.name == name)
                #expect(layer.position == CGPoint(x: 60, y: 60))
                #expect(CATransform3DIsIdentity(layer.transform))   // transform=""
                #expect(archive.states.layer(withID: id) === layer)
            }

            // <CALayer id="#2" … backgroundColor="1 1 1" bounds="0 0 44 44" … cornerRadius="22" name="sun" …>
            let sun = try CAMLTests.sublayer(t2, 0)
            #expect(sun.name == "sun")
            #expect(archive.states.layer(withID: "#2") === sun)
            #expect(sun.properties.backgroundColor == Self.white)
            #expect(sun.bounds == CGRect(x: 0, y: 0, width: 44, height: 44))
            #expect(sun.cornerRadius == 22)
            #expect(sun.position == CGPoint(x: 60.076629638672, y: 59.490219116211))

            // <CAReplicatorLayer instanceCount="8" instanceTransform="rotate(-45deg)" …>
            let replicator = try #require(try CAMLTests.sublayer(t2, 1) as? CAReplicatorLayer)
            #expect(replicator.name == "Replicator Layer 1")
            #expect(replicator.instanceCount == 8)
            #expect(Self.near(replicator.instanceTransform, CATransform3DMakeRotation(-.pi / 4, 0, 0, 1)))
            #expect(replicator.bounds == CGRect(x: 0, y: 0, width: 120, height: 120))

            // <CALayer id="#1" … anchorPoint="0.5 0" backgroundColor="1 1 1" bounds="0 0 5 20" … cornerRadius="2.5" hidden="0" name="ray" position="59.743713378906 91"/>
            let ray = try CAMLTests.sublayer(replicator, 0)
            #expect(ray.name == "ray")
            #expect(archive.states.layer(withID: "#1") === ray)
            #expect(ray.anchorPoint == CGPoint(x: 0.5, y: 0))
            #expect(ray.properties.backgroundColor == Self.white)
            #expect(ray.bounds == CGRect(x: 0, y: 0, width: 5, height: 20))
            #expect(ray.cornerRadius == 2.5)
            #expect(ray.isHidden == false)
            #expect(ray.position == CGPoint(x: 59.743713378906, y: 91))
        }

        /// The states and transitions as the files declare them.
        @Test func bluetoothStates() throws {
            let states = try CAMLTests.fixtureArchive("Bluetooth").states
            #expect(states.names == ["off", "seeking", "on"])
            #expect(states.states.map(\.basedOn) == [nil, "off", nil])
            #expect(states.currentState == nil)
            for name in ["seeking", "on"] {
                let values = try #require(states.values(ofState: name))
                #expect(values.map(\.targetID) == ["#1"] && values.map(\.keyPath) == ["opacity"])
                #expect((values.first?.value as? NSNumber)?.doubleValue == 1)
            }
            #expect(states.values(ofState: "off")?.isEmpty == true)
            #expect(states.values(ofState: "nope") == nil)

            #expect(states.transitions.map { "\($0.fromState)→\($0.toState)" } == ["*→seeking", "seeking→*", "*→on", "on→*"])
            let pulse = try #require(states.transitions[0].elements.first)
            #expect(pulse.targetID == "#1" && pulse.key == "opacity")
            let keyframes = try #require(pulse.animation as? CAKeyframeAnimation)
            #expect(keyframes.keyPath == "opacity")
            #expect(keyframes.beginTime == 1e-100)
            #expect(keyframes.duration == 1)
            #expect(keyframes.fillMode == .both)
            #expect(keyframes.isRemovedOnCompletion)
            #expect(keyframes.repeatCount == .infinity)
            #expect(keyframes.keyTimes?.map(\.doubleValue) == [0, 0.2293158405593, 1])
            #expect(keyframes.values?.compactMap { ($0 as? NSNumber)?.doubleValue } == [0.25, 1, 0.25])
            var c1: [Float] = [0, 0], c2: [Float] = [0, 0]
            keyframes.timingFunctions?.first?.getControlPoint(at: 1, values: &c1)
            keyframes.timingFunctions?.first?.getControlPoint(at: 2, values: &c2)
            #expect(c1 + c2 == [0.29712, -0.0052251, 0.24359, 0.99619])
            #expect(keyframes.timingFunctions?.count == 2)

            let back = try #require(states.transitions[1].elements.first?.animation as? CABasicAnimation)
            #expect(type(of: back) == CABasicAnimation.self)
            #expect(back.duration == 0.25 && back.fillMode == .backwards)
            #expect(back.fromValue == nil && back.toValue == nil)
            #expect(back.timingFunction != nil)
        }

        @Test func brightnessStates() throws {
            let archive = try CAMLTests.fixtureArchive("Brightness")
            let states = archive.states
            #expect(states.names == ["full", "mid", "min", "max"])
            #expect(states.states.map(\.basedOn) == [nil, "full", "mid", nil])
            func described(_ name: String) -> [String] {
                (states.values(ofState: name) ?? []).map { "\($0.targetID) \($0.keyPath) \(($0.value as? NSNumber)?.doubleValue ?? .nan)" }
            }
            #expect(described("full") == [])
            #expect(described("mid") == ["#1 bounds.size.height 14.0"])
            // min is based on mid: mid's value first, then min's nine in the file's order.
            #expect(described("min") == [
                "#1 bounds.size.height 14.0", "#1 bounds.size.height 8.0", "#1 bounds.size.width 8.0", "#1 cornerRadius 4.0",
                "#2 transform.scale.xy 0.819000005722", "#1 bounds.size.width 6.0", "#1 bounds.size.height 6.0",
                "#1 cornerRadius 3.0", "#1 position.x 59.743698120117", "#2 transform.scale.xy 0.75",
            ])
            #expect(described("max") == ["#3 transform.scale.xy 1.080000042915", "#4 transform.scale.xy 0.9250000119209"])
            #expect(states.transitions.map(\.elements.count) == [0, 0, 1, 1, 5, 5, 2, 2])

            let spring = try #require(states.transitions[2].elements.first?.animation as? CASpringAnimation)
            #expect(spring.keyPath == "bounds.size.height")
            #expect(spring.damping == 36 && spring.mass == 2 && spring.stiffness == 300 && spring.duration == 1)
            let delayed = try #require(states.transitions[6].elements.last?.animation as? CASpringAnimation)
            #expect(delayed.beginTime == 0.1 && delayed.duration == 1.545 && delayed.damping == 20)
        }
    }
}
