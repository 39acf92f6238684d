/// The colour filters Core Animation's `CAFilter` names (colorSaturate, colorBrightness,
/// colorContrast, colorInvert, luminanceToAlpha, colorMonochrome) as matrices, from the formulas
/// of the filters they follow. Each works on straight (un-premultiplied) components, as
/// ``ColorMatrix`` does.
extension ColorMatrix {
    /// Luma weights, Rec. ITU-R BT.709's exactly: 0.2126 r + 0.7152 g + 0.0722 b. SwiftUI's
    /// colour matrices (luminanceToAlpha, colorMonochrome, hue rotation), which it hands to Core
    /// Animation's filters, use these; Core Image does not publish the weights of
    /// `CIColorControls`, and SVG 1.1's `feColorMatrix` writes them rounded differently
    /// (0.2125, 0.7154, 0.0721), a difference of at most half a byte on 8-bit colours.
    public static let lumaWeights: SIMD4<Double> = [0.2126, 0.7152, 0.0722, 0]

    /// Saturation, as `CIColorControls`' `inputSaturation`: a linear interpolation between the
    /// grey of the pixel's luma (`saturation` 0) and the pixel itself (1); above 1 it
    /// over-saturates. Each colour c′ = luma · (1 − s) + c · s, with luma = 0.2126 r + 0.7152 g
    /// + 0.0722 b (``lumaWeights``); alpha unchanged.
    public static func saturation(_ saturation: Double) -> ColorMatrix {
        let grey = lumaWeights * (1 - saturation)
        return ColorMatrix(
            red: grey + [saturation, 0, 0, 0], green: grey + [0, saturation, 0, 0],
            blue: grey + [0, 0, saturation, 0])
    }

    /// Brightness, as `CIColorControls`' `inputBrightness`: `brightness` is added to each colour
    /// component (c′ = c + b, then clamped); alpha unchanged.
    public static func brightness(_ brightness: Double) -> ColorMatrix {
        ColorMatrix(bias: [brightness, brightness, brightness, 0])
    }

    /// Contrast, as `CIColorControls`' `inputContrast`: colours scaled about the middle grey,
    /// c′ = (c − 0.5) · contrast + 0.5; alpha unchanged. 1 changes nothing, 0 gives grey 0.5.
    public static func contrast(_ contrast: Double) -> ColorMatrix {
        let offset = 0.5 * (1 - contrast)
        return ColorMatrix(
            red: [contrast, 0, 0, 0], green: [0, contrast, 0, 0], blue: [0, 0, contrast, 0],
            bias: [offset, offset, offset, 0])
    }

    /// The inverse colours, as `CIColorInvert`: c′ = 1 − c for red, green and blue; alpha
    /// unchanged.
    public static let invert = ColorMatrix(
        red: [-1, 0, 0, 0], green: [0, -1, 0, 0], blue: [0, 0, -1, 0],
        bias: [1, 1, 1, 0])

    /// Luminance as alpha, as SwiftUI's `luminanceToAlpha` (and SVG 1.1's `feColorMatrix
    /// type="luminanceToAlpha"`, Core Animation's filter of that name): a′ = 0.2126 r + 0.7152 g
    /// + 0.0722 b (``lumaWeights``), and the colour black (r′ = g′ = b′ = 0).
    public static let luminanceToAlpha = ColorMatrix(red: .zero, green: .zero, blue: .zero, alpha: lumaWeights)

    /// The pixel's luma in shades of `color`, as SwiftUI's colour matrix for Core Animation's
    /// colorMonochrome filter (`inputColor`, `inputAmount`, `inputBias`): with luma = 0.2126 r
    /// + 0.7152 g + 0.0722 b (``lumaWeights``) and k = `amount`,
    ///
    ///     c′ = (1 − k) · c + k · color.c · (luma + bias)     for c in r, g, b
    ///     a′ = (1 − k + k · color.alpha) · a
    ///
    /// so white becomes `color`, black stays black, and `amount` 0 changes nothing (Core Image's
    /// `CIColorMonochrome` is the same map with `inputIntensity` for `amount` and no bias).
    public static func monochrome(_ color: Color, amount: Double, bias: Double = 0) -> ColorMatrix {
        let keep = 1 - amount
        func row(_ c: Double, _ own: SIMD4<Double>) -> SIMD4<Double> { lumaWeights * (c * amount) + own * keep }
        return ColorMatrix(
            red: row(color.red, [1, 0, 0, 0]), green: row(color.green, [0, 1, 0, 0]),
            blue: row(color.blue, [0, 0, 1, 0]), alpha: [0, 0, 0, keep + amount * color.alpha],
            bias: [color.red, color.green, color.blue, 0] * (amount * bias))
    }
}
