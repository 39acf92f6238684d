import Foundation
import TesseraCore

/// The states of a layer tree and the transitions between them, as a CAML document declares
/// them (`<states>` and `<stateTransitions>` of its root layer), and which one the tree is in:
/// what Core Animation's state controller does for a glyph that switches between "off" and "on"
/// with an animation.
///
/// ```swift
/// let archive = try SceneDocument(contentsOf: URL(fileURLWithPath: "Bluetooth.ca"))
/// let states = archive.states
/// print(states.names)                              // ["off", "seeking", "on"]
/// try states.setState("on", at: 0)                 // animated from t = 0
/// renderer.render(archive.rootLayer, at: 0.2, into: pixmap)   // mid-transition
/// try states.setState(nil, at: 1, animated: false) // back to the base state, at once
/// ```
///
/// # Going to a state
/// The tree starts in the base state (``currentState`` nil): the values the document gives the
/// layers. Going to a state sets, on each layer a state names (by its `id`), the properties that
/// any state sets: first to their base values, then to the state's (its ``LayerState/basedOn``
/// chain's first). So going back to the base state restores the base values, and going from one
/// state to another resets what the first set and the second does not. Values are set through
/// the same key paths as `setValue(_:forKeyPath:)`.
///
/// # Animations
/// Going to a state with animation at time `t` adds the animations of the transitions that match
/// the change, at `t` (each animation's `beginTime` counts from `t`; the `1e-100` files write is
/// `t` itself), so the transition renders like any animation at `t + x`:
/// - A transition matches when its `fromState` is the current state's name or `*`, and its
///   `toState` the new state's or `*` (`*` matches the base state too). The most specific comes
///   first: both names exact, then the new state's name exact (`* → on`), then the current
///   state's (`on → *`), then `* → *`; for each layer and key path the first matching
///   transition with an element for it gives the animation. (Apple does not document how its
///   state controller chooses; this order lets the state entered decide how it is entered and
///   the state left fill in what it does not say.)
/// - Each element's animation is copied and added to its layer under its key path, replacing
///   an animation under that key. A basic or spring animation with no `fromValue`, `toValue` or
///   `byValue` gets the value the layer shows at `t` (its presentation) as its `fromValue`, and
///   so runs from what was on screen to the new model value. Keyframe animations play their
///   own values (`Bluetooth.caml`'s "seeking" pulses the opacity forever).
/// - The animations the last change added are removed first, so a transition's animations
///   never outlive the state they led to (a pulse forever stops when the state changes).
///
/// Key paths that change without an element in any matching transition change at once.
/// Going to the state the tree is in changes nothing. Going to a state without animation
/// sets its values and removes the animations of the last change.
///
/// # A state's own animations
/// The animations a state adds (``LayerState/animations``, its base states' first) are added
/// at `t` as transitions' are, with or without animation, after the transition's: an animation
/// of the state replaces a transition's under the same key. They run while the tree is in the
/// state and are removed when it leaves (Core Animation's `CAStateAddAnimation`).
public final class LayerStates {
    /// The states, in the document's order.
    public let states: [LayerState]
    /// The transitions, in the document's order.
    public let transitions: [LayerStateTransition]
    /// The state the tree is in; nil for the base state (the document's values).
    public private(set) var currentState: String?

    /// The layers that have an `id`, by it.
    package let layersByID: [String: CALayer]
    /// ``states`` by name.
    private let statesByName: [String: LayerState]
    /// The base value of every whole property that a state sets, in the order first met (of
    /// the key path itself where the property is not animatable whole: an emitter cell's number).
    private let baseValues: [(layer: CALayer, property: LayerKeyPath, value: AnimatableValue)]
    /// The animations the last change added: they are removed at the next.
    private var added: [(layer: CALayer, key: String, animation: CAAnimation)] = []

    /// No states and no layers with an id: a tree that was not read from CAML.
    package convenience init() {
        self.init(states: [], transitions: [], layersByID: [:])
    }

