import Foundation
import TesseraCore
import TesseraDocument
import TesseraKeyedArchive

/// One property of a Core Animation class in archives, made from its row of
/// `CodedProperties`: how the archive's field is read into an object and how the object's
/// value is written back, with the value type's ``ArchivableProperty`` spelling, so that reading
/// and writing stay symmetrical.
struct ArchivedProperty: Sendable {
    /// The key in the archive (the property's name in Objective-C: `hidden`, `removedOnCompletion`).
    let key: String
    /// Whether a value Tessera does not model leaves out the whole object rather than this key
    /// (`CodedProperty.isEssential`).
    let isEssential: Bool
    /// Reads `value` into `object` (values nested `depth` deep); false when `object` does not have
    /// the property (a shape layer's key on a plain layer). Throws ``ArchiveDecodingFailure`` or
    /// `KeyedArchiveError`.
    let decode:
        @Sendable (
            _ value: ArchivedValue, _ object: AnyObject, _ reader: inout ArchivedValueReader,
            _ depth: Int
        ) throws -> Bool
    /// The field for `object`'s value; nil when it equals `defaults`' (a new object of the same
    /// class), since Core Animation archives only what differs from the defaults.
    let encode: @Sendable (_ object: AnyObject, _ defaults: AnyObject, _ writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue?

    /// The coders of every row of `CodedProperties`.
    static let tables = CodedPropertyTables(ArchivedPropertyCoder())
}

/// Makes a row of `CodedProperties` an ``ArchivedProperty``, with its value type's
/// ``ArchivableProperty`` spelling. A type without one stops the first use of the tables, with
/// the property's key (every format test reads and writes every row).
private struct ArchivedPropertyCoder: CodedPropertyVisitor {
    func visit<Owner: AnyObject, Value: CodedValue>(
        _ property: CodedProperty, at keyPath: ReferenceWritableKeyPath<Owner, Value> & Sendable,
        refusal: @escaping @Sendable (Value) -> String?
    ) -> ArchivedProperty {
        object(property, keyPath, Self.spelling(of: Value.self, for: property), refusal)
    }

    /// An object's property whose value type `Value` is `Spelled`.
    private func object<Owner: AnyObject, Value, Spelled: ArchivableProperty>(
        _ property: CodedProperty, _ keyPath: ReferenceWritableKeyPath<Owner, Value> & Sendable, _: Spelled.Type,
        _ refusal: @escaping @Sendable (Value) -> String?
    ) -> ArchivedProperty {
        let keyPath = keyPath as! ReferenceWritableKeyPath<Owner, Spelled> & Sendable
        let refusal = refusal as! @Sendable (Spelled) -> String?
        return ArchivedProperty(
            key: property.key, isEssential: property.isEssential,
            decode: { value, object, reader, _ in
                guard let owner = object as? Owner else { return false }
                let decoded = try Spelled.decode(value, with: &reader)
                if let why = refusal(decoded) {
                    throw ArchiveDecodingFailure.unsupported(className: nil, reason: .unsupportedValue(why))
                }
                owner[keyPath: keyPath] = decoded
                return true
            },
            encode: { object, defaults, writer in
                guard let owner = object as? Owner, let defaults = defaults as? Owner else { return nil }
                let value = owner[keyPath: keyPath]
                return value == defaults[keyPath: keyPath] ? nil : try value.encode(with: &writer)
            })
    }

    func visit<Value: CodedValue>(
        _ property: CodedProperty, at keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, of owners: [LayerKind]
    ) -> ArchivedProperty {
        layer(property, keyPath, Self.spelling(of: Value.self, for: property), of: owners)
    }

    /// A layer's property whose value type `Value` is `Spelled`.
    private func layer<Value, Spelled: ArchivableProperty>(
        _ property: CodedProperty, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, _: Spelled.Type,
        of owners: [LayerKind]
    ) -> ArchivedProperty {
        let keyPath = keyPath as! WritableKeyPath<LayerProperties, Spelled> & Sendable
        return ArchivedProperty(
            key: property.key, isEssential: property.isEssential,
            decode: { value, object, reader, _ in
                guard let layer = object as? CALayer, type(of: layer).kind.hasProperties(ofAny: owners) else { return false }
                let decoded = try Spelled.decode(value, with: &reader)
                guard decoded.isFinite else { throw ArchiveDecodingFailure.nonFinite }
                layer.properties[keyPath: keyPath] = decoded
                return true
            },
            encode: { object, defaults, writer in
                guard let layer = object as? CALayer, let defaults = defaults as? CALayer,
                    type(of: layer).kind.hasProperties(ofAny: owners)
                else { return nil }
                let value = layer.properties[keyPath: keyPath]
                return value == defaults.properties[keyPath: keyPath] ? nil : try value.encode(with: &writer)
            })
    }

    func visit<Owner: AnyObject, Value>(
        _ property: CodedProperty, anyValueAt keyPath: ReferenceWritableKeyPath<Owner, Value?> & Sendable
    )
        -> ArchivedProperty
    {
        ArchivedProperty(
            key: property.key, isEssential: property.isEssential,
            decode: { value, object, reader, depth in
                guard let owner = object as? Owner else { return false }
                guard let decoded = try reader.value(value, depth: depth) else {
                    owner[keyPath: keyPath] = nil
                    return true
                }
                guard let typed = decoded as? Value else { throw ArchiveDecodingFailure.mismatch(value, expected: "\(Value.self)") }
                owner[keyPath: keyPath] = typed
                return true
            },
            encode: { object, _, writer in
                guard let owner = object as? Owner, let value = owner[keyPath: keyPath] else { return nil }
                return try writer.value(value)
            })
    }

    /// `Value`'s archive spelling.
    private static func spelling<Value>(of _: Value.Type, for property: CodedProperty) -> any ArchivableProperty.Type {
        guard let spelled = Value.self as? any ArchivableProperty.Type else {
            preconditionFailure("\(property.key) is a \(Value.self), which archives cannot spell: conform it to ArchivableProperty")
        }
        return spelled
    }
}
