import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// CATransformLayer: a cube of six faces from several angles (each visible face at its
/// projected centre, no pixel of a hidden face), back-face culling, flattening by plain layers,
/// opacity per sublayer, archives.
@Suite struct TransformLayerTests {
    static let size = 200
    static let faceColors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255),
                                                       (255, 255, 0), (0, 255, 255), (255, 0, 255)]
    /// Each face: the cube's front face (z = +50) turned by a rotation about an axis.
    static let faceTurns: [(angle: CGFloat, x: CGFloat, y: CGFloat)] = [
        (0, 0, 1), (.pi / 2, 0, 1), (.pi, 0, 1), (-.pi / 2, 0, 1), (.pi / 2, 1, 0), (-.pi / 2, 1, 0),
    ]

    /// A root with perspective (eye 500 points away) holding a transform layer turned by
    /// `turn`, holding six 100-point faces in the order `order`.
    static func cube(turn: CATransform3D, order: [Int] = Array(0..<6), doubleSided: Bool = true)
        -> (root: CALayer, cube: CATransformLayer, faces: [CALayer]) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: CGFloat(size), height: CGFloat(size))
        root.position = CGPoint(x: CGFloat(size) / 2, y: CGFloat(size) / 2)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        root.sublayerTransform = perspective
        let cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        cube.position = CGPoint(x: 100, y: 100)
        cube.transform = turn
        root.addSublayer(cube)
        let faces = (0..<6).map { i -> CALayer in
            let face = CALayer()
            face.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            face.position = CGPoint(x: 50, y: 50)
            let (r, g, b) = faceColors[i]
            face.backgroundColor = CGColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: 1)
            let turn = faceTurns[i]
            face.transform = CATransform3DConcat(CATransform3DMakeTranslation(0, 0, 50),
                                                 CATransform3DMakeRotation(turn.angle, turn.x, turn.y, 0))
            face.isDoubleSided = doubleSided
            return face
        }
        for i in order { cube.addSublayer(faces[i]) }
        return (root, cube, faces)
    }

    static func render(_ root: CALayer, threads: Int = 1) throws -> Pixmap {
        let pixmap = try Pixmap(width: size, height: size)
        let renderer = LayerRenderer(threadCount: threads)
        renderer.render(root, at: 0, into: pixmap)
        return pixmap
    }

    /// Where a face's centre is seen, and whether the eye is on its outer side: computed from
    /// the layers' matrices (the eye at z = 500 above the root's centre, before the perspective).
    static func view(of face: CALayer, in cube: CATransformLayer, root: CALayer) -> (pixel: (Int, Int), visible: Bool) {
        let toRootBounds = CATransform3DConcat(LayerGeometry.toSuperlayer(face.properties, superlayer: cube.properties),
                                               LayerGeometry.toSuperlayerBounds(cube.properties))
        let (r1, r2, r3, r4) = toRootBounds.rows
        let centre = 50 * r1 + 50 * r2 + r4
        let normal = r3   // the face's z axis
        let eye = SIMD4<Double>(100, 100, 500, 1)
        let toEye = eye - centre
        let visible = normal.x * toEye.x + normal.y * toEye.y + normal.z * toEye.z > 0
        let seen = CATransform3DConcat(toRootBounds, LayerGeometry.sublayerSpace(of: root.properties)).projecting(CGPoint(x: 50, y: 50))
        return ((Int(seen.x.rounded(.down)), Int(seen.y.rounded(.down))), visible)
    }

    static let turns: [CATransform3D] = [
        CATransform3DIdentity,
        CATransform3DConcat(CATransform3DMakeRotation(0.6, 0, 1, 0), CATransform3DMakeRotation(0.5, 1, 0, 0)),
        CATransform3DConcat(CATransform3DMakeRotation(2.5, 0, 1, 0), CATransform3DMakeRotation(-0.4, 1, 0, 0)),
        CATransform3DConcat(CATransform3DMakeRotation(-0.8, 0, 1, 0), CATransform3DMakeRotation(1.2, 1, 0, 0)),
        CATransform3DConcat(CATransform3DMakeRotation(0.3, 0, 0, 1), CATransform3DMakeRotation(3.0, 1, 0, 0)),
    ]

    /// Every face is opaque and double-sided, so a face drawn out of depth order would cover
    /// a nearer one: each visible face shows at its centre, and no pixel has a hidden face's
    /// colour.
    @Test(arguments: turns.indices) func cubeShowsItsNearFacesOnly(turn: Int) throws {
        let (root, cube, faces) = Self.cube(turn: Self.turns[turn])
        let pixmap = try Self.render(root)
        var hidden: [(UInt8, UInt8, UInt8)] = []
        var visibleCount = 0
        for (i, face) in faces.enumerated() {
            let (pixel, visible) = Self.view(of: face, in: cube, root: root)
            let (r, g, b) = Self.faceColors[i]
            guard visible else { hidden.append((r, g, b)); continue }
            visibleCount += 1
            let p = pixmap[pixel.0, pixel.1]
            #expect((p.r, p.g, p.b, p.a) == (r, g, b, 255), "face \(i) at \(pixel)")
        }
        #expect((1...3).contains(visibleCount))
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                let p = pixmap[x, y]
                #expect(!hidden.contains { $0 == (p.r, p.g, p.b) && p.a == 255 }, "hidden face's colour at (\(x), \(y))")
            }
        }
    }

    /// Whether `a` and `b` differ only at anti-aliased edges: where a pixel differs, `a` is
    /// not uniform about it (faces meeting there are blended in drawing order, and a culled
    /// face no longer shows through a seam).
    static func differOnlyAtEdges(_ a: Pixmap, _ b: Pixmap) -> Bool {
        for y in 1..<size - 1 {
            for x in 1..<size - 1 where a[x, y] != b[x, y] {
                let around = (-1...1).flatMap { dy in (-1...1).map { dx in a[x + dx, y + dy] } }
                if around.allSatisfy({ $0 == a[x, y] }) { return false }
            }
        }
        return true
    }

    /// The order of the faces in the tree does not matter: depth does (up to the blending of
    /// the seams where faces meet, drawn in the order the tree breaks ties in).
    @Test func treeOrderDoesNotMatter() throws {
        let turn = Self.turns[1]
        let reference = try Self.render(Self.cube(turn: turn).root)
        for order in [[5, 4, 3, 2, 1, 0], [2, 0, 4, 1, 5, 3]] {
            #expect(Self.differOnlyAtEdges(reference, try Self.render(Self.cube(turn: turn, order: order).root)), "\(order)")
        }
        #expect(try Self.render(Self.cube(turn: turn).root, threads: 2).bytes == reference.bytes)
    }

    /// Single-sided faces that face away are not drawn; those that face the eye are, as before.
    @Test func backFacesAreCulled() throws {
        let turn = Self.turns[2]
        let both = try Self.render(Self.cube(turn: turn).root)
        #expect(Self.differOnlyAtEdges(both, try Self.render(Self.cube(turn: turn, doubleSided: false).root)),
                "a closed cube looks the same without its back faces")
        // The front face alone, turned away: nothing with isDoubleSided false.
        let (root, cube, faces) = Self.cube(turn: CATransform3DMakeRotation(.pi, 0, 1, 0), doubleSided: false)
        for face in faces.dropFirst() { face.removeFromSuperlayer() }
        #expect(Self.view(of: faces[0], in: cube, root: root).visible == false)
        #expect(try Self.render(root).bytes.allSatisfy { $0 == 0 })
        faces[0].isDoubleSided = true
        let seen = try Self.render(root)
        #expect(seen[100, 100] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255), "its back drawn when double-sided")
    }

    /// A card flip without a transform layer: the card's two sides as two single-sided layers
    /// of a plain layer, the back one turned 180° about y; whichever faces the eye is drawn.
    @Test func cardFlipShowsOneSide() throws {
        func render(turn: CGFloat) throws -> PremultipliedRGBA8 {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 500
            root.sublayerTransform = perspective
            for (side, color) in [(CGFloat(0), CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
                                  (.pi, CGColor(red: 0, green: 0, blue: 1, alpha: 1))] {
                let layer = CALayer()
                layer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
                layer.backgroundColor = color
                layer.isDoubleSided = false
                layer.transform = CATransform3DMakeRotation(side + turn, 0, 1, 0)
                root.addSublayer(layer)
            }
            return try Self.render(root)[100, 100]
        }
        #expect(try render(turn: 0.3) == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(try render(turn: 2.8) == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(try render(turn: -2.0) == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    /// A plain layer flattens its sublayers into its plane; a transform layer does not. Turned
    /// 60° about y without perspective, a sublayer 40 points above the plane is seen at the
    /// parent's centre when flattened, and 40 · sin 60° ≈ 34.6 points aside when not.
    @Test func plainLayersFlattenTransformLayersDoNot() throws {
        func scene(parent: CALayer) -> CALayer {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            parent.position = CGPoint(x: 100, y: 100)
            parent.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            let child = CALayer()
            child.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            child.position = CGPoint(x: 50, y: 50)
            child.zPosition = 40
            child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            parent.addSublayer(child)
            root.addSublayer(parent)
            return root
        }
        let flat = try Self.render(scene(parent: CALayer()))
        #expect(flat[100, 100].a == 255)
        let deep = try Self.render(scene(parent: CATransformLayer()))
        #expect(deep[100, 100].a == 0)
        let aside = 40 * sin(Double.pi / 3)
        let seenAt = [Int((100 + aside).rounded(.down)), Int((100 - aside).rounded(.down))]
        #expect(seenAt.contains { deep[$0, 100].a == 255 }, "the sublayer about 34.6 points to one side")
    }

    /// A transform layer's opacity applies to each sublayer: two overlapping halves-opaque
    /// sublayers show each other (alpha 1 − ½·½ = ¾ where they overlap), unlike a group (½).
    @Test func opacityAppliesToEachSublayer() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let holder = CATransformLayer()
        holder.frame = root.bounds
        holder.opacity = 0.5
        holder.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)   // not drawn
        for x in [20.0, 40.0] {
            let square = CALayer()
            square.frame = CGRect(x: x, y: 20, width: 40, height: 40)
            square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            holder.addSublayer(square)
        }
        root.addSublayer(holder)
        let pixmap = try Self.render(root)
        #expect(pixmap[30, 30].a == 128 && pixmap[30, 30].g == 0)
        #expect(abs(Double(pixmap[50, 30].a) - 255 * 0.75) <= 1)
        #expect(pixmap[10, 10].a == 0, "no background")
    }

    @Test func planesThatCutThroughEachOtherAreUnordered() {
        let flat = PlaneDepthOrder.Plane(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), toSpace: CATransform3DIdentity)
        // Turned about its vertical middle line: half in front of the flat plane, half behind.
        let aboutMiddle = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-50, 0, 0),
                                                                  CATransform3DMakeRotation(0.5, 0, 1, 0)),
                                              CATransform3DMakeTranslation(50, 0, 0))
        let crossing = PlaneDepthOrder.Plane(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), toSpace: aboutMiddle)
        let above = PlaneDepthOrder.Plane(bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
                                          toSpace: CATransform3DMakeTranslation(10, 10, 5))
        #expect(PlaneDepthOrder.order(flat, crossing) == nil)
        #expect(PlaneDepthOrder.order(flat, above) == true)
        #expect(PlaneDepthOrder.order(above, flat) == false)
        // A floor tilted away and a small card just in front of its far end: the card's centre
        // is farther than the floor's, yet the floor lies wholly behind the card's plane and the
        // card wholly in front of the floor's: the floor is drawn first.
        let tilt = CATransform3DMakeRotation(1.0, 1, 0, 0)
        let floor = PlaneDepthOrder.Plane(bounds: CGRect(x: -200, y: -200, width: 400, height: 400), toSpace: tilt)
        let farEnd = [PlaneDepthOrder.project(SIMD3(0, 150, 0), tilt)!, PlaneDepthOrder.project(SIMD3(0, -150, 0), tilt)!]
            .min { $0.z < $1.z }!
        let card = PlaneDepthOrder.Plane(bounds: CGRect(x: -20, y: -20, width: 40, height: 40),
                                         toSpace: CATransform3DMakeTranslation(farEnd.x, farEnd.y, farEnd.z + 40))
        #expect(card.depth < floor.depth)
        #expect(PlaneDepthOrder.backToFront([card, floor]) == [1, 0])
    }

    @Test func archivesKeepTransformLayersAndDoubleSidedness() throws {
        let (root, _, faces) = Self.cube(turn: Self.turns[1])
        faces[2].isDoubleSided = false
        let data = try SceneDocument(rootLayer: root).archiveData()
        let loaded = try SceneDocument(archiveData: data)
        let cube = try #require(loaded.rootLayer.sublayers?.first)
        #expect(cube is CATransformLayer)
        #expect(cube.sublayers?.map(\.isDoubleSided) == [true, true, false, true, true, true])
        #expect(loaded.skipped.isEmpty, "\(loaded.skipped)")
        #expect(try Self.render(loaded.rootLayer).bytes == Self.render(root).bytes)
    }
}
