import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCAML
@testable import TesseraCore

extension CAMLWriterTests {
    /// Values of any type (animation values, state values, filter inputs) are written with their
    /// type, and read back as the same type and value.
    @Suite struct CAMLWriterTypedValueTests {
        /// `value` written as a typed element, serialized, parsed and read back; with the type
        /// it was written as.
        static func roundTrip(_ value: Any) throws -> (type: String, value: Any) {
            var writeContext = CAMLWriteContext(hasBundle: false)
            let written = try CAMLTypedValue.write(value, in: &writeContext)
            var text = CAMLXMLText()
            try text.append(written)
            let element = try CAMLTests.parse(text.text).root
            var readContext = CAMLReadContext(assets: CAMLAssets(folder: nil))
            return (written.name, try CAMLTypedValue.read(element, type: String(element.localName), in: &readContext))
        }

        @Test func everyTypeReadsBackAsItself() throws {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0.1, y: 0.2))
            path.addQuadCurve(to: CGPoint(x: 3, y: 4), control: CGPoint(x: 1, y: 5))
            path.closeSubpath()
            let values: [(Any, String)] = [
                (NSNumber(value: true), "bool"), (true, "bool"), (NSNumber(value: 7), "integer"), (-3, "integer"),
                (NSNumber(value: 0.1), "real"), (Float(0.3), "real"), (CGFloat(-2.5e-7), "real"), ("a <string>", "string"),
                (CGPoint(x: 1.5, y: -2), "CGPoint"), (CGSize(width: 3, height: 4), "CGSize"),
                (CGRect(x: 1, y: 2, width: 3, height: 4), "CGRect"),
                (CATransform3DRotate(CATransform3DMakeScale(2, 3, 1), 0.7, 0, 0, 1), "CATransform3D"),
                (CGColor(srgbRed: 0.2, green: 0.4, blue: 0.6, alpha: 0.8), "CGColor"), (path, "CGPath"),
                (CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4), "CAMediaTimingFunction"),
                ([NSNumber(value: 1), "two", [CGPoint(x: 3, y: 3)]] as [Any], "NSArray"), (NSNull(), "NSNull"),
            ]
            for (value, type) in values {
                let (written, read) = try Self.roundTrip(value)
                #expect(written == type, "\(value)")
                #expect(ArchiveTests.describe(read) == ArchiveTests.describe(value), "\(type)")
            }
        }

        /// Numbers are real only where they must be: a boolean stays a boolean (`hidden` set by a
        /// state), an integer an integer.
        @Test func numbersKeepTheirKind() throws {
            #expect(try (Self.roundTrip(NSNumber(value: false)).value as? NSNumber)?.boolValue == false)
            #expect(try Self.roundTrip(NSNumber(value: 1)).type == "integer")
            #expect(try Self.roundTrip(NSNumber(value: 1.0)).type == "real")
        }

        /// Non-finite numbers, values of types CAML has no spelling for, and images with no
        /// bundle are errors.
        @Test func unwritableValuesAreErrors() throws {
            var context = CAMLWriteContext(hasBundle: false)
            for value in [Double.nan, Double.infinity, NSNumber(value: -Double.infinity), Date(), try TestImages.quadrants()] as [Any] {
                #expect(throws: CAMLWriteFailure.self, "\(value)") { try CAMLTypedValue.write(value, in: &context) }
            }
        }
    }
}
