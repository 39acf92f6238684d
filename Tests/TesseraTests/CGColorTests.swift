import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

@Suite struct CGColorTests {
    @Test func rgbColorComponents() {
        let color = CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.8)
        #expect(color.components == [0.25, 0.5, 0.75, 0.8])
        #expect(color.numberOfComponents == 4)
        #expect(color.alpha == 0.8)
        #expect(color.rgba == ColorComponents(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.8))
        #expect(CGColor(srgbRed: 0.25, green: 0.5, blue: 0.75, alpha: 0.8) == color)
    }

    /// Gray colors have two components and expand to three equal RGB components.
    @Test func grayColorComponents() {
        let gray = CGColor(gray: 0.4, alpha: 0.5)
        #expect(gray.components == [0.4, 0.5])
        #expect(gray.numberOfComponents == 2)
        #expect(gray.alpha == 0.5)
        #expect(gray.rgba == ColorComponents(red: 0.4, green: 0.4, blue: 0.4, alpha: 0.5))
    }

    /// The named colors are in the gray color space, as CoreGraphics' constants.
    @Test func namedColors() {
        #expect(CGColor.black.components == [0, 1])
        #expect(CGColor.white.components == [1, 1])
        #expect(CGColor.clear.components == [0, 0])
        #expect(CGColor.black.rgba == ColorComponents(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(CGColor.clear.alpha == 0)
    }

    @Test func copyWithAlphaKeepsTheColorSpace() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(red.copy(alpha: 0.25)?.components == [1, 0, 0, 0.25])
        #expect(red.components == [1, 0, 0, 1])  // the original is untouched
        #expect(CGColor.white.copy(alpha: 0.5)?.components == [1, 0.5])
        #expect(red.copy() === red)
    }

    /// Equal when the color space and components are equal, as CFEqual: gray 1 is not RGB white.
    @Test func equalityIsByColorSpaceAndComponents() {
        let a = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        let b = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.9))
        #expect(CGColor(gray: 1, alpha: 1) == CGColor.white)
        #expect(CGColor(red: 1, green: 1, blue: 1, alpha: 1) != CGColor.white)
        #expect(Set([a, b, CGColor.black]).count == 2)
    }

    /// Components are stored as given, out-of-range ones included; drawing clamps them.
    @Test func componentsAreNotClamped() {
        let extended = CGColor(red: 1.5, green: -0.25, blue: 0.5, alpha: 2)
        #expect(extended.components == [1.5, -0.25, 0.5, 2])
        #expect(extended.rgba.rasterColor.premultiplied == PremultipliedRGBA8(r: 255, g: 0, b: 128, a: 255))
    }

    @Test func colorComponentsRoundTrip() {
        let rgba = ColorComponents(red: 0.9, green: 0.1, blue: 0.45, alpha: 0.3)
        let color = CGColor(rgba)
        #expect(color.numberOfComponents == 4)
        #expect(color.rgba == rgba)
        #expect(rgba.rasterColor == TesseraRaster.Color(red: 0.9, green: 0.1, blue: 0.45, alpha: 0.3))
    }
}
