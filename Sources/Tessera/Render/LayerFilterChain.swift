import Foundation

#if !canImport(QuartzCore)
/// A layer's `filters` as the operations Tessera draws, in order: colour matrices (the colour
/// filters, each a 4 × 5 matrix on straight RGBA) and Gaussian blurs. Filters of other types
/// are left out (reported by archives), as are disabled ones and `sdrNormalize` (a no-op for
/// 8-bit output). Consecutive colour matrices are composed into one.
///
/// The colour filters follow Core Image's filters of the same purpose, on straight
/// (un-premultiplied) components, composed without clamping in between (Core Image's working
/// space is floating point) and clamped to [0, 1] when drawn:
/// - `colorSaturate` (`inputAmount` s, default 1): CIColorControls' saturation, a mix between the
///   Rec. 709 luma L = 0.2125 R + 0.7154 G + 0.0721 B and the colour: c' = L + s (c − L);
/// - `colorBrightness` (`inputAmount` b, default 0): CIColorControls' brightness, c' = c + b;
/// - `colorContrast` (`inputAmount` k, default 1): CIColorControls' contrast about mid-grey,
///   c' = (c − 0.5) k + 0.5;
/// - `colorInvert`: CIColorInvert, c' = 1 − c, alpha kept;
/// - `luminanceToAlpha`: SVG's feColorMatrix type luminanceToAlpha (Core Image has none of that
///   name): black with alpha = 0.2125 R + 0.7154 G + 0.0721 B;
/// - `colorMatrix` (`inputColorMatrix`: 20 numbers, row by row, each row four weights and a bias,
///   as Core Animation's CAColorMatrix and CIColorMatrix's vectors): c' = row · (r, g, b, a) + bias.
struct LayerFilterChain: Equatable {
    /// A 4 × 5 colour matrix: output component i = Σ m[i][j] · input j + m[i][4].
    struct ColorMatrix: Equatable {
        var rows: [[Double]]

        static let identity = ColorMatrix(rows: (0..<4).map { i in (0..<5).map { j in i == j ? 1 : 0 } })

        /// `self` after `first`: the matrix that applies `first`, then `self`.
        func after(_ first: ColorMatrix) -> ColorMatrix {
            ColorMatrix(rows: (0..<4).map { i in
                (0..<5).map { j in
                    let weights = (0..<4).reduce(0.0) { $0 + rows[i][$1] * first.rows[$1][j] }
                    return j == 4 ? weights + rows[i][4] : weights
                }
            })
        }
    }

    enum Operation: Equatable {
        case colorMatrix(ColorMatrix)
        /// A Gaussian blur of standard deviation σ in the layer's points.
        case gaussianBlur(sigma: Double)
    }

    let operations: [Operation]

    /// The chain of `filters`; nil when none of them draws anything.
    init?(_ filters: [LayerFilter]?) {
        var operations: [Operation] = []
        for filter in filters ?? [] where filter.isEnabled {
            guard let operation = Self.operation(filter) else { continue }
            if case .colorMatrix(let next) = operation, case .colorMatrix(let previous)? = operations.last {
                operations[operations.count - 1] = .colorMatrix(next.after(previous))
            } else {
                operations.append(operation)
            }
        }
        guard !operations.isEmpty else { return nil }
        self.operations = operations
    }

    /// Whether Tessera draws filters of this type.
    static func draws(_ filter: LayerFilter) -> Bool {
        !filter.isEnabled || filter.type == "sdrNormalize" || operation(filter) != nil
    }

    private static let luma = [0.2125, 0.7154, 0.0721]

    private static func operation(_ filter: LayerFilter) -> Operation? {
        switch filter.type {
        case "gaussianBlur":
            let radius = filter.number("inputRadius") ?? 10   // CIGaussianBlur's default
            return radius.isFinite && radius > 0 ? .gaussianBlur(sigma: radius) : nil
        case "colorSaturate":
            let s = finite(filter.number("inputAmount"), default: 1)
            return .colorMatrix(ColorMatrix(rows: (0..<3).map { i in
                (0..<3).map { j in (1 - s) * luma[j] + (i == j ? s : 0) } + [0, 0]
            } + [[0, 0, 0, 1, 0]]))
        case "colorBrightness":
            let b = finite(filter.number("inputAmount"), default: 0)
            var m = ColorMatrix.identity
            for i in 0..<3 { m.rows[i][4] = b }
            return .colorMatrix(m)
        case "colorContrast":
            let k = finite(filter.number("inputAmount"), default: 1)
            var m = ColorMatrix.identity
            for i in 0..<3 { m.rows[i][i] = k; m.rows[i][4] = 0.5 * (1 - k) }
            return .colorMatrix(m)
        case "colorInvert":
            var m = ColorMatrix.identity
            for i in 0..<3 { m.rows[i][i] = -1; m.rows[i][4] = 1 }
            return .colorMatrix(m)
        case "luminanceToAlpha":
            return .colorMatrix(ColorMatrix(rows: [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], luma + [0, 0]]))
        case "colorMatrix":
            guard case .numbers(let values)? = filter.inputs["inputColorMatrix"], values.count == 20,
                  values.allSatisfy(\.isFinite) else { return nil }
            return .colorMatrix(ColorMatrix(rows: (0..<4).map { Array(values[5 * $0..<5 * $0 + 5]) }))
        default:
            return nil
        }
    }

    private static func finite(_ value: Double?, default fallback: Double) -> Double {
        guard let value, value.isFinite else { return fallback }
        return value
    }
}
#endif
