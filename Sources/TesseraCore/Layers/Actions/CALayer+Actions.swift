import Foundation

/// Actions: what a layer runs when one of its properties changes, and the implicit animations
/// that are the default ones (see ``CALayer/action(forKey:)``).
extension CALayer {
    /// The search of ``action(forKey:)``, in Apple's order: the delegate, ``actions``, the
    /// `actions` of ``style`` (and of the styles it nests under its `style` key), the class's
    /// ``defaultAction(forKey:)``, then the implicit animation of an animatable property.
    /// `NSNull` at any step ends the search with no action; nil goes on to the next step.
    func searchAction(forKey event: String) -> CAAction? {
        if let action = delegate?.action(for: self, forKey: event) { return action is NSNull ? nil : action }
        if let action = actions?[event] { return action is NSNull ? nil : action }
        var style = self.style
        while let level = style {
            if let styleActions = level["actions"] as? [AnyHashable: Any], let found = styleActions[event] {
                if found is NSNull { return nil }
                if let action = found as? CAAction { return action }
            }
            style = level["style"] as? [AnyHashable: Any]
        }
        if let action = Self.defaultAction(forKey: event) { return action is NSNull ? nil : action }
        return implicitAnimation(forKey: event)
    }

    /// Core Animation's implicit animation of the animatable property named `event` (nil for
    /// any other key, and for a property other classes of layer have): a ``CABasicAnimation``
    /// of the property from the value the layer shows now (before the change, since actions are
    /// looked up while the model still holds the old value; during an implicit animation, where
    /// that animation has brought it) to the new model value, over the transaction's
    /// ``CATransaction/animationDuration()`` (0.25 s by default) and with its
    /// ``CATransaction/animationTimingFunction()``, or the `default` function (control points
    /// (0.25, 0.1) and (0.25, 1)), which Core Animation's layer actions use when the transaction
    /// sets none.
    private func implicitAnimation(forKey event: String) -> CAAction? {
        guard let property = LayerProperty.animatable(named: event),
            properties.kind.hasProperties(ofAny: property.definition.owners),
            let keyPath = LayerKeyPath(whole: property)
        else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = keyPath.value(in: presentedProperties()).anyValue
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// The layer's own values as it shows them now: the model with its animations applied at
    /// its current time (``now``).
    func presentedProperties() -> LayerProperties {
        var shown = properties
        let time = now
        for entry in attached {
            entry.program.apply(at: time, removedOnCompletion: entry.isRemovedOnCompletion, to: &shown)
        }
        return shown
    }

    /// Makes `edited` the model, running the actions of the properties whose values it changes,
    /// as Core Animation does: each changed property's action is looked up (``action(forKey:)``)
    /// while the model still holds the old value, then the model changes, then the actions run,
    /// in the property table's order, each with the value shown before the change (see
    /// ``PropertyChange``).
    ///
    /// A change made through a key path (`position.x`) runs the action of its property
    /// (`position`); `frame` runs those of `position` and `bounds`. Only a change runs actions:
    /// assigning the value a property already has runs none (Core Animation looks one up on
    /// every assignment). (`edited` is `inout` to be compared where it lies, and is left holding
    /// the model as it was.)
    func changeModel(to edited: inout LayerProperties) {
        var found: [(change: PropertyChange, action: CAAction)] = []
        var shown: LayerProperties?
        let changed = withModelProperties { old in withUnsafePointer(to: &edited) { LayerProperty.changes(from: old, to: $0) } }
        for property in changed {
            let key = property.definition.name
            guard let action = action(forKey: key) else { continue }
            let before = shown ?? presentedProperties()
            shown = before
            found.append((PropertyChange(key: key, previous: LayerKeyPath(whole: property)?.value(in: before)), action))
        }
        // Swapped rather than assigned: no object the values hold is retained again.
        swap(&propertiesWithoutActions, &edited)
        run(found)
    }

    /// Runs actions found for changes made, in order, each inside its change's scope.
    func run(_ found: [(change: PropertyChange, action: CAAction)]) {
        guard !found.isEmpty else { return }
        let transactions = ThreadTransactions.forCurrentThread
        for (change, action) in found {
            transactions.whileRunningAction(of: self, for: change) {
                action.run(forKey: change.key, object: self, arguments: nil)
            }
        }
    }
}
