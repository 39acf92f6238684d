import TesseraCore
import TesseraDocument
import TesseraXML

/// Where a CAML document writes a property's value: an attribute of the object's element
/// (`opacity="0.5"`, `bounds="0 0 40 40"`) or a child element named after the property
/// (`<backgroundColor opacity="0" value="0 0 0"/>`, `<keyTimes>…</keyTimes>`,
/// `<value type="integer" value="1"/>`).
enum CAMLValueSource {
    case attribute(CAMLAttribute)
    case element(CAMLElement)

    /// The property's name: the attribute's or the element's (without a prefix).
    var key: String {
        switch self {
        case .attribute(let attribute): String(attribute.localName)
        case .element(let element): String(element.localName)
        }
    }

    /// Where the value's key is written (what a report of the key points at): the attribute, or
    /// the element.
    var keyLocation: XMLSourceLocation {
        switch self {
        case .attribute(let attribute): attribute.location
        case .element(let element): element.location
        }
    }

    /// Where the value starts: the attribute's value, or the element.
    var location: XMLSourceLocation {
        switch self {
        case .attribute(let attribute): attribute.valueLocation
        case .element(let element): element.location
        }
    }

    /// The attribute that holds the value's text: the attribute itself, or the element's
    /// `value` attribute (`<timingFunction value="easeIn"/>`). An element without one fails.
    func valueAttribute() throws(CAMLReadFailure) -> CAMLAttribute {
        switch self {
        case .attribute(let attribute):
            return attribute
        case .element(let element):
            guard let attribute = element.attribute("value") else {
                throw CAMLReadFailure(
                    at: element.location,
                    .unsupportedValue("<\(element.name)> has no value attribute"))
            }
            return attribute
        }
    }

    /// The one typed element a property's element holds in place of a `type` of its own, as the
    /// community editors write images (`<contents><CGImage src="assets/x.png"/></contents>`,
    /// where Apple's files write `<contents type="CGImage" src="assets/x.png"/>`): the child of
    /// an element with exactly one child and no `type`, `value` or `src`; nil otherwise.
    var heldValue: CAMLElement? {
        guard case .element(let element) = self, element.children.count == 1,
            element.attribute(CAMLFormat.typeAttribute) == nil, element.attribute("value") == nil,
            element.attribute("src") == nil
        else { return nil }
        return element.children[0]
    }

    /// The element, for values that only an element can hold (lists, images, filters).
    func element(holding what: String) throws(CAMLReadFailure) -> CAMLElement {
        switch self {
        case .element(let element):
            return element
        case .attribute(let attribute):
            throw CAMLReadFailure(elementExpectedFor: what, in: attribute)
        }
    }
}

/// Why a value of a CAML document was not read, and where: the property (or the animation, or
/// the state element) holding it is left out and reported, the rest of the document is read.
struct CAMLReadFailure: Error {
    let location: XMLSourceLocation
    let reason: SkippedFeature.Reason

    init(at location: XMLSourceLocation, _ reason: SkippedFeature.Reason) {
        self.location = location
        self.reason = reason
    }

    /// A NaN or infinite number where a finite one is needed, as archives report it.
    init(nonFinite source: CAMLValueSource) {
        self.init(at: source.location, .unsupportedValue("a NaN or infinite number"))
    }

    /// `attribute` holds what only an element can (`what`).
    init(elementExpectedFor what: String, in attribute: CAMLAttribute) {
        self.init(
            at: attribute.location,
            .unsupportedValue("\(what) is written as an element (<\(attribute.name)>…), not an attribute"))
    }

    /// A syntax error in `attribute`'s value, placed at the byte it names (in `opacity` for an
    /// error in a colour's opacity).
    init(_ error: CAMLValueError, in attribute: CAMLAttribute, opacity: CAMLAttribute? = nil) {
        let holder = error.field == .opacity ? opacity ?? attribute : attribute
        self.init(at: holder.location(ofValueOffset: error.offset), .unsupportedValue(error.reason.description))
    }
}
