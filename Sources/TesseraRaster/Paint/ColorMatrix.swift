import CTesseraSIMD

/// A colour filter applied to a group's pixels before the group is composited
/// (``Canvas/endGroup(opacity:blendMode:colorMatrix:)``), with Core Image's `CIColorMatrix`
/// semantics: for each pixel, the premultiplied colour is un-premultiplied, then each straight
/// component (red, green, blue, alpha, in [0, 1]) is
///
///     r′ = red · (r, g, b, a) + bias.x
///     g′ = green · (r, g, b, a) + bias.y
///     b′ = blue · (r, g, b, a) + bias.z
///     a′ = alpha · (r, g, b, a) + bias.w
///
/// each clamped to [0, 1], and the result premultiplied again. The vectors are Core Image's
/// `inputRVector`, `inputGVector`, `inputBVector`, `inputAVector` and `inputBiasVector` (and the
/// rows of Core Animation's `CAColorMatrix`, whose fifth column is the bias).
///
/// # Guarantees
/// - **Transparent pixels stay transparent.** Core Image applies the matrix to every pixel of an
///   infinite image, so an alpha bias makes transparent pixels visible; a group has no such
///   extent (only where it drew, and that bounds is the renderer's business), so a pixel of the
///   group with alpha 0 is left transparent whatever the matrix. A bias changes only what the
///   group drew, partly transparent pixels included.
/// - **Rounding.** The arithmetic is in `Float`, one rounding per operation; the new alpha byte
///   is round(a′ · 255) and each colour byte round(c′ · alpha byte), so colours never exceed
///   alpha. Each byte is within 1 of the exact formula on the group's 8-bit pixels (the inputs
///   themselves are 8-bit, premultiplied: a colour of a pixel with a small alpha is coarse).
/// - **The identity changes nothing**: a group filtered by ``identity`` gives the bytes of the
///   same group without a filter.
/// - **Bad values are clamped**: a NaN coefficient reads as 0, others are clamped to
///   [−``maximumMagnitude``, ``maximumMagnitude``].
/// - Per pixel: the filter reads no neighbour, so the result does not depend on bands or threads.
public struct ColorMatrix: Hashable, Sendable {
    /// The weights of the input (r, g, b, a) in the output red; (1, 0, 0, 0) by default.
    public var red: SIMD4<Double>
    /// The weights of the input (r, g, b, a) in the output green; (0, 1, 0, 0) by default.
    public var green: SIMD4<Double>
    /// The weights of the input (r, g, b, a) in the output blue; (0, 0, 1, 0) by default.
    public var blue: SIMD4<Double>
    /// The weights of the input (r, g, b, a) in the output alpha; (0, 0, 0, 1) by default.
    public var alpha: SIMD4<Double>
    /// What is added to the output (r, g, b, a) before clamping; zero by default.
    public var bias: SIMD4<Double>

    /// The largest magnitude a coefficient keeps when the filter is applied (65,536): a larger one
    /// is clamped to it.
    public static let maximumMagnitude = 65_536.0

    /// A matrix from its rows; each argument defaults to the identity's.
    public init(
        red: SIMD4<Double> = [1, 0, 0, 0], green: SIMD4<Double> = [0, 1, 0, 0],
        blue: SIMD4<Double> = [0, 0, 1, 0], alpha: SIMD4<Double> = [0, 0, 0, 1], bias: SIMD4<Double> = .zero
    ) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.bias = bias
    }

    /// The matrix that changes nothing.
    public static let identity = ColorMatrix()

    /// The coefficients as `tsr_color_matrix_row` takes them, NaN as 0 and clamped.
    var kernel: tsr_color_matrix {
        var out = tsr_color_matrix()
        withUnsafeMutableBytes(of: &out.m) { raw in
            let m = raw.bindMemory(to: Float.self)
            for (c, row) in [red, green, blue, alpha].enumerated() {
                for k in 0..<4 { m[4 * c + k] = Self.coefficient(row[k]) }
                m[16 + c] = Self.coefficient(bias[c])
            }
        }
        return out
    }

    /// The rows and the bias as the kernels use them, in `Float`: NaN as 0 and clamped to
    /// ±``maximumMagnitude``, as `kernel`.
    var kernelRows: [SIMD4<Float>] {
        [red, green, blue, alpha, bias].map { row in SIMD4((0..<4).map { Self.coefficient(row[$0]) }) }
    }

    /// Whether output alpha depends on the input colour (a non-zero red, green or blue weight in
    /// ``alpha``): then a group's alpha cannot be filtered from its alpha alone.
    var alphaReadsColor: Bool {
        Self.coefficient(alpha.x) != 0 || Self.coefficient(alpha.y) != 0 || Self.coefficient(alpha.z) != 0
    }

    private static func coefficient(_ v: Double) -> Float {
        v.isNaN ? 0 : Float(min(max(v, -maximumMagnitude), maximumMagnitude))
    }
}
