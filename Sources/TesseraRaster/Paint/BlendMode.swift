/// How a source (a shape's paint, or a whole group) is combined with the pixels below it: the
/// cases, names and raw values of CoreGraphics' `CGBlendMode`, then the Core Image blend modes
/// that Core Animation also takes as a `compositingFilter` (`linearLightBlendMode`, …) and
/// `CGBlendMode` lacks.
///
/// The raw values are those of `CGBlendMode` (0–27), then 28–37 for the Core Image modes, and of
/// the C kernels' `enum tsr_blend_mode` (`tsr_blend_row` in CTesseraPaint.h takes `rawValue`).
///
/// In the formulas, all colours are premultiplied and in [0, 1]: S is the source and D the
/// destination (with alphas Sa and Da), R the result. The source is first scaled by the pixel's
/// coverage and the drawing's opacity, so anti-aliasing and opacity act as a smaller source
/// alpha. For the separable W3C blend modes, with premultiplied cs, αs (source) and cb, αb
/// (backdrop), Cs = cs / αs and Cb = cb / αb (0 where the alpha is 0):
///
///     co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs),   αo = αs + αb − αs·αb
///
/// (W3C Compositing and Blending Level 1, §5 and §9; the PDF blend modes CoreGraphics follows).
///
/// ## Guarantees
/// - Output pixels are valid premultiplied (each colour channel ≤ alpha) whenever the inputs are.
/// - Every mode except those of ``changesPixelsOutsideSource`` leaves a destination pixel
///   exactly as it was where the source, after coverage and opacity, is transparent.
/// - Results are within one 8-bit level of the formula evaluated exactly on the 8-bit inputs;
///   `normal` gives exactly the bytes of the source-over fill kernels.
public enum BlendMode: Int32, CaseIterable, Hashable, Sendable {
    // MARK: W3C / PDF blend modes

    /// Source over: `R = S + D·(1 − Sa)`. What every drawing does by default.
    case normal = 0
    /// `B(Cb, Cs) = Cs·Cb`; premultiplied `co = cs·(1 − αb) + cb·(1 − αs) + cs·cb`. Darkens;
    /// white leaves the backdrop as it is.
    case multiply = 1
    /// `B(Cb, Cs) = Cs + Cb − Cs·Cb`; premultiplied `co = cs + cb − cs·cb`. Lightens; black
    /// leaves the backdrop as it is.
    case screen = 2
    /// `B(Cb, Cs) = hardLight(Cs, Cb)`: multiply where the backdrop is dark (Cb ≤ 0.5, with
    /// 2·Cb), screen where it is light (with 2·Cb − 1).
    case overlay = 3
    /// `B(Cb, Cs) = min(Cb, Cs)`; premultiplied `co = cs + cb − max(cs·αb, cb·αs)`.
    case darken = 4
    /// `B(Cb, Cs) = max(Cb, Cs)`; premultiplied `co = cs + cb − min(cs·αb, cb·αs)`.
    case lighten = 5
    /// `B(Cb, Cs) = 0` if Cb = 0, else `1` if Cs = 1, else `min(1, Cb / (1 − Cs))`.
    case colorDodge = 6
    /// `B(Cb, Cs) = 1` if Cb = 1, else `0` if Cs = 0, else `1 − min(1, (1 − Cb) / Cs)`.
    case colorBurn = 7
    /// `B(Cb, Cs) = Cb − (1 − 2·Cs)·Cb·(1 − Cb)` if Cs ≤ 0.5, else
    /// `Cb + (2·Cs − 1)·(D(Cb) − Cb)` with `D(Cb) = ((16·Cb − 12)·Cb + 4)·Cb` if Cb ≤ 0.25, else
    /// `√Cb` (the W3C / PDF soft light).
    case softLight = 8
    /// `B(Cb, Cs) = multiply(Cb, 2·Cs)` if Cs ≤ 0.5, else `screen(Cb, 2·Cs − 1)`.
    case hardLight = 9
    /// `B(Cb, Cs) = |Cb − Cs|`; premultiplied `co = cs + cb − 2·min(cs·αb, cb·αs)`.
    case difference = 10
    /// `B(Cb, Cs) = Cb + Cs − 2·Cb·Cs`; premultiplied `co = cs + cb − 2·cs·cb`.
    case exclusion = 11
    /// Non-separable: `B = SetLum(SetSat(Cs, Sat(Cb)), Lum(Cb))`, the source's hue with the
    /// backdrop's saturation and luminosity (`Lum(C) = 0.3·R + 0.59·G + 0.11·B`).
    case hue = 12
    /// Non-separable: `B = SetLum(SetSat(Cb, Sat(Cs)), Lum(Cb))`, the source's saturation with
    /// the backdrop's hue and luminosity.
    case saturation = 13
    /// Non-separable: `B = SetLum(Cs, Lum(Cb))`, the source's hue and saturation with the
    /// backdrop's luminosity.
    case color = 14
    /// Non-separable: `B = SetLum(Cb, Lum(Cs))`, the backdrop's hue and saturation with the
    /// source's luminosity.
    case luminosity = 15

