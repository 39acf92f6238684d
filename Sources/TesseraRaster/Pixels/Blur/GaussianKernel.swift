/// The weights of a Gaussian blur along one axis, truncated at three standard deviations:
/// weight k ∝ exp(−k² / 2σ²) for every offset k with |k| ≤ ``radius`` = ⌈3σ⌉, normalized to
/// sum to 1.
///
/// ``AlphaMask/blurred(horizontally:vertically:threadCount:)`` blurs by these weights below σ = 2
/// and by three extended box filters approximating them from σ = 2 on (``GaussianBlur``
/// describes the method and its accuracy), which reach at most one pixel past ``radius``.
///
/// # Guarantees
/// - The weights are symmetric, never negative, and sum to 1 (up to `Float` rounding).
/// - σ is clamped: NaN, negative or zero gives no blur (the single weight 1); σ above
///   ``maximumSigma`` (infinity included) blurs as ``maximumSigma``, so that a blur reads at most
///   192 pixels on each side.
public struct GaussianKernel: Hashable, Sendable {
    /// The largest standard deviation, in pixels.
    public static let maximumSigma = 64.0

    /// The standard deviation used, in pixels, after clamping (0: no blur).
    public let sigma: Double
    /// The weights of the offsets −``radius`` … ``radius``, in order.
    public let weights: [Float]

    /// How far the blur reaches on each side, in pixels (0: no blur).
    public var radius: Int { weights.count / 2 }

    /// The kernel of standard deviation `sigma` pixels (clamped as the type describes).
    public init(sigma: Double) {
        let sigma = sigma > 0 ? min(sigma, Self.maximumSigma) : 0   // NaN compares false: no blur
        self.sigma = sigma
        guard sigma > 0 else {
            weights = [1]
            return
        }
        let radius = Int((3 * sigma).rounded(.up))
        // (k / σ)² rather than k² / σ²: a subnormal σ squares to 0, and 0 / 0 is NaN.
        let half = (0...radius).map { k in exp(-0.5 * (Double(k) / sigma) * (Double(k) / sigma)) }
        let total = half[0] + 2 * half.dropFirst().reduce(0, +)
        let normalized = half.map { Float($0 / total) }
        weights = normalized.reversed() + normalized.dropFirst()
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
