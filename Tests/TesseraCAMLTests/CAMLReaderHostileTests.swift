import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

extension CAMLTests {
    /// Wrong and hostile CAML: what fails the document is a typed error with its line and
    /// column; everything else is reported where it is written and the rest is read, quickly.
    @Suite struct CAMLReaderHostileTests {
        /// The one item `text` reports, with the place of `marker` (its `occurrence`th) in it.
        static func onlyReport(_ text: String, bundle: URL? = nil) throws -> SkippedFeature {
            let archive = try CAMLTests.load(text, bundle: bundle)
            #expect(archive.skipped.count == 1, "\(archive.skipped)")
            return try #require(archive.skipped.first)
        }

        static func detail(_ reason: SkippedFeature.Reason) -> String {
            switch reason {
            case .unsupportedValue(let detail), .approximated(let detail), .animationNotApplied(let detail), .notDrawn(let detail):
                detail
            case .unsupportedClass: "unsupported class"
            case .unsupportedKey: "unsupported key"
            case .portalCycle: "portal cycle"
            }
        }

        // MARK: Fatal

        @Test func malformedXMLFailsWithItsPlace() {
            let text = CAMLTests.document("<CALayer>\n  <sublayers>\n</CALayer>")
            guard case .malformedCAML(let location, let reason) = CAMLTests.loadError(text) else {
                Issue.record("no malformedCAML error")
                return
            }
            #expect(location == CAMLTests.location(of: "</CALayer>", in: text))
            #expect(reason.contains("does not match"))
            #expect(CAMLTests.loadError(text)?.description.hasPrefix("\(location): malformed CAML: ") == true)
        }

