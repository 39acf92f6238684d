import Foundation
import TesseraTestSupport
import Testing
@testable import TesseraKeyedArchive

extension ArchiveTests {
    /// The real Kite exports, read through the object views: the values the layer decoder will use.
    @Suite struct KeyedArchiveFixtureTests {
        private func document(_ name: String) throws -> (archive: KeyedArchive, root: ArchivedDictionary) {
            let archive = try KeyedArchive(bytes: try fixtureBytes(name))
            return (archive, try archive.topObject().dictionaryEntries())
        }

        /// Every class name of the objects reachable from `$top`.
        private func classNames(_ archive: KeyedArchive) throws -> Set<String> {
            Set(try canonicalDump(of: archive).dropFirst(archive.topKeys.count).map {
                String($0.split(separator: " ")[1].split(separator: "<")[0])
            })
        }

        @Test func checkmarkDocument() throws {
            let (archive, root) = try document("Checkmark")
            #expect(archive.topKeys == ["root"])
            #expect(archive.objectCount == 136)
            #expect(try archive.topObject().className == "NSDictionary")
            #expect(root.keys == ["rootLayer", "documentHeight", "geometryFlipped", "documentWidth"])
            #expect(root.value(forKey: "geometryFlipped") == .bool(true))
            #expect(try root.double(forKey: "documentWidth") == 400)
            #expect(try root.double(forKey: "documentHeight") == 400)
            #expect(try classNames(archive) == [
                "NSDictionary", "CALayer", "CAShapeLayer", "CABasicAnimation", "CAMediaTimingFunction",
                "LKNSValueCodingProxy", "LKCGColorCodingProxy", "LKNSArrayCodingProxy", "CACGPathCodingProxy",
                "CACGPathCodingSegment", "NSMutableArray", "NSArray",
            ])
        }

        @Test func checkmarkRootLayer() throws {
            let layer = try #require(try document("Checkmark").root.object(forKey: "rootLayer"))
            #expect(layer.className == "CALayer")
            #expect(layer.classHierarchy == ["CALayer", "NSObject"])
            #expect(try layer.string(forKey: "name") == "Background Layer")
            // Kite stores booleans as integers: the typed accessor reads both.
            #expect(try layer.value(forKey: "geometryFlipped") == .integer(1))
            #expect(try layer.bool(forKey: "geometryFlipped") == true)
            #expect(try layer.bool(forKey: "opaque") == false)
            #expect(try layer.double(forKey: "duration") == .infinity)
            #expect(try layer.string(forKey: "fillMode") == "both")
            #expect(try layer.int(forKey: "edgeAntialiasingMask") == 15)
            #expect(try layer.int(forKey: "autoresizingMask") == 18)
            #expect(try layer.double(forKey: "opacity") == nil, "only non-default properties are written")

            let bounds = try #require(try layer.object(forKey: "bounds"))
            #expect(bounds.classHierarchy == ["LKNSValueCodingProxy", "CACodingProxy", "NSObject"])
            #expect(try bounds.int(forKey: "kind") == 2)
            #expect(try [bounds.double(forKey: "x"), bounds.double(forKey: "y"), bounds.double(forKey: "width"), bounds.double(forKey: "height")]
                == [0, 0, 400, 400])
            let position = try #require(try layer.object(forKey: "position"))
            #expect(try position.int(forKey: "kind") == 0)
            #expect(try position.double(forKey: "x") == 0 && position.double(forKey: "y") == 0)

            // The layer is its own delegate: a cycle, navigable since views are lazy.
            #expect(try layer.object(forKey: "delegate") == layer)

            let contents = try #require(try layer.array(forKey: "__CACodingContents"))
            #expect(contents.count == 24)
            #expect(contents.first == .string("allowsEdgeAntialiasing") && contents.last == .string("sublayers"))

            let sublayers = try #require(try layer.object(forKey: "sublayers")?.array(forKey: "array"))
            #expect(sublayers.compactMap { $0.objectValue?.className } == ["CAShapeLayer", "CAShapeLayer"])
            #expect(try layer.object(forKey: "filters")?.array(forKey: "array") == [])
        }

        @Test func checkmarkShapeLayers() throws {
            let layer = try #require(try document("Checkmark").root.object(forKey: "rootLayer"))
            let sublayers = try #require(try layer.object(forKey: "sublayers")?.array(forKey: "array")).compactMap(\.objectValue)
            let (polyline, oval) = (sublayers[0], sublayers[1])

            #expect(polyline.classHierarchy == ["CAShapeLayer", "CALayer", "NSObject"])
            #expect(try polyline.string(forKey: "name") == "Shape")
            #expect(try polyline.double(forKey: "lineWidth") == 11)
            #expect(try polyline.double(forKey: "strokeEnd") == 0)
            let position = try #require(try polyline.object(forKey: "position"))
            #expect(try position.double(forKey: "x") == 135 && position.double(forKey: "y") == 199)
            let strokeColor = try #require(try polyline.object(forKey: "strokeColor"))
            #expect(strokeColor.className == "LKCGColorCodingProxy")
            #expect(try strokeColor.double(forKey: "r") == 0.45188069343566895)
            #expect(try strokeColor.double(forKey: "a") == 1)

            let segments = try #require(try polyline.object(forKey: "path")?.array(forKey: "LKCGPathSegments")).compactMap(\.objectValue)
            #expect(segments.allSatisfy { $0.className == "CACGPathCodingSegment" })
            #expect(try segments.map { try $0.int(forKey: "LKCGPathType") } == [0, 1, 1])
            #expect(try segments.map { [try $0.double(forKey: "LKCGPathPoint0_x"), try $0.double(forKey: "LKCGPathPoint0_y")] }
                == [[0, 0], [45, 65], [138, -59]])

            #expect(try oval.string(forKey: "name") == "Oval")
            #expect(try oval.string(forKey: "fillRule") == "even-odd")
            #expect(try oval.double(forKey: "contentsScale") == 2)
            let transform = try #require(try oval.object(forKey: "transform"))
            #expect(try transform.int(forKey: "kind") == 3)
            #expect(try transform.double(forKey: "m11") == -0.6946583986282349)
            #expect(try transform.double(forKey: "m12") == -0.7193397879600525)
            #expect(try transform.double(forKey: "m44") == 1)
            let ovalSegments = try #require(try oval.object(forKey: "path")?.array(forKey: "LKCGPathSegments")).compactMap(\.objectValue)
            #expect(try ovalSegments.map { try $0.int(forKey: "LKCGPathType") } == [0, 3, 3, 3, 3, 4, 0, 4, 0])
            #expect(try ovalSegments[1].double(forKey: "LKCGPathPoint2_x") == 274)
            #expect(ovalSegments[5].keys == ["LKCGPathType"], "a close segment has no points")
        }

        @Test func checkmarkAnimations() throws {
            let layer = try #require(try document("Checkmark").root.object(forKey: "rootLayer"))
            let sublayers = try #require(try layer.object(forKey: "sublayers")?.array(forKey: "array")).compactMap(\.objectValue)
            var beginTimes: [Double] = []
            for shape in sublayers {
                let keys = try #require(try shape.array(forKey: "CALayerAnimationKeys"))
                let animations = try #require(try shape.array(forKey: "CALayerAnimations")).compactMap(\.objectValue)
                #expect(keys.count == 1 && animations.count == 1)
                let animation = animations[0]
                #expect(animation.classHierarchy == ["CABasicAnimation", "CAPropertyAnimation", "CAAnimation", "NSObject"])
                #expect(animation.isKind(of: "CAAnimation") && !animation.isKind(of: "CALayer"))
                #expect(try animation.string(forKey: "keyPath") == "strokeEnd")
                #expect(try animation.double(forKey: "fromValue") == 0)
                #expect(try animation.double(forKey: "toValue") == 1)
                #expect(try animation.double(forKey: "duration") == 0.43142578125)
                #expect(try animation.string(forKey: "fillMode") == "forwards")
                #expect(try animation.bool(forKey: "removedOnCompletion") == false)
                let timing = try #require(try animation.object(forKey: "timingFunction"))
                #expect(timing.className == "CAMediaTimingFunction")
                #expect(try [timing.double(forKey: "c1x"), timing.double(forKey: "c1y"), timing.double(forKey: "c2x"), timing.double(forKey: "c2y")]
                    == [Double(Float(0.42)), 0, Double(Float(0.58)), 1])
                beginTimes.append(try #require(try animation.double(forKey: "beginTime")))
            }
            #expect(try sublayers[0].array(forKey: "CALayerAnimationKeys") == [.string("1BC9A93B-9668-4464-92F3-35234CDEEDC0")])
            #expect(beginTimes == [0.16349709375000004, 1e-6])
        }

        @Test func emojiDocument() throws {
            let (archive, root) = try document("Emoji")
            #expect(archive.objectCount == 321)
            #expect(root.keys == ["documentHeight", "rootLayer", "geometryFlipped", "documentWidth"])
            #expect(try root.double(forKey: "documentWidth") == 112 && root.double(forKey: "documentHeight") == 112)
            #expect(try root.bool(forKey: "geometryFlipped") == true)
            #expect(try classNames(archive).isSuperset(of: [
                "CALayer", "CAShapeLayer", "CABasicAnimation", "CAKeyframeAnimation", "LKNSValueCodingProxy",
                "CACGPathCodingProxy", "LKCGColorCodingProxy", "CAMediaTimingFunction",
            ]))
        }

        /// The layer tree: names, classes and depths, read through `sublayers`.
        @Test func emojiLayerTree() throws {
            let layer = try #require(try document("Emoji").root.object(forKey: "rootLayer"))
            var visited: [String] = []
            func visit(_ layer: ArchivedObject, depth: Int) throws {
                visited.append(String(repeating: "  ", count: depth) + "\(layer.className) \(try layer.string(forKey: "name") ?? "?")")
                for sublayer in try layer.object(forKey: "sublayers")?.array(forKey: "array") ?? [] {
                    try visit(try #require(sublayer.objectValue), depth: depth + 1)
                }
            }
            try visit(layer, depth: 0)
            #expect(visited == [
                "CALayer Background Layer",
                "  CALayer Amazing",
                "    CALayer Face",
                "      CAShapeLayer Mouth",
                "      CAShapeLayer Right Eye",
                "      CAShapeLayer Left Eye",
                "      CAShapeLayer Right Eyebrow",
                "      CAShapeLayer Left Eyebrow",
            ])
        }

        @Test func emojiLayerProperties() throws {
            let background = try #require(try document("Emoji").root.object(forKey: "rootLayer"))
            let amazing = try #require(try background.object(forKey: "sublayers")?.array(forKey: "array")?.first?.objectValue)
            #expect(try amazing.double(forKey: "cornerRadius") == 56)
            let color = try #require(try amazing.object(forKey: "backgroundColor"))
            #expect(try color.double(forKey: "r") == 0.9783508777618408)

            let face = try #require(try amazing.object(forKey: "sublayers")?.array(forKey: "array")?.first?.objectValue)
            #expect(try face.string(forKey: "name") == "Face")
            #expect(try face.double(forKey: "cornerRadius") == 50)
            let faceAnimation = try #require(try face.array(forKey: "CALayerAnimations")?.first?.objectValue)
            #expect(faceAnimation.className == "CAKeyframeAnimation")
            #expect(try faceAnimation.string(forKey: "keyPath") == "sublayerTransform")
            #expect(try faceAnimation.double(forKey: "beginTime") == 0.7487327127659577)
            let values = try #require(try faceAnimation.object(forKey: "values")?.array(forKey: "array")).compactMap(\.objectValue)
            #expect(values.count == 3)
            // Missing matrix entries mean identity: the first value is only `kind`.
            #expect(values[0].keys == ["kind"])
            #expect(try values[1].double(forKey: "m42") == 6.599999904632568)
            let timingFunctions = try #require(try faceAnimation.object(forKey: "timingFunctions")?.array(forKey: "array"))
            #expect(timingFunctions.count == 2)

            let shapes = try #require(try face.object(forKey: "sublayers")?.array(forKey: "array")).compactMap(\.objectValue)
            let rightEye = shapes[1], rightEyebrow = shapes[3]
            #expect(try rightEye.string(forKey: "fillRule") == "even-odd")
            let eyeAnimations = try #require(try rightEye.array(forKey: "CALayerAnimations")).compactMap(\.objectValue)
            #expect(eyeAnimations.map(\.className) == ["CABasicAnimation", "CAKeyframeAnimation", "CABasicAnimation", "CABasicAnimation"])
            let blink = eyeAnimations[0]
            #expect(try blink.string(forKey: "keyPath") == "transform.scale.y")
            #expect(try blink.bool(forKey: "autoreverses") == true)
            #expect(try blink.double(forKey: "repeatCount") == 2)
            #expect(try blink.double(forKey: "toValue") == 0)
            #expect(try blink.double(forKey: "beginTime") == 1e-6)
            #expect(try eyeAnimations.map { try $0.double(forKey: "beginTime") } == [1e-6, 0.7456679687500002, 1.59593268218085, 2.189])
            #expect(try rightEyebrow.string(forKey: "lineCap") == "round")
            #expect(try rightEyebrow.string(forKey: "lineJoin") == "round")
            #expect(try rightEyebrow.double(forKey: "lineWidth") == 5)

            // Kite writes one CAMediaTimingFunction and refers to it from every animation.
            let first = try #require(try faceAnimation.object(forKey: "timingFunctions")?.array(forKey: "array")?.first?.objectValue)
            let eyeTiming = try #require(try eyeAnimations[1].object(forKey: "timingFunctions")?.array(forKey: "array")?.last?.objectValue)
            #expect(first == eyeTiming)
            #expect(first.reference == eyeTiming.reference)
        }
    }
}
