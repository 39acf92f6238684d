import TesseraCore

/// One property of a Core Animation class under its key, as every file format reads and writes
/// it: the key (the property's name in Objective-C: `hidden`, `removedOnCompletion`), where the
/// value lies, typed, and what values it refuses. Each format makes its own coder of the row
/// with a ``CodedPropertyVisitor``, from its spelling of the value's type; the rows are listed
/// once, in ``CodedProperties``, so that a property is added to every format at once.
package struct CodedProperty: Sendable {
    /// The key in archives and CAML.
    package let key: String
    /// Whether a value Tessera does not model leaves out the whole object rather than this key:
    /// an animation without its values (or its path) would animate something else.
    package let isEssential: Bool
    private let access: any CodedPropertyAccess

    /// A property whose numbers must be finite (a NaN or infinite one is unsupported).
    package init<Owner: AnyObject, Value: CodedValue>(
        _ key: String, _ keyPath: ReferenceWritableKeyPath<Owner, Value> & Sendable, essential: Bool = false
    ) {
        self.init(key, essential: essential, ObjectPropertyAccess(keyPath: keyPath) { $0.isFinite ? nil : Self.nonFinite })
    }

    /// A timing property (`beginTime`, `duration`, `repeatCount`…): infinities are kept, since
    /// Core Animation gives them a meaning (forever) and ``TimingSpec`` clamps the rest; NaN is
    /// unsupported.
    package init<Owner: AnyObject, Value: CodedValue & BinaryFloatingPoint>(
        timing key: String, _ keyPath: ReferenceWritableKeyPath<Owner, Value> & Sendable
    ) {
        self.init(key, essential: false, ObjectPropertyAccess(keyPath: keyPath) { $0.isNaN ? "NaN" : nil })
    }

    /// An animation value of any type (`fromValue`, `toValue`, `byValue`, `values`), essential
    /// to its animation. Written when it is not nil.
    package init<Owner: AnyObject, Value>(value key: String, _ keyPath: ReferenceWritableKeyPath<Owner, Value?> & Sendable) {
        self.init(key, essential: true, AnimationValueAccess(keyPath: keyPath))
    }

    /// A row of the layer property table (``LayerProperty``): a property of a layer's
    /// ``LayerProperties`` declared by classes `owners` (see ``LayerKind/hasProperties(ofAny:)``),
    /// whose numbers must be finite.
    init<Value: CodedValue>(layer key: String, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, of owners: [LayerKind]) {
        self.init(key, essential: false, LayerPropertyAccess(keyPath: keyPath, owners: owners))
    }

    private init(_ key: String, essential: Bool, _ access: any CodedPropertyAccess) {
        self.key = key
        isEssential = essential
        self.access = access
    }

    /// What `visitor` makes of the row.
    package func accept<Visitor: CodedPropertyVisitor>(_ visitor: Visitor) -> Visitor.Result {
        access.accept(visitor, for: self)
    }

    /// Why a value with a NaN or infinite number is refused.
    package static let nonFinite = "a NaN or infinite number"
}

/// What a file format makes of one row of ``CodedProperties``: its coder of the property, from
/// the row's key path with its value's type, which the format spells in its own way.
package protocol CodedPropertyVisitor {
    associatedtype Result
    /// A property of `Owner` objects at `keyPath`; `refusal` says why a value is refused (a NaN
    /// or infinite number), nil for a value taken.
    func visit<Owner: AnyObject, Value: CodedValue>(
        _ property: CodedProperty, at keyPath: ReferenceWritableKeyPath<Owner, Value> & Sendable,
        refusal: @escaping @Sendable (Value) -> String?
    ) -> Result
    /// A property of the layers of classes `owners`, in their ``LayerProperties``; its numbers
    /// must be finite.
    func visit<Value: CodedValue>(
        _ property: CodedProperty, at keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, of owners: [LayerKind]
    ) -> Result
    /// An animation value of any type, which the format reads and writes as a typed value.
    func visit<Owner: AnyObject, Value>(
        _ property: CodedProperty, anyValueAt keyPath: ReferenceWritableKeyPath<Owner, Value?> & Sendable
    )
        -> Result
}

/// A row's key path with its value's type, handed typed to a ``CodedPropertyVisitor``.
private protocol CodedPropertyAccess: Sendable {
    func accept<Visitor: CodedPropertyVisitor>(_ visitor: Visitor, for property: CodedProperty) -> Visitor.Result
}

private struct ObjectPropertyAccess<Owner: AnyObject, Value: CodedValue>: CodedPropertyAccess {
    let keyPath: ReferenceWritableKeyPath<Owner, Value> & Sendable
    let refusal: @Sendable (Value) -> String?

    func accept<Visitor: CodedPropertyVisitor>(_ visitor: Visitor, for property: CodedProperty) -> Visitor.Result {
        visitor.visit(property, at: keyPath, refusal: refusal)
    }
}

private struct LayerPropertyAccess<Value: CodedValue>: CodedPropertyAccess {
    let keyPath: WritableKeyPath<LayerProperties, Value> & Sendable
    let owners: [LayerKind]

    func accept<Visitor: CodedPropertyVisitor>(_ visitor: Visitor, for property: CodedProperty) -> Visitor.Result {
        visitor.visit(property, at: keyPath, of: owners)
    }
}

private struct AnimationValueAccess<Owner: AnyObject, Value>: CodedPropertyAccess {
    let keyPath: ReferenceWritableKeyPath<Owner, Value?> & Sendable

    func accept<Visitor: CodedPropertyVisitor>(_ visitor: Visitor, for property: CodedProperty) -> Visitor.Result {
        visitor.visit(property, anyValueAt: keyPath)
    }
}

/// A format's coders of the lists of ``CodedProperties``.
package struct CodedPropertyTables<Row: Sendable>: Sendable {
    /// Every layer class's properties (``CodedProperties/layer``).
    package let layer: CodedPropertyTable<Row>
    /// The animation classes' (``CodedProperties/animation``, with its aliases).
    package let animation: CodedPropertyTable<Row>
    /// `CAEmitterCell`'s (``CodedProperties/emitterCell``).
    package let emitterCell: CodedPropertyTable<Row>

    /// The coders `visitor` makes of every row.
    package init<Visitor: CodedPropertyVisitor>(_ visitor: Visitor) where Visitor.Result == Row {
        layer = CodedPropertyTable(CodedProperties.layer, visitor)
        animation = CodedPropertyTable(CodedProperties.animation, aliases: CodedProperties.animationAliases, visitor)
        emitterCell = CodedPropertyTable(CodedProperties.emitterCell, visitor)
    }
}

/// A format's coders of a list of ``CodedProperty`` rows, in the list's order and by key.
package struct CodedPropertyTable<Row: Sendable>: Sendable {
    /// The coders, in the rows' order.
    package let all: [Row]
    /// The coders by key; an alias reads as the row it names.
    package let byKey: [String: Row]

    /// The coders `visitor` makes of `properties`; `aliases` maps other keys to rows' keys.
    package init<Visitor: CodedPropertyVisitor>(_ properties: [CodedProperty], aliases: [String: String] = [:], _ visitor: Visitor)
    where Visitor.Result == Row {
        all = properties.map { $0.accept(visitor) }
        var byKey = Dictionary(uniqueKeysWithValues: zip(properties.map(\.key), all))
        for (alias, key) in aliases { byKey[alias] = byKey[key] }
        self.byKey = byKey
    }
}