        @Test func aDocumentWithoutALayerFails() {
            #expect(CAMLTests.loadError("<CALayer bounds=\"0 0 1 1\"/>")
                    == .malformedCAML(DocumentLocation(line: 1, column: 1), reason: "the root element is <CALayer>, not <caml>"))
            #expect(CAMLTests.loadError("<?xml version=\"1.0\"?>\n<caml xmlns=\"\(CAMLTests.namespace)\"/>")
                    == .malformedCAML(DocumentLocation(line: 2, column: 1), reason: "<caml> holds no layer"))
            #expect(CAMLTests.loadError("") == .malformedCAML(DocumentLocation(line: 1, column: 1), reason: "the document has no root element"))
        }

        /// Entities are never declared: a document type declaration fails at once.
        @Test func aDTDFails() {
            let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE caml [<!ENTITY a \"aaaa\">]>\n<caml><CALayer name=\"&a;\"/></caml>"
            guard case .malformedCAML(let location, let reason) = CAMLTests.loadError(text) else {
                Issue.record("no malformedCAML error")
                return
            }
            #expect(location == DocumentLocation(line: 2, column: 1))
            #expect(reason.contains("document type declarations are not allowed"))
        }

        // MARK: Values

        /// A wrong value in any position is reported at the character it goes wrong, and the
        /// property keeps its default.
        @Test(arguments: [
            // (element, the text the error points at, what the message says)
            (#"<CALayer bounds="0 0 x 4"/>"#, "x 4", "expected a number"),
            (#"<CALayer opacity="Inf"/>"#, "Inf\"", "a NaN or infinite number"),
            (#"<CALayer hidden="yes"/>"#, "yes", "expected 1 or 0"),
            (#"<CAShapeLayer fillRule="sideways"/>"#, "sideways", "unknown constant 'sideways' (expected non-zero, even-odd)"),
            (#"<CALayer transform="skew(1)"/>"#, "skew", "unknown transform function 'skew'"),
            (#"<CAShapeLayer path="1 2 l"/>"#, "l\"", "path operator 'l' has no current point"),
            (#"<CAReplicatorLayer instanceCount="2.5"/>"#, ".5", "expected the end of the value"),
            (#"<CALayer maskedCorners="16"/>"#, "16", "the corner mask 16 is out of range"),
            (#"<CALayer><backgroundColor value="1 1 1" opacity="half"/></CALayer>"#, "half", "expected a number"),
            (#"<CALayer><backgroundColor value="1 1"/></CALayer>"#, "\"/>", "a colour has 3 or 4 numbers"),
            (#"<CALayer><backgroundColor/></CALayer>"#, "<backgroundColor", "has no value attribute"),
            (#"<CALayer><bounds value="1 2"/></CALayer>"#, "\"/>", "a rect has 4 numbers"),
            (#"<CAShapeLayer><lineDashPattern><CGPoint value="1 2"/></lineDashPattern></CAShapeLayer>"#, "<CGPoint", "<CGPoint> in a list of numbers"),
            (#"<CAGradientLayer><colors><real value="1"/></colors></CAGradientLayer>"#, "<real", "<real> in a list of colours"),
            (#"<CAGradientLayer><colors><CGColor value="red"/></colors></CAGradientLayer>"#, "red", "expected a number"),
            (#"<CAShapeLayer lineDashPattern="2 three"/>"#, "three", "expected a number"),
            (#"<CAGradientLayer colors="1 0 0"/>"#, "colors", "is written as an element"),
            (#"<CALayer><filters><CIColorKernel filter="CISepiaTone"/></filters></CALayer>"#, "<CIColorKernel", "a filter of class CIColorKernel"),
            (#"<CALayer><filters><CAFilter name="x"/></filters></CALayer>"#, "<CAFilter", "a filter without a type"),
            (#"<CALayer><contents src="a.png" type="NSData"/></CALayer>"#, "NSData", "contents of type \"NSData\""),
            (#"<CALayer><contents type="CGImage"/></CALayer>"#, "<contents", "has no src attribute"),
            (#"<CALayer><contents><NSData src="a.png"/></contents></CALayer>"#, "<NSData", "contents of type \"NSData\""),
            (#"<CALayer><contents><CGImage/></contents></CALayer>"#, "<CGImage", "has no src attribute"),
            (#"<CALayer><compositingFilter type="CIFilter" filter="x"/></CALayer>"#, "CIFilter", "a compositing filter of class CIFilter"),
            (#"<CALayer contents="a.png"/>"#, "contents", "is written as an element"),
        ])
        func wrongValuesAreReportedWhereTheyGoWrong(_ element: String, _ marker: String, _ message: String) throws {
            let text = CAMLTests.document(element)
            let report = try Self.onlyReport(text)
            #expect(report.location == CAMLTests.location(of: marker, in: text), "\(report)")
            #expect(Self.detail(report.reason).contains(message), "\(report.reason)")
            #expect(report.severity == .approximated)
        }

        @Test func wrongValuesKeepTheDefaults() throws {
            let archive = try CAMLTests.load(CAMLTests.document(#"<CALayer bounds="0 0 x 4" opacity="Inf" position="3 4"/>"#))
            #expect(archive.skipped.count == 2)
            #expect(archive.rootLayer.bounds == .zero && archive.rootLayer.opacity == 1)
            #expect(archive.rootLayer.position == CGPoint(x: 3, y: 4))
        }

        // MARK: Keys and classes

        @Test func unknownAttributesAndElementsAreReportedWithTheirLine() throws {
            let text = CAMLTests.document("""
                <CALayer name="root" wobble="1" fillColor="1 0 0" allowsGroupOpacity="0">
                  <style><thing value="1"/></style>
                </CALayer>
                """)
            let archive = try CAMLTests.load(text)
            #expect(archive.skipped.map(\.key) == ["wobble", "fillColor", "allowsGroupOpacity", "style"])
            #expect(archive.skipped.allSatisfy { $0.reason == .unsupportedKey && $0.layer == "root" })
            #expect(archive.skipped.map(\.location) == ["wobble", "fillColor", "allowsGroupOpacity", "<style"].map {
                CAMLTests.location(of: $0, in: text)
            })
            #expect(archive.skipped.first?.description == "4:22: root: CALayer.wobble (unsupported key)")
        }

        /// A class Tessera does not model loads as a CALayer, with its sublayers and the keys a
        /// CALayer has.
        @Test func unknownClassesLoadAsLayers() throws {
            let text = CAMLTests.document("""
                <CAScrollLayer name="label" bounds="0 0 80 20" scrollMode="both">
                  <string value="Hi"/>
                  <sublayers><CALayerHost name="sparks" contextId="7"/></sublayers>
                </CAScrollLayer>
                """)
            let archive = try CAMLTests.load(text)
            let root = archive.rootLayer
            #expect(type(of: root) == CALayer.self && root.bounds == CGRect(x: 0, y: 0, width: 80, height: 20))
            #expect(root.sublayers?.map(\.name) == ["sparks"])
            #expect(archive.skipped.map(\.description) == [
                "4:1: label: CAScrollLayer (approximated: loaded as CALayer)",
                "4:48: label: CAScrollLayer.scrollMode (unsupported key)",
                "5:3: label: CAScrollLayer.string (unsupported key)",
                "6:14: label/sparks: CALayerHost (approximated: loaded as CALayer)",
                "6:41: label/sparks: CALayerHost.contextId (unsupported key)",
            ])
        }

        @Test func idsStatesOfInnerLayersAndExtraRootsAreReported() throws {
            let text = CAMLTests.document("""
                <CALayer id="#1" name="a">
                  <sublayers>
                    <CALayer id="#1" name="b"><states/></CALayer>
                  </sublayers>
                </CALayer>
                <CALayer name="second"/>
                """)
            let archive = try CAMLTests.load(text)
            #expect(archive.states.layer(withID: "#1")?.name == "a")
            #expect(archive.skipped.map(\.description) == [
                "6:18: a/b: CALayer.id (unsupported value: the id #1 is taken by an earlier layer)",
                "6:31: a/b: CALayer.states (unsupported key)",
                "9:1: : CALayer (unsupported class)",
            ])
        }

        // MARK: Animations

        @Test func wrongAnimationsAreReported() throws {
            let text = CAMLTests.document("""
                <CALayer name="l">
                  <animations>
                    <animation type="CATransition" duration="1"/>
                    <animation keyPath="opacity"/>
                    <animation type="CABasicAnimation" keyPath="wobble" duration="1"/>
                    <animation type="CAKeyframeAnimation" keyPath="opacity"><values><real value="abc"/></values></animation>
                    <animation type="CABasicAnimation" keyPath="opacity" duration="soon" speedy="1"><toValue value="1"/></animation>
                    <animation type="CAKeyframeAnimation" keyPath="opacity"><keyTimes><CGPoint value="1 2"/></keyTimes><values><real value="1"/></values></animation>
                    <transition/>
                  </animations>
                </CALayer>
                """)
            let archive = try CAMLTests.load(text)
            let layer = archive.rootLayer
            // Only the last is kept, without its key times: the others have no class Tessera
            // models, or a key path it does not animate, or values that do not read (without
            // which an animation would animate something else).
            #expect(layer.animationKeys() == ["opacity"])
            let kept = try #require(layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
            #expect(kept.keyTimes == nil && kept.values?.count == 1)
            let described = archive.skipped.map { "\(CAMLTests.text(at: $0.location, in: text)) \($0.key ?? "-") \(Self.detail($0.reason))" }
            #expect(described == [
                "CATransition\" duration=\"1\"/> animations[0] unsupported class",
                "<animation keyPath=\"opacity\"/> animations[1] an animation without a type",
                "<animation type=\"CABasicAnimation\" keyPath=\"wobble\" duration=\"1\"/> animations[2] unknown key path \"wobble\": animation ignored",
                "abc\"/></values></animation> animations[3].values expected a number, found 'a'",
                "<values><real value=\"abc\"/></values></animation> animations[3] its values is not supported",
                "soon\" speedy=\"1\"><toValue value=\"1\"/></animation> animations[4].duration expected a number, found 's'",
                "speedy=\"1\"><toValue value=\"1\"/></animation> animations[4].speedy unsupported key",
                "<toValue value=\"1\"/></animation> animations[4].toValue <toValue> has no type (write type=\"real\", \"CGPoint\"…)",
                "<toValue value=\"1\"/></animation> animations[4] its toValue is not supported",
                "<CGPoint value=\"1 2\"/></keyTimes><values><real value=\"1\"/></values></animation> animations[5].keyTimes <CGPoint> in a list of numbers",
                "<transition/> animations[6] unsupported class",
            ])
        }

        // MARK: States

        @Test func wrongStatesAreReportedAndTheRestIsKept() throws {
            let text = CAMLTests.document("""
                <CALayer id="#1" name="root">
                  <states>
                    <LKState name="a" nextDelay="1">
                      <elements>
                        <LKStateSetValue targetId="#9" keyPath="opacity"><value type="real" value="0"/></LKStateSetValue>
                        <LKStateSetValue targetId="#1" keyPath="wobble"><value type="real" value="0"/></LKStateSetValue>
                        <LKStateSetValue targetId="#1" keyPath="opacity"><value type="CGPoint" value="1 2"/></LKStateSetValue>
                        <LKStateSetValue targetId="#1" keyPath="opacity"><value type="quaternion" value="1"/></LKStateSetValue>
                        <LKStateSetValue targetId="#1" keyPath="opacity"/>
                        <LKStateSetValue keyPath="opacity"><value type="real" value="0"/></LKStateSetValue>
                        <LKStateRemoveAnimation targetId="#1"/>
                        <LKStateSetValue targetId="#1" keyPath="opacity"><value type="real" value="0.5"/></LKStateSetValue>
                      </elements>
                    </LKState>
                    <LKState/>
                    <LKState name="a"/>
                    <LKState name="b" basedOn="nowhere"/>
                    <LKState name="c" basedOn="d"/>
                    <LKState name="d" basedOn="c"/>
                  </states>
                  <stateTransitions>
                    <LKStateTransition fromState="*" toState="nope"/>
                    <LKStateTransition toState="a"/>
                    <LKStateTransition fromState="*" toState="a">
                      <elements>
                        <LKStateTransitionElement key="opacity" targetId="#7"><animation type="CABasicAnimation"/></LKStateTransitionElement>
                        <LKStateTransitionElement key="wobble" targetId="#1"><animation type="CABasicAnimation"/></LKStateTransitionElement>
                        <LKStateTransitionElement key="opacity" targetId="#1"/>
                        <LKStateTransitionElement key="opacity" targetId="#1"><animation type="CABasicAnimation" duration="2"/></LKStateTransitionElement>
                      </elements>
                    </LKStateTransition>
                  </stateTransitions>
                </CALayer>
                """)
            let archive = try CAMLTests.load(text)
            let described = archive.skipped.map { "\($0.location.map(\.line) ?? 0) \($0.className) \($0.key ?? "-") \(Self.detail($0.reason))" }
            #expect(described == [
                "6 LKState nextDelay unsupported key",
                "8 LKStateSetValue a.elements no layer has the id \"#9\"",
                "9 LKStateSetValue a.elements the key path \"wobble\" is not one Tessera sets",
                "10 LKStateSetValue a.elements a CGPoint does not fit the key path \"opacity\"",
                "11 LKStateSetValue a.elements a value of type \"quaternion\"",
                "12 LKStateSetValue a.elements a state value without <value>",
                "13 LKStateSetValue a.elements <LKStateSetValue> has no targetId",
                "14 LKStateRemoveAnimation a.elements unsupported class",
                "18 LKState states[1] a state without a name",
                "19 LKState states[2] a second state named \"a\"",
                "20 LKState b.basedOn basedOn names no state (\"nowhere\")",
                "21 LKState c.basedOn basedOn leads back to \"c\"",
                "25 LKStateTransition stateTransitions[0] no state named \"nope\"",
                "26 LKStateTransition stateTransitions[1] <LKStateTransition> has no fromState",
                "29 LKStateTransitionElement stateTransitions[2].elements[0] no layer has the id \"#7\"",
                "30 CABasicAnimation stateTransitions[2].elements[1].animation unknown key path \"wobble\": animation ignored",
                "31 LKStateTransitionElement stateTransitions[2].elements[2] a transition element without <animation>",
            ])
            let states = archive.states
            #expect(states.names == ["a", "b", "c", "d"])
            #expect(states.states.map(\.basedOn) == [nil, nil, nil, "c"])
            #expect(states.values(ofState: "a")?.map { ($0.value as? NSNumber)?.doubleValue } == [0.5])
            #expect(states.transitions.count == 1 && states.transitions.first?.elements.map(\.animation.duration) == [2])
            try states.setState("a", at: 0)
            #expect(archive.rootLayer.opacity == 0.5)
            #expect(archive.rootLayer.animation(forKey: "opacity")?.duration == 2)
            try states.setState("d", at: 1, animated: false)
            #expect(archive.rootLayer.opacity == 1)
        }

        // MARK: Images

        @Test func imagesOutsideTheBundleAreRefused() throws {
            let outside = try CAMLTests.temporaryFolder(["secret.png": try CAMLTests.png()])
            let bundle = try CAMLTests.temporaryFolder(["assets/ok.png": try CAMLTests.png(), "assets/notes.txt": Data("hello".utf8)])
            defer {
                try? FileManager.default.removeItem(at: outside)
                try? FileManager.default.removeItem(at: bundle)
            }
            try FileManager.default.createSymbolicLink(at: bundle.appendingPathComponent("assets/link.png"),
                                                       withDestinationURL: outside.appendingPathComponent("secret.png"))
            let secret = outside.appendingPathComponent("secret.png").path
            let cases: [(src: String, message: String)] = [
                ("../\(outside.lastPathComponent)/secret.png", "the path must stay inside the bundle"),
                ("assets/../../\(outside.lastPathComponent)/secret.png", "the path must stay inside the bundle"),
                (secret, "the path must stay inside the bundle"),
                ("file://\(secret)", "the path must stay inside the bundle"),
                ("assets/link.png", "the path leads outside the bundle"),
                ("assets/missing.png", "no such file in the bundle"),
                ("assets/notes.txt", "image \"assets/notes.txt\": "),
                ("", "the path must stay inside the bundle"),
            ]
            for (src, message) in cases {
                let text = CAMLTests.document(#"<CALayer><contents type="CGImage" src="\#(src)"/></CALayer>"#)
                let report = try Self.onlyReport(text, bundle: bundle)
                #expect(Self.detail(report.reason).contains(message), "\(src): \(report)")
                #expect(report.location == CAMLTests.location(of: "\(src)\"/>", in: text))
            }
            // Without a bundle, no image is read.
            let report = try Self.onlyReport(CAMLTests.document(#"<CALayer><contents type="CGImage" src="assets/ok.png"/></CALayer>"#))
            #expect(Self.detail(report.reason).contains("no bundle"))
            // Inside it, it is.
            let archive = try CAMLTests.load(CAMLTests.document(#"<CALayer><contents type="CGImage" src="assets/ok"/></CALayer>"#),
                                             bundle: bundle)
            #expect(archive.skipped.isEmpty)
            #expect(archive.rootLayer.properties.contents.image?.width == 2)
        }

        // MARK: Size

        /// Documents built to cost: many layers each with a wrong value, many animations of one
        /// key path on one layer, a long chain of states, nesting past the reader's limit.
        @Test func hostileDocumentsLoadQuickly() throws {
            let clock = ContinuousClock()
            let start = clock.now
            let layers = String(repeating: #"<CALayer bounds="0 0 x 1"/>"#, count: 5000)
            let many = try CAMLTests.load(CAMLTests.document("<CALayer><sublayers>\(layers)</sublayers></CALayer>"))
            #expect(many.rootLayer.sublayers?.count == 5000 && many.skipped.count == 5000)

            let animation = #"<animation type="CABasicAnimation" keyPath="opacity" beginTime="1"><toValue type="real" value="0"/></animation>"#
            let animated = try CAMLTests.load(CAMLTests.document("<CALayer><animations>\(String(repeating: animation, count: 2000))</animations></CALayer>"))
            #expect(animated.rootLayer.animationKeys()?.count == 2000)
            #expect(animated.rootLayer.animationKeys()?.last == "opacity-1999")

            let chain = (0..<2000).map { #"<LKState name="s\#($0)" basedOn="s\#($0 + 1)"/>"# }.joined()
            let states = try CAMLTests.load(CAMLTests.document("<CALayer><states>\(chain)</states></CALayer>"))
            #expect(states.states.names.count == 2000 && states.skipped.count == 1)
            #expect(states.states.values(ofState: "s0")?.isEmpty == true)

            let deep = String(repeating: "<CALayer><sublayers>", count: 200) + String(repeating: "</sublayers></CALayer>", count: 200)
            guard case .malformedCAML(_, let reason) = CAMLTests.loadError(CAMLTests.document(deep)) else {
                Issue.record("nesting past the limit loaded")
                return
            }
            #expect(reason.contains("elements nest deeper than 256"))
            #expect(clock.now - start < .seconds(20))
        }
    }
}
