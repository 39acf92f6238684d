/// A Gaussian blur whose cost per pixel does not grow with its standard deviation: what Core
/// Animation's `gaussianBlur` filter and Core Image's `CIGaussianBlur` do to an image.
///
/// σ is in pixels of the image along each axis. Core Image's `CIGaussianBlur` takes its
/// `inputRadius` as the standard deviation σ, and Core Animation's `gaussianBlur` filter follows
/// that convention: pass its `inputRadius` (in points, times the content scale) as σ.
///
/// # Method
/// From σ = 2 on, three successive extended box filters along each axis (Gwosdek et al., SSVM
/// 2011: a box with fractional end weights, so that the cascade's variance is exactly σ²), each a
/// running integer sum: a few operations per pixel and pass, whatever σ. The three run together
/// in one sweep along the rows and one down the columns, on AVX-512 or AVX2 where the processor has
/// them. Their impulse response deviates from the sampled Gaussian by at most 7.5 % of the
/// Gaussian's peak. Below σ = 2, where three boxes are poor, the exact sampled Gaussian (truncated
/// at ⌈3σ⌉, at most 13 taps).
///
/// # Guarantees
/// - **Edges**: what lies outside the image is transparent (Core Image's default), so the result
///   is the image grown by ``reachX`` and ``reachY`` on each side and nothing is cut off; its
///   total alpha is the image's, up to rounding.
/// - **Premultiplied**: every channel is blurred by the same integer arithmetic, which is
///   monotonic, so no colour channel ends above its alpha.
/// - **Constant areas** stay exactly constant away from the edges.
/// - **Deterministic**: the same image gives the same bytes at any thread count.
/// - **Clamps**: NaN, negative or zero σ blurs nothing along that axis; σ above ``maximumSigma``
///   (infinity included) blurs as ``maximumSigma``.
public struct GaussianBlur: Hashable, Sendable {
    /// The largest standard deviation, in pixels. (The box sums must stay exact in `Float`.)
    public static let maximumSigma = 250.0

    /// The standard deviation along x, in pixels, after clamping (0: no blur).
    public let sigmaX: Double
    /// The standard deviation along y, in pixels, after clamping (0: no blur).
    public let sigmaY: Double

    let engine: SeparableBlur

    /// A blur of standard deviation `sigmaX` pixels along x and `sigmaY` along y (clamped as the
    /// type describes).
    public init(sigmaX: Double, sigmaY: Double) {
        func clamped(_ sigma: Double) -> Double { sigma > 0 ? min(sigma, Self.maximumSigma) : 0 }   // NaN: 0
        self.sigmaX = clamped(sigmaX)
        self.sigmaY = clamped(sigmaY)
        engine = SeparableBlur(horizontal: BlurAxis(sigma: self.sigmaX), vertical: BlurAxis(sigma: self.sigmaY))
    }

    /// The same blur along both axes.
    public init(sigma: Double) {
        self.init(sigmaX: sigma, sigmaY: sigma)
    }

    /// How far a pixel spreads to its left and right, in pixels: at most ⌈3σ⌉ + 1 (0: no blur).
    public var reachX: Int { engine.horizontal.reach }
    /// How far a pixel spreads up and down, in pixels: at most ⌈3σ⌉ + 1 (0: no blur).
    public var reachY: Int { engine.vertical.reach }
}

extension Pixmap {
    /// This pixmap's premultiplied pixels blurred by `blur`, in a new pixmap grown by
    /// ``GaussianBlur/reachX`` on the left and right and ``GaussianBlur/reachY`` above and
    /// below: pixel (x, y) of this one is pixel (x + reachX, y + reachY) of the result. Pixels
    /// outside this pixmap count as transparent.
    ///
    /// Rows, then columns, are split among up to `threadCount` threads; the bytes are the same
    /// whatever the count.
    ///
    /// - Throws: ``RasterError`` when the grown pixmap passes ``maximumDimension`` or
    ///   ``maximumPixelCount``, or cannot be allocated.
    public func blurred(by blur: GaussianBlur, threadCount: Int = 1) throws(RasterError) -> Pixmap {
        try blurred(by: blur, threadCount: threadCount, recorder: nil)
    }

    /// ``blurred(by:threadCount:)``, and while `recorder` records a frame, the rows and columns
    /// split for its planned thread count and recorded as items of the drawing walk.
    package func blurred(
        by blur: GaussianBlur, threadCount: Int, recorder: FrameTaskRecorder?
    ) throws(RasterError) -> Pixmap {
        guard width > 0, height > 0 else {   // all transparent
            return try Pixmap(width: width + 2 * blur.reachX, height: height + 2 * blur.reachY)
        }
        // The blur writes every pixel of the result.
        let result = try Pixmap(uninitializedWidth: width + 2 * blur.reachX, height: height + 2 * blur.reachY)
        blur.engine.run(
            source: UnsafePointer(baseAddress.assumingMemoryBound(to: UInt8.self)), sourceRowBytes: bytesPerRow,
            width: width, height: height, channels: 4,
            destination: result.baseAddress.assumingMemoryBound(to: UInt8.self),
            destinationRowBytes: result.bytesPerRow, threadCount: threadCount, recorder: recorder)
        return result
    }
}
