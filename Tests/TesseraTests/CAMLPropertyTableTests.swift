import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCAAR
@testable import TesseraCore

extension CAMLTests {
    /// The one description of the classes and properties serves CAML: every row of the layer
    /// and animation tables has a CAML spelling that reads into its property.
    @Suite struct CAMLPropertyTableTests {
        /// A CAML spelling for every row of ``CodedProperties/layer``, on an element of the
        /// class that has the property: attributes, or property elements (`<…>`).
        static let layerSamples: [String: (className: String, spelling: String)] = [
            "name": ("CALayer", #"name="n""#),
            "bounds": ("CALayer", #"bounds="1 2 3 4""#),
            "position": ("CALayer", #"position="5 6""#),
            "zPosition": ("CALayer", #"zPosition="2""#),
            "anchorPoint": ("CALayer", #"anchorPoint="0 1""#),
            "anchorPointZ": ("CALayer", #"anchorPointZ="3""#),
            "transform": ("CALayer", #"transform="rotate(30deg) scale(2)""#),
            "sublayerTransform": ("CALayer", #"sublayerTransform="translate(1, 2)""#),
            "geometryFlipped": ("CALayer", #"geometryFlipped="1""#),
            "doubleSided": ("CALayer", #"doubleSided="0""#),
            "opacity": ("CALayer", #"opacity="0.5""#),
            "hidden": ("CALayer", #"hidden="1""#),
            "backgroundColor": ("CALayer", #"<backgroundColor value="1 0 0" opacity="0.5"/>"#),
            "cornerRadius": ("CALayer", #"cornerRadius="4""#),
            "cornerCurve": ("CALayer", #"cornerCurve="continuous""#),
            "maskedCorners": ("CALayer", #"maskedCorners="5""#),
            "borderWidth": ("CALayer", #"borderWidth="2""#),
            "borderColor": ("CALayer", #"borderColor="0 1 0""#),
            "masksToBounds": ("CALayer", #"masksToBounds="1""#),
            "shadowColor": ("CALayer", #"shadowColor="0 0 1""#),
            "shadowOpacity": ("CALayer", #"shadowOpacity="0.3""#),
            "shadowRadius": ("CALayer", #"shadowRadius="7""#),
            "shadowOffset": ("CALayer", #"shadowOffset="1 2""#),
            "shadowPath": ("CALayer", #"shadowPath="0 0 m 1 1 l h""#),
            "contents": ("CALayer", #"<contents type="CGImage" src="assets/dots.png"/>"#),
            "contentsGravity": ("CALayer", #"contentsGravity="center""#),
            "contentsRect": ("CALayer", #"contentsRect="0 0 0.5 0.5""#),
            "contentsCenter": ("CALayer", #"contentsCenter="0.1 0.1 0.8 0.8""#),
            "contentsScale": ("CALayer", #"contentsScale="2""#),
            "minificationFilter": ("CALayer", #"minificationFilter="nearest""#),
            "minificationFilterBias": ("CALayer", #"minificationFilterBias="0.5""#),
            "magnificationFilter": ("CALayer", #"magnificationFilter="trilinear""#),
            "filters": ("CALayer", #"<filters><CAFilter filter="gaussianBlur" inputRadius="3"/></filters>"#),
            "backgroundFilters": ("CALayer", #"<backgroundFilters><CAFilter filter="colorSaturate" inputAmount="1.5"/></backgroundFilters>"#),
            "compositingFilter": ("CALayer", #"compositingFilter="multiplyBlendMode""#),
            "beginTime": ("CALayer", #"beginTime="1""#),
            "duration": ("CALayer", #"duration="2""#),
            "speed": ("CALayer", #"speed="2""#),
            "timeOffset": ("CALayer", #"timeOffset="0.5""#),
            "repeatCount": ("CALayer", #"repeatCount="Inf""#),
            "repeatDuration": ("CALayer", #"repeatDuration="3""#),
            "autoreverses": ("CALayer", #"autoreverses="1""#),
            "fillMode": ("CALayer", #"fillMode="both""#),
            "path": ("CAShapeLayer", #"path="0 0 m 10 0 l 10 10 5 5 0 10 c h""#),
            "fillColor": ("CAShapeLayer", #"fillColor="""#),
            "fillRule": ("CAShapeLayer", #"fillRule="even-odd""#),
            "strokeColor": ("CAShapeLayer", #"<strokeColor value="1 1 0"/>"#),
            "lineWidth": ("CAShapeLayer", #"lineWidth="3""#),
            "lineJoin": ("CAShapeLayer", #"lineJoin="round""#),
            "lineCap": ("CAShapeLayer", #"lineCap="square""#),
            "miterLimit": ("CAShapeLayer", #"miterLimit="4""#),
            "lineDashPattern": ("CAShapeLayer", #"<lineDashPattern><integer value="2"/><real value="3.5"/></lineDashPattern>"#),
            "lineDashPhase": ("CAShapeLayer", #"lineDashPhase="1""#),
            "strokeStart": ("CAShapeLayer", #"strokeStart="0.2""#),
            "strokeEnd": ("CAShapeLayer", #"strokeEnd="0.8""#),
            "instanceCount": ("CAReplicatorLayer", #"instanceCount="3""#),
            "instanceDelay": ("CAReplicatorLayer", #"instanceDelay="0.1""#),
            "instanceTransform": ("CAReplicatorLayer", #"instanceTransform="matrix(1, 0, 0, 1, 10, 0)""#),
            "instanceColor": ("CAReplicatorLayer", #"instanceColor="1 0 0""#),
            "instanceRedOffset": ("CAReplicatorLayer", #"instanceRedOffset="-0.1""#),
            "instanceGreenOffset": ("CAReplicatorLayer", #"instanceGreenOffset="-0.2""#),
            "instanceBlueOffset": ("CAReplicatorLayer", #"instanceBlueOffset="-0.3""#),
            "instanceAlphaOffset": ("CAReplicatorLayer", #"instanceAlphaOffset="-0.4""#),
            "colors": ("CAGradientLayer", #"<colors><CGColor value="1 0 0"/><CGColor value="0 0 1" opacity="0.5"/></colors>"#),
            "locations": ("CAGradientLayer", #"locations="0 1""#),
            "startPoint": ("CAGradientLayer", #"startPoint="0 0""#),
            "endPoint": ("CAGradientLayer", #"endPoint="1 1""#),
            "type": ("CAGradientLayer", #"type="conic""#),
            "hidesSourceLayer": ("CAPortalLayer", #"hidesSourceLayer="1""#),
            "matchesOpacity": ("CAPortalLayer", #"matchesOpacity="1""#),
            "matchesPosition": ("CAPortalLayer", #"matchesPosition="1""#),
            "matchesTransform": ("CAPortalLayer", #"matchesTransform="1""#),
            "birthRate": ("CAEmitterLayer", #"birthRate="2""#),
            "lifetime": ("CAEmitterLayer", #"lifetime="0.5""#),
            "emitterPosition": ("CAEmitterLayer", #"emitterPosition="10 20""#),
            "emitterZPosition": ("CAEmitterLayer", #"emitterZPosition="3""#),
            "emitterSize": ("CAEmitterLayer", #"emitterSize="40 10""#),
            "emitterDepth": ("CAEmitterLayer", #"emitterDepth="5""#),
            "emitterShape": ("CAEmitterLayer", #"emitterShape="circle""#),
            "emitterMode": ("CAEmitterLayer", #"emitterMode="outline""#),
            "renderMode": ("CAEmitterLayer", #"renderMode="additive""#),
            "preservesDepth": ("CAEmitterLayer", #"preservesDepth="1""#),
            "velocity": ("CAEmitterLayer", #"velocity="2""#),
            "spin": ("CAEmitterLayer", #"spin="0.5""#),
            "seed": ("CAEmitterLayer", #"seed="4294967295""#),
            "string": ("CATextLayer", #"string="Hello""#),
            "font": ("CATextLayer", #"font="DejaVu Sans""#),
            "fontSize": ("CATextLayer", #"fontSize="12""#),
            "foregroundColor": ("CATextLayer", #"foregroundColor="1 0 0""#),
            "wrapped": ("CATextLayer", #"wrapped="1""#),
            "alignmentMode": ("CATextLayer", #"alignmentMode="center""#),
            "truncationMode": ("CATextLayer", #"truncationMode="end""#),
            "allowsFontSubpixelQuantization": ("CATextLayer", #"allowsFontSubpixelQuantization="1""#),
            "groupName": ("CABackdropLayer", #"groupName="g""#),
            "scale": ("CABackdropLayer", #"scale="0.5""#),
        ]

        /// A CAML spelling for every row of ``CodedProperties/animation``, on an animation of the
        /// class that has it (of key path `opacity` unless the spelling gives one).
        static let animationSamples: [String: (className: String, spelling: String)] = [
            "beginTime": ("CABasicAnimation", #"beginTime="1e-100""#),
            "duration": ("CABasicAnimation", #"duration="2""#),
            "speed": ("CABasicAnimation", #"speed="0.5""#),
            "timeOffset": ("CABasicAnimation", #"timeOffset="0.1""#),
            "repeatCount": ("CABasicAnimation", #"repeatCount="inf""#),
            "repeatDuration": ("CABasicAnimation", #"repeatDuration="4""#),
            "autoreverses": ("CABasicAnimation", #"autoreverses="1""#),
            "fillMode": ("CABasicAnimation", #"fillMode="backwards""#),
            "removedOnCompletion": ("CABasicAnimation", #"removedOnCompletion="0""#),
            "timingFunction": ("CABasicAnimation", #"timingFunction="easeInEaseOut""#),
            "keyPath": ("CABasicAnimation", #"keyPath="transform.scale.xy""#),
            "additive": ("CABasicAnimation", #"additive="1""#),
            "cumulative": ("CABasicAnimation", #"cumulative="1""#),
            "valueFunction": ("CABasicAnimation", #"keyPath="transform" valueFunction="rotateZ""#),
            "fromValue": ("CABasicAnimation", #"<fromValue type="real" value="0.5"/>"#),
            "toValue": ("CABasicAnimation", #"<toValue type="integer" value="1"/>"#),
            "byValue": ("CABasicAnimation", #"<byValue type="real" value="-0.25"/>"#),
            "mass": ("CASpringAnimation", #"mass="2""#),
            "stiffness": ("CASpringAnimation", #"stiffness="300""#),
            "damping": ("CASpringAnimation", #"damping="36""#),
            "initialVelocity": ("CASpringAnimation", #"initialVelocity="2""#),
            "allowsOverdamping": ("CASpringAnimation", #"allowsOverdamping="1""#),
            "values": ("CAKeyframeAnimation", #"<values><real value="0"/><integer value="1"/></values>"#),
            "path": ("CAKeyframeAnimation", #"keyPath="position" path="0 0 m 10 10 l""#),
            "keyTimes": ("CAKeyframeAnimation", #"<keyTimes><integer value="0"/><real value="0.5"/></keyTimes>"#),
            "timingFunctions": ("CAKeyframeAnimation", #"<timingFunctions><CAMediaTimingFunction value="linear"/></timingFunctions>"#),
            "calculationMode": ("CAKeyframeAnimation", #"calculationMode="discrete""#),
            "tensionValues": ("CAKeyframeAnimation", #"tensionValues="0.5 -0.5""#),
            "continuityValues": ("CAKeyframeAnimation", #"<continuityValues><real value="0.25"/></continuityValues>"#),
            "biasValues": ("CAKeyframeAnimation", #"biasValues="1""#),
            "rotationMode": ("CAKeyframeAnimation", #"keyPath="position" path="0 0 m 10 10 l" rotationMode="auto""#),
        ]

        /// The element of class `className` with `spelling` (attributes go in the tag, elements
        /// inside it).
        static func element(_ className: String, _ spelling: String, body: String = "") -> String {
            spelling.hasPrefix("<") ? "<\(className)>\(spelling)\(body)</\(className)>" : "<\(className) \(spelling)>\(body)</\(className)>"
        }

        @Test func everyTableRowHasACAMLSpelling() {
            #expect(Set(Self.layerSamples.keys) == Set(ArchivedProperty.tables.layer.all.map(\.key)))
            #expect(Set(Self.animationSamples.keys) == Set(ArchivedProperty.tables.animation.all.map(\.key)))
        }

        /// Each layer row's spelling read: the row's value is no longer the default (the archive
        /// encoder, which writes only what differs, writes it), and nothing is skipped.
        @Test(arguments: ArchivedProperty.tables.layer.all.map(\.key))
        func layerRowReads(_ key: String) throws {
            let sample = try #require(Self.layerSamples[key])
            let bundle = try CAMLTests.temporaryFolder(["assets/dots.png": try CAMLTests.png()])
            defer { try? FileManager.default.removeItem(at: bundle) }
            let archive = try CAMLTests.load(CAMLTests.document(Self.element(sample.className, sample.spelling)), bundle: bundle)
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let layer = archive.rootLayer
            #expect("\(type(of: layer))" == sample.className)
            let defaults = type(of: layer).init()
            let row = try #require(ArchivedProperty.tables.layer.byKey[key])
            var writer = ArchiveValueWriter()
            #expect(try row.encode(layer, defaults, &writer) != nil, "\(key) kept its default")
        }

        @Test(arguments: ArchivedProperty.tables.animation.all.map(\.key))
        func animationRowReads(_ key: String) throws {
            let sample = try #require(Self.animationSamples[key])
            let keyPath = sample.spelling.contains("keyPath=") ? "" : #" keyPath="opacity""#
            // A keyframe animation needs values (or a path) to be taken.
            let needsValues = sample.className == "CAKeyframeAnimation" && !sample.spelling.contains("path=") && key != "values"
            let values = needsValues ? #"<values><real value="0"/><real value="1"/></values>"# : ""
            let animation = #"<animation type="\#(sample.className)"\#(keyPath)"# + (sample.spelling.hasPrefix("<")
                ? ">\(sample.spelling)\(values)</animation>" : " \(sample.spelling)>\(values)</animation>")
            let text = CAMLTests.document("<CALayer><animations>\(animation)</animations></CALayer>")
            let archive = try CAMLTests.load(text)
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let layer = archive.rootLayer
            let read = try #require(layer.animationKeys()?.first.flatMap(layer.animation(forKey:)))
            #expect("\(type(of: read))" == sample.className)
            let defaults = type(of: read).init()
            (defaults as? CAPropertyAnimation)?.keyPath = "opacity"
            let row = try #require(ArchivedProperty.tables.animation.byKey[key])
            var writer = ArchiveValueWriter()
            #expect(try row.encode(read, defaults, &writer) != nil, "\(key) kept its default")
        }

        /// An animation with every property its class has, read from CAML, copies exactly (every
        /// row of the table writes the same value for both), its group's children copied too.
        @Test(arguments: ["CABasicAnimation", "CASpringAnimation", "CAKeyframeAnimation"])
        func copiesKeepEveryProperty(_ className: String) throws {
            let classes: Set<String> = className == "CASpringAnimation" ? ["CABasicAnimation", "CASpringAnimation"] : [className]
            var attributes: [String] = [], elements: [String] = []
            for (key, sample) in Self.animationSamples where classes.contains(sample.className) && !["path", "rotationMode", "valueFunction"].contains(key) {
                if sample.spelling.hasPrefix("<") { elements.append(sample.spelling) } else { attributes.append(sample.spelling) }
            }
            if className == "CAKeyframeAnimation" { attributes.append(#"keyPath="opacity""#) }
            let member = #"<animation type="\#(className)" \#(attributes.joined(separator: " "))>\#(elements.joined())</animation>"#
            let text = CAMLTests.document(#"<CALayer><animations><animation type="CAAnimationGroup" duration="3"><animations>\#(member)</animations></animation></animations></CALayer>"#)
            let archive = try CAMLTests.load(text)
            #expect(archive.skipped.isEmpty, "\(archive.skipped)")
            let group = try #require(archive.rootLayer.animation(forKey: "group") as? CAAnimationGroup)
            (group.animations?.first as? CAPropertyAnimation)?.valueFunction = CAValueFunction(name: .rotateZ)
            let copy = try #require(group.copy() as? CAAnimationGroup)
            #expect(copy !== group)
            let original = try #require(group.animations?.first), copied = try #require(copy.animations?.first)
            #expect(copied !== original && type(of: copied) == type(of: original))
            #expect(ArchiveTests.describe(copied) == ArchiveTests.describe(original))
            #expect((copied as? CAPropertyAnimation)?.valueFunction?.name == .rotateZ)
            var writer = ArchiveValueWriter()
            let defaults = type(of: original).init()
            for row in ArchivedProperty.tables.animation.all {
                let a = try row.encode(original, defaults, &writer), b = try row.encode(copied, defaults, &writer)
                #expect((a == nil) == (b == nil), "\(row.key)")
            }
        }
    }
}
