import Foundation
import Synchronization
import TesseraRaster

/// The outlines of one face's glyphs, each read once (from FreeType, by the caller) and then found
/// without a lock: a slot per glyph, written once, published by an atomic state. Threads laying
/// out text at once look up a glyph for every character drawn; behind a lock they queued on it.
///
/// A slot keeps its outline's path as storage of its own (``KeptGlyphOutline``), not as a `Path`:
/// a `Path` handed out for every character drawn counted references on arrays that every thread
/// shared, and the threads queued on those counts' cache lines.
///
/// The slots are allocated for every glyph of the face at once; the memory of slots never written
/// is never touched (the system maps it on first write).
final class GlyphOutlineTable: @unchecked Sendable {
    // `@unchecked Sendable`: slot g is written once, by the thread that moves its state from
    // `empty` to `writing`, and read only after its state is `written` (acquire/release).
    private static let empty: UInt8 = 0, writing: UInt8 = 1, written: UInt8 = 2

    private let states: UnsafeMutablePointer<Atomic<UInt8>>
    private let outlines: UnsafeMutablePointer<KeptGlyphOutline>
    /// The glyphs with a slot: `0..<count`.
    let count: Int

    init(count: Int) {
        self.count = max(0, count)
        states = .allocate(capacity: self.count)
        outlines = .allocate(capacity: self.count)
        for g in 0..<self.count { (states + g).initialize(to: Atomic(Self.empty)) }
    }

    deinit {
        for g in 0..<count where states[g].load(ordering: .acquiring) == Self.written {
            outlines[g].deallocate()
        }
        states.deinitialize(count: count)
        states.deallocate()
        outlines.deallocate()
    }

    /// Glyph `glyph`'s outline: the one kept, or `read()`'s, kept. `read` runs once per glyph: a
    /// thread asking for a glyph another thread is reading waits for it. A glyph outside the table
    /// has no outline (FreeType loads no glyph past its face's count) and `read` is not called.
    func outline(_ glyph: UInt32, orRead read: () -> GlyphOutline) -> KeptGlyphOutline {
        let g = Int(glyph)
        guard g < count else { return .empty }
        if states[g].load(ordering: .acquiring) == Self.written { return outlines[g] }
        if states[g].compareExchange(expected: Self.empty, desired: Self.writing, ordering: .relaxed).exchanged {
            (outlines + g).initialize(to: KeptGlyphOutline(read()))
            states[g].store(Self.written, ordering: .releasing)
        } else {
            // The reading thread holds no lock this thread could hold: it finishes.
            while states[g].load(ordering: .acquiring) != Self.written { sched_yield() }
        }
        return outlines[g]
    }
}

/// A glyph's outline (``GlyphOutline``) as ``GlyphOutlineTable`` keeps it: its path's verbs and
/// points in memory of their own, owned by the table for the life of its face (``FontLibrary``
/// keeps every face it loads), so that copying it counts no references.
///
/// `@unchecked Sendable`: the memory is written once, before the table publishes the outline, and
/// only read after.
struct KeptGlyphOutline: @unchecked Sendable {
    let verbs: UnsafeBufferPointer<Path.Verb>
    let points: UnsafeBufferPointer<Point>
    /// The path's ``Path/lastSubpathStart``.
    let lastSubpathStart: Int
    let evenOdd: Bool
    /// The path's bounds; nil when it is empty.
    let bounds: Rect?

    static let empty = KeptGlyphOutline(
        verbs: UnsafeBufferPointer(start: nil, count: 0), points: UnsafeBufferPointer(start: nil, count: 0),
        lastSubpathStart: -1, evenOdd: false, bounds: nil)

    /// Appends the outline to `path`, its points mapped through `transform` (as
    /// `path.addPath(outline.path, transform: transform)`).
    func append(to path: inout Path, transform: Transform) {
        path.appendWhole(verbs: verbs, points: points, lastSubpathStart: lastSubpathStart, transform: transform)
    }

    /// Frees the verbs and points.
    func deallocate() {
        UnsafeMutableBufferPointer(mutating: verbs).deallocate()
        UnsafeMutableBufferPointer(mutating: points).deallocate()
    }
}

extension KeptGlyphOutline {
    /// A copy of `outline`'s path in memory of its own, freed by ``deallocate()``.
    init(_ outline: GlyphOutline) {
        verbs = UnsafeBufferPointer(Self.copy(outline.path.verbs))
        points = UnsafeBufferPointer(Self.copy(outline.path.points))
        lastSubpathStart = outline.path.lastSubpathStart
        evenOdd = outline.evenOdd
        bounds = outline.bounds
    }

    private static func copy<Element>(_ elements: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let copy = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = copy.initialize(from: elements)
        return copy
    }
}
