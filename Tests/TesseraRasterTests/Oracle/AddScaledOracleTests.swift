/// tsr_add_scaled (the blur's multiply-add) against tsr_add_scaled_reference, bit for bit: counts 0
/// to 300 at every alignment, factors of the blur's range and any other, values of every magnitude
/// and sign (zeros of both signs, subnormals, infinities) so that each rounding and each special
/// case shows.
import CTesseraSIMD
import Testing

@Suite struct AddScaledOracleTests {
    typealias Random = KernelOracle.Random

    private static func value(_ random: inout Random) -> Float {
        switch random.int(in: 0...9) {
        case 0: return [0, -0.0, .infinity, -.infinity, .leastNonzeroMagnitude, -.greatestFiniteMagnitude][random.int(in: 0...5)]
        case 1: return Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x807F_FFFF)   // subnormal
        case 2: return Float(random.double(in: -1e30...1e30))
        default: return Float(random.double(in: -300...300))
        }
    }

    @Test func matchesTheReference() {
        var random = Random(seed: 0xADD5)
        for round in 0..<3000 {
            let count = round < 40 ? round : random.int(in: 0...300)
            let offset = random.int(in: 0...7)
            let x = (0..<(offset + count)).map { _ in Self.value(&random) }
            var y = (0..<(offset + count + 5)).map { _ in Self.value(&random) }   // past the row: untouched
            var expected = y
            let a = random.chance(0.7) ? Float(random.double(in: 0...0.5)) : Self.value(&random)
            x.withUnsafeBufferPointer { xs in
                y.withUnsafeMutableBufferPointer { tsr_add_scaled($0.baseAddress! + offset, xs.baseAddress! + offset, count, a) }
                expected.withUnsafeMutableBufferPointer {
                    tsr_add_scaled_reference($0.baseAddress! + offset, xs.baseAddress! + offset, count, a)
                }
            }
            if let d = KernelOracle.difference(y, expected) {
                Issue.record("round \(round): \(count) at \(offset), a = \(a): \(d)")
                return
            }
        }
    }
}
