import Synchronization

/// The outlines of one face's glyphs, each read once (from FreeType, by the caller) and then found
/// without a lock: a slot per glyph, written once, published by an atomic state. Threads laying
/// out text at once look up a glyph for every character drawn; behind a lock they queued on it.
///
/// The slots are allocated for every glyph of the face at once; the memory of slots never written
/// is never touched (the system maps it on first write).
final class GlyphOutlineTable: @unchecked Sendable {
    // `@unchecked Sendable`: slot g is written once, by the thread that moves its state from
    // `empty` to `writing`, and read only after its state is `written` (acquire/release).
    private static let empty: UInt8 = 0, writing: UInt8 = 1, written: UInt8 = 2

    private let states: UnsafeMutablePointer<Atomic<UInt8>>
    private let outlines: UnsafeMutablePointer<GlyphOutline>
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
            (outlines + g).deinitialize(count: 1)
        }
        states.deinitialize(count: count)
        states.deallocate()
        outlines.deallocate()
    }

    /// Glyph `glyph`'s outline: the one kept, or `read()`'s, kept (a glyph outside the table is
    /// read every time). Two threads reading the same glyph at once both read it; one keeps it.
    func outline(_ glyph: UInt32, orRead read: () -> GlyphOutline) -> GlyphOutline {
        let g = Int(glyph)
        guard g < count else { return read() }
        if states[g].load(ordering: .acquiring) == Self.written { return outlines[g] }
        let outline = read()
        if states[g].compareExchange(expected: Self.empty, desired: Self.writing, ordering: .relaxed).exchanged {
            (outlines + g).initialize(to: outline)
            states[g].store(Self.written, ordering: .releasing)
        }
        return outline
    }
}
