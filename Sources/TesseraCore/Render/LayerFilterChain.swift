import Foundation
import TesseraRaster

/// A list of filters as the operations Tessera draws, in order: a layer's `filters` (applied to
/// the layer composited as one image), or the filters through which what lies behind a layer
/// shows (a backdrop's `filters`, any layer's `backgroundFilters`). What each filter type reads
/// is in LayerFilterChain+Reading.swift.
///
/// Filters that change nothing drop out (disabled ones, `sdrNormalize`, a blur of radius 0), as
/// do those Tessera does not draw (``undrawn(_:on:)`` lists them, archives report them).
/// Consecutive colour matrices of the same kind are composed into one, without clamping in
/// between (Core Image's working space is floating point); a matrix is clamped when applied.
///
/// A `vibrantColorMatrix` shows what lies behind through its matrix. Behind a layer it is one
/// more colour matrix; in a layer's `filters` it is ``vibrant``: the layer filtered by the
/// filters before it gives only the alpha through which the frame below, through the matrix,
/// shows (the layer's colours are not seen, as in UIKit's vibrancy). It must be the last filter
/// that draws something there: one followed by another is not drawn (and reported).
struct LayerFilterChain: Equatable {
    enum Operation: Equatable {
        /// A matrix on straight components (``ColorMatrix``, Core Image's `CIColorMatrix`).
        case colorMatrix(ColorMatrix)
        /// A matrix on premultiplied components (`inputPremultipliedValues`,
        /// `Pixmap.applyToPremultiplied(_:)`).
        case premultipliedColorMatrix(ColorMatrix)
        case alphaThreshold(AlphaThreshold)
        /// A Gaussian blur of standard deviation σ in the layer's points.
        case gaussianBlur(sigma: Double, edges: BlurEdges)
        /// A blur whose σ (in points) is `sigma` times the mask image's alpha, the mask stretched
        /// over the layer's bounds.
        case variableBlur(sigma: Double, mask: CGImage, edges: BlurEdges)

        static func == (a: Operation, b: Operation) -> Bool {
            switch (a, b) {
            case (.colorMatrix(let m), .colorMatrix(let n)): m == n
            case (.premultipliedColorMatrix(let m), .premultipliedColorMatrix(let n)): m == n
            case (.alphaThreshold(let s), .alphaThreshold(let t)): s == t
            case (.gaussianBlur(let s, let e), .gaussianBlur(let t, let f)): s == t && e == f
            case (.variableBlur(let s, let m, let e), .variableBlur(let t, let n, let f)): s == t && m === n && e == f
            default: false
            }
        }
    }

    /// What a blur does at the edges of the region it blurs (Core Animation's `inputHardEdges`
    /// and `inputNormalizeEdges`): the region is the frame for a backdrop, the layer's bounds on
    /// the target for a layer's filters.
    enum BlurEdges: Equatable {
        /// Outside the pixels is transparent, and the blur spreads past the region (Core Image's
        /// default): the edges fade.
        case transparent
        /// Each pixel is the weighted mean of the region's pixels only: the blur of the region's
        /// pixels divided by the blur of the region's indicator (the weights that fell inside it),
        /// and the result cut to the region. No fading at the edges, no spreading past them.
        case normalized
        /// The region's edge pixels continue outwards (Core Image's `clampedToExtent` before the
        /// blur) and the result is cut to the region (`cropped(to:)` after it).
        case hard
    }

    /// What the filters apply to.
    enum Target {
        /// The layer's own image (its `filters`).
        case layer
        /// What lies behind the layer (a backdrop's `filters`, any layer's `backgroundFilters`).
        case behind
    }

    let operations: [Operation]
    /// The matrix of a `vibrantColorMatrix` last in a layer's `filters`: the frame below through
    /// it, shown through the alpha of the layer filtered by ``operations``; nil without one.
    let vibrant: ColorMatrix?

    /// The chain of `filters` applied to `target`; nil when none of them draws anything.
    init?(_ filters: [LayerFilter]?, on target: Target = .layer) {
        var operations: [Operation] = [], vibrant: ColorMatrix? = nil
        for reading in Self.readings(filters ?? [], on: target) {
            switch reading {
            case .operation(let operation): Self.append(operation, to: &operations)
            case .vibrant(let matrix): vibrant = matrix
            case .identity, .notDrawn: continue
            }
        }
        guard !operations.isEmpty || vibrant != nil else { return nil }
        self.operations = operations
        self.vibrant = vibrant
    }

    /// The one straight colour matrix of a chain that does nothing else (drawn as a group's
    /// colour filter); nil for any other chain.
    var onlyColorMatrix: ColorMatrix? {
        guard vibrant == nil, operations.count == 1, case .colorMatrix(let m) = operations[0] else { return nil }
        return m
    }

    /// Why each of `filters` applied to `target` that Tessera does not draw is not drawn: its
    /// type, or its type and the input at fault. The layer is drawn without them.
    static func undrawn(_ filters: [LayerFilter]?, on target: Target) -> [String] {
        readings(filters ?? [], on: target).compactMap { reading in
            guard case .notDrawn(let why) = reading else { return nil }
            return why
        }
    }

    /// Each filter's ``Reading`` where it stands in `filters`: behind a layer a vibrant matrix is
    /// a colour matrix; in a layer's filters one followed by a filter that draws is not drawn.
    private static func readings(_ filters: [LayerFilter], on target: Target) -> [Reading] {
        var readings = filters.map(reading)
        var drawsAfter = false
        for i in readings.indices.reversed() {
            switch readings[i] {
            case .vibrant(let matrix) where target == .behind:
                readings[i] = .operation(.colorMatrix(matrix))
            case .vibrant where drawsAfter:
                readings[i] = .notDrawn("vibrantColorMatrix before other filters (Tessera draws it last only)")
            case .operation, .vibrant: drawsAfter = true
            case .identity, .notDrawn: continue
            }
        }
        return readings
    }

    /// Appends `operation`, composed with the last one when both are matrices of the same kind.
    private static func append(_ operation: Operation, to operations: inout [Operation]) {
        switch (operations.last, operation) {
        case (.colorMatrix(let first)?, .colorMatrix(let next)):
            operations[operations.count - 1] = .colorMatrix(next.after(first))
        case (.premultipliedColorMatrix(let first)?, .premultipliedColorMatrix(let next)):
            operations[operations.count - 1] = .premultipliedColorMatrix(next.after(first))
        default:
            operations.append(operation)
        }
    }
}

extension ColorMatrix {
    /// `self` applied after `first`: output i = Σⱼ self[i][j] · (first.rowⱼ · c + first.biasⱼ)
    /// + self.biasᵢ.
    func after(_ first: ColorMatrix) -> ColorMatrix {
        let inner = [first.red, first.green, first.blue, first.alpha]
        func row(_ weights: SIMD4<Double>) -> SIMD4<Double> {
            weights.x * inner[0] + weights.y * inner[1] + weights.z * inner[2] + weights.w * inner[3]
        }
        func biased(_ weights: SIMD4<Double>) -> Double { (weights * first.bias).sum() }
        return ColorMatrix(
            red: row(red), green: row(green), blue: row(blue), alpha: row(alpha),
            bias: bias + SIMD4(biased(red), biased(green), biased(blue), biased(alpha)))
    }
}
