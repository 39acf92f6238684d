import Foundation
import TesseraCore
import TesseraDocument
import TesseraRaster
import TesseraXML

/// Values whose type CAML writes beside them: what an `Any` holds in Core Animation's API
/// (an animation's `fromValue`, `toValue`, `byValue` and `values`, a state's value, a filter's
/// input) and the elements of lists.
///
/// The type is the element's name in a list (`<keyTimes><integer value="0"/><real value="0.23"/>…`,
/// `<values><CGPoint value="1 2"/>…`) or its `type` attribute on a property's element
/// (`<value type="integer" value="1"/>`, `<fromValue type="CGColor" value="1 0 0"/>`). The types:
///
/// | type | value | read as |
/// |---|---|---|
/// | `real`, `float` | a finite number | `NSNumber` (a `Double`) |
/// | `integer` | an integer | `NSNumber` (an `Int`) |
/// | `bool` | `1` or `0` | `NSNumber` (a `Bool`) |
/// | `string` | any text | `String` |
/// | `CGPoint`, `CGSize`, `CGRect` | numbers | `CGPoint`, `CGSize`, `CGRect` |
/// | `CATransform3D` | transform functions | `CATransform3D` |
/// | `CGColor` | `r g b`, with `opacity` | `CGColor` |
/// | `CGPath` | postfix notation | `CGPath` |
/// | `CAMediaTimingFunction` | a name or control points | `CAMediaTimingFunction` |
/// | `CGImage` | `src`: an image of the bundle | `CGImage` |
/// | `NSArray` | typed child elements | `[Any]` |
/// | `NSNull` | nothing | `NSNull` |
///
/// Apple's files show `real`, `integer` and `CAMediaTimingFunction`; the others follow the same
/// rule (the class or type name, the value in the syntax of a property of that type).
enum CAMLTypedValue {
    /// The value of `element`, whose type is `type` (its name in a list, or its `type`
    /// attribute). Lists nest as deep as the document's elements (``CAMLXMLLimits``).
    static func read(_ element: CAMLElement, type: String, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> Any {
        let source = CAMLValueSource.element(element)
        switch type {
        case "real", "float":
            let attribute = try source.valueAttribute()
            do { return NSNumber(value: try CAMLSyntax.parseFiniteNumber(attribute.value)) } catch {
                throw CAMLReadFailure(error, in: attribute)
            }
        case "integer": return NSNumber(value: try Int.read(source, in: &context))
        case "bool": return NSNumber(value: try Bool.read(source, in: &context))
        case "string": return try source.valueAttribute().value
        case "CGPoint": return try CGPoint.read(source, in: &context)
        case "CGSize": return try CGSize.read(source, in: &context)
        case "CGRect": return try CGRect.read(source, in: &context)
        case "CATransform3D": return try CATransform3D.read(source, in: &context)
        case "CGColor": return CGColor(try Color.read(source, in: &context))
        case "CGPath": return try CGPath.read(source, in: &context)
        case "CAMediaTimingFunction": return try CAMediaTimingFunction.read(source, in: &context)
        case "CGImage": return try context.assets.image(of: element)
        case "NSArray": return try list(element, in: &context)
        case "NSNull": return NSNull()
        default:
            let at = element.attribute("type")?.valueLocation ?? element.location
            throw CAMLReadFailure(at: at, .unsupportedValue("a value of type \"\(type)\""))
        }
    }

    /// The value of a property's element, of the type its `type` attribute gives
    /// (`<fromValue type="real" value="0"/>`), or the one typed element it holds
    /// (`<fromValue><real value="0"/></fromValue>`, ``CAMLValueSource/heldValue``).
    static func read(_ source: CAMLValueSource, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> Any {
        if let held = source.heldValue { return try read(held, type: String(held.localName), in: &context) }
        let element = try source.element(holding: "a value of any type")
        guard let type = element[attribute: "type"] else {
            throw CAMLReadFailure(
                at: element.location, .unsupportedValue("<\(element.name)> has no type (write type=\"real\", \"CGPoint\"…)"))
        }
        return try read(element, type: type, in: &context)
    }

    /// The children of `element`, each typed by its name.
    static func list(_ element: CAMLElement, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> [Any] {
        var values: [Any] = []
        values.reserveCapacity(element.children.count)
        for child in element.children {
            values.append(try read(child, type: String(child.localName), in: &context))
        }
        return values
    }
}
