import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// Core Image's blend modes as a layer's `compositingFilter` (`linearLightBlendMode` … and their
/// `CI…BlendMode` names) draw the layer with that mode; a compositing filter Tessera has no mode
/// for leaves the layer out, as the report says.
@Suite struct CoreImageCompositingFilterTests {
    /// A 20 × 20 root of colour `below` with, over its left half, an opaque layer of colour `above`
    /// composited by `filter` (a name, or a CAFilter of that type); the pixels and what an archive
    /// of the tree reports.
    static func render(_ filter: String, asFilter: Bool, above: (Double, Double, Double),
                       below: (Double, Double, Double), enabled: Bool = true) throws -> (Pixmap, [SkippedFeature]) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.backgroundColor = CGColor(red: below.0, green: below.1, blue: below.2, alpha: 1)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        layer.backgroundColor = CGColor(red: above.0, green: above.1, blue: above.2, alpha: 1)
        if asFilter {
            let caFilter = CAFilter(type: filter)
            caFilter.isEnabled = enabled
            layer.compositingFilter = caFilter
        } else {
            layer.compositingFilter = filter
        }
        root.addSublayer(layer)
        let pixmap = try Pixmap(width: 20, height: 20)
        LayerRenderer(threadCount: 1).render(root, at: 0, into: pixmap)
        let loaded = try SceneDocument(archiveData: try SceneDocument(rootLayer: root).archiveData())
        return (pixmap, loaded.skipped)
    }

    static func level(_ v: Int) -> Double { Double(v) / 255 }

    /// Linear light with grey 128 (one level above neutral) over (200, 30, 90): Cb + 2·Cs − 1 adds
    /// one level; source-over would give grey. Subtract takes red from grey: (0, 128, 128). Under
    /// both names, as a string and as a CAFilter.
    @Test(arguments: [
        ("linearLightBlendMode", (128, 128, 128), (200, 30, 90), PremultipliedRGBA8(r: 201, g: 31, b: 91, a: 255)),
        ("CILinearLightBlendMode", (128, 128, 128), (200, 30, 90), PremultipliedRGBA8(r: 201, g: 31, b: 91, a: 255)),
        ("subtractBlendMode", (255, 0, 0), (128, 128, 128), PremultipliedRGBA8(r: 0, g: 128, b: 128, a: 255)),
        ("CISubtractBlendMode", (255, 0, 0), (128, 128, 128), PremultipliedRGBA8(r: 0, g: 128, b: 128, a: 255)),
        ("linearDodgeBlendMode", (100, 200, 0), (100, 100, 100), PremultipliedRGBA8(r: 200, g: 255, b: 100, a: 255)),
        ("darkerColorBlendMode", (255, 0, 0), (0, 0, 255), PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)),
    ])
    func coreImageBlendModesDrawTheLayer(name: String, above: (Int, Int, Int), below: (Int, Int, Int),
                                         expected: PremultipliedRGBA8) throws {
        for asFilter in [false, true] {
            let (pixmap, skipped) = try Self.render(name, asFilter: asFilter,
                                                    above: (Self.level(above.0), Self.level(above.1), Self.level(above.2)),
                                                    below: (Self.level(below.0), Self.level(below.1), Self.level(below.2)))
            #expect(pixmap[5, 10] == expected, "\(name) as a \(asFilter ? "filter" : "string")")
            #expect(pixmap[15, 10] == PremultipliedRGBA8(r: UInt8(below.0), g: UInt8(below.1), b: UInt8(below.2), a: 255))
            #expect(skipped.isEmpty, "\(skipped)")
        }
    }

    /// Every Core Image blend mode is one Tessera draws: nothing reported.
    @Test func everyCoreImageBlendModeIsDrawn() throws {
        for name in ["linearBurn", "linearDodge", "linearLight", "pinLight", "vividLight", "hardMix", "subtract",
                     "divide", "darkerColor", "lighterColor"] {
            for spelled in ["\(name)BlendMode", "CI\(name.prefix(1).uppercased())\(name.dropFirst())BlendMode"] {
                #expect(BlendMode(compositingFilterName: spelled) != nil, "\(spelled)")
                let (_, skipped) = try Self.render(spelled, asFilter: true, above: (0.5, 0.5, 0.5), below: (0.2, 0.4, 0.6))
                #expect(skipped.isEmpty, "\(spelled): \(skipped)")
            }
        }
    }

    /// A compositing filter Tessera cannot composite is reported as not drawn, and the layer is
    /// not drawn: the root shows through. Disabled, it composites nothing and the layer is drawn
    /// source-over, unreported.
    @Test func aCompositingFilterNotDrawnLeavesTheLayerOut() throws {
        for name in ["multiply", "CIAdditionCompositing"] {
            let (pixmap, skipped) = try Self.render(name, asFilter: true, above: (1, 0, 0), below: (0, 0, 1))
            #expect(pixmap[5, 10] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255), "\(name)")
            #expect(skipped.map(\.reason) == [.notDrawn(name)] && skipped.first?.key == "compositingFilter")
        }
        // (Archives do not write whether a filter is enabled: the layer itself is asked.)
        let (pixmap, _) = try Self.render("multiply", asFilter: true, above: (1, 0, 0), below: (0, 0, 1), enabled: false)
        #expect(pixmap[5, 10] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        let disabled = CALayer()
        disabled.properties.compositingFilter = .filter(LayerFilter(type: "multiply", isEnabled: false))
        #expect(CoreAnimationCoding.undrawnFilters(of: disabled).isEmpty)
    }
}
