@testable import TesseraRaster

/// The blur computed in `Double` from the definitions of its passes, with no fixed point, no
/// running sums and no rounding: what the kernels approximate to within their rounding.
enum BlurModel {
    /// `line` blurred along its length by `axis`, zeros outside: `line.count + 2 · reach` values.
    static func blur(_ line: [Double], _ axis: BlurAxis) -> [Double] {
        var values = [Double](repeating: 0, count: axis.reach) + line + [Double](repeating: 0, count: axis.reach)
        func at(_ i: Int) -> Double { values.indices.contains(i) ? values[i] : 0 }
        for pass in axis.passes {
            values = values.indices.map { i in
                switch pass {
                case .box(let r, let alpha):
                    let a = Double(alpha)
                    return ((-r...r).reduce(0) { $0 + at(i + $1) } + a * (at(i - r - 1) + at(i + r + 1))) / (Double(2 * r + 1) + 2 * a)
                case .convolve(let weights):
                    let r = weights.count / 2
                    return (-r...r).reduce(0) { $0 + Double(weights[$1 + r]) / 16384 * at(i + $1) }
                }
            }
        }
        return values
    }

    /// A `width × height` plane blurred by `blur` (rows, then columns), grown by its reaches.
    static func blur(_ plane: [Double], width: Int, height: Int, _ blur: SeparableBlur) -> [Double] {
        let rows = (0..<height).map { Self.blur(Array(plane[(width * $0)..<(width * ($0 + 1))]), blur.horizontal) }
        let grownWidth = width + 2 * blur.horizontal.reach, grownHeight = height + 2 * blur.vertical.reach
        let columns = (0..<grownWidth).map { x in Self.blur(rows.map { $0[x] }, blur.vertical) }
        return (0..<(grownWidth * grownHeight)).map { columns[$0 % grownWidth][$0 / grownWidth] }
    }

    /// The sampled Gaussian of standard deviation σ at offset k, normalized over all offsets.
    static func gaussian(_ k: Int, sigma: Double) -> Double {
        let total = (-Int(12 * sigma)...Int(12 * sigma)).reduce(0) { $0 + exp(-0.5 * Double($1 * $1) / (sigma * sigma)) }
        return exp(-0.5 * Double(k * k) / (sigma * sigma)) / total
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
