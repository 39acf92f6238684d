import Foundation
import TesseraCore
import TesseraDocument
import TesseraXML

/// `contents`: an image of the bundle, `<contents type="CGImage" src="assets/art.png"/>`, as
/// `.ca` bundles write it (PNG or JPEG; see ``CAMLAssets`` for which paths are read), or the
/// image as a typed child, `<contents><CGImage src="assets/art.png"/></contents>`, as the
/// community editors write it (``CAMLValueSource/heldValue``). Written in Apple's form.
extension LayerContents: CAMLSpelledValue {
    static func read(_ source: CAMLValueSource, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> LayerContents {
        if let held = source.heldValue {
            guard held.localName == "CGImage" else {
                throw CAMLReadFailure(at: held.location, .unsupportedValue("contents of type \"\(held.name)\""))
            }
            return LayerContents(try context.assets.image(of: held))
        }
        let element = try source.element(holding: "an image")
        if let type = element.attribute("type"), type.value != "CGImage" {
            throw CAMLReadFailure(at: type.valueLocation, .unsupportedValue("contents of type \"\(type.value)\""))
        }
        return LayerContents(try context.assets.image(of: element))
    }

    /// The image as a PNG file of the bundle (``CAMLWriteContext``).
    func write(in context: inout CAMLWriteContext) throws(CAMLWriteFailure) -> CAMLWrittenValue {
        guard let image else { throw CAMLWriteFailure("no contents, where the default has some") }
        return .element(attributes: [("type", "CGImage"), ("src", try context.path(of: image))], children: [])
    }
}

/// A filter of `filters` or `backgroundFilters`: `<CAFilter filter="gaussianBlur" name="blur"
/// enabled="1" inputRadius="10"/>`, its type in `filter` (or `type`), its inputs as attributes
/// (numbers; other text is a string) or as typed elements
/// (`<inputMaskImage type="CGImage" src="assets/mask.png"/>`, `<inputColor type="CGColor"
/// value="1 0 0"/>`, see ``CAMLTypedValue``).
///
/// No Apple file with filters has been seen; this is the spelling that tools making `.ca`
/// bundles for iOS write, which Core Animation loads. A Core Image filter is a `<CIFilter>`
/// (CAPlayground: `<CIFilter filter="CISepiaTone">`), read as a filter of its type and written
/// back as one: Core Image's filter names begin with `CI`, Core Animation's never do.
extension LayerFilter: CAMLListElement {
    /// The element of a Core Image filter.
    static let coreImageFilterElement = "CIFilter"

