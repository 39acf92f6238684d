import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster

/// Core Animation's style names as the rasterizer's; an unknown name reads as the default.
struct ShapeLayerStyleConversionTests {
    @Test func namesMapToTheRasterizersStyles() {
        #expect(CAShapeLayerFillRule.nonZero.rasterRule == .nonZero)
        #expect(CAShapeLayerFillRule.evenOdd.rasterRule == .evenOdd)
        #expect(CAShapeLayerFillRule(rawValue: "winding").rasterRule == .nonZero)
        #expect(CAShapeLayerLineJoin.miter.rasterJoin == .miter)
        #expect(CAShapeLayerLineJoin.round.rasterJoin == .round)
        #expect(CAShapeLayerLineJoin.bevel.rasterJoin == .bevel)
        #expect(CAShapeLayerLineJoin(rawValue: "Round").rasterJoin == .miter)
        #expect(CAShapeLayerLineCap.butt.rasterCap == .butt)
        #expect(CAShapeLayerLineCap.round.rasterCap == .round)
        #expect(CAShapeLayerLineCap.square.rasterCap == .square)
        #expect(CAShapeLayerLineCap(rawValue: "").rasterCap == .butt)
    }
}
