import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster
import TesseraTestSupport

/// CAPortalLayer: each match flag measured on pixels, hiding the source, an animated source,
/// the portal's own group and clip, cycles (drawn in bounded time, reported by archives),
/// archives, and the same bytes at any thread count.
@Suite struct PortalLayerTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let opaqueRed = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let clear = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)

    /// A 100 × 100 root holding a red 20 × 20 source whose frame is at (50, 50), turned by
    /// `turn` about its centre, and a 40 × 40 portal at (0, 0) showing it.
    static func scene(turn: CGFloat = 0) -> (root: CALayer, source: CALayer, portal: CAPortalLayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let source = CALayer()
        source.name = "Source"
        source.frame = CGRect(x: 50, y: 50, width: 20, height: 20)
        source.backgroundColor = red
        source.transform = CATransform3DMakeRotation(turn, 0, 0, 1)
        let portal = CAPortalLayer()
        portal.name = "Portal"
        portal.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        portal.sourceLayer = source
        root.addSublayer(source)
        root.addSublayer(portal)
        return (root, source, portal)
    }

    static func render(_ root: CALayer, at t: CFTimeInterval = 0, threads: Int = 1, size: Int = 100) throws -> Pixmap {
        let pixmap = try Pixmap(width: size, height: size)
        LayerRenderer(threadCount: threads).render(root, at: t, into: pixmap)
        return pixmap
    }

    @Test func withoutMatchingPositionTheSourceSitsAtThePortalsOrigin() throws {
        let (root, _, portal) = Self.scene()
        portal.hidesSourceLayer = true
        let pixmap = try Self.render(root)
        #expect(pixmap[1, 1] == Self.opaqueRed && pixmap[18, 18] == Self.opaqueRed)
        #expect(pixmap[21, 10] == Self.clear)
        #expect(pixmap[55, 55] == Self.clear, "the source is hidden at its own place")
    }

    @Test func matchingPositionDrawsTheSourceWhereTheTreeDrawsIt() throws {
        let (root, _, portal) = Self.scene()
        portal.hidesSourceLayer = true
        portal.matchesPosition = true
        // Wherever the portal is.
        portal.position = CGPoint(x: 30, y: 25)
        let pixmap = try Self.render(root)
        #expect(pixmap[51, 51] == Self.opaqueRed && pixmap[68, 68] == Self.opaqueRed)
        #expect(pixmap[15, 10] == Self.clear && pixmap[30, 25] == Self.clear)
    }

    /// Under a scaled, moved and flipped container, the source is where the tree draws it.
    @Test func matchingPositionFollowsTheSourcesSuperlayers() throws {
        let (root, source, portal) = Self.scene(turn: .pi / 6)
        let container = CALayer()
        container.frame = CGRect(x: 10, y: 5, width: 60, height: 60)
        container.sublayerTransform = CATransform3DMakeScale(0.5, 0.75, 1)
        container.isGeometryFlipped = true
        container.addSublayer(source)
        root.insertSublayer(container, at: 0)
        portal.matchesPosition = true
        portal.matchesTransform = true
        portal.hidesSourceLayer = true
        let inPlace = try Self.render(root)
        #expect(inPlace[55, 55].a == 0 && inPlace.bytes.contains { $0 != 0 })
        // The portal draws the source exactly where the tree would.
        portal.removeFromSuperlayer()
        #expect(try Self.render(root).bytes == inPlace.bytes)
    }

    @Test func matchingTheTransformTurnsTheSourceAboutItsAnchor() throws {
        let (root, _, portal) = Self.scene(turn: .pi / 4)
        portal.hidesSourceLayer = true
        let square = try Self.render(root)
        #expect(square[1, 1] == Self.opaqueRed && square[21, 10] == Self.clear)
        portal.matchesTransform = true
        // A diamond about (10, 10), reaching 14.1 along the axes.
        let diamond = try Self.render(root)
        #expect(diamond[1, 1] == Self.clear && diamond[21, 10] == Self.opaqueRed && diamond[10, 21] == Self.opaqueRed)
    }

    @Test func matchingOpacityTakesTheSourcesOpacity() throws {
        let (root, source, portal) = Self.scene()
        source.opacity = 0.5
        #expect(try Self.render(root)[10, 10].a == 255, "drawn at opacity 1")
        portal.matchesOpacity = true
        #expect(abs(Int(try Self.render(root)[10, 10].a) - 128) <= 1)
        // The portal's own opacity applies either way.
        portal.opacity = 0.5
        #expect(abs(Int(try Self.render(root)[10, 10].a) - 64) <= 1)
        portal.matchesOpacity = false
        #expect(abs(Int(try Self.render(root)[10, 10].a) - 128) <= 1)
    }

    @Test func hidingTheSourceHidesItsOwnPlaceOnly() throws {
        let (root, _, portal) = Self.scene()
        let shown = try Self.render(root)
        #expect(shown[55, 55] == Self.opaqueRed && shown[10, 10] == Self.opaqueRed)
        portal.hidesSourceLayer = true
        let hidden = try Self.render(root)
        #expect(hidden[55, 55] == Self.clear && hidden[10, 10] == Self.opaqueRed)
        // Out of the tree, the portal hides nothing.
        portal.removeFromSuperlayer()
        #expect(try Self.render(root)[55, 55] == Self.opaqueRed)
    }

    /// The source comes after the portal's background and before its sublayers, inside its
    /// clip.
    @Test func theSourceLiesBetweenThePortalsBackgroundAndSublayers() throws {
        let (root, _, portal) = Self.scene()
        portal.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let cover = CALayer()
        cover.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
        cover.backgroundColor = Self.blue
        portal.addSublayer(cover)
        portal.bounds.size = CGSize(width: 15, height: 30)
        portal.position = CGPoint(x: 7.5, y: 15)
        portal.masksToBounds = true
        let pixmap = try Self.render(root)
        #expect(pixmap[2, 2] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(pixmap[10, 10] == Self.opaqueRed)
        #expect(pixmap[10, 25] == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
        #expect(pixmap[17, 10] == Self.clear, "clipped to the portal's bounds")
    }

    /// The source as presented at the time rendered: its animated colour and position.
    @Test func anAnimatedSourceIsShownAnimated() throws {
        let (root, source, portal) = Self.scene()
        portal.hidesSourceLayer = true
        portal.matchesPosition = true
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 60
        move.toValue = 80
        move.duration = 1
        move.beginTime = 1e-6
        source.add(move, forKey: "move")
        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = Self.red
        fade.toValue = Self.blue
        fade.duration = 1
        fade.beginTime = 1e-6
        source.add(fade, forKey: "fade")
        let half = try Self.render(root, at: 0.5)
        // At 0.5: centred at x = 70, half way from red to blue.
        #expect(half[59, 60] == Self.clear && half[61, 60].a == 255 && half[78, 60].a == 255)
        #expect(abs(Int(half[70, 60].r) - 128) <= 2 && abs(Int(half[70, 60].b) - 128) <= 2)
        let later = try Self.render(root, at: 0.9)
        #expect(later[65, 60] == Self.clear && later[85, 60].b > 220 && later[85, 60].r < 35)
    }

    /// A portal inside a blurred layer (drawn apart, on a canvas moved by the blur's reach)
    /// still places a matching source where the tree draws it.
    @Test func matchingPositionInsideABlurredLayer() throws {
        let (root, _, portal) = Self.scene()
        portal.hidesSourceLayer = true
        portal.matchesPosition = true
        let blurred = CALayer()
        blurred.frame = root.bounds
        let blur = CAFilter(type: "gaussianBlur")
        blur.setValue(1, forKey: "inputRadius")
        blurred.filters = [blur]
        portal.removeFromSuperlayer()
        blurred.addSublayer(portal)
        root.addSublayer(blurred)
        let pixmap = try Self.render(root)
        #expect(pixmap[60, 60].r > 250 && pixmap[60, 60].a > 250)
        #expect(pixmap[10, 10] == Self.clear && pixmap[45, 60].a < 5)
    }

    // MARK: Cycles

    /// A portal showing itself, one inside its source, and two showing each other's ancestors:
    /// each draws nothing, in bounded time; the tree's shape names them.
    @Test(arguments: [CycleCase.itself, .insideItsSource, .eachOthersAncestors])
    func portalsThatWouldShowThemselvesDrawNothing(_ cycle: CycleCase) throws {
        let (root, portals) = cycle.tree()
        let cut = root.evaluationPlan.shape.portals.cycles.map { root.evaluationPlan.layer(at: Int($0)) }
        #expect(cut.map(\.name) == portals.map(\.name))
        let pixmap = try Self.render(root)
        // Only the layers' own backgrounds: the source's red is drawn once, at its place.
        #expect(pixmap.bytes == (try Self.render(cycle.tree(portalsWithoutSources: true).root)).bytes)
    }

    enum CycleCase: Sendable {
        case itself, insideItsSource, eachOthersAncestors

        /// The tree, and the portals that would show themselves, in tree order.
        func tree(portalsWithoutSources: Bool = false) -> (root: CALayer, portals: [CAPortalLayer]) {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            func box(_ name: String, _ frame: CGRect, in superlayer: CALayer) -> CALayer {
                let layer = CALayer()
                layer.name = name
                layer.frame = frame
                layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
                superlayer.addSublayer(layer)
                return layer
            }
            func portal(_ name: String, in superlayer: CALayer, showing source: CALayer?) -> CAPortalLayer {
                let portal = CAPortalLayer()
                portal.name = name
                portal.frame = CGRect(x: 5, y: 5, width: 30, height: 30)
                portal.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.25)
                portal.hidesSourceLayer = true
                superlayer.addSublayer(portal)
                portal.sourceLayer = portalsWithoutSources ? nil : source ?? portal
                return portal
            }
            switch self {
            case .itself:
                return (root, [portal("P", in: root, showing: nil)])
            case .insideItsSource:
                let a = box("A", CGRect(x: 10, y: 10, width: 40, height: 40), in: root)
                return (root, [portal("P", in: a, showing: a)])
            case .eachOthersAncestors:
                let a1 = box("A1", CGRect(x: 0, y: 0, width: 50, height: 50), in: root)
                let a2 = box("A2", CGRect(x: 50, y: 50, width: 50, height: 50), in: root)
                let p1 = portal("P1", in: a1, showing: a2)
                return (root, [p1, portal("P2", in: a2, showing: a1)])
            }
        }
    }

    /// A chain of portals that does not come back draws every level; a portal that shows a
    /// source holding a cycle draws it, the cycle's portals drawing nothing there either.
    @Test func chainsWithoutCyclesDrawEveryLevel() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let leaf = CALayer()
        leaf.frame = CGRect(x: 80, y: 80, width: 10, height: 10)
        leaf.backgroundColor = Self.red
        let middle = CALayer()
        middle.frame = CGRect(x: 40, y: 0, width: 40, height: 40)
        let inner = CAPortalLayer()
        inner.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        inner.sourceLayer = leaf
        middle.addSublayer(inner)
        let outer = CAPortalLayer()
        outer.frame = CGRect(x: 0, y: 60, width: 40, height: 40)
        outer.sourceLayer = middle
        let looping = CAPortalLayer()
        looping.frame = CGRect(x: 20, y: 20, width: 10, height: 10)
        looping.sourceLayer = middle
        middle.addSublayer(looping)
        for layer in [leaf, middle, outer] { root.addSublayer(layer) }
        let cut = root.evaluationPlan.shape.portals.cycles.map { root.evaluationPlan.layer(at: Int($0)) }
        #expect(cut.count == 1 && cut.first === looping)
        let pixmap = try Self.render(root)
        #expect(pixmap[85, 85] == Self.opaqueRed, "the leaf")
        #expect(pixmap[45, 5] == Self.opaqueRed, "through the inner portal")
        #expect(pixmap[5, 65] == Self.opaqueRed, "through the outer portal, then the inner one")
    }

    /// Thirty portals, each inside the container all of them show: every one is cut, at once.
    @Test func manyPortalsShowingTheirCommonAncestorAreCutQuickly() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        var parent = root
        var portals: [CAPortalLayer] = []
        for _ in 0..<30 {
            let portal = CAPortalLayer()
            portal.frame = CGRect(x: 1, y: 1, width: 90, height: 90)
            portal.sourceLayer = root
            portal.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.1)
            parent.addSublayer(portal)
            portals.append(portal)
            parent = portal
        }
        #expect(root.evaluationPlan.shape.portals.cycles.count == 30)
        _ = try Self.render(root)
    }

    @Test func archivesReportPortalsThatWouldShowThemselves() throws {
        for cycle in [CycleCase.itself, .insideItsSource, .eachOthersAncestors] {
            let (root, portals) = cycle.tree()
            let loaded = try SceneDocument(archiveData: try SceneDocument(rootLayer: root).archiveData())
            #expect(loaded.skipped.map(\.reason) == portals.map { _ in .portalCycle }, "\(cycle)")
            #expect(loaded.skipped.allSatisfy { $0.className == "CAPortalLayer" && $0.key == "sourceLayer" })
            #expect(loaded.skipped.first?.description.contains("portal cycle") == true)
            #expect(loaded.skipped.first?.severity == .contentLost)
            // Kept with their sources, so that they are written back as they were.
            #expect(try Self.render(loaded.rootLayer).bytes == Self.render(root).bytes)
        }
    }

    // MARK: Archives

    /// Every key, with sources written before, after and around the portals that show them.
    @Test func archivesKeepPortals() throws {
        let (root, source, portal) = Self.scene(turn: .pi / 5)
        portal.hidesSourceLayer = true
        portal.matchesOpacity = true
        portal.matchesPosition = true
        portal.matchesTransform = true
        source.opacity = 0.75
        let earlier = CAPortalLayer()
        earlier.name = "Earlier"
        earlier.frame = CGRect(x: 0, y: 60, width: 30, height: 30)
        earlier.sourceLayer = portal   // written after it
        root.insertSublayer(earlier, at: 0)
        let wrapper = CALayer()
        wrapper.name = "Wrapper"
        wrapper.frame = CGRect(x: 60, y: 0, width: 40, height: 40)
        let shown = CALayer()
        shown.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        shown.backgroundColor = Self.blue
        wrapper.addSublayer(shown)
        let outside = CAPortalLayer()
        outside.name = "Outside"
        let stray = CALayer()
        outside.sourceLayer = stray   // not in the tree: not written
        wrapper.addSublayer(outside)
        root.addSublayer(wrapper)

        let written = try withExtendedLifetime(stray) { try SceneDocument(rootLayer: root).archiveData() }
        let loaded = try SceneDocument(archiveData: written)
        #expect(loaded.skipped.isEmpty, "\(loaded.skipped)")
        let layers = try #require(loaded.rootLayer.sublayers)
        let copy = try #require(layers[2] as? CAPortalLayer)
        #expect(copy.hidesSourceLayer && copy.matchesOpacity && copy.matchesPosition && copy.matchesTransform)
        #expect(copy.sourceLayer === layers[1] && layers[1].name == "Source")
        #expect((layers[0] as? CAPortalLayer)?.sourceLayer === copy)
        #expect((layers[3].sublayers?[1] as? CAPortalLayer)?.sourceLayer == nil)
        #expect(try Self.render(loaded.rootLayer).bytes == Self.render(root).bytes)
        #expect(try loaded.archiveData() == written, "written back to the same bytes")
        #expect(CAPortalLayer(layer: copy).sourceLayer === layers[1])
    }

    /// A `sourceLayer` that is not a layer of the tree (a layer placed nowhere, a colour) is
    /// left out and reported; on a plain layer the key is unsupported.
    @Test func sourcesThatAreNotLayersOfTheTreeAreReported() throws {
        typealias Builder = ArchiveTests.Builder
        let portalClass = ArchiveClass("CAPortalLayer", superclasses: ["CALayer", "NSObject"])
        var b = Builder()
        let stray = try b.object(Builder.layer, [("name", .string("Stray"))])
        let color = try b.object(Builder.colorProxy, [("r", .real(1)), ("a", .real(1))])
        let toStray = try b.object(portalClass, [("name", .string("A")), ("sourceLayer", stray)])
        let toColor = try b.object(portalClass, [("name", .string("B")), ("sourceLayer", color), ("matchesOpacity", .bool(true))])
        let toNumber = try b.object(portalClass, [("name", .string("C")), ("sourceLayer", .integer(3))])
        let plain = try b.object(Builder.layer, [("name", .string("D")), ("sourceLayer", toStray)])
        let root = try b.object(Builder.layer, [("name", .string("Root")), ("sublayers", try b.array([toStray, toColor, toNumber, plain]))])
        let loaded = try SceneDocument(archiveData: try b.document(root))
        let missing = SkippedFeature.Reason.unsupportedValue("a source that is not a layer of the tree")
        #expect(loaded.skipped == [
            .init(layer: "Root/D", className: "CALayer", key: "sourceLayer", reason: .unsupportedKey),
            .init(layer: "Root/A", className: "CAPortalLayer", key: "sourceLayer", reason: missing),
            .init(layer: "Root/B", className: "CAPortalLayer", key: "sourceLayer", reason: missing),
            .init(layer: "Root/C", className: "CAPortalLayer", key: "sourceLayer", reason: missing),
        ])
        let portals = loaded.rootLayer.sublayers?.prefix(3).compactMap { $0 as? CAPortalLayer } ?? []
        #expect(portals.count == 3 && portals.allSatisfy { $0.sourceLayer == nil })
        #expect(portals[1].matchesOpacity)
    }

    @Test func presentationCopiesShowTheCopiedSource() throws {
        let (root, source, portal) = Self.scene()
        portal.matchesTransform = true
        let copy = try #require(root.presentation())
        let copies = try #require(copy.sublayers)
        #expect((copies[1] as? CAPortalLayer)?.sourceLayer === copies[0] && copies[0] !== source)
        #expect((copies[1] as? CAPortalLayer)?.matchesTransform == true)
    }

    // MARK: Threads

    /// A tree large enough to be recorded in parallel, with portals in every run showing
    /// sources in others, and hiding some: the same bytes at 1, 2 and 4 threads.
    @Test func theSameBytesAtAnyThreadCount() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        var sources: [CALayer] = []
        for i in 0..<300 {
            let layer = CALayer()
            layer.frame = CGRect(x: Double(i % 20) * 5, y: Double(i / 20) * 5, width: 4, height: 4)
            layer.backgroundColor = CGColor(red: Double(i % 7) / 6, green: Double(i % 5) / 4, blue: 0.5, alpha: 0.75)
            layer.transform = CATransform3DMakeRotation(Double(i) / 10, 0, 0, 1)
            layer.opacity = 0.8
            root.addSublayer(layer)
            sources.append(layer)
        }
        for i in 0..<300 {
            let portal = CAPortalLayer()
            portal.frame = CGRect(x: Double(i % 17) * 6, y: Double(i / 17) * 5, width: 3, height: 6)
            portal.sourceLayer = sources[(i * 37) % 300]
            portal.matchesPosition = i % 3 == 0
            portal.matchesTransform = i % 2 == 0
            portal.matchesOpacity = i % 5 == 0
            portal.hidesSourceLayer = i % 11 == 0
            root.addSublayer(portal)
        }
        let one = try Self.render(root)
        for threads in [2, 4] { #expect(try Self.render(root, threads: threads).bytes == one.bytes, "\(threads) threads") }
    }
}
