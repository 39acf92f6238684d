import TesseraCore
import TesseraDocument
import TesseraXML

extension CAMLReader {
    /// The states and transitions of the root layer's `element` (at `path`), read once the tree
    /// is complete so that every `targetId` can be found.
    ///
    /// Each part is checked here, and what does not hold is reported and left out, never
    /// failing the document: a state without a name or with a name already taken, a `basedOn`
    /// that names no state or leads back to the state, a value whose target no layer has as its
    /// id, whose key path is not one Tessera sets, or whose value does not fit the key path; a
    /// transition without its states or naming a state that does not exist, an element whose
    /// target is missing or whose animation the layer would not take.
    mutating func states(of element: CAMLElement, path: String) -> LayerStates {
        var states: [(state: LayerState, element: CAMLElement)] = []
        var names: Set<String> = []
        for (index, child) in (element.children.first { $0.localName == CAMLFormat.statesElement }?.children ?? []).enumerated() {
            guard child.localName == CAMLFormat.stateElement else {
                skip(path, child.name, "states[\(index)]", .unsupportedClass, at: child.location)
                continue
            }
            guard let name = child.attribute(CAMLFormat.nameAttribute) else {
                skip(path, child.name, "states[\(index)]", .unsupportedValue("a state without a name"), at: child.location)
                continue
            }
            guard names.insert(name.value).inserted else {
                skip(
                    path, child.name, "states[\(index)]", .unsupportedValue("a second state named \"\(name.value)\""),
                    at: name.valueLocation)
                continue
            }
            states.append((state(child, name: name.value, path: path), child))
        }
        let checked = checkingBases(of: states, path: path)
        var transitions: [LayerStateTransition] = []
        for (index, child) in (element.children.first { $0.localName == CAMLFormat.stateTransitionsElement }?.children ?? []).enumerated() {
            if let transition = transition(child, slot: "stateTransitions[\(index)]", states: names, path: path) {
                transitions.append(transition)
            }
        }
        return LayerStates(states: checked, transitions: transitions, layersByID: layersByID)
    }

    /// The state of an `LKState` element named `name`, with the values of its `<elements>` that
    /// are kept.
    private mutating func state(_ element: CAMLElement, name: String, path: String) -> LayerState {
        for attribute in element.attributes
        where ![CAMLFormat.nameAttribute, CAMLFormat.basedOnAttribute].contains(String(attribute.localName)) {
            skip(path, element.name, String(attribute.localName), .unsupportedKey, at: attribute.location)
        }
        var values: [LayerState.Value] = []
        var animations: [LayerState.Animation] = []
        for child in element.children {
            guard child.localName == CAMLFormat.elementsElement else {
                skip(path, element.name, String(child.localName), .unsupportedKey, at: child.location)
                continue
            }
            for (index, member) in child.children.enumerated() {
                switch member.localName {
                case CAMLFormat.setValueElement:
                    if let value = value(member, state: name, path: path) { values.append(value) }
                case CAMLFormat.addAnimationElement:
                    animations += addedAnimations(member, slot: "\(name).elements[\(index)]", path: path)
                default:
                    // Other state elements (`LKStateRemoveAnimation`, `LKStateSetProperty`…) are not modelled.
                    skip(path, member.name, "\(name).elements", .unsupportedClass, at: member.location)
                }
            }
        }
        return LayerState(name: name, basedOn: element[attribute: CAMLFormat.basedOnAttribute], values: values, animations: animations)
    }

    /// The value an `LKStateSetValue` element sets; nil when it is left out (reported).
    private mutating func value(_ element: CAMLElement, state: String, path: String) -> LayerState.Value? {
        let key = "\(state).elements"
        guard let target = self.target(of: element, path: path, key: key),
            let keyPathAttribute = required(CAMLFormat.keyPathAttribute, of: element, path: path, key: key)
        else { return nil }
        guard let keyPath = LayerKeyPath(keyPathAttribute.value) else {
            skip(
                path, element.name, key, .unsupportedValue("the key path \"\(keyPathAttribute.value)\" is not one Tessera sets"),
                at: keyPathAttribute.valueLocation)
            return nil
        }
        guard let valueElement = element.children.first(where: { $0.localName == CAMLFormat.valueElement }) else {
            skip(path, element.name, key, .unsupportedValue("a state value without <value>"), at: element.location)
            return nil
        }
        let any: Any
        do {
            any = try CAMLTypedValue.read(.element(valueElement), in: &context)
        } catch {
            skip(path, element.name, key, error.reason, at: error.location)
            return nil
        }
        guard let value = AnimatableValue(any, as: keyPath.kind) else {
            skip(
                path, element.name, key, .unsupportedValue("a \(type(of: any)) does not fit the key path \"\(keyPathAttribute.value)\""),
                at: valueElement.location)
            return nil
        }
        return LayerState.Value(
            targetID: target.id, keyPath: keyPathAttribute.value, target: target.layer,
            resolvedKeyPath: keyPath, resolvedValue: value)
    }

