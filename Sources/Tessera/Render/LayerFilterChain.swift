import Foundation
import TesseraRaster

#if !canImport(QuartzCore)
/// A layer's `filters` as the operations Tessera draws, in order: colour matrices (the colour
/// filters, TesseraRaster's `ColorMatrix`, straight RGBA) and Gaussian blurs. Filters of other
/// types are left out (archives report them), as are disabled ones and `sdrNormalize` (a no-op
/// for 8-bit output). Consecutive colour matrices are composed into one, without clamping in
/// between (Core Image's working space is floating point); a matrix is clamped when applied.
///
/// Each filter follows Core Image's filter of the same purpose (the matrices' documentation
/// gives the formulas):
/// - `colorSaturate`, `colorBrightness`, `colorContrast` (`inputAmount`; defaults 1, 0, 1):
///   `CIColorControls`' saturation, brightness and contrast;
/// - `colorInvert`: `CIColorInvert`; `luminanceToAlpha`: SVG's feColorMatrix of that name;
/// - `colorMatrix` (`inputColorMatrix`: 20 numbers, row by row, four weights and a bias each, as
///   Core Animation's `CAColorMatrix`): `CIColorMatrix`;
/// - `gaussianBlur` (`inputRadius`, default 10): `CIGaussianBlur`, whose radius is the standard
///   deviation σ, in the layer's points; its edges by `inputHardEdges` and `inputNormalizeEdges`
///   (``BlurEdges``; hard edges win when both are set). `inputQuality` is not read: Tessera's blur
///   has one quality (a reduced resolution for wide blurs, see ``FilterOperations``);
/// - `variableBlur` (`inputRadius`, default 10; `inputMaskImage`, required;
///   `inputNormalizeEdges`): `CIMaskedVariableBlur`, with σ at each pixel `inputRadius` times the
///   mask's alpha there (``VariableBlur``); `inputDither` is not read (8-bit output, no dither).
struct LayerFilterChain: Equatable {
    enum Operation: Equatable {
        case colorMatrix(ColorMatrix)
        /// A Gaussian blur of standard deviation σ in the layer's points.
        case gaussianBlur(sigma: Double, edges: BlurEdges)
        /// A blur whose σ (in points) is `sigma` times the mask image's alpha, the mask stretched
        /// over the layer's bounds.
        case variableBlur(sigma: Double, mask: CGImage, edges: BlurEdges)

        static func == (a: Operation, b: Operation) -> Bool {
            switch (a, b) {
            case (.colorMatrix(let m), .colorMatrix(let n)): m == n
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

    /// The one colour matrix of a chain without blurs; nil for a chain with one.
    var onlyColorMatrix: ColorMatrix? {
        guard operations.count == 1, case .colorMatrix(let m) = operations[0] else { return nil }
        return m
    }

    /// Whether Tessera draws filters of this type.
    static func draws(_ filter: LayerFilter) -> Bool {
        !filter.isEnabled || filter.type == "sdrNormalize" || operation(filter) != nil
    }

    private static func operation(_ filter: LayerFilter) -> Operation? {
        func amount(default fallback: Double) -> Double {
            guard let value = filter.number("inputAmount"), value.isFinite else { return fallback }
            return value
        }
        switch filter.type {
        case "gaussianBlur":
            let radius = filter.number("inputRadius") ?? 10
            return radius.isFinite && radius > 0 ? .gaussianBlur(sigma: radius, edges: edges(of: filter)) : nil
        case "variableBlur":
            let radius = filter.number("inputRadius") ?? 10
            guard case .image(let mask)? = filter.inputs["inputMaskImage"], let image = mask.image else { return nil }
            return radius.isFinite && radius > 0 ? .variableBlur(sigma: radius, mask: image, edges: edges(of: filter)) : nil
        case "colorSaturate": return .colorMatrix(.saturation(amount(default: 1)))
        case "colorBrightness": return .colorMatrix(.brightness(amount(default: 0)))
        case "colorContrast": return .colorMatrix(.contrast(amount(default: 1)))
        case "colorInvert": return .colorMatrix(.invert)
        case "luminanceToAlpha": return .colorMatrix(.luminanceToAlpha)
        case "colorMatrix":
            guard case .numbers(let v)? = filter.inputs["inputColorMatrix"], v.count == 20, v.allSatisfy(\.isFinite) else {
                return nil
            }
            return .colorMatrix(ColorMatrix(red: [v[0], v[1], v[2], v[3]], green: [v[5], v[6], v[7], v[8]],
                                            blue: [v[10], v[11], v[12], v[13]], alpha: [v[15], v[16], v[17], v[18]],
                                            bias: [v[4], v[9], v[14], v[19]]))
        default:
            return nil
        }
    }

    private static func edges(of filter: LayerFilter) -> BlurEdges {
        if filter.number("inputHardEdges") ?? 0 != 0 { return .hard }
        return filter.number("inputNormalizeEdges") ?? 0 != 0 ? .normalized : .transparent
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
        return ColorMatrix(red: row(red), green: row(green), blue: row(blue), alpha: row(alpha),
                           bias: bias + SIMD4(biased(red), biased(green), biased(blue), biased(alpha)))
    }
}
#endif
