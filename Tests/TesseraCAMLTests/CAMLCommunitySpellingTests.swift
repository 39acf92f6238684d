import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

extension CAMLTests {
    /// The spellings of the community editors' `.ca` bundles (CAPlayground's `serializeCAML.ts` /
    /// `serializeLayer.ts`, OpenPoster's `lib/ca_elements`), which iOS loads as wallpapers: each
    /// read as what it means, drawn, and written back in Apple's spelling.
    @Suite struct CAMLCommunitySpellingTests {
        /// A 4 × 4 opaque red PNG.
        static func red() throws -> Data {
            let pixmap = try Pixmap(width: 4, height: 4)
            for y in 0..<4 { for x in 0..<4 { pixmap[x, y] = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) } }
            return Data(try pixmap.pngData())
        }

        /// A 20 × 20 blue root holding `sublayers`, as CAPlayground writes a layer: its rotations
        /// as key-path attributes and again as `transform`, the attributes it always writes.
        static func capPlayground(_ sublayers: String, rootExtras: String = "") -> String {
            CAMLTests.document("""
                <CALayer id="root" name="Root" bounds="0 0 20 20" position="10 10" zPosition="0" opacity="1" \
                transform.rotation.z="0" transform.rotation.x="0" transform.rotation.y="0" \
                transform="rotate(0deg) rotate(0deg, 0, 1, 0) rotate(0deg, 1, 0, 0)" backgroundColor="0 0 1" \
                cornerRadius="0" allowsEdgeAntialiasing="1" allowsGroupOpacity="1" contentsFormat="RGBA8" cornerCurve="circular">
                  <sublayers>
                \(sublayers)
                  </sublayers>
                  <modules/>
                \(rootExtras)
                </CALayer>
                """)
        }

        /// `root` drawn at t = 0, one pixel a point.
        static func render(_ root: CALayer) throws -> Pixmap {
            let pixmap = try Pixmap(width: Int(root.bounds.width), height: Int(root.bounds.height))
            LayerRenderer(threadCount: 1).render(root, at: 0, into: pixmap)
            return pixmap
        }

