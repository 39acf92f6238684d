import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// `LayerRenderer.tolerance`: how finely the curves of layers (and of their shadows' shapes) are
/// flattened, apart from a raster canvas's own default.
@Suite struct LayerRendererToleranceTests {
    @Test func defaultIsATenthOfAPixel() {
        let renderer = LayerRenderer(threadCount: 1)
        #expect(renderer.tolerance == 0.1)
        renderer.tolerance = .nan
        #expect(renderer.tolerance == 0.1)
        #expect(Canvas(threadCount: 1).tolerance == 0.25, "the raster canvas keeps its own default")
    }

    /// A disc of radius 24 at (32, 32) and its unblurred shadow 64 points to the right: at the
    /// default each covers π · 24² = 1809.6 px² within 3 px² (the lines cross the circle, about
    /// 0.05 px either side); at a tolerance of 16 each quarter circle is one line, a square of
    /// 2 · 24² = 1152 px².
    @Test func reachesLayersAndTheirShadows() throws {
        func areas(tolerance: Double?) throws -> (disc: Double, shadow: Double) {
            let disc = CAShapeLayer()
            disc.frame = CGRect(x: 0, y: 0, width: 128, height: 64)
            disc.path = CGPath(ellipseIn: CGRect(x: 8, y: 8, width: 48, height: 48), transform: nil)
            disc.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            disc.shadowOpacity = 1
            disc.shadowRadius = 0
            disc.shadowOffset = CGSize(width: 64, height: 0)
            let renderer = LayerRenderer(threadCount: 1)
            if let tolerance { renderer.tolerance = tolerance }
            let pixmap = try Pixmap(width: 128, height: 64)
            renderer.render(disc, at: 0, into: pixmap)
            func area(_ columns: Range<Int>) -> Double {
                columns.reduce(0) { sum, x in (0..<64).reduce(sum) { $0 + Double(pixmap[x, $1].a) / 255 } }
            }
            return (area(0..<64), area(64..<128))
        }
        let circle = Double.pi * 24 * 24
        let fine = try areas(tolerance: nil)
        #expect(abs(fine.disc - circle) < 3, "\(fine.disc)")
        #expect(abs(fine.shadow - circle) < 3, "\(fine.shadow)")
        let coarse = try areas(tolerance: 16)
        #expect(abs(coarse.disc - 2 * 24 * 24) < 3, "\(coarse.disc)")
        #expect(abs(coarse.shadow - 2 * 24 * 24) < 3, "\(coarse.shadow)")
    }
}
