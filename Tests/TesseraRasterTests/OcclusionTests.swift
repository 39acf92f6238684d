import Testing
import TesseraRaster

/// A band starts drawing at the last command that covers it opaquely outside any group (what
/// comes before is hidden); whatever does not cover it so must still show through.
@Suite struct OcclusionTests {
    static let everything = Path(rect: Rect(x: 0, y: 0, width: 40, height: 40))

    @Test func anOpaqueRectangleHidesWhatIsBelow() throws {
        let image = try GroupTests.render { canvas in
            canvas.fill(GroupTests.square(0, 0, 20), paint: .solid(GroupTests.red))
            canvas.fill(Self.everything, paint: .solid(GroupTests.blue))
            canvas.fill(GroupTests.square(20, 20, 10), paint: .solid(GroupTests.red))
        }
        #expect(GroupTests.rgba(image[5, 5]) == [0, 0, 255, 255])
        #expect(GroupTests.rgba(image[25, 25]) == [255, 0, 0, 255])
    }

    @Test func aTranslucentOrPartialRectangleDoesNot() throws {
        let image = try GroupTests.render { canvas in
            canvas.fill(GroupTests.square(0, 0, 20), paint: .solid(GroupTests.red))
            canvas.fill(Self.everything, paint: .solid(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
            canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 39.5, height: 40)), paint: .solid(GroupTests.blue))
        }
        // The last rectangle leaves half of the right column: the first two show through there.
        let edge = GroupTests.rgba(image[39, 5])
        #expect(edge[3] == 255 && edge[2] > 128 && edge[0] > 0)
        #expect(GroupTests.rgba(image[5, 5]) == [0, 0, 255, 255])
    }

    @Test func aRectangleInAGroupDoesNot() throws {
        let image = try GroupTests.render { canvas in
            canvas.fill(GroupTests.square(0, 0, 20), paint: .solid(GroupTests.red))
            canvas.beginGroup()
            canvas.fill(Self.everything, paint: .solid(GroupTests.blue))
            canvas.endGroup(opacity: 0.5)
        }
        // Blue at 128 over red: the red below still shows.
        #expect(GroupTests.rgba(image[5, 5]) == [127, 0, 128, 255])
        #expect(GroupTests.rgba(image[30, 30]) == [127, 127, 255, 255])
    }
}