    static func read(listElement element: CAMLElement, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> LayerFilter {
        guard element.localName == CoreAnimationCoding.filterClass.name || element.localName == coreImageFilterElement else {
            throw CAMLReadFailure(at: element.location, .unsupportedValue("a filter of class \(element.name)"))
        }
        return try read(filterElement: element, in: &context)
    }

    /// The filter `element` describes with its attributes and typed children, whatever the
    /// element's name (a list's `<CAFilter>`, or a `<compositingFilter type="CAFilter"
    /// filter="…">` that is the filter itself).
    static func read(filterElement element: CAMLElement, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> LayerFilter {
        guard let type = element[attribute: "filter"] ?? element[attribute: "type"] else {
            throw CAMLReadFailure(at: element.location, .unsupportedValue("a filter without a type"))
        }
        var filter = LayerFilter(type: type, name: element[attribute: "name"])
        for attribute in element.attributes {
            switch attribute.localName {
            case "filter", "type", "name": continue
            case "enabled": filter.isEnabled = try Bool.read(.attribute(attribute), in: &context)
            default:
                let key = String(attribute.localName)
                if let number = try? CAMLSyntax.parseFiniteNumber(attribute.value) {
                    filter.inputs[key] = .number(number)
                } else {
                    filter.inputs[key] = .string(attribute.value)
                }
            }
        }
        for input in element.children {
            let value = try CAMLTypedValue.read(.element(input), in: &context)
            if input[attribute: "type"] == "bool", let flag = value as? NSNumber {
                filter.inputs[String(input.localName)] = .bool(flag.boolValue)
                continue
            }
            guard let typed = LayerFilterValue(any: value) else {
                throw CAMLReadFailure(at: input.location, .unsupportedValue("filter input \(input.localName) of type \(type)"))
            }
            filter.inputs[String(input.localName)] = typed
        }
        return filter
    }

    /// `<CAFilter filter="TYPE" name="NAME">`, `enabled="0"` when disabled, inputs sorted by
    /// key: numbers as attributes, the others as typed elements (a string as `type="string"`,
    /// so that one that looks like a number stays a string; a flag as `type="bool"`).
    func writeListElement(in context: inout CAMLWriteContext) throws(CAMLWriteFailure) -> CAMLWrittenElement {
        let className = type.hasPrefix("CI") ? Self.coreImageFilterElement : CoreAnimationCoding.filterClass.name
        var element = CAMLWrittenElement(name: className, attributes: [("filter", type), ("name", name)])
        if !isEnabled { element.attributes.append(("enabled", CAMLSyntax.formatBoolean(false))) }
        for (key, input) in inputs.sorted(by: { $0.key < $1.key }) {
            guard CAMLWrittenElement.isName(key), !["filter", "type", "name", "enabled"].contains(key) else {
                throw CAMLWriteFailure("filter \(name)'s input \"\(key)\" is not a name CAML can hold")
            }
            switch input {
            case .number(let number):
                do { element.attributes.append((key, try CAMLSyntax.formatFiniteNumber(number))) } catch { throw CAMLWriteFailure(error) }
            case .bool(let flag):
                element.children.append(
                    CAMLWrittenElement(name: key, attributes: [("type", "bool"), ("value", CAMLSyntax.formatBoolean(flag))]))
            case .string(let string):
                element.children.append(CAMLWrittenElement(name: key, attributes: [("type", "string"), ("value", string)]))
            case .image(let contents):
                guard let image = contents.image else { throw CAMLWriteFailure("filter \(name)'s input \(key) is an empty image") }
                element.children.append(try CAMLTypedValue.write(image, as: key, in: &context))
            case .numbers(let numbers):
                element.children.append(try CAMLTypedValue.write(numbers.map { NSNumber(value: $0) }, as: key, in: &context))
            case .color(let color):
                element.children.append(try CAMLTypedValue.write(color, as: key, in: &context))
            }
        }
        return element
    }
}

/// `compositingFilter`: a blend mode's name as an attribute (`compositingFilter="multiplyBlendMode"`)
/// or an element's `value`, an element holding a filter (`<compositingFilter><CAFilter
/// filter="multiplyBlendMode"/></compositingFilter>`), or the element as the filter itself, as
/// CAPlayground writes it (`<compositingFilter type="CAFilter" filter="multiplyBlendMode"
/// name="multiplyBlendMode"/>`). Written in the first two forms.
extension LayerCompositingFilter: CAMLSpelledValue {
    static func read(_ source: CAMLValueSource, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> LayerCompositingFilter {
        if case .element(let element) = source, let filter = element.children.first {
            return .filter(try LayerFilter.read(listElement: filter, in: &context))
        }
        if case .element(let element) = source, element.attribute("filter") != nil {
            if let type = element.attribute(CAMLFormat.typeAttribute), type.value != CoreAnimationCoding.filterClass.name {
                throw CAMLReadFailure(at: type.valueLocation, .unsupportedValue("a compositing filter of class \(type.value)"))
            }
            return .filter(try LayerFilter.read(filterElement: element, in: &context))
        }
        return .named(try source.valueAttribute().value.trimmingCharacters(in: .whitespaces))
    }

    /// A name as an attribute, a filter as an element holding it.
    func write(in context: inout CAMLWriteContext) throws(CAMLWriteFailure) -> CAMLWrittenValue {
        switch self {
        case .named(let name): .attribute(name)
        case .filter(let filter): .element(attributes: [], children: [try filter.writeListElement(in: &context)])
        }
    }
}
