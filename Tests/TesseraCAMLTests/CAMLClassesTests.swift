import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

extension CAMLTests {
    /// CAML written here for every layer class and animation kind Tessera models, read and
    /// compared with the same tree built in code, and with the tree an archive of it gives back.
    @Suite struct CAMLClassesTests {
        static let text = CAMLTests.document("""
            <CALayer name="root" bounds="0 0 200 100" position="100 50" backgroundColor="0.9 0.9 0.9">
              <sublayers>
                <CALayer name="plain" bounds="0 0 40 30" position="30 20" anchorPoint="0 0" zPosition="2" opacity="0.75"
                    cornerRadius="6" cornerCurve="continuous" maskedCorners="3" borderWidth="2" borderColor="0 0 1"
                    masksToBounds="1" shadowOpacity="0.5" shadowRadius="4" shadowOffset="2 3" shadowColor="0.2 0.2 0.2"
                    transform="rotate(30deg)" sublayerTransform="translate(1, 2)" doubleSided="0"
                    compositingFilter="multiplyBlendMode">
                  <backgroundColor value="1 0 0" opacity="0.5"/>
                  <filters><CAFilter filter="gaussianBlur" name="blur" inputRadius="3"/></filters>
                  <animations>
                    <animation type="CABasicAnimation" keyPath="opacity" beginTime="0.5" duration="1" fillMode="forwards"
                        removedOnCompletion="0" timingFunction="easeIn">
                      <fromValue type="real" value="0"/>
                      <toValue type="integer" value="1"/>
                    </animation>
                  </animations>
                </CALayer>
                <CAShapeLayer name="shape" bounds="0 0 50 50" position="100 50" path="0 0 m 50 0 l 25 50 l h"
                    fillRule="even-odd" strokeColor="0 0 0" lineWidth="3" lineJoin="round" lineCap="round" miterLimit="4"
                    lineDashPhase="1" strokeStart="0.1" strokeEnd="0.9">
                  <fillColor value="0 0.5 0" opacity="0.8"/>
                  <lineDashPattern><integer value="4"/><real value="2.5"/></lineDashPattern>
                  <animations>
                    <animation type="CAKeyframeAnimation" keyPath="position" beginTime="1e-100" duration="2"
                        calculationMode="cubic" repeatCount="Inf" autoreverses="1">
                      <values><CGPoint value="100 50"/><CGPoint value="150 50"/><CGPoint value="120 80"/></values>
                      <keyTimes><integer value="0"/><real value="0.4"/><integer value="1"/></keyTimes>
                      <timingFunctions>
                        <CAMediaTimingFunction value="easeOut"/>
                        <CAMediaTimingFunction value="0.3 0 0.7 1"/>
                      </timingFunctions>
                    </animation>
                    <animation type="CASpringAnimation" keyPath="transform.scale" beginTime="0.25" duration="1.5" mass="2"
                        stiffness="150" damping="12" initialVelocity="1" fillMode="both">
                      <fromValue type="real" value="0.5"/>
                      <toValue type="real" value="1"/>
                    </animation>
                    <animation type="CABasicAnimation" keyPath="fillColor" beginTime="2" duration="0.5">
                      <toValue type="CGColor" value="1 0 1" opacity="0.25"/>
                    </animation>
                  </animations>
                </CAShapeLayer>
                <CAReplicatorLayer name="replicator" bounds="0 0 60 20" position="160 80" instanceCount="3"
                    instanceDelay="0.1" instanceTransform="translate(20, 0)" instanceColor="1 1 0" instanceAlphaOffset="-0.25">
                  <sublayers>
                    <CALayer name="dot" bounds="0 0 10 10" position="5 10" backgroundColor="1 1 1" cornerRadius="5"/>
                  </sublayers>
                </CAReplicatorLayer>
                <CAGradientLayer name="gradient" bounds="0 0 60 40" position="40 80" startPoint="0 0" endPoint="1 1"
                    type="radial" locations="0 0.3 1">
                  <colors><CGColor value="1 0 0"/><CGColor value="0 1 0" opacity="0.5"/><CGColor value="0 0 1"/></colors>
                </CAGradientLayer>
                <CATransformLayer name="transform" position="150 20">
                  <sublayers>
                    <CALayer name="plane" bounds="0 0 20 20" transform="rotate(0.5, 0, 1, 0)" backgroundColor="0 1 1"/>
                  </sublayers>
                  <animations>
                    <animation type="CAAnimationGroup" beginTime="1" duration="2" repeatCount="2">
                      <animations>
                        <animation type="CABasicAnimation" keyPath="transform.rotation.y">
                          <byValue type="real" value="3.14"/>
                        </animation>
                        <animation type="CAKeyframeAnimation" keyPath="position" calculationMode="paced" path="150 20 m 160 30 l"/>
                      </animations>
                    </animation>
                  </animations>
                </CATransformLayer>
                <CABackdropLayer name="backdrop" bounds="0 0 200 20" position="100 90" groupName="g" scale="0.5">
                  <filters><CAFilter filter="colorSaturate" inputAmount="1.8"/></filters>
                </CABackdropLayer>
                <CALayer name="masked" bounds="0 0 20 20" position="10 10" backgroundColor="0 0 0">
                  <mask><CALayer name="cutout" bounds="0 0 10 10" position="5 5" backgroundColor="1 1 1"/></mask>
                </CALayer>
              </sublayers>
            </CALayer>
            """)

