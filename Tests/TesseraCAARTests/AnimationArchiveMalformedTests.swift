import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

extension ArchiveTests {
    /// Archives built to break the rules: each is a typed error, never a trap.
    @Suite struct AnimationArchiveMalformedTests {
        private func load(_ data: Data) throws(SceneDocumentError) -> SceneDocument {
            try SceneDocument(archiveData: data)
        }

        /// The reason of the malformed-graph error that loading `data` throws.
        private func malformedReason(_ data: Data) -> String? {
            do {
                _ = try load(data)
                return nil
            } catch {
                guard case .malformedObjectGraph(let reason) = error else { return "\(error)" }
                return reason
            }
        }

        /// A document of one layer with `fields`.
        private func layerDocument(_ fields: [(key: String, value: ArchiveFieldValue)], class layerClass: ArchiveClass = Builder.layer,
                                   build: (inout Builder) throws -> [(key: String, value: ArchiveFieldValue)] = { _ in [] }) throws -> Data {
            var builder = Builder()
            let built = try build(&builder)
            return try builder.document(try builder.object(layerClass, fields + built))
        }

        // MARK: Not an archive

        @Test func notAnArchive() throws {
            #expect(throws: SceneDocumentError.notAnArchive(.propertyList(.notABinaryPropertyList))) {
                try load(Data("hello, world".utf8))
            }
            let plain = try BinaryPropertyList.encode(.dictionary(["rootLayer": .string("no")]))
            #expect(throws: SceneDocumentError.notAnArchive(.notAKeyedArchive)) { try load(Data(plain)) }
            #expect(throws: SceneDocumentError.self) { try load(Data()) }
        }

        @Test func unsupportedArchiverAndVersion() throws {
            func envelope(archiver: String, version: Int64) throws -> Data {
                Data(try BinaryPropertyList.encode(.dictionary([
                    "$archiver": .string(archiver), "$version": .integer(version),
                    "$top": .dictionary([:]), "$objects": .array([.string("$null")]),
                ])))
            }
            #expect(throws: SceneDocumentError.unsupportedArchiver("MyArchiver")) { try load(try envelope(archiver: "MyArchiver", version: 100000)) }
            #expect(throws: SceneDocumentError.unsupportedVersion(99)) { try load(try envelope(archiver: "NSKeyedArchiver", version: 99)) }
            #expect(malformedReason(try envelope(archiver: "NSKeyedArchiver", version: 100000))?.contains("no top-level object \"root\"") == true)
        }

        // MARK: The document

        @Test func missingRootLayer() throws {
            var builder = Builder()
            #expect(throws: SceneDocumentError.missingRootLayer) { try load(try builder.document(nil)) }
            var nullBuilder = Builder()
            #expect(throws: SceneDocumentError.missingRootLayer) { try load(try nullBuilder.document(.null)) }
        }

        @Test func documentOfTheWrongType() throws {
            var builder = Builder()
            try builder.writer.setTop(.string("a string"))
            #expect(malformedReason(Data(try builder.writer.encoded())) == "the document is a string, not a dictionary")
        }

        /// An archive of a single layer, not wrapped in a document, loads without a size.
        @Test func archiveOfALayer() throws {
            var builder = Builder()
            try builder.writer.setTop(try builder.object(Builder.shapeLayer, [("name", .string("Alone")), ("lineWidth", .real(4))]))
            let archive = try load(Data(try builder.writer.encoded()))
            #expect(archive.rootLayer.name == "Alone" && (archive.rootLayer as? CAShapeLayer)?.lineWidth == 4)
            #expect(archive.documentSize == nil && !archive.isGeometryFlipped)
        }

        // MARK: The layer tree

        @Test func wrongClassWhereALayerIsExpected() throws {
            var builder = Builder()
            let color = try builder.object(Builder.colorProxy, [("r", .real(1))])
            #expect(malformedReason(try builder.document(color)) == "rootLayer is an object of class LKCGColorCodingProxy, not a layer")

            let animationAsSublayer = try layerDocument([("name", .string("Root"))]) { builder in
                [("sublayers", try builder.array([try builder.object(Builder.basicAnimation, [])]))]
            }
            #expect(malformedReason(animationAsSublayer) == "Root: sublayers[0] is an object of class CABasicAnimation, not a layer")

            let stringAsMask = try layerDocument([("name", .string("Root")), ("mask", .string("mask"))])
            #expect(malformedReason(stringAsMask) == "Root: mask is a string, not a layer")
        }

