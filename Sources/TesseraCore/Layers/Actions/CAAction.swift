import Foundation

/// What a layer does when one of its properties changes, as QuartzCore's protocol: "When
/// queried with an action identifier (a key path, an external action name, or a predefined
/// action identifier) a layer returns the appropriate action object … and sends it a
/// run(forKey:object:arguments:) message."
///
/// ``CAAnimation`` adopts it: running an animation adds it to the layer under the key. `NSNull`
/// adopts it too, as the action that stops the search for one (see ``CALayer/action(forKey:)``).
public protocol CAAction: AnyObject {
    /// Runs the action for `event` (a property's name) on `anObject` (the layer). For a property
    /// change `dict` is nil, and the layer already holds the new value.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` as an action, as in QuartzCore: in a layer's ``CALayer/actions``, its `style`'s
/// actions or from its delegate, it means "no action" and ends the search for one. Running it
/// does nothing.
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// A layer's delegate, as QuartzCore's protocol: here, the part of it that chooses the layer's
/// actions. Its method has a default that returns nil, as an optional Objective-C method the
/// delegate does not implement.
public protocol CALayerDelegate: AnyObject {
    /// The action for `event` on `layer`, asked first by ``CALayer/action(forKey:)``. Apple: it
    /// "returns an action for a specified key and stops any further searches"; `NSNull` stops
    /// the search with no action; nil lets it go on ("nil if the delegate does not specify a
    /// behavior for the specified key").
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}
