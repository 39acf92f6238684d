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

    @Test func readsEachGlyphOnceAndNoGlyphPastTheTable() throws {
        let outlines = try Self.outlines(count: 12)
        let table = GlyphOutlineTable(count: 10)
        let reads = Atomic<Int>(0)
        for _ in 0..<3 {
            for glyph in 0..<12 {
                let outline = table.outline(UInt32(glyph)) {
                    reads.add(1, ordering: .relaxed)
                    return outlines[glyph]
                }
                if glyph < 10 {
                    #expect(Array(outline.verbs) == outlines[glyph].path.verbs)
                    #expect(Array(outline.points) == outlines[glyph].path.points)
                    #expect(outline.lastSubpathStart == outlines[glyph].path.lastSubpathStart)
                    #expect(outline.bounds == outlines[glyph].bounds)
                } else {
                    // FreeType loads no glyph past its face's count: nothing to read.
                    #expect(outline.verbs.isEmpty && outline.points.isEmpty && outline.bounds == nil)
                }
            }
        }
        // Glyphs 0…9 once each; 10 and 11, outside the table, never.
        #expect(reads.load(ordering: .relaxed) == 10)
    }

    /// A kept outline appended to a path makes the path that appending the outline's own makes.
    @Test func aKeptOutlineAppendsAsItsPath() throws {
        let outlines = try Self.outlines(count: 40)
        let table = GlyphOutlineTable(count: 40)
        let transform = Transform(a: 0.25, b: 0, c: 0, d: -0.25, tx: 3.5, ty: 17)
        var kept = Path(), expected = Path()
        for glyph in 36..<40 {
            table.outline(UInt32(glyph)) { outlines[glyph] }.append(to: &kept, transform: transform)
            expected.addPath(outlines[glyph].path, transform: transform)
        }
        #expect(!expected.isEmpty)
        #expect(kept == expected)
        kept.addLine(to: Point(x: 1, y: 1))
        expected.addLine(to: Point(x: 1, y: 1))
        #expect(kept == expected)
    }

    @Test func threadsFindTheSameOutlines() throws {
        let outlines = try Self.outlines(count: 64)
        #expect(Set(outlines.compactMap { $0.bounds.map { "\($0)" } }).count > 40)
        let table = GlyphOutlineTable(count: 64)
        let wrong = Atomic<Int>(0), reads = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<5_000 {
                let glyph = (i * 7 + thread) % 64
                let outline = table.outline(UInt32(glyph)) {
                    reads.add(1, ordering: .relaxed)
                    return outlines[glyph]
                }
                if outline.bounds != outlines[glyph].bounds || outline.evenOdd != outlines[glyph].evenOdd {
                    wrong.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
        // Each glyph read once, however many threads asked for it at once.
        #expect(reads.load(ordering: .relaxed) == 64)
    }
}
