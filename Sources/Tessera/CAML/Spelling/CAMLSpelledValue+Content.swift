import Foundation

#if !canImport(QuartzCore)
/// `contents`: an image of the bundle, `<contents type="CGImage" src="assets/art.png"/>`, as
/// `.ca` bundles write it (PNG or JPEG; see ``CAMLAssets`` for which paths are read).
extension LayerContents: CAMLSpelledValue {
    static func read(_ source: CAMLValueSource, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> LayerContents {
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
/// (`<inputMaskImage type="CGImage" src="assets/mask.png"/>`, see ``CAMLTypedValue``).
///
/// No Apple file with filters has been seen; this is the spelling that tools making `.ca`
/// bundles for iOS write, which Core Animation loads.
extension LayerFilter: CAMLListElement {
    static func read(listElement element: CAMLElement, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> LayerFilter {
        guard element.localName == filterClass.name else {
            throw CAMLReadFailure(at: element.location, .unsupportedValue("a filter of class \(element.name)"))
        }
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
        var element = CAMLWrittenElement(name: Self.filterClass.name, attributes: [("filter", type), ("name", name)])
        if !isEnabled { element.attributes.append(("enabled", CAMLSyntax.formatBoolean(false))) }
        for (key, input) in inputs.sorted(by: { $0.key < $1.key }) {
            guard CAMLWrittenElement.isName(key), !["filter", "type", "name", "enabled"].contains(key) else {
                throw CAMLWriteFailure("filter \(name)'s input \"\(key)\" is not a name CAML can hold")
            }
            switch input {
            case .number(let number):
                do { element.attributes.append((key, try CAMLSyntax.formatFiniteNumber(number))) } catch { throw CAMLWriteFailure(error) }
            case .bool(let flag):
                element.children.append(CAMLWrittenElement(name: key, attributes: [("type", "bool"), ("value", CAMLSyntax.formatBoolean(flag))]))
            case .string(let string):
                element.children.append(CAMLWrittenElement(name: key, attributes: [("type", "string"), ("value", string)]))
            case .image(let contents):
                guard let image = contents.image else { throw CAMLWriteFailure("filter \(name)'s input \(key) is an empty image") }
                element.children.append(try CAMLTypedValue.write(image, as: key, in: &context))
            case .numbers(let numbers):
                element.children.append(try CAMLTypedValue.write(numbers.map { NSNumber(value: $0) }, as: key, in: &context))
            }
        }
        return element
    }
}

/// `compositingFilter`: a blend mode's name as an attribute (`compositingFilter="multiplyBlendMode"`)
/// or an element's `value`, or an element holding a filter (`<compositingFilter><CAFilter
/// filter="multiplyBlendMode"/></compositingFilter>`).
extension LayerCompositingFilter: CAMLSpelledValue {
    static func read(_ source: CAMLValueSource, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> LayerCompositingFilter {
        if case .element(let element) = source, let filter = element.children.first {
            return .filter(try LayerFilter.read(listElement: filter, in: &context))
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
#endif
