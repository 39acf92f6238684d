import Foundation
import TesseraCore
import TesseraDocument
import TesseraRaster
import TesseraXML

/// An element of a list property, as CAML writes it: one child element of the property's
/// element (`<keyTimes><real value="0.5"/>…</keyTimes>`, `<filters><CAFilter …/>…</filters>`).
protocol CAMLListElement {
    /// The element written as `element`, a child of the list's element.
    static func read(listElement element: CAMLElement, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> Self
    /// The element for `number`, when lists of this type may also be written as an attribute of
    /// numbers (`lineDashPattern="2 3"`, `keyTimes="0 0.5 1"`); nil when they may not.
    static func listElement(number: Double) -> Self?
    /// The child element that ``read(listElement:in:)`` reads back as this value.
    func writeListElement(in context: inout CAMLWriteContext) throws(CAMLWriteFailure) -> CAMLWrittenElement
}

extension CAMLListElement {
    static func listElement(number: Double) -> Self? { nil }
}

/// A list element that is a typed value (``CAMLTypedValue``): `<real value="1"/>`,
/// `<CGColor value="1 0 0"/>`, `<CAMediaTimingFunction value="easeIn"/>`.
protocol CAMLTypedListElement: CAMLListElement {
    /// What the list holds, for messages (`numbers`, `colours`).
    static var listDescription: String { get }
    /// The element for a typed value; nil when it is of another type.
    init?(typedValue: Any)
}

extension CAMLTypedListElement {
    static func read(listElement element: CAMLElement, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> Self {
        let value = try CAMLTypedValue.read(element, type: String(element.localName), in: &context)
        guard let typed = Self(typedValue: value) else {
            throw CAMLReadFailure(at: element.location, .unsupportedValue("<\(element.name)> in a list of \(listDescription)"))
        }
        return typed
    }

    /// The typed value (``CAMLTypedValue/write(_:in:)``), named by its type.
    func writeListElement(in context: inout CAMLWriteContext) throws(CAMLWriteFailure) -> CAMLWrittenElement {
        try CAMLTypedValue.write(self, in: &context)
    }
}

/// Dash patterns, gradient locations.
extension Double: CAMLTypedListElement {
    static var listDescription: String { "numbers" }
    init?(typedValue: Any) {
        guard let number = typedValue as? NSNumber else { return nil }
        self = number.doubleValue
    }
    static func listElement(number: Double) -> Double? { number }
}

/// Key times, tension, continuity and bias values.
extension NSNumber: CAMLTypedListElement {
    static var listDescription: String { "numbers" }
    static func listElement(number: Double) -> Self? { NSNumber(value: number) as? Self }
}

extension CAMLTypedListElement where Self: NSNumber {
    init?(typedValue: Any) {
        guard let number = typedValue as? Self else { return nil }
        self = number
    }
}

/// A gradient's colours: `<CGColor value="1 0 0" opacity="0.5"/>`.
extension Color: CAMLTypedListElement {
    static var listDescription: String { "colours" }
    init?(typedValue: Any) {
        guard let color = typedValue as? CGColor else { return nil }
        self.init(color)
    }
}

/// A keyframe animation's `timingFunctions`.
extension CAMediaTimingFunction: CAMLTypedListElement {
    static var listDescription: String { "timing functions" }
}

extension CAMLTypedListElement where Self: CAMediaTimingFunction {
    init?(typedValue: Any) {
        guard let function = typedValue as? Self else { return nil }
        self = function
    }
}

/// A list: an element with one child per element; lists of numbers may also be an attribute of
/// numbers separated by whitespace.
extension Array: CAMLSpelledValue where Element: CAMLListElement {
    static func read(_ source: CAMLValueSource, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> [Element] {
        switch source {
        case .attribute(let attribute):
            guard Element.listElement(number: 0) != nil else {
                throw CAMLReadFailure(elementExpectedFor: "a list of \(Element.self)", in: attribute)
            }
            let numbers: [Double]
            do { numbers = try CAMLSyntax.parseNumberList(attribute.value) } catch { throw CAMLReadFailure(error, in: attribute) }
            return numbers.compactMap(Element.listElement(number:))
        case .element(let element):
            var list: [Element] = []
            list.reserveCapacity(element.children.count)
            for child in element.children { list.append(try Element.read(listElement: child, in: &context)) }
            return list
        }
    }

    /// An element with one child per element.
    func write(in context: inout CAMLWriteContext) throws(CAMLWriteFailure) -> CAMLWrittenValue {
        var children: [CAMLWrittenElement] = []
        children.reserveCapacity(count)
        for element in self { children.append(try element.writeListElement(in: &context)) }
        return .element(attributes: [], children: children)
    }
}
