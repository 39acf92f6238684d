#if !canImport(QuartzCore)
/// One row of the property table: everything Tessera knows about a layer property, read and
/// written through its key path into ``LayerProperties``.
///
/// The property's default is the initial value of its stored property in ``LayerProperties``
/// (Core Animation's), which a new layer starts from and archives compare with.
struct LayerPropertyDefinition: Sendable {
    /// How a property changes under an animation, and how it reads and writes as an
    /// ``AnimatableValue``.
    struct Animation: Sendable {
        let kind: AnimatableValueKind
        /// Whether Core Animation changes it without interpolating (the table says which do).
        let isDiscrete: Bool
        let value: @Sendable (_ properties: LayerProperties) -> AnimatableValue
        /// Stores a value; one of another kind is ignored.
        let set: @Sendable (_ value: AnimatableValue, _ properties: inout LayerProperties) -> Void
    }

    let property: LayerProperty
    /// The name of the property in key paths and archives: the case's.
    let name: String
    /// Other names a key path may use for it (Swift's: `isHidden` for `hidden`).
    let alternativeNames: [String]
    /// The class that declares it: ``LayerKind/layer`` for every layer's.
    var owner: LayerKind { owners[0] }
    /// The classes whose layers have it: ``owner``, and another class that declares a property
    /// of the same name and type (CAEmitterLayer's `scale`, stored with CABackdropLayer's).
    let owners: [LayerKind]
    /// nil when it is not animatable (no key path resolves to it).
    let animation: Animation?
    /// How an archive reads and writes it and how CAML reads and writes it, under its name; nil
    /// for a property the file formats hold as structure (an emitter's cells, read and written
    /// through ``EmitterCellArchiveProperties``).
    let archived: ArchivedProperty?
    /// Whether two sets of properties hold the same value of it: how a change of the model finds
    /// the properties whose actions it runs (``CALayer/action(forKey:)``). It takes the sets by
    /// address: a set is a kilobyte, and a change compares every row.
    let isEqual: @Sendable (_ old: UnsafePointer<LayerProperties>, _ new: UnsafePointer<LayerProperties>) -> Bool

    /// An animatable property.
    init<Value: AnimatablePropertyValue & ArchivableProperty & CAMLSpelledValue>(
        _ property: LayerProperty, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, of owner: LayerKind,
        alsoOf sharer: LayerKind? = nil, alternativeNames: [String] = [], discrete: Bool = false
    ) {
        self.init(property, keyPath, of: [owner] + (sharer.map { [$0] } ?? []), alternativeNames: alternativeNames, animation: Animation(
            kind: Value.animatableKind, isDiscrete: discrete,
            value: { $0[keyPath: keyPath].animatableValue },
            set: { value, properties in
                guard let typed = Value(animatableValue: value) else { return }
                properties[keyPath: keyPath] = typed
            }))
    }

    /// A property that is not animatable (no key path resolves to it).
    init<Value: ArchivableProperty & CAMLSpelledValue>(
        notAnimatable property: LayerProperty, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable,
        of owner: LayerKind, alternativeNames: [String] = []
    ) {
        self.init(property, keyPath, of: [owner], alternativeNames: alternativeNames, animation: nil)
    }

    /// A property that is not animatable as a whole and that the file formats hold as
    /// structure rather than as a value (no ``archived``).
    init<Value: Equatable>(
        structural property: LayerProperty, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, of owner: LayerKind
    ) {
        self.property = property
        name = String(describing: property)
        alternativeNames = []
        owners = [owner]
        animation = nil
        archived = nil
        isEqual = Self.isEqual(keyPath)
    }

    private init<Value: ArchivableProperty & CAMLSpelledValue>(
        _ property: LayerProperty, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, of owners: [LayerKind],
        alternativeNames: [String], animation: Animation?
    ) {
        self.property = property
        name = String(describing: property)
        self.alternativeNames = alternativeNames
        self.owners = owners
        self.animation = animation
        archived = ArchivedProperty(layer: name, keyPath, of: owners)
        isEqual = Self.isEqual(keyPath)
    }

    /// Compares the values at `keyPath`: a stored property straight where it lies (a key path's
    /// projection costs about a thousand instructions, most of it generic metadata), a computed one
    /// (the out-of-line ``RareLayerProperties``) through its key path.
    private static func isEqual<Value: Equatable>(
        _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable
    ) -> @Sendable (UnsafePointer<LayerProperties>, UnsafePointer<LayerProperties>) -> Bool {
        guard let offset = MemoryLayout<LayerProperties>.offset(of: keyPath) else {
            return { $0.pointee[keyPath: keyPath] == $1.pointee[keyPath: keyPath] }
        }
        return { old, new in
            (UnsafeRawPointer(old) + offset).assumingMemoryBound(to: Value.self).pointee
                == (UnsafeRawPointer(new) + offset).assumingMemoryBound(to: Value.self).pointee
        }
    }
}
#endif