        @Test func sublayersThatAreNotAnArray() throws {
            for sublayers: ArchiveFieldValue in [.string("layers"), .integer(3), .real(1), .bool(true)] {
                let reason = malformedReason(try layerDocument([("name", .string("Root")), ("sublayers", sublayers)]))
                #expect(reason?.hasPrefix("Root: sublayers: ") == true && reason?.hasSuffix("where an array is expected") == true, "\(reason ?? "")")
            }
            let dictionary = try layerDocument([("name", .string("Root"))]) { builder in
                [("sublayers", .reference(try builder.writer.addDictionary([("a", .integer(1))])))]
            }
            #expect(malformedReason(dictionary) == "Root: sublayers: an object of class NSDictionary where an array is expected")
        }

        @Test func cyclesInTheLayerTree() throws {
            // A layer that is its own sublayer.
            var builder = Builder()
            let root = builder.writer.reserveObject()
            try builder.writer.setObject(root, class: Builder.layer, fields: [
                ("name", .string("Root")), ("sublayers", try builder.array([.reference(root)])),
            ])
            #expect(malformedReason(try builder.document(.reference(root))) == "Root: sublayers[0] is one of its own ancestors: the layer tree has a cycle")

            // A → B → A, through a mask.
            var twoLayers = Builder()
            let a = twoLayers.writer.reserveObject()
            let b = try twoLayers.object(Builder.layer, [("name", .string("B")), ("mask", .reference(a))])
            try twoLayers.writer.setObject(a, class: Builder.layer, fields: [("name", .string("A")), ("sublayers", try twoLayers.array([b]))])
            #expect(malformedReason(try twoLayers.document(.reference(a))) == "A/B: mask is one of its own ancestors: the layer tree has a cycle")
        }

        @Test func aLayerInTwoPlaces() throws {
            let data = try layerDocument([("name", .string("Root"))]) { builder in
                let shared = try builder.object(Builder.layer, [("name", .string("Shared"))])
                let other = try builder.object(Builder.layer, [("name", .string("Other")), ("sublayers", try builder.array([shared]))])
                return [("sublayers", try builder.array([shared, other]))]
            }
            #expect(malformedReason(data) == "Root/Other: sublayers[0] is a layer already in the tree")
        }

        // MARK: Values of the wrong type

        @Test func wrongTypesInValueProxies() throws {
            let cases: [(fields: (inout Builder) throws -> [(key: String, value: ArchiveFieldValue)], reason: String)] = [
                ({ b in [("bounds", try b.rect([("x", .string("left"))]))] },
                 "L: bounds: value for \"x\" is a string, expected a number"),
                ({ b in [("bounds", try b.object(Builder.valueProxy, [("kind", .integer(0)), ("x", .real(1))]))] },
                 "L: bounds: an object of class LKNSValueCodingProxy where a rect is expected"),
                ({ b in [("bounds", try b.object(Builder.valueProxy, [("kind", .string("rect"))]))] },
                 "L: bounds: value for \"kind\" is a string, expected a whole number"),
                ({ _ in [("bounds", .string("0 0 10 10"))] }, "L: bounds: a string where a rect is expected"),
                ({ _ in [("lineWidth", .string("wide"))] }, "L: lineWidth: a string where a number is expected"),
                ({ _ in [("hidden", .real(0.5))] }, "L: hidden: a real where a boolean is expected"),
                ({ b in [("strokeColor", try b.object(Builder.colorProxy, [("r", .data([1]))]))] },
                 "L: strokeColor: value for \"r\" is data, expected a number"),
                ({ b in [("transform", try b.object(Builder.valueProxy, [("kind", .integer(3)), ("m11", .string("1"))]))] },
                 "L: transform: value for \"m11\" is a string, expected a number"),
                ({ b in
                    let segment = try b.object(ArchiveClass("CACGPathCodingSegment"), [("LKCGPathType", .string("move"))])
                    let segments = ArchiveFieldValue.reference(try b.writer.addArray([segment], class: .mutableArray))
                    return [("path", try b.object(ArchiveClass("CACGPathCodingProxy", superclasses: ["CACodingProxy", "NSObject"]), [("LKCGPathSegments", segments)]))]
                }, "L: path: value for \"LKCGPathType\" is a string, expected a whole number"),
                ({ b in
                    let segments = ArchiveFieldValue.reference(try b.writer.addArray([.string("M 0 0")], class: .mutableArray))
                    return [("path", try b.object(ArchiveClass("CACGPathCodingProxy", superclasses: ["CACodingProxy", "NSObject"]), [("LKCGPathSegments", segments)]))]
                }, "L: path: a string where a path segment is expected"),
                ({ b in [("lineDashPattern", try b.array([.integer(2), .string("3")]))] },
                 "L: lineDashPattern: a string where a number is expected"),
                ({ b in
                    let animation = try b.object(Builder.basicAnimation, [("keyPath", .integer(7))])
                    return [("CALayerAnimations", .reference(try b.writer.addArray([animation]))),
                            ("CALayerAnimationKeys", .reference(try b.writer.addArray([.string("a")])))]
                }, "L: CALayerAnimations[0].keyPath: an integer where a string is expected"),
                ({ b in
                    let timing = try b.object(ArchiveClass("CAMediaTimingFunction"), [("c1x", .string("0.4"))])
                    let animation = try b.object(Builder.basicAnimation, [("timingFunction", timing)])
                    return [("CALayerAnimations", .reference(try b.writer.addArray([animation])))]
                }, "L: CALayerAnimations[0].timingFunction: value for \"c1x\" is a string, expected a number"),
                ({ b in [("CALayerAnimations", .reference(try b.writer.addArray([.string("fade")])))] },
                 "L: CALayerAnimations[0] is a string, not an animation"),
                ({ b in
                    let animation = try b.object(Builder.basicAnimation, [("keyPath", .string("opacity"))])
                    return [("CALayerAnimations", .reference(try b.writer.addArray([animation]))),
                            ("CALayerAnimationKeys", .reference(try b.writer.addArray([.string("a"), .string("b")])))]
                }, "L: CALayerAnimations: 1 animations and 2 keys"),
            ]
            for (fields, reason) in cases {
                #expect(malformedReason(try layerDocument([("name", .string("L"))], class: Builder.shapeLayer, build: fields)) == reason)
            }
        }

