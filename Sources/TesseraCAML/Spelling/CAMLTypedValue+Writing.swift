import Foundation
import TesseraCore
import TesseraDocument
import TesseraRaster

extension CAMLTypedValue {
    /// `value` as a typed element that ``read(_:type:in:)`` reads back: named by its type, as
    /// lists write their elements (`<real value="0.5"/>`, `<CGPoint value="1 2"/>`,
    /// `<NSArray>…</NSArray>`). The types are those of the table above; an `NSNumber` is `bool`
    /// when it holds a boolean, `real` when it holds a floating-point number, else `integer`.
    ///
    /// - Throws: ``CAMLWriteFailure`` for a value of another type, a NaN or infinite number, or
    ///   lists nested deeper than archives allow.
    static func write(_ value: Any, in context: inout CAMLWriteContext, depth: Int = 0) throws(CAMLWriteFailure) -> CAMLWrittenElement {
        guard depth <= CoreAnimationCoding.maximumDepth else {
            throw CAMLWriteFailure("values nested more than \(CoreAnimationCoding.maximumDepth) deep")
        }
        func text(_ type: String, _ spelled: some CAMLSpelledValue) throws(CAMLWriteFailure) -> CAMLWrittenElement {
            switch try spelled.write(in: &context) {
            case .attribute(let text): CAMLWrittenElement(name: type, attributes: [("value", text)])
            case .element(let attributes, let children): CAMLWrittenElement(name: type, attributes: attributes, children: children)
            }
        }
        func real(_ number: Double) throws(CAMLWriteFailure) -> CAMLWrittenElement {
            guard number.isFinite else { throw CAMLWriteFailure("the non-finite number \(number)") }
            return try text("real", number)
        }
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            switch String(cString: number.objCType) {
            // Booleans are `NSNumber` subclasses holding a char (as the archive writer tells them).
            case "c" where type(of: number) != NSNumber.self: return try text("bool", number.boolValue)
            case "f", "d": return try real(number.doubleValue)
            case "Q" where number.uint64Value > UInt64(Int.max): return try real(number.doubleValue)
            default: return try text("integer", number.intValue)
            }
        }
        switch value {
        case let flag as Bool: return try text("bool", flag)
        case let integer as any BinaryInteger:
            guard let exact = Int(exactly: integer) else { return try real(Double(integer)) }
            return try text("integer", exact)
        case let number as any BinaryFloatingPoint: return try real(Double(number))
        case let string as String: return try text("string", string)
        case let point as CGPoint: return try text("CGPoint", point)
        case let size as CGSize: return try text("CGSize", size)
        case let rect as CGRect: return try text("CGRect", rect)
        case let transform as CATransform3D: return try text("CATransform3D", transform)
        case let color as CGColor: return try text("CGColor", Color(color))
        case let color as Color: return try text("CGColor", color)
        case let path as CGPath: return try text("CGPath", path)
        case let function as CAMediaTimingFunction: return try text("CAMediaTimingFunction", function)
        case let image as CGImage:
            return CAMLWrittenElement(name: "CGImage", attributes: [("src", try context.path(of: image))])
        case let list as [Any]:
            var element = CAMLWrittenElement(name: "NSArray")
            for item in list { element.children.append(try write(item, in: &context, depth: depth + 1)) }
            return element
        case is NSNull: return CAMLWrittenElement(name: "NSNull")
        default: throw CAMLWriteFailure("a value of type \(type(of: value))")
        }
    }

    /// `value` as a property's element named `key`, its type in its `type` attribute
    /// (`<fromValue type="real" value="0"/>`), as ``read(_:in:)`` reads it.
    static func write(_ value: Any, as key: String, in context: inout CAMLWriteContext) throws(CAMLWriteFailure) -> CAMLWrittenElement {
        let typed = try write(value, in: &context)
        return CAMLWrittenElement(
            name: key, attributes: [(CAMLFormat.typeAttribute, typed.name)] + typed.attributes,
            children: typed.children)
    }
}