    /// The states of `states` (each with its element), with each `basedOn` that names no state,
    /// or that leads back to its own state, reported and dropped (one state of a cycle is
    /// enough to break it). Linear in the states: a chain found to end is not walked again.
    private mutating func checkingBases(of states: [(state: LayerState, element: CAMLElement)], path: String) -> [LayerState] {
        let names = Set(states.map(\.state.name))
        var bases: [String: String] = [:]
        for (state, _) in states { bases[state.name] = state.basedOn }
        func report(_ state: LayerState, _ element: CAMLElement, _ problem: String) {
            let location = element.attribute(CAMLFormat.basedOnAttribute)?.valueLocation ?? element.location
            skip(path, element.name, "\(state.name).basedOn", .unsupportedValue("basedOn \(problem)"), at: location)
            bases[state.name] = nil
        }
        for (state, element) in states {
            if let base = state.basedOn, !names.contains(base) { report(state, element, "names no state (\"\(base)\")") }
        }
        var ending: Set<String> = []
        for (state, element) in states {
            var walked = [state.name], seen: Set<String> = [state.name]
            var next = bases[state.name]
            while let current = next, !ending.contains(current), seen.insert(current).inserted {
                walked.append(current)
                next = bases[current]
            }
            if let current = next, current == state.name {
                report(state, element, "leads back to \"\(state.name)\"")
                ending.insert(state.name)
            } else if next == nil || ending.contains(next ?? "") {
                ending.formUnion(walked)
            }
        }
        return states.map {
            LayerState(name: $0.state.name, basedOn: bases[$0.state.name], values: $0.state.values, animations: $0.state.animations)
        }
    }

    /// The transition of an `LKStateTransition` element; nil when it is left out (reported).
    private mutating func transition(_ element: CAMLElement, slot: String, states: Set<String>, path: String) -> LayerStateTransition? {
        guard element.localName == CAMLFormat.transitionElement else {
            skip(path, element.name, slot, .unsupportedClass, at: element.location)
            return nil
        }
        guard let from = required(CAMLFormat.fromStateAttribute, of: element, path: path, key: slot),
            let to = required(CAMLFormat.toStateAttribute, of: element, path: path, key: slot)
        else { return nil }
        for end in [from, to] where end.value != CAMLFormat.anyState && !states.contains(end.value) {
            skip(path, element.name, slot, .unsupportedValue("no state named \"\(end.value)\""), at: end.valueLocation)
            return nil
        }
        for attribute in element.attributes
        where ![CAMLFormat.fromStateAttribute, CAMLFormat.toStateAttribute].contains(String(attribute.localName)) {
            skip(path, element.name, "\(slot).\(attribute.localName)", .unsupportedKey, at: attribute.location)
        }
        var elements: [LayerStateTransition.Element] = []
        for child in element.children {
            guard child.localName == CAMLFormat.elementsElement else {
                skip(path, element.name, "\(slot).\(child.localName)", .unsupportedKey, at: child.location)
                continue
            }
            for (index, member) in child.children.enumerated() {
                if let transitionElement = transitionElement(member, slot: "\(slot).elements[\(index)]", path: path) {
                    elements.append(transitionElement)
                }
            }
        }
        return LayerStateTransition(fromState: from.value, toState: to.value, elements: elements)
    }

