/// A change of a layer property that runs an action: the property's name (the action's key) and
/// the value the layer showed before the change (its presentation value: the model with its
/// animations). An animation that the action adds under the key fills in what it leaves out
/// from it (see ``CAAnimation/run(forKey:object:arguments:)``). A class: compiling an
/// animation passes it along as one reference, nil for every animation added by `add(_:forKey:)`.
package final class PropertyChange {
    let key: String
    let previous: AnimatableValue?

    init(key: String, previous: AnimatableValue?) {
        self.key = key
        self.previous = previous
    }
}