        static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
            CGColor(srgbRed: r, green: g, blue: b, alpha: a)
        }

        /// The same tree, through the public API.
        static func builtInCode() -> CALayer {
            let root = CALayer()
            root.name = "root"
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
            root.position = CGPoint(x: 100, y: 50)
            root.backgroundColor = color(0.9, 0.9, 0.9)

            let plain = CALayer()
            plain.name = "plain"
            plain.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
            plain.position = CGPoint(x: 30, y: 20)
            plain.anchorPoint = .zero
            plain.zPosition = 2
            plain.opacity = 0.75
            plain.cornerRadius = 6
            plain.cornerCurve = .continuous
            plain.maskedCorners = CACornerMask(rawValue: 3)
            plain.borderWidth = 2
            plain.borderColor = color(0, 0, 1)
            plain.masksToBounds = true
            plain.shadowOpacity = 0.5
            plain.shadowRadius = 4
            plain.shadowOffset = CGSize(width: 2, height: 3)
            plain.shadowColor = color(0.2, 0.2, 0.2)
            plain.transform = CATransform3DMakeRotation(CGFloat(30 * Double.pi / 180), 0, 0, 1)
            plain.sublayerTransform = CATransform3DMakeTranslation(1, 2, 0)
            plain.isDoubleSided = false
            plain.compositingFilter = "multiplyBlendMode"
            plain.backgroundColor = color(1, 0, 0, 0.5)
            plain.properties.filters = [LayerFilter(type: "gaussianBlur", name: "blur", inputs: ["inputRadius": .number(3)])]
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.beginTime = 0.5
            fade.duration = 1
            fade.fillMode = .forwards
            fade.isRemovedOnCompletion = false
            fade.timingFunction = CAMediaTimingFunction(name: .easeIn)
            fade.fromValue = NSNumber(value: 0.0)
            fade.toValue = NSNumber(value: 1)
            plain.add(fade, forKey: "opacity")
            root.addSublayer(plain)

            let shape = CAShapeLayer()
            shape.name = "shape"
            shape.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
            shape.position = CGPoint(x: 100, y: 50)
            let path = CGMutablePath()
            path.move(to: .zero)
            path.addLine(to: CGPoint(x: 50, y: 0))
            path.addLine(to: CGPoint(x: 25, y: 50))
            path.closeSubpath()
            shape.path = path
            shape.fillRule = .evenOdd
            shape.strokeColor = color(0, 0, 0)
            shape.lineWidth = 3
            shape.lineJoin = .round
            shape.lineCap = .round
            shape.miterLimit = 4
            shape.lineDashPhase = 1
            shape.strokeStart = 0.1
            shape.strokeEnd = 0.9
            shape.fillColor = color(0, 0.5, 0, 0.8)
            shape.lineDashPattern = [4, 2.5]
            let move = CAKeyframeAnimation(keyPath: "position")
            move.beginTime = 1e-100
            move.duration = 2
            move.calculationMode = .cubic
            move.repeatCount = .infinity
            move.autoreverses = true
            move.values = [CGPoint(x: 100, y: 50), CGPoint(x: 150, y: 50), CGPoint(x: 120, y: 80)]
            move.keyTimes = [0, 0.4, 1]
            move.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(controlPoints: 0.3, 0, 0.7, 1)]
            shape.add(move, forKey: "position")
            let spring = CASpringAnimation(keyPath: "transform.scale")
            spring.beginTime = 0.25
            spring.duration = 1.5
            spring.mass = 2
            spring.stiffness = 150
            spring.damping = 12
            spring.initialVelocity = 1
            spring.fillMode = .both
            spring.fromValue = 0.5
            spring.toValue = 1.0
            shape.add(spring, forKey: "transform.scale")
            let tint = CABasicAnimation(keyPath: "fillColor")
            tint.beginTime = 2
            tint.duration = 0.5
            tint.toValue = color(1, 0, 1, 0.25)
            shape.add(tint, forKey: "fillColor")
            root.addSublayer(shape)