    /// States and transitions over the tree whose layers with an `id` are `layersByID`, all
    /// checked (their targets are in the tree, their values fit their key paths). The base
    /// values are the tree's now.
    package init(states: [LayerState], transitions: [LayerStateTransition], layersByID: [String: CALayer]) {
        self.states = states
        self.transitions = transitions
        self.layersByID = layersByID
        statesByName = Dictionary(states.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var base: [(layer: CALayer, property: LayerKeyPath, value: AnimatableValue)] = []
        var seen = Set<Slot<LayerKeyPath>>()
        for value in states.flatMap(\.values) {
            let slot = LayerKeyPath(whole: value.resolvedKeyPath.property) ?? value.resolvedKeyPath
            guard seen.insert(Slot(value.target, slot)).inserted else { continue }
            base.append((value.target, slot, slot.value(in: value.target.properties)))
        }
        baseValues = base
    }

    /// The names of the states, in the document's order.
    public var names: [String] { states.map(\.name) }

    /// The layer whose `id` is `id` in the document (`#1`); nil when there is none.
    public func layer(withID id: String) -> CALayer? {
        layersByID[id]
    }

    /// The values going to state `name` sets, its base states' first, in the order they are
    /// set; nil when there is no such state. Empty for the base state (nil).
    public func values(ofState name: String?) -> [LayerState.Value]? {
        chain(of: name)?.flatMap(\.values)
    }

    /// The animations the tree runs while in state `name`, its base states' first; nil when
    /// there is no such state. Empty for the base state (nil).
    public func animations(ofState name: String?) -> [LayerState.Animation]? {
        chain(of: name)?.flatMap(\.animations)
    }

    /// State `name` and the states it is based on, the first base first; nil when there is no
    /// such state, empty for the base state (nil).
    private func chain(of name: String?) -> [LayerState]? {
        guard let name else { return [] }
        guard statesByName[name] != nil else { return nil }
        var chain: [LayerState] = []
        var seen: Set<String> = []
        var next: String? = name
        while let current = next, let state = statesByName[current], seen.insert(current).inserted {
            chain.append(state)
            next = state.basedOn
        }
        return chain.reversed()
    }

    /// Goes to state `name` (nil: the base state) at time `time` of the tree (the time the root
    /// layer is rendered at), with the animations of the matching transitions when `animated`
    /// (see the type's description).
    ///
    /// - Throws: ``LayerStateError/unknownState(_:)`` when no state has that name; nothing
    ///   changes then.
    public func setState(_ name: String?, at time: CFTimeInterval, animated: Bool = true) throws(LayerStateError) {
        guard let chain = chain(of: name) else { throw .unknownState(name ?? "") }
        guard name != currentState else { return }
        let elements = animated ? transitionElements(from: currentState, to: name) : []
        // What each animated key path shows at `time`, before anything changes.
        var shown: [ObjectIdentifier: LayerProperties] = [:]
        for element in elements where shown[ObjectIdentifier(element.target)] == nil {
            shown[ObjectIdentifier(element.target)] = element.target.presentation(at: time).properties
        }
        for (layer, key, animation) in added where layer.animation(forKey: key) === animation {
            layer.removeAnimation(forKey: key)
        }
        added = []
        // Without implicit animations: a state change animates by its transitions only.
        for (layer, property, value) in baseValues { property.set(value, in: &layer.propertiesWithoutActions) }
        for value in chain.flatMap(\.values) {
            value.resolvedKeyPath.set(value.resolvedValue, in: &value.target.propertiesWithoutActions)
        }
        for element in elements {
            guard let animation = element.animation.copy() as? CAAnimation else { continue }
            if let basic = animation as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil,
                let keyPath = basic.keyPath.flatMap(LayerKeyPath.init), let properties = shown[ObjectIdentifier(element.target)]
            {
                basic.fromValue = keyPath.value(in: properties).anyValue
            }
            let begin = element.target.convertTime(time, from: nil) + animation.beginTime
            if element.target.attach(animation, forKey: element.key, beginTime: begin),
                let attached = element.target.animation(forKey: element.key)
            {
                added.append((element.target, element.key, attached))
            }
        }
        for state in chain.flatMap(\.animations) {
            guard let animation = state.animation.copy() as? CAAnimation else { continue }
            let begin = state.target.convertTime(time, from: nil) + animation.beginTime
            if state.target.attach(animation, forKey: state.key, beginTime: begin), let attached = state.target.animation(forKey: state.key)
            {
                added.append((state.target, state.key, attached))
            }
        }
        currentState = name
    }

    /// The elements of the transitions from `from` to `to`, one per layer and key path, from
    /// the most specific transition that has one.
    private func transitionElements(from: String?, to: String?) -> [LayerStateTransition.Element] {
        func specificity(_ transition: LayerStateTransition) -> Int? {
            let fromExact = transition.fromState == from, toExact = transition.toState == to
            guard fromExact || transition.fromState == LayerStateTransition.anyState,
                toExact || transition.toState == LayerStateTransition.anyState
            else {
                return nil
            }
            return (toExact ? 2 : 0) + (fromExact ? 1 : 0)
        }
        let matching = transitions.enumerated().compactMap { index, transition in
            specificity(transition).map { (specificity: $0, index: index, transition: transition) }
        }.sorted { $0.specificity != $1.specificity ? $0.specificity > $1.specificity : $0.index < $1.index }
        var elements: [LayerStateTransition.Element] = []
        var taken = Set<Slot<String>>()
        for (_, _, transition) in matching {
            for element in transition.elements where taken.insert(Slot(element.target, element.key)).inserted {
                elements.append(element)
            }
        }
        return elements
    }

    /// One key of one layer: what a state sets (a whole property, or a key path into its cells),
    /// or the key path a transition's element animates.
    private struct Slot<Key: Hashable>: Hashable {
        let layer: ObjectIdentifier
        let key: Key
        init(_ layer: CALayer, _ key: Key) {
            self.layer = ObjectIdentifier(layer)
            self.key = key
        }
    }
}

/// Why a layer tree could not go to a state.
public enum LayerStateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No state has this name.
    case unknownState(String)

    public var description: String {
        switch self {
        case .unknownState(let name): "no state named \"\(name)\""
        }
    }
}