        static let red8 = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
        static let blue8 = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)

        /// `<contents><CGImage src="…"/></contents>` shows the image; CAPlayground's rotation,
        /// `transform.rotation.z` in radians and `rotate(45deg)` in `transform`, turns it into a
        /// diamond: a pixel inside the square but outside the diamond is the background, one
        /// outside the square but inside the diamond is the image.
        @Test func childElementImageIsDrawnRotated() throws {
            let document = Self.capPlayground("""
                <CALayer id="img" name="Image" bounds="0 0 10 10" position="10 10" zPosition="0" opacity="1" \
                transform.rotation.z="0.7853981633974483" transform.rotation.x="0" transform.rotation.y="0" \
                transform="rotate(45deg) rotate(0deg, 0, 1, 0) rotate(0deg, 1, 0, 0)">
                  <contents>
                    <CGImage src="assets/red.png"/>
                  </contents>
                </CALayer>
                """)
            let bundle = try CAMLTests.temporaryFolder(["main.caml": Data(document.utf8), "assets/red.png": try Self.red()])
            defer { try? FileManager.default.removeItem(at: bundle) }
            let archive = try SceneDocument(contentsOf: bundle)
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let pixmap = try Self.render(archive.rootLayer)
            #expect(pixmap[10, 10] == Self.red8)
            #expect(pixmap[10, 4] == Self.red8)    // |dx| + |dy| = 6 < 7.07: in the diamond, above the square
            #expect(pixmap[5, 5] == Self.blue8)    // 9 > 7.07: in the square's corner, outside the diamond
            #expect(pixmap[0, 0] == Self.blue8)
        }

        /// An emitter cell's image written as a child element.
        @Test func childElementImageOfAnEmitterCell() throws {
            let document = Self.capPlayground("""
                <CAEmitterLayer id="em" name="Emitter" bounds="0 0 10 10" position="5 5" emitterPosition="5 5" birthRate="1">
                  <emitterCells>
                    <CAEmitterCell id="c1" name="Cell 1" birthRate="1" lifetime="1">
                      <color value="1 1 1" opacity="0.5"/>
                      <contents><CGImage src="assets/red.png"/></contents>
                    </CAEmitterCell>
                  </emitterCells>
                </CAEmitterLayer>
                """)
            let bundle = try CAMLTests.temporaryFolder(["main.caml": Data(document.utf8), "assets/red.png": try Self.red()])
            defer { try? FileManager.default.removeItem(at: bundle) }
            let archive = try SceneDocument(contentsOf: bundle)
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let emitter = try #require(archive.rootLayer.sublayers?.first as? CAEmitterLayer)
            let image = try #require(emitter.emitterCells?.first?.contents as? CGImage)
            #expect(image.width == 4 && image.rasterImage[3, 3] == Self.red8)
        }

        /// A key-path attribute sets that field of the value set so far, in the order written:
        /// after `position` it changes x only; before it, `position` replaces it.
        @Test func keyPathAttributesSetTheirFieldInOrder() throws {
            let archive = try CAMLTests.load(CAMLTests.document("""
                <CALayer name="root" bounds="0 0 20 20">
                  <sublayers>
                    <CALayer name="after" position="2 3" position.x="7"/>
                    <CALayer name="before" position.x="7" position="2 3"/>
                    <CALayer name="turned" transform.rotation.z="0.5"/>
                  </sublayers>
                </CALayer>
                """))
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let layers = try #require(archive.rootLayer.sublayers)
            #expect(layers[0].position == CGPoint(x: 7, y: 3))
            #expect(layers[1].position == CGPoint(x: 2, y: 3))
            let expected = CATransform3DMakeRotation(0.5, 0, 0, 1), t = layers[2].transform
            #expect(abs(t.m11 - expected.m11) < 1e-12 && abs(t.m12 - expected.m12) < 1e-12)
            #expect(abs(t.m21 - expected.m21) < 1e-12 && abs(t.m22 - expected.m22) < 1e-12)
        }

        /// A key path Tessera does not animate, and text that is not of the key path's kind, are
        /// reported where they are; the layer keeps its value.
        @Test func badKeyPathAttributesAreReported() throws {
            let text = CAMLTests.document("""
                <CALayer name="root" bounds="0 0 20 20" opacity.x="1" transform.rotation.z="half"/>
                """)
            let archive = try CAMLTests.load(text)
            #expect(archive.skipped.map(\.key) == ["opacity.x", "transform.rotation.z"])
            #expect(archive.skipped.first?.reason == .unsupportedKey)
            #expect(archive.skipped.map(\.location) == [CAMLTests.location(of: "opacity.x", in: text),
                                                          CAMLTests.location(of: "half", in: text)])
            #expect(CATransform3DIsIdentity(archive.rootLayer.transform))
        }

        /// Keyed entries `<p key="…" type="…">` (and `<animation key="…">`) are animations added
        /// under their keys; `<animation>` without one still goes under its key path.
        @Test func keyedEntriesAreAnimationsUnderTheirKeys() throws {
            let archive = try CAMLTests.load(CAMLTests.document("""
                <CALayer name="root" bounds="0 0 20 20">
                  <animations>
                    <animation key="animation-0" type="CAKeyframeAnimation" keyPath="position.x" beginTime="1e-100" \
                duration="2" removedOnCompletion="0" repeatCount="inf" calculationMode="linear" timingFunction="linear">
                      <keyTimes><real value="0"/><integer value="1"/></keyTimes>
                      <values><integer value="4"/><integer value="16"/></values>
                    </animation>
                    <p key="animation-1" type="CAKeyframeAnimation" calculationMode="cubic" keyPath="transform.translation.y" \
                beginTime="1e-100" duration="3" fillMode="both" removedOnCompletion="0" repeatCount="inf" speed="1">
                      <keyTimes><integer value="0"/><real value="0.5"/><integer value="1"/></keyTimes>
                      <timingFunctions/>
                      <values><integer value="0"/><integer value="-5"/><integer value="0"/></values>
                    </p>
                    <animation type="CABasicAnimation" keyPath="opacity" duration="1"/>
                  </animations>
                </CALayer>
                """))
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            #expect(archive.rootLayer.animationKeys() == ["animation-0", "animation-1", "opacity"])
            let x = try #require(archive.rootLayer.animation(forKey: "animation-0") as? CAKeyframeAnimation)
            #expect(x.values?.compactMap { ($0 as? NSNumber)?.doubleValue } == [4, 16])
            // Half way through the linear ramp: x = 10.
            #expect(abs(archive.rootLayer.presentation(at: 1).properties.position.x - 10) < 1e-9)
        }

        /// CAPlayground's bookkeeping attributes (`caplayKind`, `caplayFrameCount`…) change
        /// nothing Core Animation draws: not reported, not written.
        @Test func capPlaygroundBookkeepingIsPassedOver() throws {
            let archive = try CAMLTests.load(CAMLTests.document("""
                <CALayer name="root" bounds="0 0 20 20" caplayKind="video" caplayFrameCount="2" caplayFPS="30"                 caplay.kind="video" caplaySyncStateFrameMode="{}"/>
                """))
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            #expect(!String(decoding: try archive.camlData(), as: UTF8.self).contains("caplay"))
        }

        /// Empty `<modules/>` and `<scriptComponents/>` (OpenPoster also writes
        /// `<modules type="NSArray"/>`) hold nothing to run: not reported. One with content is.
        @Test func scriptElementsAreReportedOnlyWithContent() throws {
            let quiet = try CAMLTests.load(CAMLTests.document("""
                <CALayer name="root" bounds="0 0 20 20"><scriptComponents/><modules type="NSArray"/></CALayer>
                """))
            #expect(quiet.skipped.isEmpty, "\(quiet.skipped)")
            let text = CAMLTests.document("""
                <CALayer name="root" bounds="0 0 20 20"><modules type="NSArray"><string value="m"/></modules></CALayer>
                """)
            let loud = try CAMLTests.load(text)
            #expect(loud.skipped.map(\.key) == ["modules"])
            #expect(loud.skipped.first?.location == CAMLTests.location(of: "<modules", in: text))
        }

        /// CAPlayground's transitions: `keyPath` where Apple writes `key`, springs with
        /// `mica_autorecalculatesDuration`, which plays nothing (the duration written plays).
        @Test func transitionElementsWithAKeyPath() throws {
            let archive = try CAMLTests.load(Self.capPlayground("""
                <CALayer id="img" name="Image" bounds="0 0 10 10" position="10 10"/>
                """, rootExtras: """
                <states>
                  <LKState name="Unlock"><elements>
                    <LKStateSetValue targetId="img" keyPath="opacity"><value type="real" value="0.5"/></LKStateSetValue>
                  </elements></LKState>
                </states>
                <stateTransitions>
                  <LKStateTransition fromState="*" toState="Unlock"><elements>
                    <LKStateTransitionElement targetId="img" keyPath="opacity">
                      <animation type="CASpringAnimation" damping="50" mass="2" stiffness="300" velocity="0" duration="0.8" \
                fillMode="backwards" keyPath="opacity" mica_autorecalculatesDuration="1"/>
                    </LKStateTransitionElement>
                  </elements></LKStateTransition>
                </stateTransitions>
                """))
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let element = try #require(archive.states.transitions.first?.elements.first)
            #expect(element.key == "opacity" && element.targetID == "img")
            let spring = try #require(element.animation as? CASpringAnimation)
            #expect(spring.duration == 0.8 && spring.damping == 50 && spring.mass == 2 && spring.stiffness == 300)
        }

        /// CAPlayground's blend mode, `<compositingFilter type="CAFilter" filter="…" name="…"/>`,
        /// is the filter: a half grey multiplied onto blue gives half blue (source over would
        /// give grey).
        @Test func compositingFilterElementIsTheFilter() throws {
            let archive = try CAMLTests.load(Self.capPlayground("""
                <CALayer id="m" name="Multiply" bounds="0 0 20 20" position="10 10" backgroundColor="0.5 0.5 0.5">
                  <compositingFilter type="CAFilter" filter="multiplyBlendMode" name="multiplyBlendMode"/>
                </CALayer>
                """))
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let layer = try #require(archive.rootLayer.sublayers?.first)
            #expect(layer.properties.compositingFilter == .filter(LayerFilter(type: "multiplyBlendMode")))
            #expect(try Self.render(archive.rootLayer)[10, 10] == PremultipliedRGBA8(r: 0, g: 0, b: 128, a: 255))
        }

        /// Filters as CAPlayground writes them: `enabled="true"` / `"false"`, and a Core Image
        /// filter as `<CIFilter>` with its input as a typed element.
        @Test func filtersAsCAPlaygroundWritesThem() throws {
            let archive = try CAMLTests.load(CAMLTests.document("""
                <CALayer name="root" bounds="0 0 20 20">
                  <filters>
                    <CAFilter filter="colorSaturate" name="colorSaturate" enabled="true" inputAmount="0"/>
                    <CIFilter filter="CISepiaTone" name="CISepiaTone" enabled="false"><inputIntensity type="real" value="1"/></CIFilter>
                  </filters>
                </CALayer>
                """))
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            #expect(archive.rootLayer.properties.filters == [
                LayerFilter(type: "colorSaturate", isEnabled: true, inputs: ["inputAmount": .number(0)]),
                LayerFilter(type: "CISepiaTone", isEnabled: false, inputs: ["inputIntensity": .number(1)]),
            ])
        }

        /// A CAPlayground document read, written and read again: the same tree and states, in
        /// Apple's spelling (whole `transform`, `key` on transition elements, filters as list
        /// elements, no `mica_` attribute, no key-path attribute).
        @Test func roundTripWritesApplesSpelling() throws {
            let text = Self.capPlayground("""
                <CALayer id="img" name="Image" bounds="0 0 10 10" position="10 10" transform.rotation.z="0.5" \
                transform="rotate(0.5) rotate(0deg, 0, 1, 0) rotate(0deg, 1, 0, 0)">
                  <compositingFilter type="CAFilter" filter="multiplyBlendMode" name="multiplyBlendMode"/>
                  <filters><CIFilter filter="CISepiaTone" name="sepia" enabled="false"><inputIntensity type="real" value="1"/></CIFilter></filters>
                  <animations>
                    <p key="animation-1" type="CABasicAnimation" keyPath="opacity" duration="2"><toValue type="real" value="0.5"/></p>
                  </animations>
                </CALayer>
                """, rootExtras: """
                <states><LKState name="Locked"><elements/></LKState></states>
                <stateTransitions>
                  <LKStateTransition fromState="*" toState="Locked"><elements>
                    <LKStateTransitionElement targetId="img" keyPath="opacity">
                      <animation type="CASpringAnimation" damping="50" mass="2" stiffness="300" duration="0.8" keyPath="opacity" \
                mica_autorecalculatesDuration="1"/>
                    </LKStateTransitionElement>
                  </elements></LKStateTransition>
                </stateTransitions>
                """)
            try CAMLWriterTests.expectStableRoundTrip(text)
            let written = try CAMLWriterTests.reread(try CAMLTests.load(text)).text
            #expect(!written.contains("transform.rotation") && !written.contains("mica_"))
            #expect(written.contains(#"<LKStateTransitionElement key="opacity" targetId="img">"#), "\(written)")
            #expect(written.contains(#"<CIFilter filter="CISepiaTone" name="sepia" enabled="0" inputIntensity="1"/>"#), "\(written)")
            #expect(written.contains("<compositingFilter>\n") && written.contains(#"<CAFilter filter="multiplyBlendMode" name="multiplyBlendMode"/>"#),
                    "\(written)")
        }
    }
}
