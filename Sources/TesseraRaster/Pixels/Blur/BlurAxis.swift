import CTesseraSIMD

/// One filter that a line of fixed-point values (CTesseraBlur.h) goes through: the definition of a
/// pass, which ``BlurAxis/Filter`` strings together (and BlurModel, in the tests, follows).
enum BlurPass: Hashable, Sendable {
    /// An extended box: weight 1 on the 2 · radius + 1 steps around a step and `alpha` on the two
    /// just outside them, normalized by ``boxScale(radius:alpha:)``. A running sum: the same cost for
    /// every radius.
    case box(radius: Int, alpha: Float)
    /// A convolution with 2 · radius + 1 weights in Q14 summing to 16384.
    case convolve(weights: [Int16])

    /// How far the pass spreads a value on each side.
    var radius: Int {
        switch self {
        case .box(let radius, _): radius + 1
        case .convolve(let weights): weights.count / 2
        }
    }

    /// The normalization of an extended box, 1 / (2 · radius + 1 + 2 · alpha), in `Float` as the
    /// kernels take it.
    static func boxScale(radius: Int, alpha: Float) -> Float {
        1 / (Float(2 * radius + 1) + 2 * alpha)
    }
}

/// The passes that approximate a Gaussian of standard deviation σ along one axis.
///
/// - σ ≥ ``exactBelow`` (2 pixels): three extended box filters (Gwosdek, Grewenig, Bruhn and
///   Weickert, "Theoretical foundations of Gaussian convolution by extended box filtering", SSVM
///   2011), each of variance σ²/3: the widest plain box of radius r whose variance r(r + 1)/3
///   stays within σ²/3, plus a weight α in [0, 1) on the two steps just outside it that makes
///   up the rest. Unlike Kovesi's integer box widths ("Fast almost-Gaussian filtering", 2010),
///   whose variance misses σ² by up to a fifth of a pixel in σ, the cascade has exactly the
///   variance σ². Its impulse response, a piecewise quadratic of reach 3(r + 1) ≤ ⌈3σ⌉ + 1,
///   deviates from the sampled Gaussian by at most 7.5 % of the Gaussian's peak for every σ in
///   [2, 250] (7.3 % near σ = 2.4, 6.9 % near 3.5, 6.5 % near 5.5, 6.3 % from 30 on; Kovesi's
///   reaches 13 % near σ = 2): BlurAccuracyTests measures it at σ = 2, 5, 10, 30.
/// - 0 < σ < 2: three boxes are poor there (near σ = 1.4 an extended box cascade deviates by 9 %,
///   Kovesi's by 26 % at σ = 1), so the sampled Gaussian itself, truncated at ⌈3σ⌉
///   (``GaussianKernel``'s weights in Q14): at most 13 taps, a bounded cost too.
/// - σ = 0: nothing.
struct BlurAxis: Hashable, Sendable {
    /// Below this σ the exact sampled kernel is used, from it on three boxes.
    static let exactBelow = 2.0

    /// What an axis does to its lines.
    enum Filter: Hashable, Sendable {
        /// Nothing (σ = 0).
        case none
        /// One convolution with the sampled Gaussian's weights in Q14 (σ < 2).
        case sampled(weights: [Int16])
        /// Three extended boxes of the same radius and end weight (σ ≥ 2), run as one sweep
        /// (tsr_blur_boxes_rows, tsr_blur_boxes_columns).
        case boxes(radius: Int, alpha: Float)
    }

    let filter: Filter

    /// `sigma` must be finite and at most ``GaussianBlur/maximumSigma`` (0 or less: no blur).
    init(sigma: Double) {
        if !(sigma > 0) {
            filter = .none
        } else if sigma < Self.exactBelow {
            let weights = GaussianKernel(sigma: sigma).weights
            var q14 = weights.map { Int16((Double($0) * 16384).rounded()) }
            // Rounding is symmetric, so the weights stay symmetric; the centre takes what the
            // rounding lost or gained, so that they sum to 16384 exactly and a constant stays constant.
            q14[q14.count / 2] += Int16(16384 - q14.reduce(0) { $0 + Int($1) })
            filter = .sampled(weights: q14)
        } else {
            filter = Self.extendedBoxes(variance: sigma * sigma / 3)
        }
    }

    /// Three extended boxes, each of the given variance (at least 2/3, a box of radius 1).
    static func extendedBoxes(variance v: Double) -> Filter {
        // A plain box of radius r has variance r(r + 1)/3: the largest r within v.
        let r = Int(((12 * v + 1).squareRoot() - 1) / 2)
        // Weight α at ±(r + 1) adds 2α(r + 1)² to the second moment and 2α to the total:
        // (r(r + 1)(2r + 1)/3 + 2α(r + 1)²) / (2r + 1 + 2α) = v, solved for α.
        let rr = Double(r)
        let alpha = (2 * rr + 1) * (v - rr * (rr + 1) / 3) / (2 * ((rr + 1) * (rr + 1) - v))
        return .boxes(radius: r, alpha: Float(min(max(alpha, 0), 1)))
    }

    /// The filter as the passes it applies one after the other.
    var passes: [BlurPass] {
        switch filter {
        case .none: []
        case .sampled(let weights): [.convolve(weights: weights)]
        case .boxes(let radius, let alpha): Array(repeating: .box(radius: radius, alpha: alpha), count: 3)
        }
    }

    /// How far the blur spreads a pixel on each side: the sum of the passes' radii.
    var reach: Int { passes.reduce(0) { $0 + $1.radius } }

    /// The zero steps a line needs on each side for a convolution (tsr_blur_convolve reads
    /// radius steps out; one more is kept, as for every pass).
    var margin: Int { (passes.map(\.radius).max() ?? 0) + 1 }
}
