import Testing
@testable import TesseraRaster

/// `Polylines.Writer` keeps the rules of `Polylines` (a repeated point is skipped, closing drops
/// a last point equal to the first, a one-point subpath is not closed), and what it writes lands
/// after what the polylines held, with the subpaths' starts counted from there.
@Suite struct PolylinesWriterTests {
    /// The same calls on a `Polylines` and on a writer, from two subpaths already there.
    static func calls(_ begin: (Point) -> Void, _ add: (Point) -> Void, _ close: () -> Void) {
        begin(Point(x: 0, y: 0)); add(Point(x: 1, y: 0)); add(Point(x: 1, y: 0)); add(Point(x: 1, y: 1))
        add(Point(x: 0, y: 0)); close()                                   // last point = first: dropped
        begin(Point(x: 5, y: 5)); close()                                 // one point: not closed
        begin(Point(x: 2, y: 2)); add(Point(x: 3, y: 2)); add(Point(x: 3, y: 3))   // left open
    }

    static func prefilled() -> Polylines {
        var lines = Polylines()
        lines.begin(Point(x: -1, y: -1)); lines.add(Point(x: -2, y: -1)); lines.close()
        lines.begin(Point(x: 9, y: 9)); lines.add(Point(x: 9, y: 8))
        return lines
    }

    @Test func writesWhatPolylinesMethodsWrite() {
        var direct = Self.prefilled()
        Self.calls({ direct.begin($0) }, { direct.add($0) }, { direct.close() })

        var written = Self.prefilled()
        let buffer = Polylines.WriteBuffer()
        written.write(using: buffer) { writer in
            // More points than the buffer's first capacity, so that it grows on the way.
            for k in 0..<40 { writer.begin(Point(x: Double(k), y: 0)); writer.add(Point(x: Double(k), y: 1)) }
        }
        written.removeAll()
        written = Self.prefilled()
        written.write(using: buffer) { writer in
            Self.calls({ writer.begin($0) }, { writer.add($0) }, { writer.close() })
        }
        #expect(written.points == direct.points)
        #expect(Array(written.subpaths) == Array(direct.subpaths))
        #expect(Array(direct.subpaths).map(\.closed) == [true, false, true, false, false])
    }
}
