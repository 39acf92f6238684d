import Foundation
import TesseraCore
import TesseraRaster

/// The type of a property that the file formats read and write (``CodedProperty``), whatever
/// their spelling of it: whether a value's numbers are finite, which the rows check the same way
/// in every format. Each format conforms the types to its own spelling protocol
/// (`ArchivableProperty`, `CAMLSpelledValue`).
package protocol CodedValue: Equatable, SendableMetatype {
    /// False when a number of the value is NaN or infinite.
    var isFinite: Bool { get }
}

extension CodedValue {
    package var isFinite: Bool { true }
}

// MARK: Numbers, flags, strings (their own `isFinite` where they are numbers)

extension Double: CodedValue {}
extension Float: CodedValue {}
extension CGFloat: CodedValue {}
extension Int: CodedValue {}
/// An emitter's `seed`.
extension UInt32: CodedValue {}
extension Bool: CodedValue {}
extension String: CodedValue {}
/// `maskedCorners`: the four corner bits.
extension CACornerMask: CodedValue {}

extension NSNumber: CodedValue {
    package var isFinite: Bool { doubleValue.isFinite }
}

// MARK: Geometry, colors, paths, timing, contents

extension CGPoint: CodedValue {}
extension CGSize: CodedValue {}
extension CGRect: CodedValue {}
extension CATransform3D: CodedValue {}
extension CGColor: CodedValue {}
extension CGPath: CodedValue {}
extension Color: CodedValue {}
extension Path: CodedValue {}
extension CAMediaTimingFunction: CodedValue {}
extension CAValueFunction: CodedValue {}
extension LayerContents: CodedValue {}
extension LayerCompositingFilter: CodedValue {}

extension LayerFilter: CodedValue {
    package var isFinite: Bool {
        inputs.values.allSatisfy {
            switch $0 {
            case .number(let value): value.isFinite
            case .numbers(let values): values.allSatisfy(\.isFinite)
            default: true
            }
        }
    }
}

// MARK: Collections and nil

extension Array: CodedValue where Element: CodedValue {
    package var isFinite: Bool { allSatisfy(\.isFinite) }
}

extension Optional: CodedValue where Wrapped: CodedValue {
    package var isFinite: Bool { self?.isFinite ?? true }
}

// MARK: String constants

/// A string constant of Core Animation's API (fill modes, fill rules, line caps…): the formats
/// read only the constants Tessera models, by their raw values.
package protocol CodedConstant: CodedValue, RawRepresentable where RawValue == String {
    /// The constants Tessera models.
    static var knownValues: [Self] { get }
}

extension CAMediaTimingFillMode: CodedConstant {
    package static var knownValues: [Self] { [.removed, .forwards, .backwards, .both] }
}

extension CAShapeLayerFillRule: CodedConstant {
    package static var knownValues: [Self] { [.nonZero, .evenOdd] }
}

extension CAShapeLayerLineJoin: CodedConstant {
    package static var knownValues: [Self] { [.miter, .round, .bevel] }
}

extension CAShapeLayerLineCap: CodedConstant {
    package static var knownValues: [Self] { [.butt, .round, .square] }
}

extension CALayerCornerCurve: CodedConstant {
    package static var knownValues: [Self] { [.circular, .continuous] }
}

extension CALayerContentsGravity: CodedConstant {
    package static var knownValues: [Self] {
        [
            .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight, .resize, .resizeAspect,
            .resizeAspectFill,
        ]
    }
}

extension CAGradientLayerType: CodedConstant {
    package static var knownValues: [Self] { [.axial, .radial, .conic] }
}

extension CALayerContentsFilter: CodedConstant {
    package static var knownValues: [Self] { [.linear, .nearest, .trilinear] }
}

extension CAAnimationCalculationMode: CodedConstant {
    package static var knownValues: [Self] { [.linear, .discrete, .paced, .cubic, .cubicPaced] }
}

extension CAAnimationRotationMode: CodedConstant {
    package static var knownValues: [Self] { [.rotateAuto, .rotateAutoReverse] }
}
extension CAEmitterLayerEmitterShape: CodedConstant {
    package static var knownValues: [Self] { [.point, .line, .rectangle, .cuboid, .circle, .sphere] }
}

extension CAEmitterLayerEmitterMode: CodedConstant {
    package static var knownValues: [Self] { [.points, .outline, .surface, .volume] }
}

extension CAEmitterLayerRenderMode: CodedConstant {
    package static var knownValues: [Self] { [.unordered, .oldestFirst, .oldestLast, .backToFront, .additive] }
}
extension CATextLayerAlignmentMode: CodedConstant {
    package static var knownValues: [Self] { [.natural, .left, .right, .center, .justified] }
}

extension CATextLayerTruncationMode: CodedConstant {
    package static var knownValues: [Self] { [.none, .start, .end, .middle] }
}
