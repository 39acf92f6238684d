import Testing
@testable import TesseraRaster

@Test func pixmapStartsTransparent() throws {
    let p = try Pixmap(width: 3, height: 2)
    #expect(p[2, 1] == .transparent)
}
