import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

extension ArchiveTests {
    /// What Tessera does not model is left out and reported; the rest of the file loads.
    @Suite struct AnimationArchiveSkippedTests {
        typealias Skipped = SkippedFeature

        private static let keyframe = ArchiveClass("CAKeyframeAnimation", superclasses: ["CAPropertyAnimation", "CAAnimation", "NSObject"])

        /// A document with layers, keys, values and animations of classes Tessera lacks, next to
        /// ones it has.
        private func unusualDocument() throws -> Data {
            var b = Builder()
            let child = try b.object(Builder.shapeLayer, [("name", .string("Child")), ("lineWidth", .real(3))])
            let transformLayer = try b.object(ArchiveClass("CATransformLayer", superclasses: ["CALayer", "NSObject"]), [
                ("name", .string("3D")), ("sublayers", try b.array([child])),
            ])
            let textLayer = try b.object(ArchiveClass("CAScrollLayer", superclasses: ["CALayer", "NSObject"]), [
                ("name", .string("Label")), ("string", .string("Hello")), ("fontSize", .real(17)), ("opacity", .real(0.5)),
            ])
            let filter = try b.object(ArchiveClass("CAFilter"), [("CAFilterType", .string("variableBlur")), ("CAFilterName", .string("blur"))])
            let patternColor = try b.object(Builder.colorProxy, [("CGColorPattern", .data([1, 2]))])
            let affine = try b.object(Builder.valueProxy, [("kind", .integer(10)), ("a", .real(2))])
            let strangeSegment = try b.object(ArchiveClass("CACGPathCodingSegment"), [("LKCGPathType", .integer(7))])
            let strangePath = try b.object(ArchiveClass("CACGPathCodingProxy", superclasses: ["CACodingProxy", "NSObject"]), [
                ("LKCGPathSegments", .reference(try b.writer.addArray([strangeSegment], class: .mutableArray))),
            ])
            let backdrop = try b.object(ArchiveClass("CABackdropLayer", superclasses: ["CALayer", "NSObject"]), [
                ("name", .string("Blur")), ("shadowPath", strangePath), ("fillMode", .string("sideways")),
            ])

            let transition = try b.object(ArchiveClass("CATransition", superclasses: ["CAAnimation", "NSObject"]), [("type", .string("fade"))])
            let contents = try b.object(Builder.basicAnimation, [("keyPath", .string("contents")), ("toValue", .integer(1)), ("beginTime", .real(1))])
            let valueFunction = try b.object(ArchiveClass("CAValueFunction"), [("name", .string("spiral"))])
            let spin = try b.object(Builder.basicAnimation, [
                ("keyPath", .string("transform")), ("valueFunction", valueFunction), ("beginTime", .real(1)),
                ("toValue", try b.object(Builder.valueProxy, [("kind", .integer(3)), ("m41", .real(5))])),
            ])
            let blur = try b.object(Builder.basicAnimation, [("keyPath", .string("filters.blur.inputRadius")), ("toValue", filter)])
            let privateFade = try b.object(ArchiveClass("CAPrivateFade", superclasses: ["CABasicAnimation", "CAPropertyAnimation", "CAAnimation", "NSObject"]), [
                ("keyPath", .string("opacity")), ("toValue", .real(0)), ("beginTime", .real(2)), ("duration", .real(1)),
            ])
            let animations = [transition, contents, spin, blur, privateFade]

            let root = try b.object(Builder.layer, [
                ("name", .string("Root")), ("opaque", .bool(true)), ("doubleSided", .integer(1)), ("allowsGroupOpacity", .integer(0)),
                ("filters", try b.array([filter])), ("contents", .data([0x89, 0x50])), ("fooBar", .integer(1)),
                ("backgroundColor", patternColor), ("sublayerTransform", affine), ("cornerRadius", .real(4)),
                ("sublayers", try b.array([transformLayer, textLayer, backdrop])),
                ("CALayerAnimations", .reference(try b.writer.addArray(animations))),
                ("CALayerAnimationKeys", .reference(try b.writer.addArray((0..<animations.count).map { .string("a\($0)") }))),
            ])
            return try b.document(root, entries: [("documentWidth", .real(50)), ("documentHeight", .real(60)), ("comment", .string("hi"))])
        }

