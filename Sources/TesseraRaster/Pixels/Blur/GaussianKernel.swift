import CTesseraSIMD

/// The weights of a Gaussian blur along one axis, truncated at three standard deviations:
/// weight k ∝ exp(−k² / 2σ²) for every offset k with |k| ≤ ``radius`` = ⌈3σ⌉, normalized to
/// sum to 1.
///
/// # Guarantees
/// - The weights are symmetric, never negative, and sum to 1 (up to `Float` rounding).
/// - σ is clamped: NaN, negative or zero gives no blur (the single weight 1); σ above
///   ``maximumSigma`` (infinity included) blurs as ``maximumSigma``, so that a blur reads at most
///   192 pixels on each side and its cost stays bounded.
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

extension AlphaMask {
    /// The mask blurred by a separable Gaussian: `horizontally` along its rows, then
    /// `vertically` along its columns. The result grows by each kernel's radius on both sides so
    /// that nothing is cut off: it starts at (x − horizontal radius, y − vertical radius).
    ///
    /// Values are blurred in `Float` in a fixed order and rounded to the nearest byte, so the
    /// same mask always gives the same bytes. Runs on the caller's thread; the rows that hold
    /// only zeros cost nothing.
    public func blurred(horizontally horizontal: GaussianKernel, vertically vertical: GaussianKernel) -> AlphaMask {
        let rx = horizontal.radius, ry = vertical.radius
        var result = AlphaMask(x: x - rx, y: y - ry, width: width + 2 * rx, height: height + 2 * ry)
        let stride = result.width
        // Each row blurred along x, as floats, `stride` wide: value v at column c adds
        // v × weights to columns c … c + 2rx (the kernel centred on c + rx).
        var rows = [Float](repeating: 0, count: stride * height)
        var nonEmpty = [Bool](repeating: false, count: height)
        values.withUnsafeBufferPointer { source in
            rows.withUnsafeMutableBufferPointer { rows in
                horizontal.weights.withUnsafeBufferPointer { weights in
                    for row in 0..<height {
                        for column in 0..<width where source[row * width + column] != 0 {
                            tsr_add_scaled(
                                rows.baseAddress! + row * stride + column, weights.baseAddress!,
                                weights.count, Float(source[row * width + column]))
                            nonEmpty[row] = true
                        }
                    }
                }
            }
        }
        // Then along y: row r adds weight k × row r to output row r + k.
        var blurred = [Float](repeating: 0, count: stride * result.height)
        blurred.withUnsafeMutableBufferPointer { output in
            rows.withUnsafeBufferPointer { rows in
                for row in 0..<height where nonEmpty[row] {
                    for (k, weight) in vertical.weights.enumerated() {
                        tsr_add_scaled(
                            output.baseAddress! + (row + k) * stride, rows.baseAddress! + row * stride,
                            stride, weight)
                    }
                }
            }
        }
        result.values.withUnsafeMutableBufferPointer { bytes in
            blurred.withUnsafeBufferPointer { blurred in
                for i in 0..<bytes.count { bytes[i] = UInt8(min(blurred[i] + 0.5, 255)) }
            }
        }
        return result
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
