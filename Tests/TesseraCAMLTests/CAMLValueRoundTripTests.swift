import BenchScenes   // SplitMix64: seeded, the same on every platform
import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCAML
@testable import TesseraCore

extension CAMLTests {
    /// parse(format(v)) == v for random values of every kind, bit for bit.
    @Suite struct CAMLValueRoundTripTests {
        /// Random values, from a seeded generator: any finite double (every bit pattern is
        /// likely: tiny, huge, subnormal, negative zero) or a "CAML-like" one (a few decimals).
        struct Values {
            var generator: SplitMix64

            init(seed: UInt64) { generator = SplitMix64(seed: seed) }

            mutating func finite() -> Double {
                if generator.next() % 2 == 0 {
                    // A decimal with up to 6 digits after the point, within ±1000.
                    return Double(Int64(generator.next() % 2_000_000_001) - 1_000_000_000) / 1_000_000
                }
                while true {
                    let value = Double(bitPattern: generator.next())
                    if value.isFinite { return value }
                }
            }

            mutating func finiteFloat() -> Float {
                while true {
                    let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
                    if value.isFinite { return value }
                }
            }

            mutating func unit() -> Double { generator.unit() }
            mutating func below(_ n: UInt64) -> Int { Int(generator.next() % n) }
        }

        private func sameBits(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

        @Test func numbers() throws {
            var values = Values(seed: 1)
            for _ in 0..<5000 {
                let value = values.finite()
                #expect(sameBits(try CAMLSyntax.parseNumber(CAMLSyntax.formatNumber(value)), value))
            }
            for value in [Double.infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, -.greatestFiniteMagnitude] {
                #expect(sameBits(try CAMLSyntax.parseNumber(CAMLSyntax.formatNumber(value)), value))
            }
            for _ in 0..<1000 {
                let value = Int(bitPattern: UInt(truncatingIfNeeded: values.generator.next()))
                #expect(try CAMLSyntax.parseInteger(CAMLSyntax.formatInteger(value)) == value)
            }
        }

        @Test func geometry() throws {
            var values = Values(seed: 2)
            for _ in 0..<2000 {
                let point = CGPoint(x: values.finite(), y: values.finite())
                let back = try CAMLSyntax.parsePoint(CAMLSyntax.formatPoint(point))
                #expect(sameBits(Double(back.x), Double(point.x)) && sameBits(Double(back.y), Double(point.y)))
                let size = CGSize(width: values.finite(), height: values.finite())
                #expect(try CAMLSyntax.parseSize(CAMLSyntax.formatSize(size)) == size)
                let rect = CGRect(x: values.finite(), y: values.finite(), width: values.finite(), height: values.finite())
                let rectBack = try CAMLSyntax.parseRect(CAMLSyntax.formatRect(rect))
                #expect([rectBack.origin.x, rectBack.origin.y, rectBack.size.width, rectBack.size.height]
                        == [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height])
            }
        }

        @Test func colours() throws {
            var values = Values(seed: 3)
            for i in 0..<2000 {
                let color = ColorComponents(red: values.unit(), green: values.unit(), blue: values.unit(),
                                            alpha: i % 3 == 0 ? 1 : i % 3 == 1 ? values.unit() : values.finite())
                let (value, opacity) = try CAMLSyntax.formatColor(color)
                #expect((opacity == nil) == (color.alpha == 1))
                #expect(try CAMLSyntax.parseColor(value, opacity: opacity) == color)
            }
        }

        @Test func transforms() throws {
            var values = Values(seed: 4)
            for _ in 0..<500 {
                // Any matrix: sixteen random elements.
                let e = (0..<16).map { _ in CGFloat(values.finite()) }
                let matrix = CATransform3D(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5],
                                           m23: e[6], m24: e[7], m31: e[8], m32: e[9], m33: e[10], m34: e[11],
                                           m41: e[12], m42: e[13], m43: e[14], m44: e[15])
                #expect(CATransform3DEqualToTransform(try CAMLSyntax.parseTransform(CAMLSyntax.formatTransform(matrix)), matrix))

                // Compositions of random functions, as a file would write them.
                var functions: [String] = []
                for _ in 0..<(1 + values.below(4)) {
                    let a = try CAMLSyntax.formatNumber(values.finite()), b = try CAMLSyntax.formatNumber(values.finite())
                    let c = try CAMLSyntax.formatNumber(values.finite())
                    let degrees = try CAMLSyntax.formatNumber(Double(values.below(721)) - 360)
                    functions.append([
                        "translate(\(a), \(b), \(c))", "scale(\(a), \(b), 1)", "scale(\(a))", "rotate(\(degrees)deg)",
                        "rotate(\(a))", "rotate(\(degrees)deg, \(a), \(b), \(c))", "matrix(\(a), \(b), \(c), 1, 0, 2)",
                    ][values.below(7)])
                }
                let parsed = try CAMLSyntax.parseTransform(functions.joined(separator: " "))
                let elements = [parsed.m11, parsed.m12, parsed.m13, parsed.m14, parsed.m21, parsed.m22, parsed.m23,
                                parsed.m24, parsed.m31, parsed.m32, parsed.m33, parsed.m34, parsed.m41, parsed.m42,
                                parsed.m43, parsed.m44]
                guard elements.allSatisfy(\.isFinite) else { continue }   // huge values can overflow
                #expect(CATransform3DEqualToTransform(try CAMLSyntax.parseTransform(CAMLSyntax.formatTransform(parsed)), parsed))
            }
        }

        @Test func paths() throws {
            var values = Values(seed: 5)
            for _ in 0..<300 {
                var path = Path()
                func point() -> Point { Point(x: values.finite(), y: values.finite()) }
                path.move(to: point())
                for _ in 0..<values.below(20) {
                    switch values.below(5) {
                    case 0: path.move(to: point())
                    case 1: path.addLine(to: point())
                    case 2: path.addQuadCurve(to: point(), control: point())
                    case 3: path.addCurve(to: point(), control1: point(), control2: point())
                    default: path.closeSubpath()
                    }
                }
                #expect(try CAMLSyntax.parsePath(CAMLSyntax.formatPath(path)) == path)
            }
        }

        @Test func timingFunctions() throws {
            var values = Values(seed: 6)
            for _ in 0..<2000 {
                let function = CAMLTimingFunction.controlPoints(values.finiteFloat(), values.finiteFloat(),
                                                                values.finiteFloat(), values.finiteFloat())
                #expect(try CAMLSyntax.parseTimingFunction(CAMLSyntax.formatTimingFunction(function)) == function)
            }
        }
    }
}