            let replicator = CAReplicatorLayer()
            replicator.name = "replicator"
            replicator.bounds = CGRect(x: 0, y: 0, width: 60, height: 20)
            replicator.position = CGPoint(x: 160, y: 80)
            replicator.instanceCount = 3
            replicator.instanceDelay = 0.1
            replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
            replicator.instanceColor = color(1, 1, 0)
            replicator.instanceAlphaOffset = -0.25
            let dot = CALayer()
            dot.name = "dot"
            dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            dot.position = CGPoint(x: 5, y: 10)
            dot.backgroundColor = color(1, 1, 1)
            dot.cornerRadius = 5
            replicator.addSublayer(dot)
            root.addSublayer(replicator)

            let gradient = CAGradientLayer()
            gradient.name = "gradient"
            gradient.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
            gradient.position = CGPoint(x: 40, y: 80)
            gradient.startPoint = .zero
            gradient.endPoint = CGPoint(x: 1, y: 1)
            gradient.type = .radial
            gradient.locations = [0, 0.3, 1]
            gradient.colors = [color(1, 0, 0), color(0, 1, 0, 0.5), color(0, 0, 1)]
            root.addSublayer(gradient)

            let transform = CATransformLayer()
            transform.name = "transform"
            transform.position = CGPoint(x: 150, y: 20)
            let plane = CALayer()
            plane.name = "plane"
            plane.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            plane.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
            plane.backgroundColor = color(0, 1, 1)
            transform.addSublayer(plane)
            let group = CAAnimationGroup()
            group.beginTime = 1
            group.duration = 2
            group.repeatCount = 2
            let turn = CABasicAnimation(keyPath: "transform.rotation.y")
            turn.byValue = 3.14
            let glide = CAKeyframeAnimation(keyPath: "position")
            glide.calculationMode = .paced
            let glidePath = CGMutablePath()
            glidePath.move(to: CGPoint(x: 150, y: 20))
            glidePath.addLine(to: CGPoint(x: 160, y: 30))
            glide.path = glidePath
            group.animations = [turn, glide]
            transform.add(group, forKey: "group")
            root.addSublayer(transform)

            let backdrop = CABackdropLayer()
            backdrop.name = "backdrop"
            backdrop.bounds = CGRect(x: 0, y: 0, width: 200, height: 20)
            backdrop.position = CGPoint(x: 100, y: 90)
            backdrop.groupName = "g"
            backdrop.properties.scale = 0.5
            backdrop.properties.filters = [LayerFilter(type: "colorSaturate", inputs: ["inputAmount": .number(1.8)])]
            root.addSublayer(backdrop)

