import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCAAR
@testable import TesseraCore

extension CAMLWriterTests {
    /// Every row of the property tables written: each layer and animation property, in a
    /// document of its own and together on every class, reads back as the value it was, and the
    /// text written again is the same.
    @Suite struct CAMLWriterTableTests {
        typealias Samples = CAMLTests.CAMLPropertyTableTests

        /// `text` loaded from a bundle holding `assets/dots.png`, written as a bundle, read back
        /// and written again: the same tree, nothing skipped, the same `main.caml`. Returns it.
        static func bundleRoundTrip(_ text: String) throws -> String {
            let source = try CAMLTests.temporaryFolder(["assets/dots.png": try CAMLTests.png()])
            let first = try CAMLTests.temporaryFolder(), second = try CAMLTests.temporaryFolder()
            defer { for folder in [source, first, second] { try? FileManager.default.removeItem(at: folder) } }
            let original = try CAMLTests.load(text, bundle: source)
            #expect(original.skipped.isEmpty, "\(original.skipped)")
            try original.writeCAMLBundle(to: first)
            let reread = try SceneDocument(contentsOf: first)
            #expect(reread.skipped.isEmpty, "\(reread.skipped)")
            expectSameTrees(reread, original)
            try reread.writeCAMLBundle(to: second)
            let written = try String(contentsOf: first.appendingPathComponent("main.caml"), encoding: .utf8)
            #expect(try String(contentsOf: second.appendingPathComponent("main.caml"), encoding: .utf8) == written)
            return written
        }

        @Test(arguments: ArchivedProperty.tables.layer.all.map(\.key))
        func layerRow(_ key: String) throws {
            let sample = try #require(Samples.layerSamples[key])
            let written = try Self.bundleRoundTrip(CAMLTests.document(Samples.element(sample.className, sample.spelling)))
            // Written, since it differs from the default: as an attribute or an element.
            #expect(written.contains(" \(key)=\"") || written.contains("<\(key)"), "\(written)")
        }

        @Test(arguments: ArchivedProperty.tables.animation.all.map(\.key))
        func animationRow(_ key: String) throws {
            let sample = try #require(Samples.animationSamples[key])
            let keyPath = sample.spelling.contains("keyPath=") ? "" : #" keyPath="opacity""#
            let needsValues = sample.className == "CAKeyframeAnimation" && !sample.spelling.contains("path=") && key != "values"
            let values = needsValues ? #"<values><real value="0"/><real value="1"/></values>"# : ""
            let animation = #"<animation type="\#(sample.className)"\#(keyPath)"# + (sample.spelling.hasPrefix("<")
                ? ">\(sample.spelling)\(values)</animation>" : " \(sample.spelling)>\(values)</animation>")
            let written = try Self.bundleRoundTrip(CAMLTests.document("<CALayer><animations>\(animation)</animations></CALayer>"))
            #expect(written.contains(" \(key)=\"") || written.contains("<\(key)"), "\(written)")
        }

