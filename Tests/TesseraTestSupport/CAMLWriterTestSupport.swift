import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// The parent of the CAML writer's suites (trees written as CAML and read back, in
/// TesseraCAMLTests), and the namespace of their helpers.
package enum CAMLWriterTests {
    /// `archive` written as CAML (no bundle) and read back, with the text written.
    package static func reread(_ archive: SceneDocument) throws -> (archive: SceneDocument, text: String) {
        let data = try archive.camlData()
        return (try SceneDocument(camlData: data), String(decoding: data, as: UTF8.self))
    }

    /// `text` read as CAML, written, read again and written again: the two trees and their states
    /// must be the same, property by property, nothing skipped reading what was written (what
    /// reading `text` skipped is not written), and the second text the first.
    package static func expectStableRoundTrip(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let original = try SceneDocument(camlData: Data(text.utf8))
        let (first, written) = try reread(original)
        #expect(first.skipped.isEmpty, "\(first.skipped)\n\(written)", sourceLocation: sourceLocation)
        expectSameTrees(first, original, sourceLocation: sourceLocation)
        let (second, rewritten) = try reread(first)
        expectSameTrees(second, original, sourceLocation: sourceLocation)
        #expect(rewritten == written, sourceLocation: sourceLocation)
    }

    /// Every value of both trees (``ArchiveTests/treeDescription(_:depth:)`` without the
    /// animations' keys, which CAML does not hold) and both archives' states.
    package static func expectSameTrees(_ actual: SceneDocument, _ expected: SceneDocument,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let a = treeDescription(actual.rootLayer), e = treeDescription(expected.rootLayer)
        #expect(a.count == e.count, sourceLocation: sourceLocation)
        for (line, expectedLine) in zip(a, e) { #expect(line == expectedLine, sourceLocation: sourceLocation) }
        #expect(statesDescription(actual.states) == statesDescription(expected.states), sourceLocation: sourceLocation)
    }

    /// The tree's description, animations in their order without their keys.
    package static func treeDescription(_ root: CALayer) -> [String] {
        ArchiveTests.treeDescription(root).map { line in
            guard let range = line.range(of: "  animation ") else { return line }
            let rest = line[range.upperBound...]
            return String(line[..<range.upperBound]) + rest[(rest.range(of: ": ")?.upperBound ?? rest.startIndex)...]
        }
    }

    /// States with their values (target, key path, value) and transitions with their elements.
    package static func statesDescription(_ states: LayerStates) -> [String] {
        states.states.map { state in
            "state \(state.name) basedOn \(state.basedOn ?? "-"): "
                + state.values.map { "\($0.targetID) \($0.keyPath)=\(ArchiveTests.describe($0.value))" }.joined(separator: ", ")
        } + states.transitions.map { transition in
            "transition \(transition.fromState)→\(transition.toState): "
                + transition.elements.map { "\($0.targetID) \($0.key) \(ArchiveTests.describe($0.animation))" }.joined(separator: ", ")
        }
    }

    /// `root` drawn at `t`, 2 pixels a point, over an opaque background.
    package static func render(_ root: CALayer, at t: Double, size: CGSize? = nil) throws -> [UInt8] {
        let size = size ?? root.bounds.size
        let pixmap = try Pixmap(width: max(1, Int(size.width * 2)), height: max(1, Int(size.height * 2)))
        let renderer = LayerRenderer(threadCount: 1)
        renderer.scale = 2
        renderer.background = Color(red: 0.1, green: 0.15, blue: 0.3, alpha: 1)
        renderer.render(root, at: t, into: pixmap)
        return pixmap.bytes
    }
}
