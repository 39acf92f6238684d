import Foundation

extension CALayer {
    /// Makes the change one property's setter makes (`property`'s row, and what that setter
    /// alone stores beside it, such as an attributed string's first run with `string`), with the
    /// effect of `change(&properties)` at a fraction of its cost where it can, for callers that
    /// set a property of many layers every frame:
    /// - values that already hold the change (`isUnchanged`) stay as they are, and no action runs;
    /// - a layer that runs no actions (not presented yet, or in a transaction that disables them)
    ///   changes through ``properties``, which then yields the values in place;
    /// - otherwise the property's action is looked up once, with the model as it was. With none,
    ///   the values change in place: no copy of them, no comparison of every property to find the
    ///   one that changed (what ``properties`` does for a change it knows nothing of). With one,
    ///   the values change, then the action runs, as ``changeModel(to:)`` runs it.
    final func changeModel(
        of property: LayerProperty, unless isUnchanged: (UnsafePointer<LayerProperties>) -> Bool,
        _ change: (inout LayerProperties) -> Void
    ) {
        guard hasBeenPresented && !CATransaction.disableActions() else {
            change(&properties)
            return
        }
        // Compared where they lie: a borrowed `pointee` was copied whole.
        if withModelProperties(isUnchanged) { return }
        let key = property.definition.name
        guard let action = action(forKey: key) else {
            change(&propertiesWithoutActions)
            return
        }
        let previous = LayerKeyPath(whole: property)?.value(in: presentedProperties())
        change(&propertiesWithoutActions)
        run([(PropertyChange(key: key, previous: previous), action)])
    }
}
