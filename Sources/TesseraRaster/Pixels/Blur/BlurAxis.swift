import CTesseraSIMD

/// One filter that a line of fixed-point values (CTesseraBlur.h) goes through along one axis.
enum BlurPass: Hashable, Sendable {
    /// A box of width 2 · radius + 1: a running sum, the same cost for every radius.
    case box(radius: Int)
    /// A convolution with 2 · radius + 1 weights in Q14 summing to 16384.
    case convolve(weights: [Int16])

    /// How far the pass spreads a value on each side.
    var radius: Int {
        switch self {
        case .box(let radius): radius
        case .convolve(let weights): weights.count / 2
        }
    }

    /// Filters `count` steps of `lanes` values from `input` into `output` (steps `inStep` and
    /// `outStep` values apart). `input` must be readable, zero outside the image, for ``radius`` + 1
    /// steps before the line and ``radius`` steps after it.
    func run(from input: UnsafePointer<Int16>, step inStep: Int, to output: UnsafeMutablePointer<Int16>,
             step outStep: Int, lanes: Int, count: Int) {
        switch self {
        case .box(let radius):
            tsr_blur_box(input, inStep, output, outStep, lanes, count, radius, 1 / Float(2 * radius + 1))
        case .convolve(let weights):
            weights.withUnsafeBufferPointer {
                tsr_blur_convolve(input, inStep, output, outStep, lanes, count, $0.baseAddress!, weights.count / 2)
            }
        }
    }
}

/// The passes that approximate a Gaussian of standard deviation σ along one axis.
///
/// - σ ≥ ``exactBelow`` (2 pixels): three box filters, the widths of Kovesi, "Fast almost-Gaussian
///   filtering" (DICTA 2010): the ideal width w = √(12σ²/3 + 1), boxes of the odd widths
///   w_l ≤ w and w_l + 2, as many of each as brings the cascade's variance Σ (w_k² − 1) / 12
///   nearest σ². The cascade is a piecewise quadratic of reach Σ radius_k < 3σ; its impulse
///   response deviates from the sampled Gaussian by at most 6.5 % of the Gaussian's peak for every
///   σ in [2, 250] (about 4.7 % at σ = 2, 3.6 % at 5, 4.9 % at 10, 5.8 % at 30, 6.2 % at 250:
///   BlurAccuracyTests measures it). Part of that is σ itself: the widths are odd integers, so the
///   cascade's σ can miss the one asked for by up to about a sixth of a pixel.
/// - 0 < σ < 2: there three boxes are poor (σ = 1 has box widths 1, 1, 3: σ 0.82 and a deviation
///   of 26 % of the peak), so the sampled Gaussian itself, truncated at ⌈3σ⌉ (``GaussianKernel``'s
///   weights in Q14): at most 13 taps, a bounded cost too.
/// - σ = 0: nothing.
struct BlurAxis: Hashable, Sendable {
    /// Below this σ the exact sampled kernel is used, from it on three boxes.
    static let exactBelow = 2.0

    let passes: [BlurPass]

    /// `sigma` must be finite and at most ``GaussianBlur/maximumSigma`` (0 or less: no blur).
    init(sigma: Double) {
        if !(sigma > 0) {
            passes = []
        } else if sigma < Self.exactBelow {
            let weights = GaussianKernel(sigma: sigma).weights
            var q14 = weights.map { Int16((Double($0) * 16384).rounded()) }
            // Rounding is symmetric, so the weights stay symmetric; the centre takes what the
            // rounding lost or gained, so that they sum to 16384 exactly and a constant stays constant.
            q14[q14.count / 2] += Int16(16384 - q14.reduce(0) { $0 + Int($1) })
            passes = [.convolve(weights: q14)]
        } else {
            passes = Self.boxRadii(sigma: sigma).map { .box(radius: $0) }
        }
    }

    /// The radii of Kovesi's three boxes for σ (≥ 1), smaller ones first.
    static func boxRadii(sigma: Double) -> [Int] {
        let n = 3.0, variance = 12 * sigma * sigma
        var lower = Int((variance / n + 1).squareRoot())
        if lower % 2 == 0 { lower -= 1 }
        let l = Double(lower)
        // How many boxes of the lower width make the variance nearest σ² (Kovesi's m).
        let ideal = (variance - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)
        let m = min(max(Int(ideal.rounded()), 0), 3)
        return Array(repeating: (lower - 1) / 2, count: m) + Array(repeating: (lower + 1) / 2, count: 3 - m)
    }

    /// How far the blur spreads a pixel on each side: the sum of the passes' radii.
    var reach: Int { passes.reduce(0) { $0 + $1.radius } }

    /// The zero steps a line needs on each side: the widest pass reads radius + 1 steps out.
    var margin: Int { (passes.map(\.radius).max() ?? 0) + 1 }
}
