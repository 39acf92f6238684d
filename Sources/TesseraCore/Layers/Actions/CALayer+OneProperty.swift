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
        guard !surelyFindsNoAction(for: property), let action = action(forKey: key) else {
            change(&propertiesWithoutActions)
            return
        }
        let previous = LayerKeyPath(whole: property)?.value(in: presentedProperties())
        change(&propertiesWithoutActions)
        run([(PropertyChange(key: key, previous: previous), action)])
    }

    /// Whether ``action(forKey:)`` with `property`'s name is sure to return nil, known without
    /// searching: the layer is of one of Tessera's own classes (none overrides the search or the
    /// properties it reads; a subclass may), has no delegate, ``actions`` or ``style``
    /// (``mayHaveActionSources``), and no animatable property has the name, so no implicit
    /// animation either. (The search hashes the name to find that out: most of a text layer's
    /// change of string, which a caller may make for hundreds of layers before every frame.) Reads
    /// the object's first cache line and its class alone.
    private final func surelyFindsNoAction(for property: LayerProperty) -> Bool {
        let layerClass = Swift.type(of: self)
        return !mayHaveActionSources && !property.nameIsAnimatable
            && ObjectIdentifier(layerClass) == ObjectIdentifier(layerClass.kind.layerClass.type)
    }
}
