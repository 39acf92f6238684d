import TesseraCore
import TesseraDocument

extension CAMLWriter {
    /// The root's `<states>` and `<stateTransitions>`, as ``CAMLReader`` reads them: each
    /// `LKState` with its `basedOn`, its `LKStateSetValue`s (a typed `<value>`) and its
    /// `LKStateAddAnimation`s (one per animation, with its key), each
    /// `LKStateTransition` with its `LKStateTransitionElement`s and their animations. Nothing
    /// when there are none.
    mutating func states(_ states: LayerStates) throws(SceneDocumentError) -> [CAMLWrittenElement] {
        var written: [CAMLWrittenElement] = []
        if !states.states.isEmpty {
            var holder = CAMLWrittenElement(name: CAMLFormat.statesElement)
            for state in states.states { holder.children.append(try self.state(state)) }
            written.append(holder)
        }
        if !states.transitions.isEmpty {
            var holder = CAMLWrittenElement(name: CAMLFormat.stateTransitionsElement)
            for (index, transition) in states.transitions.enumerated() {
                holder.children.append(try self.transition(transition, slot: "stateTransitions[\(index)]"))
            }
            written.append(holder)
        }
        return written
    }

    private mutating func state(_ state: LayerState) throws(SceneDocumentError) -> CAMLWrittenElement {
        var element = CAMLWrittenElement(name: CAMLFormat.stateElement, attributes: [(CAMLFormat.nameAttribute, state.name)])
        if let base = state.basedOn { element.attributes.append((CAMLFormat.basedOnAttribute, base)) }
        guard !state.values.isEmpty || !state.animations.isEmpty else { return element }
        var elements = CAMLWrittenElement(name: CAMLFormat.elementsElement)
        for value in state.values {
            let typed: CAMLWrittenElement
            do {
                typed = try CAMLTypedValue.write(value.value, as: CAMLFormat.valueElement, in: &context)
            } catch {
                throw Self.failure("state \(state.name)", value.keyPath, error)
            }
            elements.children.append(
                CAMLWrittenElement(
                    name: CAMLFormat.setValueElement,
                    attributes: [
                        (CAMLFormat.targetIDAttribute, value.targetID), (CAMLFormat.keyPathAttribute, value.keyPath),
                    ], children: [typed]))
        }
        for added in state.animations {
            let animation = try self.animation(added.animation, path: "state \(state.name)", slot: added.key)
            elements.children.append(
                CAMLWrittenElement(
                    name: CAMLFormat.addAnimationElement,
                    attributes: [
                        (CAMLFormat.targetIDAttribute, added.targetID), (CAMLFormat.keyAttribute, added.key),
                    ], children: [animation]))
        }
        element.children.append(elements)
        return element
    }

    private mutating func transition(_ transition: LayerStateTransition, slot: String) throws(SceneDocumentError) -> CAMLWrittenElement {
        var element = CAMLWrittenElement(
            name: CAMLFormat.transitionElement,
            attributes: [
                (CAMLFormat.fromStateAttribute, transition.fromState), (CAMLFormat.toStateAttribute, transition.toState),
            ])
        guard !transition.elements.isEmpty else { return element }
        var elements = CAMLWrittenElement(name: CAMLFormat.elementsElement)
        for (index, member) in transition.elements.enumerated() {
            let animation = try self.animation(
                member.animation, path: "transition \(transition.fromState) → \(transition.toState)",
                slot: "\(slot).elements[\(index)]")
            elements.children.append(
                CAMLWrittenElement(
                    name: CAMLFormat.transitionElementElement,
                    attributes: [
                        (CAMLFormat.keyAttribute, member.key), (CAMLFormat.targetIDAttribute, member.targetID),
                    ], children: [animation]))
        }
        element.children.append(elements)
        return element
    }
}
