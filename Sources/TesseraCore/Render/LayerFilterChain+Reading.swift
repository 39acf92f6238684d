import Foundation
import TesseraRaster

/// What each filter type reads from its inputs (Core Animation's `CAFilter` names and keys), and
/// the operation it becomes. Each follows the filter of the same purpose that documents a
/// formula (Core Image's, or SwiftUI's colour matrices, which SwiftUI hands to these filters):
/// - `colorSaturate`, `colorBrightness`, `colorContrast` (`inputAmount`; defaults 1, 0, 1):
///   `CIColorControls`' saturation, brightness and contrast;
/// - `colorInvert`: `CIColorInvert`; `luminanceToAlpha`: SwiftUI's and SVG's luminanceToAlpha;
/// - `colorMatrix` (`inputColorMatrix`: 20 numbers, row by row, four weights and a bias each, as
///   Core Animation's `CAColorMatrix`): `CIColorMatrix`, on straight components; with
///   `inputPremultipliedValues` set, on premultiplied ones (luminanceToAlpha reads that flag too);
/// - `colorMonochrome` (`inputColor`, default Core Image's (0.6, 0.45, 0.3); `inputAmount`,
///   default 1, or Core Image's name for it, `inputIntensity`; `inputBias`, default 0): SwiftUI's
///   monochrome matrix (``ColorMatrix/monochrome(_:amount:bias:)``);
/// - `alphaThreshold` (`inputAmount`, default 0.5, Tessera's choice: none is documented;
///   `inputColor`, optional): ``AlphaThreshold``;
/// - `vibrantColorMatrix` (`inputColorMatrix`): what lies behind through the matrix
///   (``LayerFilterChain/vibrant``); `inputBackdropAware`, `inputClamp` and
///   `inputClampPreserveHue` (extended-range output) are not read: 8-bit output is clamped;
/// - `gaussianBlur` (`inputRadius`, default 10): `CIGaussianBlur`, whose radius is the standard
///   deviation σ, in the layer's points; its edges by `inputHardEdges` and `inputNormalizeEdges`
///   (``LayerFilterChain/BlurEdges``; hard edges win when both are set). `inputQuality` is not
///   read: Tessera's blur has one quality (a reduced resolution for wide blurs, see
///   ``FilterOperations``);
/// - `variableBlur` (`inputRadius`, default 10; `inputMaskImage`, required;
///   `inputNormalizeEdges`): `CIMaskedVariableBlur`, with σ at each pixel `inputRadius` times the
///   mask's alpha there (``VariableBlur``); `inputDither` is not read (8-bit output, no dither);
/// - `sdrNormalize`: nothing to do for 8-bit output.
///
/// Bad values: a NaN or infinite amount, or a NaN radius, reads as the default; a negative radius
/// as 0 (Core Image's minimum), which blurs nothing; an infinite radius, a colour matrix that is
/// not 20 finite numbers, or a variable blur without a mask image is not drawn (and reported).
extension LayerFilterChain {
    /// What one filter does.
    enum Reading: Equatable {
        /// It draws and changes nothing: disabled, `sdrNormalize`, a blur of radius 0.
        case identity
        case operation(Operation)
        /// A `vibrantColorMatrix`'s matrix (``LayerFilterChain/vibrant``).
        case vibrant(ColorMatrix)
        /// It is not drawn: why (the type, or the type and the input at fault).
        case notDrawn(String)
    }

    /// Core Image's default colour for `CIColorMonochrome` (Core Animation's is not documented).
    static let defaultMonochromeColor = Color(red: 0.6, green: 0.45, blue: 0.3)

    static func reading(_ filter: LayerFilter) -> Reading {
        guard filter.isEnabled else { return .identity }
        func amount(_ key: String = "inputAmount", default fallback: Double) -> Double {
            guard let value = filter.number(key), value.isFinite else { return fallback }
            return value
        }
        func matrix(_ m: ColorMatrix) -> Reading {
            .operation(filter.number("inputPremultipliedValues") ?? 0 != 0 ? .premultipliedColorMatrix(m) : .colorMatrix(m))
        }
        switch filter.type {
        case "sdrNormalize": return .identity
        case "gaussianBlur", "variableBlur":
            let given = filter.number("inputRadius") ?? 10
            let radius = given.isNaN ? 10 : max(0, given)
            guard radius.isFinite else { return .notDrawn("\(filter.type) (inputRadius is infinite)") }
            guard filter.type == "variableBlur" else {
                return radius == 0 ? .identity : .operation(.gaussianBlur(sigma: radius, edges: edges(of: filter)))
            }
            guard case .image(let mask)? = filter.inputs["inputMaskImage"], let image = mask.image else {
                return .notDrawn("variableBlur (no inputMaskImage)")
            }
            return radius == 0 ? .identity : .operation(.variableBlur(sigma: radius, mask: image, edges: edges(of: filter)))
        case "colorSaturate": return .operation(.colorMatrix(.saturation(amount(default: 1))))
        case "colorBrightness": return .operation(.colorMatrix(.brightness(amount(default: 0))))
        case "colorContrast": return .operation(.colorMatrix(.contrast(amount(default: 1))))
        case "colorInvert": return .operation(.colorMatrix(.invert))
        case "luminanceToAlpha": return matrix(.luminanceToAlpha)
        case "colorMonochrome":
            let strength = amount(default: amount("inputIntensity", default: 1))
            return .operation(
                .colorMatrix(
                    .monochrome(
                        filter.color("inputColor") ?? defaultMonochromeColor,
                        amount: strength, bias: amount("inputBias", default: 0))))
        case "alphaThreshold":
            return .operation(.alphaThreshold(AlphaThreshold(amount: amount(default: 0.5), color: filter.color("inputColor"))))
        case "colorMatrix", "vibrantColorMatrix":
            guard case .numbers(let v)? = filter.inputs["inputColorMatrix"], v.count == 20, v.allSatisfy(\.isFinite) else {
                return .notDrawn("\(filter.type) (inputColorMatrix is not 20 finite numbers)")
            }
            let m = ColorMatrix(
                red: [v[0], v[1], v[2], v[3]], green: [v[5], v[6], v[7], v[8]],
                blue: [v[10], v[11], v[12], v[13]], alpha: [v[15], v[16], v[17], v[18]],
                bias: [v[4], v[9], v[14], v[19]])
            return filter.type == "colorMatrix" ? matrix(m) : .vibrant(m)
        default:
            return .notDrawn(filter.type)
        }
    }

    private static func edges(of filter: LayerFilter) -> BlurEdges {
        if filter.number("inputHardEdges") ?? 0 != 0 { return .hard }
        return filter.number("inputNormalizeEdges") ?? 0 != 0 ? .normalized : .transparent
    }
}