    // MARK: Porter-Duff operators (per channel, alpha included)

    /// `R = 0`: clears every pixel the drawing reaches, coverage or not.
    case clear = 16
    /// `R = S`: replaces the destination with the source (transparent where the source is).
    case copy = 17
    /// `R = S·Da`: the source where the destination is; transparent elsewhere.
    case sourceIn = 18
    /// `R = S·(1 − Da)`: the source where the destination is not; transparent elsewhere.
    case sourceOut = 19
    /// `R = S·Da + D·(1 − Sa)`: the source over the destination, only where the destination is.
    case sourceAtop = 20
    /// `R = S·(1 − Da) + D`: the source behind the destination.
    case destinationOver = 21
    /// `R = D·Sa`: keeps the destination where the source is; transparent elsewhere.
    case destinationIn = 22
    /// `R = D·(1 − Sa)`: erases the destination where the source is.
    case destinationOut = 23
    /// `R = S·(1 − Da) + D·Sa`: the destination over the source, only where the source is.
    case destinationAtop = 24
    /// `R = S·(1 − Da) + D·(1 − Sa)`: each where the other is not.
    case xor = 25
    /// CoreGraphics documents `R = MAX(0, 1 − ((1 − D) + (1 − S)))` (its opaque case). With alpha:
    /// `Ra = min(1, Sa + Da)`, `R = max(0, S + D − (Sa + Da − Ra))`: the two premultiplied colours
    /// added, less the amount by which the alphas overlap (GNUstep's definition, measured against
    /// AppKit); it is Apple's formula on opaque pixels and leaves D as it is where S is transparent.
    case plusDarker = 26
    /// `R = MIN(1, S + D)`, every channel alpha included (additive light).
    case plusLighter = 27

    // MARK: Core Image blend modes (W3C compositing of Core Image's B)

    // Apple describes each in words (`CILinearBurnBlendMode` …: "unpremultiplies the source and
    // background image sample colors, [combines them], and then blends the result with the
    // background according to the PDF basic compositing formula"); the formulas are the ones those
    // words describe, with where each comes from, in blend_modes.c. All clamp B to [0, 1].

    /// `B(Cb, Cs) = max(0, Cs + Cb − 1)` (`CILinearBurnBlendMode`). Darkens; white leaves the
    /// backdrop as it is.
    case linearBurn = 28
    /// `B(Cb, Cs) = min(1, Cs + Cb)` (`CILinearDodgeBlendMode`). Lightens; black leaves the
    /// backdrop as it is.
    case linearDodge = 29
    /// `B(Cb, Cs) = clamp(Cb + 2·Cs − 1)` (`CILinearLightBlendMode`: linear burn below half grey,
    /// linear dodge above). Half grey leaves the backdrop as it is.
    case linearLight = 30
    /// `B(Cb, Cs) = min(Cb, 2·Cs)` if Cs ≤ 0.5, else `max(Cb, 2·Cs − 1)` (`CIPinLightBlendMode`).
    case pinLight = 31
    /// `B(Cb, Cs) = colorBurn(Cb, 2·Cs)` if Cs ≤ 0.5, else `colorDodge(Cb, 2·Cs − 1)`
    /// (`CIVividLightBlendMode`).
    case vividLight = 32
    /// `B(Cb, Cs) = 1` if Cs + Cb ≥ 1, else `0`: vivid light thresholded at one half
    /// (`CIHardMixBlendMode`).
    case hardMix = 33
    /// `B(Cb, Cs) = max(0, Cb − Cs)` (`CISubtractBlendMode`).
    case subtract = 34
    /// `B(Cb, Cs) = min(1, Cb / Cs)`; where Cs = 0, 1 if Cb > 0, else 0 (`CIDivideBlendMode`).
    case divide = 35
    /// Non-separable: `B = Cs` if `Lum(Cs) < Lum(Cb)`, else `Cb`: the whole colour of lower
    /// luminosity, the backdrop's on a tie (`CIDarkerColorBlendMode`).
    case darkerColor = 36
    /// Non-separable: `B = Cs` if `Lum(Cs) > Lum(Cb)`, else `Cb`: the whole colour of higher
    /// luminosity, the backdrop's on a tie (`CILighterColorBlendMode`).
    case lighterColor = 37

