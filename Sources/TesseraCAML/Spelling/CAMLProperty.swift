import TesseraCore
import TesseraDocument

/// One property of a Core Animation class in CAML, made from its row of `CodedProperties`: how
/// its attribute or element is read into an object and how the object's value is written back,
/// with the value type's ``CAMLSpelledValue`` spelling.
struct CAMLProperty: Sendable {
    /// Reads the CAML spelling of the property at `source` into `object`; false when `object`
    /// does not have the property. Throws where the value is wrong or unsupported.
    typealias Read =
        @Sendable (_ source: CAMLValueSource, _ object: AnyObject, _ context: inout CAMLReadContext)
        throws(CAMLReadFailure) -> Bool
    /// The CAML spelling of `object`'s value; nil when it equals `defaults`' or `object` does
    /// not have the property. Throws where CAML cannot hold the value.
    typealias Write =
        @Sendable (_ object: AnyObject, _ defaults: AnyObject, _ context: inout CAMLWriteContext)
        throws(CAMLWriteFailure) -> CAMLWrittenValue?

    /// The attribute's or element's name: the property's key.
    let key: String
    /// Whether a value Tessera does not model leaves out the whole object rather than this key
    /// (`CodedProperty.isEssential`).
    let isEssential: Bool
    /// Reads the property.
    let read: Read
    /// Writes the property when it differs from the default, as archives do.
    let write: Write

    /// The coders of every row of `CodedProperties`.
    static let tables = CodedPropertyTables(CAMLPropertySpeller())
}

/// Makes a row of `CodedProperties` a ``CAMLProperty``, with its value type's
/// ``CAMLSpelledValue`` spelling. A type without one stops the first use of the tables, with the
/// property's key (every format test reads and writes every row).
private struct CAMLPropertySpeller: CodedPropertyVisitor {
    func visit<Owner: AnyObject, Value: CodedValue>(
        _ property: CodedProperty, at keyPath: ReferenceWritableKeyPath<Owner, Value> & Sendable,
        refusal: @escaping @Sendable (Value) -> String?
    ) -> CAMLProperty {
        object(property, keyPath, Self.spelling(of: Value.self, for: property), refusal)
    }

    /// An object's property whose value type `Value` is `Spelled`.
    private func object<Owner: AnyObject, Value, Spelled: CAMLSpelledValue & CodedValue>(
        _ property: CodedProperty, _ keyPath: ReferenceWritableKeyPath<Owner, Value> & Sendable, _: Spelled.Type,
        _ refusal: @escaping @Sendable (Value) -> String?
    ) -> CAMLProperty {
        let keyPath = keyPath as! ReferenceWritableKeyPath<Owner, Spelled> & Sendable
        let refusal = refusal as! @Sendable (Spelled) -> String?
        return CAMLProperty(
            key: property.key, isEssential: property.isEssential,
            read: { source, object, context throws(CAMLReadFailure) in
                guard let owner = object as? Owner else { return false }
                let value = try Spelled.read(source, in: &context)
                if let why = refusal(value) { throw CAMLReadFailure(at: source.location, .unsupportedValue(why)) }
                owner[keyPath: keyPath] = value
                return true
            },
            write: { object, defaults, context throws(CAMLWriteFailure) in
                guard let owner = object as? Owner, let defaults = defaults as? Owner else { return nil }
                let value = owner[keyPath: keyPath]
                guard value != defaults[keyPath: keyPath] else { return nil }
                if let why = refusal(value) { throw CAMLWriteFailure(why) }
                return try value.write(in: &context)
            })
    }

    func visit<Value: CodedValue>(
        _ property: CodedProperty, at keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, of owners: [LayerKind]
    ) -> CAMLProperty {
        layer(property, keyPath, Self.spelling(of: Value.self, for: property), of: owners)
    }

    /// A layer's property whose value type `Value` is `Spelled`.
    private func layer<Value, Spelled: CAMLSpelledValue & CodedValue>(
        _ property: CodedProperty, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, _: Spelled.Type,
        of owners: [LayerKind]
    ) -> CAMLProperty {
        let keyPath = keyPath as! WritableKeyPath<LayerProperties, Spelled> & Sendable
        return CAMLProperty(
            key: property.key, isEssential: property.isEssential,
            read: { source, object, context throws(CAMLReadFailure) in
                guard let layer = object as? CALayer, type(of: layer).kind.hasProperties(ofAny: owners) else { return false }
                let value = try Spelled.read(source, in: &context)
                guard value.isFinite else { throw CAMLReadFailure(nonFinite: source) }
                layer.properties[keyPath: keyPath] = value
                return true
            },
            write: { object, defaults, context throws(CAMLWriteFailure) in
                guard let layer = object as? CALayer, let defaults = defaults as? CALayer,
                    type(of: layer).kind.hasProperties(ofAny: owners)
                else { return nil }
                let value = layer.properties[keyPath: keyPath]
                guard value != defaults.properties[keyPath: keyPath] else { return nil }
                guard value.isFinite else { throw CAMLWriteFailure(CodedProperty.nonFinite) }
                return try value.write(in: &context)
            })
    }

    func visit<Owner: AnyObject, Value>(
        _ property: CodedProperty, anyValueAt keyPath: ReferenceWritableKeyPath<Owner, Value?> & Sendable
    )
        -> CAMLProperty
    {
        CAMLProperty(
            key: property.key, isEssential: property.isEssential,
            read: { source, object, context throws(CAMLReadFailure) in
                guard let owner = object as? Owner else { return false }
                // A list of values (`values`) is its children; one value (`fromValue`) says its type.
                let value: Any =
                    Value.self is [Any].Type
                    ? try CAMLTypedValue.list(try source.element(holding: "a list of values"), in: &context)
                    : try CAMLTypedValue.read(source, in: &context)
                guard let typed = value as? Value else {
                    throw CAMLReadFailure(at: source.location, .unsupportedValue("\(type(of: value)) where \(Value.self) is expected"))
                }
                owner[keyPath: keyPath] = typed
                return true
            },
            write: { object, _, context throws(CAMLWriteFailure) in
                guard let owner = object as? Owner, let value = owner[keyPath: keyPath] else { return nil }
                // A list of values is its children, each typed by its name; one value says its type.
                let element: CAMLWrittenElement
                if Value.self is [Any].Type, let list = value as? [Any] {
                    element = try CAMLTypedValue.write(list, in: &context)
                    return .element(attributes: [], children: element.children)
                }
                element = try CAMLTypedValue.write(value, as: property.key, in: &context)
                return .element(attributes: element.attributes, children: element.children)
            })
    }

    /// `Value`'s CAML spelling.
    private static func spelling<Value>(of _: Value.Type, for property: CodedProperty) -> any (CAMLSpelledValue & CodedValue).Type {
        guard let spelled = Value.self as? any (CAMLSpelledValue & CodedValue).Type else {
            preconditionFailure("\(property.key) is a \(Value.self), which CAML cannot spell: conform it to CAMLSpelledValue")
        }
        return spelled
    }
}