    /// The element of an `LKStateTransitionElement`: its target, key and animation (whose key
    /// path is the key when it has none); nil when it is left out (reported). The key is `key`,
    /// as Apple's files write it, or `keyPath`, as CAPlayground writes it.
    private mutating func transitionElement(_ element: CAMLElement, slot: String, path: String) -> LayerStateTransition.Element? {
        guard element.localName == CAMLFormat.transitionElementElement else {
            skip(path, element.name, slot, .unsupportedClass, at: element.location)
            return nil
        }
        guard let target = self.target(of: element, path: path, key: slot) else { return nil }
        guard let key = element.attribute(CAMLFormat.keyAttribute) ?? element.attribute(CAMLFormat.keyPathAttribute) else {
            skip(path, element.name, slot, .unsupportedValue("<\(element.name)> has no key"), at: element.location)
            return nil
        }
        guard let animationElement = element.children.first(where: { $0.localName == CAMLFormat.animationElement }),
            let animation = animation(animationElement, path: path, slot: "\(slot).animation")
        else {
            if !element.children.contains(where: { $0.localName == CAMLFormat.animationElement }) {
                skip(path, element.name, slot, .unsupportedValue("a transition element without <animation>"), at: element.location)
            }
            return nil
        }
        if let property = animation as? CAPropertyAnimation, property.keyPath == nil { property.keyPath = key.value }
        guard takes(animation, of: animationElement, slot: "\(slot).animation", path: path) else { return nil }
        return LayerStateTransition.Element(targetID: target.id, key: key.value, animation: animation, target: target.layer)
    }

    /// The animations of an `LKStateAddAnimation` element, each under its key (see
    /// `LayerState.Animation.key`); none when its target is missing (reported). An animation
    /// the layer would not take is reported and left out.
    private mutating func addedAnimations(_ element: CAMLElement, slot: String, path: String) -> [LayerState.Animation] {
        guard let target = self.target(of: element, path: path, key: slot) else { return [] }
        let named = element.attribute(CAMLFormat.keyAttribute) ?? element.attribute(CAMLFormat.keyPathAttribute)
        var animations: [LayerState.Animation] = []
        for (index, child) in element.children.enumerated() {
            let childSlot = "\(slot).animations[\(index)]"
            guard let animation = animation(child, path: path, slot: childSlot),
                takes(animation, of: child, slot: childSlot, path: path)
            else { continue }
            let base = named?.value ?? (animation as? CAPropertyAnimation)?.keyPath ?? "animation"
            let key = animations.isEmpty ? base : "\(base)-\(animations.count)"
            animations.append(LayerState.Animation(targetID: target.id, key: key, animation: animation, target: target.layer))
        }
        if animations.isEmpty && !element.children.contains(where: { $0.localName == CAMLFormat.animationElement }) {
            skip(path, element.name, slot, .unsupportedValue("an added animation without <animation>"), at: element.location)
        }
        return animations
    }

    /// Whether a layer would take `animation`, read from `element` (it compiles: its key path is
    /// one Tessera animates, its values fit); when not, reported with why and false.
    private mutating func takes(_ animation: CAAnimation, of element: CAMLElement, slot: String, path: String) -> Bool {
        var problems: [String] = []
        guard animation.program(diagnostics: &problems, change: nil) == nil else { return true }
        skip(
            path, element[attribute: CAMLFormat.typeAttribute] ?? element.name, slot,
            .animationNotApplied(problems.joined(separator: "; ")), at: element.location)
        return false
    }

    /// The layer a `targetId` names; nil when the attribute is missing or names no layer
    /// (reported).
    private mutating func target(of element: CAMLElement, path: String, key: String) -> (id: String, layer: CALayer)? {
        guard let id = required(CAMLFormat.targetIDAttribute, of: element, path: path, key: key) else { return nil }
        guard let layer = layersByID[id.value] else {
            skip(path, element.name, key, .unsupportedValue("no layer has the id \"\(id.value)\""), at: id.valueLocation)
            return nil
        }
        return (id.value, layer)
    }

    /// The attribute `name` of `element`; nil when it is missing (reported).
    private mutating func required(_ name: String, of element: CAMLElement, path: String, key: String) -> CAMLAttribute? {
        guard let attribute = element.attribute(name) else {
            skip(path, element.name, key, .unsupportedValue("<\(element.name)> has no \(name)"), at: element.location)
            return nil
        }
        return attribute
    }
}
