import Testing
import TesseraRaster

/// A mask's opaque interior: a group whose content lies inside is drawn without its mask (and
/// without the group when it has full opacity), and still clips what crosses it.
@Suite struct MaskInteriorTests {
    static let interior = MaskInterior(minX: 4, minY: 4, maxX: 36, maxY: 36, radius: 8)

    static func roundedMask(_ canvas: Canvas, interior: MaskInterior?) {
        canvas.beginMask(opaqueInside: interior)
        var mask = Path()
        mask.addRoundedRect(in: Rect(x: 4, y: 4, width: 32, height: 32), cornerWidth: 8, cornerHeight: 8)
        canvas.fill(mask, paint: .solid(.white))
        canvas.endGroup()
    }

    static func ellipse(_ x: Double, _ y: Double, _ size: Double) -> Path {
        Path(ellipseIn: Rect(x: x, y: y, width: size, height: size))
    }

    /// The rectangle's corners decide: in the straight parts up to the edges, not past a corner's arc.
    @Test func containsPixelRectangles() {
        let region = Self.interior
        #expect(region.contains(left: 4, top: 12, right: 36, bottom: 28))      // full width between the arcs
        #expect(region.contains(left: 7, top: 7, right: 33, bottom: 33))       // corners at 45°: 3 from the edges, inside r(1 − 1/√2) ≈ 2.34
        #expect(!region.contains(left: 5, top: 5, right: 10, bottom: 10))      // (5, 5) is outside the top-left arc
        #expect(!region.contains(left: 3, top: 12, right: 10, bottom: 20))     // past the left edge
        #expect(region.contains(left: 10, top: 10, right: 10, bottom: 20))     // empty: nothing to hold
        // A radius larger than half the shorter side is clamped; NaN reads as the largest.
        #expect(MaskInterior(minX: 0, minY: 0, maxX: 10, maxY: 4, radius: 50).radius == 2)
        #expect(MaskInterior(minX: 0, minY: 0, maxX: 10, maxY: 4, radius: .nan).radius == 2)
        #expect(Self.interior.inset(by: 1) == MaskInterior(minX: 5, minY: 5, maxX: 35, maxY: 35, radius: 7))
    }

    /// Content inside the interior: the same bytes as drawing it with no group at all (the group
    /// and its mask are skipped). Translucent overlaps, so that compositing a group would round
    /// differently.
    @Test func contentInsideSkipsTheGroup() throws {
        let direct = try GroupTests.render { canvas in
            canvas.fill(Self.ellipse(10, 10, 20), paint: .solid(Color(red: 0, green: 0.5, blue: 0, alpha: 0.6)))
            canvas.fill(Self.ellipse(14, 14, 12), paint: .solid(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
        }
        let promised = try GroupTests.render { canvas in
            canvas.beginGroup()
            canvas.fill(Self.ellipse(10, 10, 20), paint: .solid(Color(red: 0, green: 0.5, blue: 0, alpha: 0.6)))
            canvas.fill(Self.ellipse(14, 14, 12), paint: .solid(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
            Self.roundedMask(canvas, interior: Self.interior)
        }
        let same = promised.bytes == direct.bytes   // not the arrays in #expect: a failure would print them whole
        #expect(same)
    }

    /// Content crossing the interior is still masked: the rounded corner cuts it.
    @Test func contentCrossingIsMasked() throws {
        let image = try GroupTests.render { canvas in
            canvas.beginGroup()
            canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 40, height: 40)), paint: .solid(GroupTests.blue))
            Self.roundedMask(canvas, interior: Self.interior)
        }
        #expect(GroupTests.rgba(image[5, 5]) == [255, 255, 255, 255])   // outside the top-left arc
        #expect(GroupTests.rgba(image[1, 20]) == [255, 255, 255, 255])  // outside the mask
        #expect(GroupTests.rgba(image[20, 20]) == [0, 0, 255, 255])
    }

    /// A group with an opacity keeps its opacity when its mask is skipped.
    @Test func opacityStaysWhenTheMaskIsSkipped() throws {
        let image = try GroupTests.render { canvas in
            canvas.beginGroup()
            canvas.fill(Path(rect: Rect(x: 10, y: 10, width: 10, height: 10)), paint: .solid(GroupTests.red))
            canvas.fill(Path(rect: Rect(x: 15, y: 15, width: 10, height: 10)), paint: .solid(GroupTests.red))
            canvas.beginMask(opaqueInside: Self.interior)
            canvas.fill(Path(rect: Rect(x: 4, y: 4, width: 32, height: 32)), paint: .solid(.white))
            canvas.endGroup(opacity: 0.5)
        }
        // One image at half opacity: the overlap no darker (red at 128 over white at 127).
        #expect(GroupTests.rgba(image[12, 12]) == [255, 127, 127, 255])
        #expect(GroupTests.rgba(image[17, 17]) == [255, 127, 127, 255])
    }
}
