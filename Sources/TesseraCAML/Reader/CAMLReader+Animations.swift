import TesseraCore
import TesseraDocument
import TesseraXML

extension CAMLReader {
    /// Adds the animations of a layer's `<animations>` element to `layer`, reporting those it
    /// leaves out and those the layer does not take (its diagnostics).
    ///
    /// Each animation is added under its `key` attribute when it has one (the keyed entries
    /// `<p key="animation-1" type="…">` that Mica-made files and the community editors write),
    /// else under its key path (`opacity`; `group` for a group), made unique on the layer with a
    /// suffix (`opacity-1`), so that two animations of one key path both run and
    /// `CALayer.animationKeys()` lists them. Animations are added as archives add them: a
    /// `beginTime` of 0 is the time of loading, and the `1e-100` files write is the start of the
    /// timeline.
    mutating func animations(_ element: CAMLElement, into layer: CALayer, path: String) {
        var used: Set<String> = []
        var suffixes: [String: Int] = [:]
        for (index, child) in element.children.enumerated() {
            let slot = "animations[\(index)]"
            guard let animation = animation(child, path: path, slot: slot) else { continue }
            let base = child[attribute: CAMLFormat.keyAttribute] ?? (animation as? CAPropertyAnimation)?.keyPath ?? "group"
            var key = base
            while !used.insert(key).inserted {
                let suffix = suffixes[base, default: 0] + 1
                suffixes[base] = suffix
                key = "\(base)-\(suffix)"
            }
            let before = layer.diagnostics.count
            layer.add(animation, forKey: key)
            for message in layer.diagnostics.dropFirst(before) {
                skip(
                    path, child[attribute: CAMLFormat.typeAttribute] ?? child.name, slot, .animationNotApplied(message), at: child.location)
            }
        }
    }

    /// The animation of an `<animation type="…">` element (or a keyed `<p key="…" type="…">`
    /// entry), which fills `slot` of the layer at `path`; nil when it is left out (reported): no
    /// type or one Tessera does not model, or an essential value that does not read (its values,
    /// its path).
    ///
    /// Its attributes and property elements are the keys of `CodedProperties.animation`, read
    /// with their CAML spelling (`key`, the entry's key, is the caller's; Mica's editor settings
    /// are passed over, see ``CAMLFormat/editorAnimationKeys``); a group's children are the
    /// `<animation>` elements of its `<animations>`.
    mutating func animation(_ element: CAMLElement, path: String, slot: String) -> CAAnimation? {
        guard CAMLFormat.animationElements.contains(String(element.localName)) else {
            skip(path, element.name, slot, .unsupportedClass, at: element.location)
            return nil
        }
        guard let type = element.attribute(CAMLFormat.typeAttribute) else {
            skip(path, element.name, slot, .unsupportedValue("an animation without a type"), at: element.location)
            return nil
        }
        guard let animation = Self.makeAnimation(named: type.value) else {
            skip(path, type.value, slot, .unsupportedClass, at: type.valueLocation)
            return nil
        }
        for attribute in element.attributes where !Self.isNamespaceDeclaration(attribute) {
            let key = String(attribute.localName)
            if key == CAMLFormat.typeAttribute || key == CAMLFormat.keyAttribute || CAMLFormat.editorAnimationKeys.contains(key) {
                continue
            }
            guard property(.attribute(attribute), of: animation, className: type.value, path: path, slot: slot) else { return nil }
        }
        for child in element.children {
            if child.localName == Format.groupAnimationsKey, let group = animation as? CAAnimationGroup {
                group.animations = child.children.enumerated().compactMap { index, member in
                    self.animation(member, path: path, slot: "\(slot).animations[\(index)]")
                }
                continue
            }
            guard property(.element(child), of: animation, className: type.value, path: path, slot: slot) else { return nil }
        }
        return animation
    }

    /// Reads the animation property at `source`, reporting what it leaves out; false when the
    /// animation is left out with it (an essential value that does not read).
    private mutating func property(
        _ source: CAMLValueSource, of animation: CAAnimation, className: String,
        path: String, slot: String
    ) -> Bool {
        let key = source.key, keyPath = "\(slot).\(key)"
        let location = source.keyLocation
        guard let property = CAMLProperty.tables.animation.byKey[key] else {
            skip(path, className, keyPath, .unsupportedKey, at: location)
            return true
        }
        do {
            if try !property.read(source, animation, &context) { skip(path, className, keyPath, .unsupportedKey, at: location) }
            return true
        } catch {
            skip(path, className, keyPath, error.reason, at: error.location)
            guard property.isEssential else { return true }
            skip(path, className, slot, .animationNotApplied("its \(key) is not supported"), at: location)
            return false
        }
    }

    /// A new animation of the class named `name`; nil for a class Tessera does not model
    /// (`CATransition`, `CAPropertyAnimation`).
    private static func makeAnimation(named name: String) -> CAAnimation? {
        switch name {
        case Format.springAnimationClass.name: CASpringAnimation()
        case Format.basicAnimationClass.name: CABasicAnimation()
        case Format.keyframeAnimationClass.name: CAKeyframeAnimation()
        case Format.animationGroupClass.name: CAAnimationGroup()
        default: nil
        }
    }
}
