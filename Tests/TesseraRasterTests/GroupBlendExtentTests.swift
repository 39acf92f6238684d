import Testing
import TesseraRaster

/// Where a group's blend mode applies: within the rows and columns the group drew in (its
/// extent), never in the rest of the bands it touches, and a mask dropped for being opaque
/// leaves the blend mode in force.
@Suite struct GroupBlendExtentTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    static func rgba(_ p: PremultipliedRGBA8) -> [Int] { [Int(p.r), Int(p.g), Int(p.b), Int(p.a)] }

    /// A group composited with copy (a mode that changes what a transparent source covers)
    /// replaces its extent, the square rows 40–49, columns 20–29; the rows of the same 32-row
    /// band above and below it, in the same columns, keep the red background.
    @Test(arguments: [1, 2])
    func anUnboundedModeStaysInTheGroupsRows(threads: Int) throws {
        let canvas = Canvas(threadCount: threads)
        canvas.clear(Self.red)
        canvas.beginGroup()
        canvas.fill(Path(rect: Rect(x: 20, y: 40, width: 10, height: 10)), paint: .solid(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
        canvas.endGroup(opacity: 1, blendMode: .copy)
        let pixmap = try Pixmap(width: 64, height: 96)
        canvas.render(into: pixmap)
        #expect(Self.rgba(pixmap[25, 45]) == [0, 0, 128, 128])
        for y in [32, 39, 50, 63] { #expect(Self.rgba(pixmap[25, y]) == [255, 0, 0, 255], "row \(y)") }
        #expect(Self.rgba(pixmap[35, 45]) == [255, 0, 0, 255])
    }

    /// A mask whose opaque interior holds the whole group is dropped; the group itself must stay
    /// when it has a blend mode: blue multiplied over red is black, not blue.
    @Test func anOpaqueMaskDroppedKeepsTheBlendMode() throws {
        let canvas = Canvas(threadCount: 1)
        canvas.clear(Self.red)
        canvas.beginGroup()
        canvas.fill(Path(rect: Rect(x: 10, y: 10, width: 10, height: 10)), paint: .solid(Self.blue))
        canvas.beginMask(opaqueInside: MaskInterior(minX: 0, minY: 0, maxX: 40, maxY: 40, radius: 0))
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 40, height: 40)), paint: .solid(.white))
        canvas.endGroup(opacity: 1, blendMode: .multiply)
        let pixmap = try Pixmap(width: 40, height: 40)
        canvas.render(into: pixmap)
        #expect(Self.rgba(pixmap[15, 15]) == [0, 0, 0, 255])
        #expect(Self.rgba(pixmap[5, 5]) == [255, 0, 0, 255])
    }
}
