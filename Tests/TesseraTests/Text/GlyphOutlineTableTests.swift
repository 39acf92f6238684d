import Dispatch
import Synchronization
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// ``GlyphOutlineTable``: each glyph read once, found again, from many threads at once.
@Suite struct GlyphOutlineTableTests {
    /// DejaVu Sans's outlines of glyphs 0..<count, read with FreeType.
    static func outlines(count: Int) throws -> [GlyphOutline] {
        let face = try #require(FontLibrary.face(named: TextLayoutTests.font))
        guard let freeType = FreeTypeFace(file: face.file) else {
            Issue.record("FreeType cannot read \(face.file)")
            return []
        }
        var outlines: [GlyphOutline] = []
        for glyph in 0..<count { outlines.append(GlyphOutline(UInt32(glyph), of: freeType.face)) }
        return outlines
    }

    @Test func readsEachGlyphOnceAndGlyphsPastTheTableEveryTime() throws {
        let outlines = try Self.outlines(count: 12)
        let table = GlyphOutlineTable(count: 10)
        let reads = Atomic<Int>(0)
        for _ in 0..<3 {
            for glyph in 0..<12 {
                let outline = table.outline(UInt32(glyph)) {
                    reads.add(1, ordering: .relaxed)
                    return outlines[glyph]
                }
                #expect(outline.bounds == outlines[glyph].bounds)
            }
        }
        // Glyphs 0…9 once each; 10 and 11, outside the table, on each of the three laps.
        #expect(reads.load(ordering: .relaxed) == 10 + 2 * 3)
    }

    @Test func threadsFindTheSameOutlines() throws {
        let outlines = try Self.outlines(count: 64)
        #expect(Set(outlines.compactMap { $0.bounds.map { "\($0)" } }).count > 40)
        let table = GlyphOutlineTable(count: 64)
        let wrong = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<5_000 {
                let glyph = (i * 7 + thread) % 64
                let outline = table.outline(UInt32(glyph)) { outlines[glyph] }
                if outline.bounds != outlines[glyph].bounds || outline.evenOdd != outlines[glyph].evenOdd {
                    wrong.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
    }
}
