/// Inputs and comparisons shared by the kernel-oracle tests (each C kernel against its scalar
/// `_reference`, CTesseraReference.h): random premultiplied pixels, closed outlines as lines, rows of
/// accumulation cells, and exact comparisons that name the first difference.
import CTesseraSIMD
@testable import TesseraRaster

enum KernelOracle {
    typealias Random = CoverageHarness.SplitMix64

    /// Every kernel level this process can run, for the tests that compare the kernels with their
    /// references at each: a test runs its body at `level` on its own thread between
    /// `tsr_kernel_level_override(level)` and `tsr_kernel_level_override(0)`.
    static let levels = Array(1...tsr_kernel_level())

    /// A premultiplied pixel: opaque with probability `opaque`, transparent one time in ten.
    static func pixel(_ random: inout Random, opaque: Double = 0.4) -> UInt32 {
        if random.chance(0.1) { return 0 }
        let a = random.chance(opaque) ? 255 : random.int(in: 0...255)
        let c = (0..<3).map { _ in UInt32(random.int(in: 0...a)) }
        return c[0] | c[1] << 8 | c[2] << 16 | UInt32(a) << 24
    }

    static func pixels(_ random: inout Random, count: Int, opaque: Double = 0.4) -> [UInt32] {
        (0..<count).map { _ in pixel(&random, opaque: opaque) }
    }

    /// `count` pixels in runs of 1 to 20 of one kind each (`kinds` of them, picked at random),
    /// `pixel(kind, &random)` making each: whole blocks of eight of one kind, as frames have them.
    static func runs(
        _ random: inout Random, count: Int, kinds: Int, _ pixel: (Int, inout Random) -> UInt32
    ) -> [UInt32] {
        var pixels: [UInt32] = []
        while pixels.count < count {
            let kind = random.int(in: 0...(kinds - 1))
            for _ in 0..<random.int(in: 1...20) { pixels.append(pixel(kind, &random)) }
        }
        return Array(pixels.prefix(count))
    }

    /// A colour as fills use it: half of them opaque.
    static func color(_ random: inout Random) -> UInt32 { pixel(&random, opaque: 0.5) }

    /// Coverage as a shape gives it: runs of 0 and 255 with edges between them.
    static func coverageRow(_ random: inout Random, count: Int) -> [UInt8] {
        var out: [UInt8] = []
        while out.count < count {
            let value: UInt8 = [0, 0, 255, 255, UInt8(random.int(in: 0...255))][random.int(in: 0...4)]
            for _ in 0..<random.int(in: 1...40) { out.append(random.chance(0.15) ? UInt8(random.int(in: 0...255)) : value) }
        }
        return Array(out.prefix(count))
    }

    /// The lines (x0, y0, x1, y1) of `count` closed polygons with x in [0, width] (as clipped) and y
    /// in `ys`. Points snap to whole or half pixels now and then, so that pieces end exactly on cell
    /// and row boundaries, and some edges are vertical or horizontal.
    static func closedOutlines(_ random: inout Random, count: Int, width: Int, ys: ClosedRange<Double>) -> [Float] {
        var lines: [Float] = []
        for _ in 0..<count {
            var points: [(Float, Float)] = []
            for _ in 0..<random.int(in: 3...9) {
                var x = random.double(in: 0...Double(width)), y = random.double(in: ys)
                if random.chance(0.15) { x = (x * 2).rounded() / 2 }
                if random.chance(0.15) { y = (y * 2).rounded() / 2 }
                if let last = points.last, random.chance(0.15) { x = Double(last.0) }   // vertical
                if let last = points.last, random.chance(0.1) { y = Double(last.1) }    // horizontal
                points.append((Float(min(x, Double(width))), Float(y)))
            }
            for i in points.indices {
                let (a, b) = (points[i], points[(i + 1) % points.count])
                lines += [a.0, a.1, b.0, b.1]
            }
        }
        return lines
    }

    /// Writes a row of cells [start, end] into `cells` as closed outlines leave it: spans of winding
    /// ±1 or ±2 entered and left across fractional pixels, long runs inside and outside them, small
    /// balanced noise and -0.0 cells. The row's sum is 0 up to rounding, so the coverage past
    /// its last cell is 0 (what tsr_fill_accumulated_rows's whole last groups rely on).
    static func writeCellRow(_ random: inout Random, into cells: UnsafeMutableBufferPointer<Float>, start: Int, end: Int) {
        func add(_ x: Int, _ v: Float) { cells[min(x, end)] += v }
        for _ in 0..<random.int(in: 0...4) {
            let a = random.int(in: start...end), b = random.int(in: a...end)
            let winding: Float = [1, -1, 1, 2, -2][random.int(in: 0...4)]
            let fa = Float(random.double(in: 0...1)), fb = Float(random.double(in: 0...1))
            add(a, winding * fa)
            add(a + 1, winding * (1 - fa))
            add(b, -winding * fb)
            add(b + 1, -winding * (1 - fb))
        }
        for _ in 0..<random.int(in: 0...2) {
            let a = random.int(in: start...end), b = random.int(in: a...end), v = Float(random.double(in: -0.3...0.3))
            add(a, v)
            add(b, -v)
        }
        // -0.0 cells, alone or in stretches: not +0.0 to the kernels' bit tests for runs.
        for _ in 0..<(random.chance(0.3) ? random.int(in: 1...4) : 0) {
            let x = random.int(in: start...end), length = random.chance(0.3) ? random.int(in: 1...40) : 1
            for c in x...min(x + length - 1, end) where cells[c] == 0 { cells[c] = -0.0 }
        }
    }

    /// Adds to cells [start, end] runs of four deltas B, s, −B, −s with B in the tens of thousands,
    /// where a float's step is near a coverage step (1/255): the windings they leave depend on the
    /// order of the prefix sum's additions, byte for byte. Their own rounding may leave the row's sum
    /// a coverage step or so from 0, so they are for coverage rows, not for fills.
    static func addRoundingProbes(_ random: inout Random, into cells: UnsafeMutableBufferPointer<Float>, start: Int, end: Int) {
        guard end - start >= 3 else { return }
        for _ in 0..<random.int(in: 1...4) {
            let x = random.int(in: start...(end - 3))
            let big = Float(random.double(in: 8_000...40_000)) * (random.chance(0.5) ? 1 : -1)
            let small = Float(random.double(in: -1...1))
            for (k, v) in [big, small, -big, -small].enumerated() { cells[x + k] += v }
        }
    }

    /// Nil when the two arrays are equal; else how many elements differ, and the first few.
    static func difference<T: Equatable>(_ got: [T], _ expected: [T],
                                         describe: (T) -> String = { "\($0)" }) -> String? {
        guard got.count == expected.count else { return "\(got.count) elements, expected \(expected.count)" }
        let differing = got.indices.filter { got[$0] != expected[$0] }
        guard !differing.isEmpty else { return nil }
        let shown = differing.prefix(3).map { "[\($0)] \(describe(got[$0])) ≠ \(describe(expected[$0]))" }
        return "\(differing.count) differ: \(shown.joined(separator: ", "))"
    }

    /// Pixels, shown in hexadecimal.
    static func difference(_ got: [UInt32], _ expected: [UInt32]) -> String? {
        difference(got, expected) { String($0, radix: 16) }
    }

    /// Floats bit for bit (-0.0 ≠ +0.0).
    static func difference(_ got: [Float], _ expected: [Float]) -> String? {
        difference(got.map(\.bitPattern), expected.map(\.bitPattern)) { "\(Float(bitPattern: $0))" }
    }
}
