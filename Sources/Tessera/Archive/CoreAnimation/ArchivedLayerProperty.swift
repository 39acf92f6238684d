import TesseraCore

#if !canImport(QuartzCore)
/// Makes a row of the property table an ``ArchivedProperty``, with the archive's and CAML's
/// spellings of the row's value type: its conformances to ``ArchivableProperty`` and
/// ``CAMLSpelledValue``. A type without them stops the first read or write of either format, with
/// the property's name (every format test reads and writes every row).
struct ArchivedLayerProperty: LayerPropertyVisitor {
    func visit<Value: Equatable & Sendable>(
        _ definition: LayerPropertyDefinition, at keyPath: WritableKeyPath<LayerProperties, Value> & Sendable
    ) -> ArchivedProperty {
        // Archives also hold a text layer's string as an attributed string.
        if definition.property == .string {
            return ArchivedProperty(layer: definition.name, \.archivedString, of: definition.owners)
        }
        guard let spelled = Value.self as? any (ArchivableProperty & CAMLSpelledValue).Type else {
            preconditionFailure(
                "\(definition.name) is a \(Value.self), which archives and CAML cannot spell: "
                    + "conform it to ArchivableProperty and CAMLSpelledValue")
        }
        return archived(definition, at: keyPath, as: spelled)
    }

    /// The row's ``ArchivedProperty``, its `Value` being `Spelled`.
    private func archived<Value, Spelled: ArchivableProperty & CAMLSpelledValue>(
        _ definition: LayerPropertyDefinition, at keyPath: WritableKeyPath<LayerProperties, Value> & Sendable,
        as _: Spelled.Type
    ) -> ArchivedProperty {
        ArchivedProperty(
            layer: definition.name, keyPath as! WritableKeyPath<LayerProperties, Spelled> & Sendable,
            of: definition.owners)
    }
}
#endif