        // MARK: NaN and infinity

        /// NaN is never taken; infinities are taken for timing only. Elsewhere the property (or
        /// the animation holding the value) is left out and reported.
        @Test func nonFiniteNumbers() throws {
            let data = try layerDocument([
                ("name", .string("L")), ("lineWidth", .real(.infinity)), ("duration", .real(.infinity)),
                ("repeatCount", .real(.infinity)), ("beginTime", .real(.nan)), ("opacity", .real(1e300)),
            ], class: Builder.shapeLayer) { b in
                let fade = try b.object(Builder.basicAnimation, [("keyPath", .string("opacity")), ("fromValue", .real(.nan))])
                let keyTimes = try b.array([.real(0), .real(.infinity)])
                let move = try b.object(ArchiveClass("CAKeyframeAnimation", superclasses: ["CAPropertyAnimation", "CAAnimation", "NSObject"]), [
                    ("keyPath", .string("position.x")), ("values", try b.array([.real(0), .real(10)])), ("keyTimes", keyTimes), ("beginTime", .real(1)),
                ])
                return [
                    ("bounds", try b.rect([("width", .real(.nan)), ("height", .real(10))])),
                    ("CALayerAnimations", .reference(try b.writer.addArray([fade, move]))),
                    ("CALayerAnimationKeys", .reference(try b.writer.addArray([.string("fade"), .string("move")]))),
                ]
            }
            let archive = try load(data)
            let layer = try #require(archive.rootLayer as? CAShapeLayer)
            #expect(layer.lineWidth == 1 && layer.bounds == .zero && layer.opacity == 1 && layer.beginTime == 0, "left at their defaults")
            #expect(layer.duration == .infinity && layer.repeatCount == .infinity, "infinite timing is kept")
            #expect(layer.animationKeys() == ["move"], "the fade's NaN leaves it out; the move loses only its key times")
            #expect((layer.animation(forKey: "move") as? CAKeyframeAnimation)?.keyTimes == nil)
            let nonFinite = SkippedFeature.Reason.unsupportedValue("a NaN or infinite number")
            #expect(archive.skipped == [
                .init(layer: "L", className: "CAShapeLayer", key: "lineWidth", reason: nonFinite),
                .init(layer: "L", className: "CAShapeLayer", key: "beginTime", reason: .unsupportedValue("NaN")),
                .init(layer: "L", className: "CAShapeLayer", key: "opacity", reason: nonFinite),
                .init(layer: "L", className: "CAShapeLayer", key: "bounds", reason: nonFinite),
                .init(layer: "L", className: "CABasicAnimation", key: "CALayerAnimations[0].fromValue", reason: nonFinite),
                .init(layer: "L", className: "CABasicAnimation", key: "CALayerAnimations[0]", reason: .animationNotApplied("its fromValue is not supported")),
                .init(layer: "L", className: "CAKeyframeAnimation", key: "CALayerAnimations[1].keyTimes", reason: nonFinite),
            ])

            var builder = Builder()
            let sized = try builder.document(try builder.object(Builder.layer, []), entries: [("documentWidth", .real(.nan)), ("documentHeight", .real(10))])
            let unsized = try load(sized)
            #expect(unsized.documentSize == nil)
            #expect(unsized.skipped == [.init(layer: "", className: "NSDictionary", key: "documentWidth", reason: .unsupportedValue("document size nan × 10.0"))])
        }
    }
}
