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
            guard let typed = LayerFilterValue(any: value) else {
                throw CAMLReadFailure(at: input.location, .unsupportedValue("filter input \(input.localName) of type \(type)"))
            }
            filter.inputs[String(input.localName)] = typed
        }
        return filter
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
}
#endif
