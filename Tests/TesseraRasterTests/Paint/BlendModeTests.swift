/// BlendMode's API: CGBlendMode's names and raw values (which the C kernels share), then Core
/// Image's blend modes from 28, the classification properties, and Core Animation's compositing
/// filter names.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct BlendModeTests {
    /// CGBlendMode's cases in raw-value order (CoreGraphics' CGBlendMode.h).
    private let cgNames = [
        "normal", "multiply", "screen", "overlay", "darken", "lighten", "colorDodge", "colorBurn", "softLight",
        "hardLight", "difference", "exclusion", "hue", "saturation", "color", "luminosity", "clear", "copy",
        "sourceIn", "sourceOut", "sourceAtop", "destinationOver", "destinationIn", "destinationOut",
        "destinationAtop", "xor", "plusDarker", "plusLighter",
    ]

    /// Core Image's blend modes that CGBlendMode lacks, from raw value 28.
    private let coreImageNames = [
        "linearBurn", "linearDodge", "linearLight", "pinLight", "vividLight", "hardMix", "subtract", "divide",
        "darkerColor", "lighterColor",
    ]

    @Test func casesAreCGBlendModesWithTheirRawValuesThenCoreImages() {
        #expect(BlendMode.allCases.count == 38)
        for (raw, name) in (cgNames + coreImageNames).enumerated() {
            let mode = BlendMode(rawValue: Int32(raw))
            #expect(mode != nil)
            #expect(mode.map { "\($0)" } == name)
        }
        #expect(BlendMode(rawValue: 38) == nil)
        #expect(BlendMode(rawValue: -1) == nil)
    }

    @Test func rawValuesAreTheKernelsModes() {
        let kernel: [(BlendMode, tsr_blend_mode)] = [
            (.normal, TSR_BLEND_NORMAL), (.multiply, TSR_BLEND_MULTIPLY), (.screen, TSR_BLEND_SCREEN),
            (.overlay, TSR_BLEND_OVERLAY), (.darken, TSR_BLEND_DARKEN), (.lighten, TSR_BLEND_LIGHTEN),
            (.colorDodge, TSR_BLEND_COLOR_DODGE), (.colorBurn, TSR_BLEND_COLOR_BURN),
            (.softLight, TSR_BLEND_SOFT_LIGHT), (.hardLight, TSR_BLEND_HARD_LIGHT),
            (.difference, TSR_BLEND_DIFFERENCE), (.exclusion, TSR_BLEND_EXCLUSION), (.hue, TSR_BLEND_HUE),
            (.saturation, TSR_BLEND_SATURATION), (.color, TSR_BLEND_COLOR), (.luminosity, TSR_BLEND_LUMINOSITY),
            (.clear, TSR_BLEND_CLEAR), (.copy, TSR_BLEND_COPY), (.sourceIn, TSR_BLEND_SOURCE_IN),
            (.sourceOut, TSR_BLEND_SOURCE_OUT), (.sourceAtop, TSR_BLEND_SOURCE_ATOP),
            (.destinationOver, TSR_BLEND_DESTINATION_OVER), (.destinationIn, TSR_BLEND_DESTINATION_IN),
            (.destinationOut, TSR_BLEND_DESTINATION_OUT), (.destinationAtop, TSR_BLEND_DESTINATION_ATOP),
            (.xor, TSR_BLEND_XOR), (.plusDarker, TSR_BLEND_PLUS_DARKER), (.plusLighter, TSR_BLEND_PLUS_LIGHTER),
            (.linearBurn, TSR_BLEND_LINEAR_BURN), (.linearDodge, TSR_BLEND_LINEAR_DODGE),
            (.linearLight, TSR_BLEND_LINEAR_LIGHT), (.pinLight, TSR_BLEND_PIN_LIGHT), (.vividLight, TSR_BLEND_VIVID_LIGHT),
            (.hardMix, TSR_BLEND_HARD_MIX), (.subtract, TSR_BLEND_SUBTRACT), (.divide, TSR_BLEND_DIVIDE),
            (.darkerColor, TSR_BLEND_DARKER_COLOR), (.lighterColor, TSR_BLEND_LIGHTER_COLOR),
        ]
        #expect(kernel.count == BlendMode.allCases.count)
        for (mode, c) in kernel { #expect(mode.rawValue == Int32(c.rawValue), "\(mode)") }
    }

    @Test func separability() {
        let nonSeparable = BlendMode.allCases.filter { !$0.isSeparable }
        #expect(Set(nonSeparable) == [.hue, .saturation, .color, .luminosity, .darkerColor, .lighterColor])
    }

    @Test func modesThatChangePixelsOutsideTheSource() {
        let unbounded = BlendMode.allCases.filter(\.changesPixelsOutsideSource)
        #expect(Set(unbounded) == [.clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop])
    }

    @Test func compositingFilterNamesRoundTrip() {
        for mode in BlendMode.allCases {
            #expect(BlendMode(compositingFilterName: mode.compositingFilterName) == mode, "\(mode)")
        }
        #expect(Set(BlendMode.allCases.map(\.compositingFilterName)).count == BlendMode.allCases.count)
    }

    @Test func coreAnimationFilterNames() {
        let names: [String: BlendMode] = [
            "normalBlendMode": .normal, "sourceOver": .normal, "multiplyBlendMode": .multiply,
            "screenBlendMode": .screen, "overlayBlendMode": .overlay, "darkenBlendMode": .darken,
            "lightenBlendMode": .lighten, "colorDodgeBlendMode": .colorDodge, "colorBurnBlendMode": .colorBurn,
            "softLightBlendMode": .softLight, "hardLightBlendMode": .hardLight,
            "differenceBlendMode": .difference, "exclusionBlendMode": .exclusion, "hueBlendMode": .hue,
            "saturationBlendMode": .saturation, "colorBlendMode": .color, "luminosityBlendMode": .luminosity,
            "clear": .clear, "copy": .copy, "sourceIn": .sourceIn, "sourceOut": .sourceOut,
            "sourceAtop": .sourceAtop, "destOver": .destinationOver, "destIn": .destinationIn,
            "destOut": .destinationOut, "destAtop": .destinationAtop, "xor": .xor,
            "plusL": .plusLighter, "plusD": .plusDarker, "plusLighter": .plusLighter, "plusDarker": .plusDarker,
            "CIMultiplyBlendMode": .multiply, "CILuminosityBlendMode": .luminosity,
            "CISourceOverCompositing": .normal, "CISourceAtopCompositing": .sourceAtop,
            "linearBurnBlendMode": .linearBurn, "linearDodgeBlendMode": .linearDodge,
            "linearLightBlendMode": .linearLight, "pinLightBlendMode": .pinLight, "vividLightBlendMode": .vividLight,
            "hardMixBlendMode": .hardMix, "subtractBlendMode": .subtract, "divideBlendMode": .divide,
            "darkerColorBlendMode": .darkerColor, "lighterColorBlendMode": .lighterColor,
            "CILinearBurnBlendMode": .linearBurn, "CILinearDodgeBlendMode": .linearDodge,
            "CILinearLightBlendMode": .linearLight, "CIPinLightBlendMode": .pinLight,
            "CIVividLightBlendMode": .vividLight, "CIHardMixBlendMode": .hardMix, "CISubtractBlendMode": .subtract,
            "CIDivideBlendMode": .divide, "CIDarkerColorBlendMode": .darkerColor,
            "CILighterColorBlendMode": .lighterColor,
        ]
        for (name, mode) in names { #expect(BlendMode(compositingFilterName: name) == mode, "\(name)") }
        #expect(BlendMode.plusLighter.compositingFilterName == "plusL")
        #expect(BlendMode.destinationOver.compositingFilterName == "destOver")
        #expect(BlendMode.multiply.compositingFilterName == "multiplyBlendMode")
    }

    @Test func namesThatAreNotBlendModes() {
        for name in ["", "multiply", "MultiplyBlendMode", "SubtractBlendMode", "linearBurn", "gaussianBlur",
                     "destinationOver", "CIAdditionCompositing", "CIMinimumCompositing", "multiplyBlendMode "] {
            #expect(BlendMode(compositingFilterName: name) == nil, "\(name)")
        }
    }
}
