/// What a file format makes of one row of the property table, from the row's description (its
/// name and classes, ``LayerPropertyDefinition``) and its key path, typed: how a format finds its
/// own spelling of the property's type, which the model does not know.
package protocol LayerPropertyVisitor {
    associatedtype Result
    /// What the format makes of `definition`, whose value, of type `Value`, lies at `keyPath`.
    func visit<Value: Equatable & Sendable>(
        _ definition: LayerPropertyDefinition, at keyPath: WritableKeyPath<LayerProperties, Value> & Sendable
    ) -> Result
}

/// A row's key path with its value's type, handed typed to a ``LayerPropertyVisitor``.
protocol LayerPropertyKeyPath: Sendable {
    func accept<Visitor: LayerPropertyVisitor>(
        _ visitor: Visitor, for definition: LayerPropertyDefinition
    ) -> Visitor.Result
}

/// The ``LayerPropertyKeyPath`` of a row whose value is of type `Value`.
struct TypedLayerPropertyKeyPath<Value: Equatable & Sendable>: LayerPropertyKeyPath {
    let keyPath: WritableKeyPath<LayerProperties, Value> & Sendable

    func accept<Visitor: LayerPropertyVisitor>(
        _ visitor: Visitor, for definition: LayerPropertyDefinition
    ) -> Visitor.Result {
        visitor.visit(definition, at: keyPath)
    }
}