            let masked = CALayer()
            masked.name = "masked"
            masked.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            masked.position = CGPoint(x: 10, y: 10)
            masked.backgroundColor = color(0, 0, 0)
            let cutout = CALayer()
            cutout.name = "cutout"
            cutout.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            cutout.position = CGPoint(x: 5, y: 5)
            cutout.backgroundColor = color(1, 1, 1)
            masked.mask = cutout
            root.addSublayer(masked)
            return root
        }

        /// Every layer's properties, depth first, masks included.
        static func allProperties(_ layer: CALayer) -> [LayerProperties] {
            [layer.properties] + (layer.sublayers ?? []).flatMap(allProperties) + (layer.mask.map(allProperties) ?? [])
        }

        @Test func everyClassAndAnimationKindReadsAsBuiltInCode() throws {
            let archive = try CAMLTests.load(Self.text)
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let built = Self.builtInCode()
            let read = ArchiveTests.treeDescription(archive.rootLayer), expected = ArchiveTests.treeDescription(built)
            #expect(read.count == expected.count)
            for (a, b) in zip(read, expected) { #expect(a == b) }
            #expect(Self.allProperties(archive.rootLayer) == Self.allProperties(built))
            for layer in [archive.rootLayer] + (archive.rootLayer.sublayers ?? []) { #expect(layer.diagnostics.isEmpty) }
        }

        /// A portal's `sourceLayer` names a layer by its id, anywhere in the tree; an id no layer
        /// has, and a portal that would show itself, are reported as archives report them.
        @Test func portalsFindTheirSourceByID() throws {
            let text = CAMLTests.document("""
                <CALayer id="#root" name="root" bounds="0 0 100 100">
                  <sublayers>
                    <CAPortalLayer name="before" sourceLayer="#2" matchesPosition="1" hidesSourceLayer="1"/>
                    <CALayer id="#2" name="source" bounds="0 0 10 10" backgroundColor="1 0 0"/>
                    <CAPortalLayer name="lost" sourceLayer="#9"/>
                    <CAPortalLayer name="mirror" sourceLayer="#root"/>
                    <CALayer name="plain" sourceLayer="#2"/>
                  </sublayers>
                </CALayer>
                """)
            let archive = try CAMLTests.load(text)
            let layers = try #require(archive.rootLayer.sublayers)
            let before = try #require(layers[0] as? CAPortalLayer)
            #expect(before.sourceLayer === layers[1] && before.matchesPosition && before.hidesSourceLayer)
            #expect((layers[2] as? CAPortalLayer)?.sourceLayer == nil)
            #expect((layers[3] as? CAPortalLayer)?.sourceLayer === archive.rootLayer)
            #expect(archive.skipped.map(\.description) == [
                "10:27: root/plain: CALayer.sourceLayer (unsupported key)",
                "8:45: root/lost: CAPortalLayer.sourceLayer (unsupported value: no layer has the id \"#9\")",
                "9:47: root/mirror: CAPortalLayer.sourceLayer (portal cycle: the portal would show itself, and draws nothing)",
            ])
        }

        /// The tree read from CAML, archived and loaded back: the same tree.
        @Test func theArchiveOfTheTreeGivesItBack() throws {
            let caml = try CAMLTests.load(Self.text)
            let data = try SceneDocument(rootLayer: caml.rootLayer, documentSize: CGSize(width: 200, height: 100)).archiveData()
            let loaded = try SceneDocument(archiveData: data)
            #expect(loaded.skipped.isEmpty, "\(loaded.skipped)")
            let read = ArchiveTests.treeDescription(caml.rootLayer), back = ArchiveTests.treeDescription(loaded.rootLayer)
            #expect(read.count == back.count)
            for (a, b) in zip(read, back) { #expect(a == b) }
            #expect(Self.allProperties(loaded.rootLayer) == Self.allProperties(caml.rootLayer))
        }
    }
}
