import Foundation
import GoldenSupport
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// Large trees are evaluated and recorded on several threads (the root's sublayers in runs,
/// spliced in order): the frame is the one a single thread makes, byte for byte, shadows, masks,
/// clips, group opacity and replicators included.
@Suite struct ParallelRecordingTests {
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// 24 cards, each a different mix of what a layer can draw, with 25 shapes each: over 600
    /// layers in all (past ParallelSublayerRecording's threshold).
    static func tree() -> CALayer {
        let root = LayerRendererTests.root(96, background: CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1))
        for tile in 0..<24 {
            let card = CALayer()
            card.frame = CGRect(x: 16 * Double(tile % 6), y: 24 * Double(tile / 6), width: 15, height: 22)
            card.backgroundColor = CGColor(red: 0.3, green: 0.2 + 0.02 * Double(tile), blue: 0.4, alpha: 1)
            card.cornerRadius = 3
            card.masksToBounds = tile % 2 == 0
            card.opacity = tile % 3 == 0 ? 0.7 : 1
            if tile % 4 == 1 {
                card.shadowOpacity = 0.8
                card.shadowRadius = 2
                card.shadowOffset = CGSize(width: 1, height: 2)
            }
            if tile % 5 == 2 {
                let mask = CALayer()
                mask.frame = CGRect(x: 2, y: 2, width: 11, height: 18)
                mask.cornerRadius = 5
                mask.backgroundColor = white
                card.mask = mask
            }
            for cell in 0..<25 {
                let shape = CAShapeLayer()
                shape.frame = CGRect(x: Double(cell % 5) * 3, y: Double(cell / 5) * 4, width: 3, height: 3)
                shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 3, height: 3), transform: nil)
                shape.fillColor = CGColor(red: Double(cell) / 25, green: 0.8, blue: 0.3, alpha: 0.9)
                shape.strokeColor = white
                shape.lineWidth = 0.5
                shape.lineDashPattern = cell % 3 == 0 ? [1, 0.5] : nil
                shape.transform = CATransform3DMakeRotation(Double(cell) * 0.3, 0, 0, 1)
                card.addSublayer(shape)
            }
            if tile % 6 == 3 {
                let replicator = CAReplicatorLayer()
                replicator.frame = CGRect(x: 0, y: 0, width: 15, height: 22)
                replicator.instanceCount = 4
                replicator.instanceTransform = CATransform3DMakeTranslation(3, 4, 0)
                replicator.instanceRedOffset = -0.2
                let dot = CALayer()
                dot.frame = CGRect(x: 1, y: 1, width: 2, height: 2)
                dot.backgroundColor = white
                dot.shadowOpacity = 1
                dot.shadowRadius = 1
                replicator.addSublayer(dot)
                card.addSublayer(replicator)
            }
            root.addSublayer(card)
        }
        return root
    }

    @Test func sameBytesAsOneThread() throws {
        let root = Self.tree()
        let one = try LayerRendererTests.render(root, size: 192, scale: 2, threads: 1)
        for threads in [2, 3, 8] {
            let many = try LayerRendererTests.render(root, size: 192, scale: 2, threads: threads)
            #expect(GoldenImageStore.difference(one, many)?.pixelCount == 0, "\(threads) threads")
        }
        // The shadows were drawn: card 1's falls 2 points below it (into the gap under it,
        // 1 point below its bottom edge), darker than the background (26, 26, 51) left bare
        // under the first card of the last row.
        #expect(one[4, 191] == PremultipliedRGBA8(r: 26, g: 26, b: 51, a: 255))
        #expect(one[46, 46].b < 40)
    }

    /// A root whose only sublayer holds the tree (a container, itself in a clipped, faded
    /// wrapper) hands the recording in parallel down to it: the same bytes as one thread.
    @Test func containerUnderTheRootSameBytesAsOneThread() throws {
        let root = LayerRendererTests.root(96, background: CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1))
        let wrapper = CALayer()
        wrapper.frame = CGRect(x: 2, y: 2, width: 92, height: 92)
        wrapper.masksToBounds = true
        wrapper.cornerRadius = 8
        wrapper.opacity = 0.8
        let container = Self.tree()
        container.frame = CGRect(x: 0, y: 0, width: 96, height: 96)
        for (i, card) in (container.sublayers ?? []).enumerated() where i % 4 == 2 {
            let blur = CAFilter(type: "gaussianBlur")
            blur.setValue(1.5, forKey: "inputRadius")
            card.filters = [blur]
        }
        wrapper.addSublayer(container)
        root.addSublayer(wrapper)
        let one = try LayerRendererTests.render(root, size: 192, scale: 2, threads: 1)
        for threads in [2, 8] {
            let many = try LayerRendererTests.render(root, size: 192, scale: 2, threads: threads)
            #expect(GoldenImageStore.difference(one, many)?.pixelCount == 0, "\(threads) threads")
        }
        #expect(one[100, 100] != PremultipliedRGBA8(r: 26, g: 26, b: 51, a: 255), "the container is drawn")
    }

    /// Only sublayers costly enough, on more than one thread, are recorded in parallel: many
    /// plain layers, or a few that cost more each (text laid out, blurred layers drawn apart).
    @Test func recordsInParallelOnlyWhenItPays() throws {
        let large = Self.tree().presentation(at: 0)
        let small = LayerRendererTests.scene().presentation(at: 0)
        let texts = Self.flatTree(30) { _ in
            let text = CATextLayer()
            text.string = "text"
            return text
        }.presentation(at: 0)
        let plain = Self.flatTree(30) { _ in CALayer() }.presentation(at: 0)
        let blurred = Self.flatTree(2) { _ in
            let layer = CALayer()
            let blur = CAFilter(type: "gaussianBlur")
            blur.setValue(4, forKey: "inputRadius")
            layer.filters = [blur]
            return layer
        }.presentation(at: 0)
        #expect(large.tree.count > 600)
        typealias Recording = ParallelSublayerRecording
        #expect(Recording.segments(of: Self.sublayers(large), threadCount: 1) == nil)
        #expect(Recording.segments(of: Self.sublayers(large), threadCount: 2) == [.parallel(0..<24)])
        #expect(Recording.segments(of: Self.sublayers(small), threadCount: 2) == nil)
        #expect(Recording.segments(of: Self.sublayers(texts), threadCount: 2) == [.parallel(0..<30)])
        #expect(Recording.segments(of: Self.sublayers(plain), threadCount: 2) == nil)
        #expect(Recording.segments(of: Self.sublayers(blurred), threadCount: 2) == [.parallel(0..<2)])
    }

    /// Sublayers are cut into runs of about equal cost: a costly sublayer has a run to itself.
    @Test func runsShareTheCost() throws {
        let tree = Self.flatTree(40) { i in
            let layer = i == 5 ? CATextLayer() : CALayer()
            if i % 10 == 9 { layer.shadowOpacity = 1 }
            return layer
        }.presentation(at: 0)
        let sublayers = Self.sublayers(tree)
        let starts = ParallelSublayerRecording.runStarts(sublayers[...], runs: 4)
        #expect(starts.first == 0 && starts.last == 40 && starts.count == 5)
        // Costs: 1 each, 41 for the text layer, 501 for each layer with a shadow (9, 19, 29, 39).
        #expect(starts == [0, 10, 20, 30, 40])
        #expect(ParallelSublayerRecording.runStarts(sublayers[10..<20], runs: 3) == [10, 19, 20, 20])
    }

    /// Runs are handed out costliest first, runs of equal cost in drawing order.
    @Test func costlyRunsAreTakenFirst() throws {
        let tree = Self.flatTree(10) { i in i == 7 ? CATextLayer() : CALayer() }.presentation(at: 0)
        let sublayers = Self.sublayers(tree)
        // Costs 1, 2, 4 + 41 (with the text layer), 2.
        #expect(ParallelSublayerRecording.costliestFirst(sublayers[...], starts: [0, 1, 3, 8, 10]) == [2, 1, 3, 0])
        #expect(ParallelSublayerRecording.costliestFirst(sublayers[...], starts: [0, 2, 4, 6]) == [0, 1, 2])
    }

    static func sublayers(_ node: LayerSnapshot) -> [LayerTreeDrawing.Sublayer] {
        node.sublayers.map { LayerTreeDrawing.Sublayer(node: PresentedLayer($0), transform: CATransform3DIdentity, tint: .one) }
    }

    /// A root with `count` sublayers made by `make`, each 4 × 4 in a row.
    static func flatTree(_ count: Int, _ make: (Int) -> CALayer) -> CALayer {
        let root = LayerRendererTests.root(64)
        for i in 0..<count {
            let layer = make(i)
            layer.frame = CGRect(x: Double(i % 16) * 4, y: Double(i / 16) * 4, width: 4, height: 4)
            layer.backgroundColor = white
            root.addSublayer(layer)
        }
        return root
    }

    /// Evaluated in chunks on several threads, every layer's presented properties are the ones
    /// one thread gives.
    @Test func evaluationDoesNotDependOnThreads() throws {
        let root = Self.tree()
        for (index, card) in (root.sublayers ?? []).enumerated() {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1.0
            fade.toValue = 0.2
            fade.duration = 1 + Double(index) / 10
            fade.beginTime = 1e-6   // the start of the timeline (0 would mean "now")
            card.add(fade, forKey: "fade")
        }
        let one = root.presentation(at: 0.5, threadCount: 1).tree
        let many = root.presentation(at: 0.5, threadCount: 4).tree
        #expect(one.count == many.count)
        #expect(one.properties.map(\.opacity) == many.properties.map(\.opacity))
        #expect(one.properties.map(\.position) == many.properties.map(\.position))
        #expect(Set(one.properties.map(\.opacity)).count > 10)
    }
}
