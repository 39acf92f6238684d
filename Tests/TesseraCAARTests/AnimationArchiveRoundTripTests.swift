import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

extension ArchiveTests {
    /// Layer trees archived and loaded again: the same properties, animations and presentations.
    @Suite struct AnimationArchiveRoundTripTests {
        /// A tree with every kind of layer, non-default properties of every type, and basic,
        /// keyframe, spring and group animations with their timing.
        static func sampleTree() -> CALayer {
            let root = CALayer()
            root.name = "Root"
            root.bounds = CGRect(x: 0, y: 0, width: 320, height: 240)
            root.position = CGPoint(x: 160, y: 120)
            root.anchorPoint = CGPoint(x: 0.25, y: 0.75)
            root.zPosition = 2
            root.anchorPointZ = -1
            root.sublayerTransform.m34 = -1 / 500
            root.isGeometryFlipped = true
            root.opacity = 0.75
            root.backgroundColor = CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 1)
            root.cornerRadius = 12.5
            root.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
            root.borderWidth = 2
            root.borderColor = nil
            root.masksToBounds = true
            root.shadowColor = CGColor(gray: 0.2, alpha: 0.5)
            root.shadowOpacity = 0.4
            root.shadowRadius = 6
            root.shadowOffset = CGSize(width: 1, height: 2)
            root.shadowPath = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 320, height: 240), cornerWidth: 12, cornerHeight: 12, transform: nil)
            root.duration = 20
            root.repeatCount = 2
            root.autoreverses = true
            root.fillMode = .both
            root.timeOffset = 0.125

            let shape = CAShapeLayer()
            shape.name = "Shape"
            shape.frame = CGRect(x: 10, y: 20, width: 100, height: 80)
            shape.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            shape.isHidden = false
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 50, y: 0))
            path.addQuadCurve(to: CGPoint(x: 100, y: 40), control: CGPoint(x: 90, y: 5))
            path.addCurve(to: CGPoint(x: 0, y: 80), control1: CGPoint(x: 80, y: 90), control2: CGPoint(x: 20, y: 95))
            path.closeSubpath()
            shape.path = path
            shape.fillColor = nil
            shape.fillRule = .evenOdd
            shape.strokeColor = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 0.8)
            shape.lineWidth = 3.5
            shape.lineJoin = .round
            shape.lineCap = .square
            shape.miterLimit = 4
            shape.lineDashPattern = [4, 2.5]
            shape.lineDashPhase = 1
            shape.strokeStart = 0.1
            shape.strokeEnd = 0.9
            let mask = CAShapeLayer()
            mask.name = "Mask"
            mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 80), transform: nil)
            shape.mask = mask

            let replicator = CAReplicatorLayer()
            replicator.name = "Dots"
            replicator.bounds = CGRect(x: 0, y: 0, width: 60, height: 20)
            replicator.instanceCount = 3
            replicator.instanceDelay = 0.2
            replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
            replicator.instanceColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 0.9)
            replicator.instanceRedOffset = -0.1
            replicator.instanceGreenOffset = -0.2
            replicator.instanceBlueOffset = 0.05
            replicator.instanceAlphaOffset = -0.3
            let dot = CAShapeLayer()
            dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
            dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            replicator.addSublayer(dot)

            root.addSublayer(shape)
            root.addSublayer(replicator)
            addAnimations(root: root, shape: shape, dot: dot)
            return root
        }

        private static func addAnimations(root: CALayer, shape: CAShapeLayer, dot: CAShapeLayer) {
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 60, y: 60)
            move.toValue = CGPoint(x: 200, y: 100)
            move.beginTime = 0.5
            move.duration = 2
            move.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, -0.2, 0.7, 1.3)
            move.fillMode = .backwards
            shape.add(move, forKey: "move")

            let fade = CABasicAnimation(keyPath: "opacity")
            fade.byValue = -0.25
            fade.isAdditive = true
            fade.isCumulative = true
            fade.repeatCount = 2.5
            fade.speed = 2
            fade.timeOffset = 0.1
            fade.beginTime = 1e-6
            fade.duration = 0.8
            root.add(fade, forKey: "fade")

            let tint = CABasicAnimation(keyPath: "backgroundColor")
            tint.fromValue = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
            tint.toValue = CGColor(gray: 0.5, alpha: 1)
            tint.beginTime = 0.25
            tint.repeatDuration = 3
            tint.autoreverses = true
            tint.duration = 0.5
            root.add(tint, forKey: "tint")

            let dash = CABasicAnimation(keyPath: "lineDashPattern")
            dash.toValue = [NSNumber(value: 8), NSNumber(value: 1)]
            dash.beginTime = 0.1
            dash.duration = 1
            dash.fillMode = .forwards
            dash.isRemovedOnCompletion = false
            shape.add(dash, forKey: "dash")

            let wobble = CAKeyframeAnimation(keyPath: "transform")
            wobble.values = [CATransform3DIdentity, CATransform3DMakeRotation(0.5, 0, 0, 1), CATransform3DMakeScale(1.2, 0.8, 1)]
            wobble.keyTimes = [0, 0.3, 1]
            wobble.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
            wobble.calculationMode = .cubic
            wobble.tensionValues = [0, 0.5, 0]
            wobble.continuityValues = [0, -0.5, 0]
            wobble.biasValues = [0, 0.25, 0]
            wobble.beginTime = 0.75
            wobble.duration = 1.5
            shape.add(wobble, forKey: "wobble")

            let orbit = CAKeyframeAnimation(keyPath: "position")
            orbit.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 40), transform: nil)
            orbit.rotationMode = .rotateAuto
            orbit.calculationMode = .paced
            orbit.beginTime = 0.2
            orbit.duration = 3
            orbit.repeatCount = .infinity
            dot.add(orbit, forKey: "orbit")

            let bounce = CASpringAnimation(keyPath: "transform.scale")
            bounce.fromValue = 0.5
            bounce.toValue = 1
            bounce.mass = 2
            bounce.stiffness = 300
            bounce.damping = 12
            bounce.initialVelocity = -1.5
            bounce.allowsOverdamping = true
            bounce.beginTime = 0.4
            bounce.duration = bounce.settlingDuration
            dot.add(bounce, forKey: "bounce")

            let spin = CABasicAnimation(keyPath: "transform")
            spin.valueFunction = CAValueFunction(name: .rotateZ)
            spin.fromValue = 0
            spin.toValue = 2 * Double.pi
            spin.beginTime = 0.3
            spin.duration = 1.2
            root.add(spin, forKey: "spin")
            let drift = CAKeyframeAnimation(keyPath: "sublayerTransform")
            drift.valueFunction = CAValueFunction(name: .translate)
            drift.values = [[0, 0, 0], [10, -5, 0], [20, 0, 2]]
            drift.beginTime = 0.6
            drift.duration = 2
            root.add(drift, forKey: "drift")

            let grow = CABasicAnimation(keyPath: "lineWidth")
            grow.toValue = 9
            let rule = CAKeyframeAnimation(keyPath: "fillRule")
            rule.values = ["non-zero", "even-odd"]
            rule.calculationMode = .discrete
            let pathMorph = CABasicAnimation(keyPath: "path")
            pathMorph.toValue = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 80), transform: nil)
            pathMorph.beginTime = 0.5
            let inner = CAAnimationGroup()
            inner.animations = [pathMorph]
            inner.duration = 1
            let group = CAAnimationGroup()
            group.animations = [grow, rule, inner]
            group.beginTime = 1
            group.duration = 2
            group.fillMode = .forwards
            group.isRemovedOnCompletion = false
            group.timingFunction = CAMediaTimingFunction(name: .default)
            shape.add(group, forKey: "group")
        }

        private func roundTrip(_ archive: AnimationArchive) throws -> AnimationArchive {
            try AnimationArchive(data: try archive.encoded())
        }

        private static let times: [Double] = [0, 1e-6, 0.3, 0.6, 0.9, 1.3, 1.7, 2.2, 2.9, 4, 7.5, 30]

        @Test func treeBuiltInCode() throws {
            let tree = Self.sampleTree()
            let archive = AnimationArchive(rootLayer: tree, documentSize: CGSize(width: 320, height: 240), geometryFlipped: true)
            let loaded = try roundTrip(archive)
            #expect(loaded.skipped.isEmpty, "\(loaded.skipped)")
            #expect(loaded.documentSize == CGSize(width: 320, height: 240))
            #expect(loaded.isGeometryFlipped)
            #expect(type(of: loaded.rootLayer.sublayers?[0] ?? CALayer()) == CAShapeLayer.self)
            #expect(type(of: loaded.rootLayer.sublayers?[1] ?? CALayer()) == CAReplicatorLayer.self)
            let expected = treeDescription(tree), actual = treeDescription(loaded.rootLayer)
            #expect(actual.count == expected.count)
            for (line, expectedLine) in zip(actual, expected) { #expect(line == expectedLine) }
            for t in Self.times {
                #expect(sameSnapshots(loaded.rootLayer.presentation(at: t), tree.presentation(at: t)), "at \(t)")
            }
            // Every animation was taken: none is reported in the layers' diagnostics.
            var layers = [loaded.rootLayer]
            while let layer = layers.popLast() {
                #expect(layer.diagnostics.isEmpty, "\(layer.name ?? "-"): \(layer.diagnostics)")
                layers += layer.sublayers ?? []
            }
        }

        /// Both real archives: loaded, written, loaded again, they hold the same trees and play the
        /// same way.
        @Test(arguments: ["Checkmark", "Emoji"])
        func fixtureRewritten(_ name: String) throws {
            let original = try fixtureArchive(name)
            let loaded = try roundTrip(original)
            #expect(loaded.documentSize == original.documentSize)
            #expect(loaded.isGeometryFlipped == original.isGeometryFlipped)
            #expect(loaded.skipped.isEmpty)
            #expect(treeDescription(loaded.rootLayer) == treeDescription(original.rootLayer))
            for t in Self.times {
                #expect(sameSnapshots(loaded.rootLayer.presentation(at: t), original.rootLayer.presentation(at: t)), "at \(t)")
            }
            // Written again, the archive is byte for byte the same: the writer is deterministic.
            #expect(try loaded.encoded() == original.encoded())
        }

        /// The file uses Apple's class names, keys and proxies, writes only what differs from the
        /// defaults, and lists it in `__CACodingContents`.
        @Test func writesCoreAnimationsFormat() throws {
            let root = CALayer()
            let shape = CAShapeLayer()
            shape.lineWidth = 2
            shape.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
            shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil)
            shape.strokeColor = CGColor(gray: 0.25, alpha: 1)
            shape.fillColor = nil
            root.addSublayer(shape)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            fade.beginTime = 1e-6
            shape.add(fade, forKey: "fade")
            let bytes = try AnimationArchive(rootLayer: root, documentSize: CGSize(width: 10, height: 20)).encoded()

            let document = try KeyedArchive(data: bytes).topObject()
            #expect(document.className == "NSDictionary")
            let entries = try document.dictionaryEntries()
            #expect(entries.keys == ["rootLayer", "geometryFlipped", "documentWidth", "documentHeight"])
            #expect(try entries.bool(forKey: "geometryFlipped") == false && entries.double(forKey: "documentHeight") == 20)
            let rootObject = try #require(try entries.object(forKey: "rootLayer"))
            #expect(rootObject.classHierarchy == ["CALayer", "NSObject"])
            #expect(rootObject.keys.sorted() == ["__CACodingContents", "sublayers"], "a default layer writes only its sublayers")
            let sublayers = try #require(try rootObject.object(forKey: "sublayers"))
            #expect(sublayers.className == "LKNSArrayCodingProxy")
            let shapeObject = try #require(try sublayers.array(forKey: "array")?.first?.objectValue)
            #expect(shapeObject.classHierarchy == ["CAShapeLayer", "CALayer", "NSObject"])
            let contents = try #require(try shapeObject.array(forKey: "__CACodingContents")).compactMap(\.stringValue)
            #expect(contents == ["bounds", "fillColor", "lineWidth", "path", "strokeColor"])
            #expect(Set(shapeObject.keys) == Set(contents + ["__CACodingContents", "CALayerAnimations", "CALayerAnimationKeys"]))
            #expect(try shapeObject.value(forKey: "fillColor") == .null, "nil is written as $null")
            #expect(try shapeObject.double(forKey: "lineWidth") == 2)
            let bounds = try #require(try shapeObject.object(forKey: "bounds"))
            #expect(bounds.className == "LKNSValueCodingProxy")
            #expect(try bounds.int(forKey: "kind") == 2 && bounds.double(forKey: "height") == 20)
            let stroke = try #require(try shapeObject.object(forKey: "strokeColor"))
            #expect(stroke.className == "LKCGColorCodingProxy")
            #expect(try ["r", "g", "b", "a"].map { try stroke.double(forKey: $0) } == [0.25, 0.25, 0.25, 1], "gray is written as RGB")
            let segments = try #require(try shapeObject.object(forKey: "path")?.array(forKey: "LKCGPathSegments")).compactMap(\.objectValue)
            #expect(segments.map(\.className) == Array(repeating: "CACGPathCodingSegment", count: 5))
            #expect(try segments.map { try $0.int(forKey: "LKCGPathType") } == [0, 1, 1, 1, 4])
            #expect(try shapeObject.array(forKey: "CALayerAnimationKeys") == [.string("fade")])
            let animation = try #require(try shapeObject.array(forKey: "CALayerAnimations")?.first?.objectValue)
            #expect(animation.classHierarchy == ["CABasicAnimation", "CAPropertyAnimation", "CAAnimation", "NSObject"])
            #expect(try animation.array(forKey: "__CACodingContents")?.compactMap(\.stringValue) == ["beginTime", "keyPath", "toValue"])
            #expect(try animation.double(forKey: "toValue") == 0 && animation.string(forKey: "keyPath") == "opacity")
            // A valid property list for Foundation too.
            let plist = try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any]
            #expect(plist?["$archiver"] as? String == "NSKeyedArchiver")
        }

        @Test func filesAreWrittenAndRead() throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-\(UUID().uuidString).caar")
            defer { try? FileManager.default.removeItem(at: url) }
            let archive = AnimationArchive(rootLayer: Self.sampleTree(), documentSize: CGSize(width: 1, height: 2))
            try archive.write(to: url)
            let loaded = try AnimationArchive(contentsOf: url)
            #expect(treeDescription(loaded.rootLayer) == treeDescription(archive.rootLayer))
            #expect(loaded.documentSize == CGSize(width: 1, height: 2))

            let missing = url.appendingPathExtension("missing")
            #expect {
                try AnimationArchive(contentsOf: missing)
            } throws: { error in
                guard case .unreadableFile(let failed, _)? = error as? AnimationArchiveError else { return false }
                return failed == missing
            }
            let directory = URL(fileURLWithPath: "/nonexistent-tessera-dir/x.caar")
            #expect {
                try archive.write(to: directory)
            } throws: { error in
                guard case .unwritableFile? = error as? AnimationArchiveError else { return false }
                return true
            }
        }

        /// The README's example, on the fixture.
        @Test func readmeExample() throws {
            let source = try #require(Bundle.module.url(forResource: "Checkmark", withExtension: "caar", subdirectory: "Fixtures"))
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-\(UUID().uuidString).caar")
            defer { try? FileManager.default.removeItem(at: copy) }

            let archive = try AnimationArchive(contentsOf: source)
            let checkmark = archive.rootLayer
            #expect(archive.skipped.isEmpty)
            try AnimationArchive(rootLayer: checkmark, documentSize: archive.documentSize,
                                 geometryFlipped: archive.isGeometryFlipped).write(to: copy)

            let reread = try AnimationArchive(contentsOf: copy)
            #expect(reread.documentSize == CGSize(width: 400, height: 400) && reread.isGeometryFlipped)
            #expect(treeDescription(reread.rootLayer) == treeDescription(checkmark))
        }

        /// What the writer cannot archive is an error, not a silent loss.
        @Test func unencodableValuesAreErrors() {
            let root = CALayer()
            let strange = CABasicAnimation(keyPath: "opacity")
            strange.toValue = URL(fileURLWithPath: "/")
            strange.beginTime = 1
            root.add(strange, forKey: "strange")
            #expect(throws: AnimationArchiveError.unencodableValue(reason: "a value of type URL")) {
                try AnimationArchive(rootLayer: root).encoded()
            }

            let parent = CALayer(), child = CALayer()
            child.name = "Child"
            parent.addSublayer(child)
            parent.mask = child
            #expect(throws: AnimationArchiveError.unencodableValue(reason: "layer Child appears twice in the tree")) {
                try AnimationArchive(rootLayer: parent).encoded()
            }
        }
    }
}