        @Test func unknownContentIsReportedAndTheRestLoads() throws {
            let archive = try SceneDocument(archiveData: try unusualDocument())
            #expect(archive.documentSize == CGSize(width: 50, height: 60))
            let root = archive.rootLayer
            #expect(root.name == "Root" && root.cornerRadius == 4)
            #expect(root.backgroundColor == nil && CATransform3DIsIdentity(root.sublayerTransform))
            #expect(root.sublayers?.map { "\(type(of: $0)) \($0.name ?? "")" } == ["CATransformLayer 3D", "CALayer Label", "CABackdropLayer Blur"])
            #expect(root.sublayers?.first?.sublayers?.first?.name == "Child", "a transform layer keeps its sublayers")
            #expect((root.sublayers?.first?.sublayers?.first as? CAShapeLayer)?.lineWidth == 3)
            #expect(root.sublayers?[1].opacity == 0.5, "a scroll layer keeps what a layer has")
            #expect(root.sublayers?[2].shadowPath == nil && root.sublayers?[2].fillMode == .removed)
            #expect(root.animationKeys() == ["a4"], "the spin's value function is unknown; the private fade is a basic animation")
            #expect((root.animation(forKey: "a4") as? CABasicAnimation)?.keyPath == "opacity")

            #expect(root.diagnostics.count == 1, "only the contents animation reached the layer: \(root.diagnostics)")
            let contentsDiagnostic = try #require(root.diagnostics.first)
            #expect(archive.skipped == [
                Skipped(layer: "", className: "NSDictionary", key: "comment", reason: .unsupportedKey),
                Skipped(layer: "Root", className: "CALayer", key: "allowsGroupOpacity", reason: .unsupportedKey),
                Skipped(layer: "Root", className: "CALayer", key: "contents", reason: .unsupportedValue("contents that are not an image")),
                Skipped(layer: "Root", className: "CALayer", key: "fooBar", reason: .unsupportedKey),
                Skipped(layer: "Root", className: "LKCGColorCodingProxy", key: "backgroundColor", reason: .unsupportedValue("a pattern color")),
                Skipped(layer: "Root", className: "LKNSValueCodingProxy", key: "sublayerTransform", reason: .unsupportedValue("value of kind 10")),
                Skipped(layer: "Root", className: "CAFilter", key: "filters", reason: .notDrawn("variableBlur (no inputMaskImage)")),
                Skipped(layer: "Root/Label", className: "CAScrollLayer", key: nil, reason: .approximated("loaded as CALayer")),
                Skipped(layer: "Root/Label", className: "CAScrollLayer", key: "string", reason: .unsupportedKey),
                Skipped(layer: "Root/Label", className: "CAScrollLayer", key: "fontSize", reason: .unsupportedKey),
                Skipped(layer: "Root/Blur", className: "CACGPathCodingProxy", key: "shadowPath", reason: .unsupportedValue("path segment of type 7")),
                Skipped(layer: "Root/Blur", className: "CABackdropLayer", key: "fillMode", reason: .unsupportedValue("unknown constant \"sideways\"")),
                Skipped(layer: "Root", className: "CATransition", key: "CALayerAnimations[0]", reason: .unsupportedClass),
                Skipped(layer: "Root", className: "CABasicAnimation", key: "CALayerAnimations[1]", reason: .animationNotApplied(contentsDiagnostic)),
                Skipped(layer: "Root", className: "CABasicAnimation", key: "CALayerAnimations[2].valueFunction",
                        reason: .unsupportedValue("unknown value function \"spiral\"")),
                Skipped(layer: "Root", className: "CABasicAnimation", key: "CALayerAnimations[2]",
                        reason: .animationNotApplied("its valueFunction is not supported")),
                Skipped(layer: "Root", className: "CAFilter", key: "CALayerAnimations[3].toValue", reason: .unsupportedClass),
                Skipped(layer: "Root", className: "CABasicAnimation", key: "CALayerAnimations[3]", reason: .animationNotApplied("its toValue is not supported")),
                Skipped(layer: "Root", className: "CAPrivateFade", key: "CALayerAnimations[4]", reason: .approximated("loaded as CABasicAnimation")),
            ])
            #expect(contentsDiagnostic.contains("contents"))
            #expect(archive.skipped[12].description == "Root: CATransition.CALayerAnimations[0] (unsupported class)")
        }

        /// Kite's keys that Tessera does not model are ignored silently at the values Kite writes:
        /// nothing of the real files is reported.
        @Test func kitesDefaultsAreNotReported() throws {
            #expect(try fixtureArchive("Checkmark").skipped.isEmpty)
            #expect(try fixtureArchive("Emoji").skipped.isEmpty)
        }
    }
}
