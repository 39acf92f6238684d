/// The colour filters Core Animation's `CAFilter` names (colorSaturate, colorBrightness,
/// colorContrast, colorInvert, luminanceToAlpha) as matrices, from the formulas of the filters
/// they follow. Each works on straight (un-premultiplied) components, as ``ColorMatrix`` does.
extension ColorMatrix {
    /// Rec. ITU-R BT.709 luma weights as Core Image's `CIColorControls` and SVG 1.1's
    /// `feColorMatrix` (luminanceToAlpha) write them: 0.2125 r + 0.7154 g + 0.0721 b.
    static let lumaWeights: SIMD4<Double> = [0.2125, 0.7154, 0.0721, 0]

    /// Saturation, as `CIColorControls`' `inputSaturation`: a linear interpolation between the
    /// grey of the pixel's luma (`saturation` 0) and the pixel itself (1); above 1 it
    /// over-saturates. Each colour c′ = luma · (1 − s) + c · s, with luma = 0.2125 r + 0.7154 g
    /// + 0.0721 b (the luma weights); alpha unchanged.
    public static func saturation(_ saturation: Double) -> ColorMatrix {
        let grey = lumaWeights * (1 - saturation)
        return ColorMatrix(red: grey + [saturation, 0, 0, 0], green: grey + [0, saturation, 0, 0],
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
        return ColorMatrix(red: [contrast, 0, 0, 0], green: [0, contrast, 0, 0], blue: [0, 0, contrast, 0],
                           bias: [offset, offset, offset, 0])
    }

    /// The inverse colours, as `CIColorInvert`: c′ = 1 − c for red, green and blue; alpha
    /// unchanged.
    public static let invert = ColorMatrix(red: [-1, 0, 0, 0], green: [0, -1, 0, 0], blue: [0, 0, -1, 0],
                                           bias: [1, 1, 1, 0])

    /// Luminance as alpha, as SVG 1.1's `feColorMatrix type="luminanceToAlpha"` (what Core
    /// Animation's luminanceToAlpha filter does): a′ = 0.2125 r + 0.7154 g + 0.0721 b
    /// (the luma weights), and the colour black (r′ = g′ = b′ = 0).
    public static let luminanceToAlpha = ColorMatrix(red: .zero, green: .zero, blue: .zero, alpha: lumaWeights)
}
