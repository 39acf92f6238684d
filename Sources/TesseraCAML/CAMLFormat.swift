import TesseraCore
import TesseraDocument

/// The names of CAML's structure, as Apple's files write them: the elements that hold layers,
/// animations and states rather than properties, and their attributes. Properties are named by
/// the property tables (`CodedProperties.layer`, `CodedProperties.animation`), layer
/// classes by their registry (`LayerClass`), animation classes by
/// `CoreAnimationCoding`: what the reader recognizes and a writer produces.
enum CAMLFormat {
    /// The document's root element, which holds the root layer.
    static let documentElement = "caml"
    /// A layer's children that hold layers and animations.
    static let sublayersElement = "sublayers"
    static let maskElement = "mask"
    static let animationsElement = "animations"
    /// An animation (in `<animations>`, a group's `<animations>`, a transition element), its
    /// class in ``typeAttribute``.
    static let animationElement = "animation"
    /// A keyed entry of a list: an animation of a layer's `<animations>` as Mica-made files and
    /// the community editors (CAPlayground, OpenPoster) write it, `<p key="animation-1"
    /// type="CAKeyframeAnimation" …>`, read as an ``animationElement`` added under its `key`.
    static let keyedEntryElement = "p"
    /// The elements an animation is written as.
    static let animationElements: Set<String> = [animationElement, keyedEntryElement]
    /// Animation attributes of Apple's Mica editor, which Core Animation keeps as undefined
    /// key-value coding keys and does not evaluate: `mica_autorecalculatesDuration` on springs
    /// (the editor recomputes `duration` from the spring when it is set; the file carries the
    /// duration it computed, which is what plays). Read without a report, not written.
    static let editorAnimationKeys: Set<String> = ["mica_autorecalculatesDuration"]
    /// Whether a layer attribute is CAPlayground's own bookkeeping (`caplayKind="video"`,
    /// `caplayFrameCount`, `caplayFPS`…, and the older `caplay.kind`), which the editor reads back
    /// and Core Animation keeps as undefined key-value coding keys without drawing anything from:
    /// read without a report, not written.
    static func isEditorLayerKey(_ key: String) -> Bool { key.hasPrefix("caplay") }
    /// Elements of a root layer that hold Mica's scripts and modules (`<modules/>`,
    /// `<scriptComponents/>`), which Core Animation does not run. Empty ones, as the editors
    /// write them, are read without a report; one with content is reported.
    static let scriptElements: Set<String> = ["modules", "scriptComponents"]
    /// A layer's identifier, which states and transitions name as their target.
    static let idAttribute = "id"
    /// The class of an animation, the type of a typed value.
    static let typeAttribute = "type"

    // MARK: States

    static let statesElement = "states"
    static let stateTransitionsElement = "stateTransitions"
    /// What states and transitions list their parts in.
    static let elementsElement = "elements"
    static let stateElement = "LKState"
    static let setValueElement = "LKStateSetValue"
    /// An animation a state adds while the tree is in it: `targetId`, `key` (tools write
    /// `keyPath`) and its `<animation>` elements.
    static let addAnimationElement = "LKStateAddAnimation"
    static let transitionElement = "LKStateTransition"
    static let transitionElementElement = "LKStateTransitionElement"
    /// A state value's typed value.
    static let valueElement = "value"
    static let nameAttribute = "name"
    static let basedOnAttribute = "basedOn"
    static let targetIDAttribute = "targetId"
    static let keyPathAttribute = "keyPath"
    static let keyAttribute = "key"
    static let fromStateAttribute = "fromState"
    static let toStateAttribute = "toState"
    /// The state name that matches any state, the base state included.
    static let anyState = LayerStateTransition.anyState
}