        /// One layer of every class Tessera reads (every row of the registry), each with every
        /// property of its class (and CALayer's on the root), the portal showing a layer by its id.
        @Test func everyClassWithEveryProperty() throws {
            func layer(_ className: String, _ extra: String = "", body: String = "") -> String {
                var attributes: [String] = [], elements: [String] = []
                for (key, sample) in Samples.layerSamples.sorted(by: { $0.key < $1.key })
                where sample.className == className && !["contents", "name"].contains(key) {
                    if sample.spelling.hasPrefix("<") { elements.append(sample.spelling) } else { attributes.append(sample.spelling) }
                }
                return "<\(className) name=\"\(className)\" \(extra) \(attributes.joined(separator: " "))>\(elements.joined())\(body)</\(className)>"
            }
            // Every class of the registry but CALayer (the root) and the portal (below).
            let sublayers = LayerKind.allCases.filter { $0 != .layer && $0 != .portal }.map { layer($0.layerClass.name) }
            let portal = layer("CAPortalLayer", ##"sourceLayer="#shown""##)
            let shown = ##"<CALayer id="#shown" name="shown" bounds="0 0 10 10"/>"##
            let text = CAMLTests.document(layer("CALayer", body: "<sublayers>\(sublayers.joined())\(shown)\(portal)</sublayers>"))
            try expectStableRoundTrip(text)
            let written = String(decoding: try CAMLTests.load(text).camlData(), as: UTF8.self)
            for className in LayerKind.allCases.map(\.layerClass.name) {
                #expect(written.contains("<\(className) name=\"\(className)\""))
            }
            #expect(written.contains(##"sourceLayer="#shown""##) && written.contains(##"id="#shown""##))
        }

        /// Every kind of animation: basic (from, to, by of several types), keyframe with values,
        /// key times and timing functions, keyframe along a path, spring, and groups nested.
        @Test func everyAnimationKind() throws {
            let text = CAMLTests.document(#"""
            <CALayer bounds="0 0 100 100">
              <sublayers>
                <CAShapeLayer name="s" bounds="0 0 20 20" path="0 0 m 20 0 l 20 20 l h">
                  <animations>
                    <animation type="CABasicAnimation" keyPath="position" duration="2" beginTime="1e-100" fillMode="both" removedOnCompletion="0" timingFunction="0.1 0.2 0.3 0.4">
                      <fromValue type="CGPoint" value="10 10"/><toValue type="CGPoint" value="90 90"/>
                    </animation>
                    <animation type="CABasicAnimation" keyPath="fillColor" autoreverses="1" repeatCount="Inf">
                      <toValue type="CGColor" value="1 0 0" opacity="0.5"/>
                    </animation>
                    <animation type="CABasicAnimation" keyPath="transform" additive="1"><byValue type="CATransform3D" value="rotate(45deg)"/></animation>
                    <animation type="CAKeyframeAnimation" keyPath="opacity" duration="1" calculationMode="cubic">
                      <values><real value="0.25"/><integer value="1"/><real value="0.5"/></values>
                      <keyTimes><integer value="0"/><real value="0.2293158405593"/><integer value="1"/></keyTimes>
                      <timingFunctions><CAMediaTimingFunction value="0.29712 -0.0052251 0.24359 0.99619"/><CAMediaTimingFunction value="easeOut"/></timingFunctions>
                      <tensionValues><real value="0.5"/><real value="0"/><real value="-0.5"/></tensionValues>
                    </animation>
                    <animation type="CAKeyframeAnimation" keyPath="position" path="0 0 m 50 0 l 50 50 25 75 0 50 c 10 10 0 0 q h" calculationMode="paced" rotationMode="autoReverse" duration="3"/>
                    <animation type="CASpringAnimation" keyPath="transform.scale.xy" mass="2" stiffness="300" damping="12" initialVelocity="-1.5" allowsOverdamping="1" duration="2.5">
                      <fromValue type="real" value="0.5"/><toValue type="integer" value="1"/>
                    </animation>
                    <animation type="CAAnimationGroup" duration="2" beginTime="0.5" timingFunction="easeInEaseOut">
                      <animations>
                        <animation type="CABasicAnimation" keyPath="lineWidth"><toValue type="integer" value="9"/></animation>
                        <animation type="CAKeyframeAnimation" keyPath="fillRule" calculationMode="discrete"><values><string value="even-odd"/><string value="non-zero"/></values></animation>
                        <animation type="CAAnimationGroup" duration="1"><animations>
                          <animation type="CABasicAnimation" keyPath="path" beginTime="0.5"><toValue type="CGPath" value="0 0 m 10 0 l 10 10 l h"/></animation>
                        </animations></animation>
                      </animations>
                    </animation>
                  </animations>
                </CAShapeLayer>
              </sublayers>
            </CALayer>
            """#)
            try expectStableRoundTrip(text)
            let original = try CAMLTests.load(text)
            let (reread, written) = try reread(original)
            for kind in ["CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup"] {
                #expect(written.contains("<animation type=\"\(kind)\""))
            }
            // Played, the two trees are the same at every time.
            for t in [0, 0.3, 0.9, 1.4, 2.2, 3.5] {
                #expect(ArchiveTests.sameSnapshots(reread.rootLayer.presentation(at: t), original.rootLayer.presentation(at: t)), "at \(t)")
            }
        }
    }
}