    /// Whether the mode works on each colour channel on its own: false for the non-separable
    /// `hue`, `saturation`, `color`, `luminosity`, `darkerColor` and `lighterColor`, which mix
    /// the channels through luminosity and saturation.
    public var isSeparable: Bool {
        switch self {
        case .hue, .saturation, .color, .luminosity, .darkerColor, .lighterColor: false
        default: true
        }
    }

    /// Whether a transparent source changes the destination: true for `clear`, `copy`,
    /// `sourceIn`, `sourceOut`, `destinationIn` and `destinationAtop`. Drawing with one of these
    /// changes every pixel it reaches (within the clip, as CoreGraphics does), not only those its
    /// shape covers: where the coverage is 0 the result is OP(0, D), which is transparent for all
    /// six. For the other modes a pixel outside the shape is left exactly as it was.
    public var changesPixelsOutsideSource: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: true
        default: false
        }
    }

    /// The blend mode that a Core Animation `compositingFilter` name stands for, or nil for a
    /// name that is not a blend mode (another filter, or a typo).
    ///
    /// Accepted, case-sensitive as Core Animation's names are:
    /// - the CAFilter types (`kCAFilter…` constants; the strings a `.caar` archive or CAML file
    ///   holds, and what `layer.compositingFilter = "multiplyBlendMode"` sets): `normalBlendMode`,
    ///   `multiplyBlendMode`, `screenBlendMode`, `overlayBlendMode`, `darkenBlendMode`,
    ///   `lightenBlendMode`, `colorDodgeBlendMode`, `colorBurnBlendMode`, `softLightBlendMode`,
    ///   `hardLightBlendMode`, `differenceBlendMode`, `exclusionBlendMode`, `hueBlendMode`,
    ///   `saturationBlendMode`, `colorBlendMode`, `luminosityBlendMode`, and the compositing
    ///   operators `sourceOver` (→ `normal`), `clear`, `copy`, `sourceIn`, `sourceOut`,
    ///   `sourceAtop`, `destOver`, `destIn`, `destOut`, `destAtop`, `xor`, `plusL`
    ///   (→ `plusLighter`) and `plusD` (→ `plusDarker`);
    /// - `plusLighter` and `plusDarker`, the CGBlendMode names, as aliases of `plusL` / `plusD`;
    /// - the Core Image filter names macOS accepts as a layer's compositing filter (a `CIFilter`
    ///   in the CICategoryCompositeOperation category): `CIMultiplyBlendMode` … `CILuminosityBlendMode`
    ///   for the fifteen W3C modes other than `normal`, and `CISourceOverCompositing`, `CISourceInCompositing`,
    ///   `CISourceOutCompositing`, `CISourceAtopCompositing`;
    /// - the Core Image blend modes CGBlendMode lacks, by their CAFilter names (`linearBurnBlendMode`,
    ///   `linearDodgeBlendMode`, `linearLightBlendMode`, `pinLightBlendMode`, `vividLightBlendMode`,
    ///   `hardMixBlendMode`, `subtractBlendMode`, `divideBlendMode`, `darkerColorBlendMode`,
    ///   `lighterColorBlendMode`) and their Core Image names (`CILinearBurnBlendMode` …
    ///   `CILighterColorBlendMode`).
    ///
    /// Not accepted: `multiply` (kCAFilterMultiply, distinct from `multiplyBlendMode`) and Core
    /// Image's other composite filters (`CIAdditionCompositing`, `CIMinimumCompositing`, …).
    public init?(compositingFilterName name: String) {
        guard let mode = Self.compositingFilterNames[name] else { return nil }
        self = mode
    }

    /// The canonical Core Animation compositing filter name of this mode: the CAFilter type,
    /// `"multiplyBlendMode"`, `"destOver"`, `"plusL"`, … (`"normalBlendMode"` for `normal`; a
    /// writer may as well leave `compositingFilter` out, which also means source over).
    /// `BlendMode(compositingFilterName: mode.compositingFilterName) == mode` for every mode.
    public var compositingFilterName: String {
        switch self {
        case .normal: "normalBlendMode"
        case .multiply: "multiplyBlendMode"
        case .screen: "screenBlendMode"
        case .overlay: "overlayBlendMode"
        case .darken: "darkenBlendMode"
        case .lighten: "lightenBlendMode"
        case .colorDodge: "colorDodgeBlendMode"
        case .colorBurn: "colorBurnBlendMode"
        case .softLight: "softLightBlendMode"
        case .hardLight: "hardLightBlendMode"
        case .difference: "differenceBlendMode"
        case .exclusion: "exclusionBlendMode"
        case .hue: "hueBlendMode"
        case .saturation: "saturationBlendMode"
        case .color: "colorBlendMode"
        case .luminosity: "luminosityBlendMode"
        case .clear: "clear"
        case .copy: "copy"
        case .sourceIn: "sourceIn"
        case .sourceOut: "sourceOut"
        case .sourceAtop: "sourceAtop"
        case .destinationOver: "destOver"
        case .destinationIn: "destIn"
        case .destinationOut: "destOut"
        case .destinationAtop: "destAtop"
        case .xor: "xor"
        case .plusDarker: "plusD"
        case .plusLighter: "plusL"
        case .linearBurn: "linearBurnBlendMode"
        case .linearDodge: "linearDodgeBlendMode"
        case .linearLight: "linearLightBlendMode"
        case .pinLight: "pinLightBlendMode"
        case .vividLight: "vividLightBlendMode"
        case .hardMix: "hardMixBlendMode"
        case .subtract: "subtractBlendMode"
        case .divide: "divideBlendMode"
        case .darkerColor: "darkerColorBlendMode"
        case .lighterColor: "lighterColorBlendMode"
        }
    }

    private static let compositingFilterNames: [String: BlendMode] = {
        var names: [String: BlendMode] = [:]
        for mode in BlendMode.allCases { names[mode.compositingFilterName] = mode }
        names["sourceOver"] = .normal
        names["plusLighter"] = .plusLighter
        names["plusDarker"] = .plusDarker
        let coreImage: [(String, BlendMode)] = [
            ("CIMultiplyBlendMode", .multiply), ("CIScreenBlendMode", .screen), ("CIOverlayBlendMode", .overlay),
            ("CIDarkenBlendMode", .darken), ("CILightenBlendMode", .lighten), ("CIColorDodgeBlendMode", .colorDodge),
            ("CIColorBurnBlendMode", .colorBurn), ("CISoftLightBlendMode", .softLight),
            ("CIHardLightBlendMode", .hardLight), ("CIDifferenceBlendMode", .difference),
            ("CIExclusionBlendMode", .exclusion), ("CIHueBlendMode", .hue), ("CISaturationBlendMode", .saturation),
            ("CIColorBlendMode", .color), ("CILuminosityBlendMode", .luminosity),
            ("CISourceOverCompositing", .normal), ("CISourceInCompositing", .sourceIn),
            ("CISourceOutCompositing", .sourceOut), ("CISourceAtopCompositing", .sourceAtop),
            ("CILinearBurnBlendMode", .linearBurn), ("CILinearDodgeBlendMode", .linearDodge),
            ("CILinearLightBlendMode", .linearLight), ("CIPinLightBlendMode", .pinLight),
            ("CIVividLightBlendMode", .vividLight), ("CIHardMixBlendMode", .hardMix),
            ("CISubtractBlendMode", .subtract), ("CIDivideBlendMode", .divide),
            ("CIDarkerColorBlendMode", .darkerColor), ("CILighterColorBlendMode", .lighterColor),
        ]
        for (name, mode) in coreImage { names[name] = mode }
        return names
    }()
}
