import Foundation
import TesseraCore

/// A named state of a layer tree, as CAML's `LKState` describes one (Core Animation's
/// `CAState`): values to set on layers of the tree, found by their `id`, and animations that run
/// while the tree is in the state.
///
/// ```xml
/// <LKState name="seeking" basedOn="off">
///   <elements>
///     <LKStateSetValue targetId="#1" keyPath="opacity"><value type="integer" value="1"/></LKStateSetValue>
///     <LKStateAddAnimation targetId="#2" key="spin">
///       <animation type="CABasicAnimation" keyPath="transform.rotation.z" toValue="6.283" repeatCount="inf"/>
///     </LKStateAddAnimation>
///   </elements>
/// </LKState>
/// ```
///
/// A state based on another has that state's values and animations, then its own (the later of
/// two values for one key path wins). ``LayerStates`` goes from state to state.
public struct LayerState {
    /// One value a state sets (`LKStateSetValue`).
    public struct Value {
        /// The `id` of the layer it is set on.
        public let targetID: String
        /// What it sets: a key path of the layer (`opacity`, `bounds.size.height`,
        /// `transform.scale.xy`).
        public let keyPath: String
        /// The value, as Core Animation's key-value coding hands it out (`NSNumber`, `CGPoint`,
        /// `CGColor`, `CATransform3D`…).
        public var value: Any { resolvedValue.anyValue ?? NSNull() }

        /// The layer with ``targetID``.
        let target: CALayer
        let resolvedKeyPath: LayerKeyPath
        /// The value, of the key path's kind.
        let resolvedValue: AnimatableValue

        /// A value that `target` (the layer with `targetID`) takes at `resolvedKeyPath`, the
        /// key path `keyPath` spells.
        package init(
            targetID: String, keyPath: String, target: CALayer, resolvedKeyPath: LayerKeyPath, resolvedValue: AnimatableValue
        ) {
            self.targetID = targetID
            self.keyPath = keyPath
            self.target = target
            self.resolvedKeyPath = resolvedKeyPath
            self.resolvedValue = resolvedValue
        }
    }

    /// An animation the state adds to a layer while the tree is in it (`LKStateAddAnimation`).
    public struct Animation {
        /// The `id` of the layer it is added to.
        public let targetID: String
        /// The key it is added under (`key`; the `keyPath` tools write; the animation's key path
        /// when the file gives neither). A second animation of one element is added under
        /// `key-1`, and so on.
        public let key: String
        /// The animation, as written. Going to the state adds a copy of it.
        public let animation: CAAnimation

        /// The layer with ``targetID``.
        let target: CALayer

        /// `animation`, added under `key` to `target`, the layer with `targetID`.
        package init(targetID: String, key: String, animation: CAAnimation, target: CALayer) {
            self.targetID = targetID
            self.key = key
            self.animation = animation
            self.target = target
        }
    }

    /// The state's name.
    public let name: String
    /// The state whose values it starts from (`basedOn`); nil when none.
    public let basedOn: String?
    /// The values it sets itself, in the document's order (not those of ``basedOn``).
    public let values: [Value]
    /// The animations it adds itself, in the document's order (not those of ``basedOn``).
    public let animations: [Animation]

    /// A state named `name` with its own values and animations, based on state `basedOn`.
    package init(name: String, basedOn: String?, values: [Value], animations: [Animation]) {
        self.name = name
        self.basedOn = basedOn
        self.values = values
        self.animations = animations
    }
}

/// How a layer tree goes from one state to another, as CAML's `LKStateTransition` describes it
/// (Core Animation's `CAStateTransition`): the animation of each key path that changes.
///
/// ```xml
/// <LKStateTransition fromState="*" toState="on">
///   <elements>
///     <LKStateTransitionElement key="opacity" targetId="#1">
///       <animation type="CABasicAnimation" keyPath="opacity" duration="0.49" fillMode="backwards"/>
///     </LKStateTransitionElement>
///   </elements>
/// </LKStateTransition>
/// ```
public struct LayerStateTransition {
    /// One animation of a transition (`LKStateTransitionElement`).
    public struct Element {
        /// The `id` of the layer it animates.
        public let targetID: String
        /// The key path it animates.
        public let key: String
        /// The animation, as written (its `keyPath` is ``key`` when the file leaves it out).
        /// Going to a state adds a copy of it, with a `fromValue` when it is a basic animation
        /// with no values of its own (see ``LayerStates/setState(_:at:animated:)``).
        public let animation: CAAnimation

        /// The layer with ``targetID``.
        let target: CALayer

        /// `animation` of key path `key` of `target`, the layer with `targetID`.
        package init(targetID: String, key: String, animation: CAAnimation, target: CALayer) {
            self.targetID = targetID
            self.key = key
            self.animation = animation
            self.target = target
        }
    }

    /// The state it leaves: a state's name, or `*` for any state (the base state included).
    public let fromState: String
    /// The state it goes to: a state's name, or `*` for any state (the base state included).
    public let toState: String
    /// Its animations, in the document's order.
    public let elements: [Element]

    /// The state name that matches any state, the base state included.
    package static let anyState = "*"

    /// A transition from state `fromState` to state `toState` (either may be ``anyState``).
    package init(fromState: String, toState: String, elements: [Element]) {
        self.fromState = fromState
        self.toState = toState
        self.elements = elements
    }
}
