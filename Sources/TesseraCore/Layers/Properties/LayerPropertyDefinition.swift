/// One row of the property table: everything Tessera knows about a layer property, read and
/// written through its key path into ``LayerProperties``.
///
/// The property's default is the initial value of its stored property in ``LayerProperties``
/// (Core Animation's), which a new layer starts from and archives compare with.
package struct LayerPropertyDefinition: Sendable {
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

    package let property: LayerProperty
    /// The name of the property in key paths and archives: the case's.
    package let name: String
    /// Other names a key path may use for it (Swift's: `isHidden` for `hidden`;
    /// ``LayerProperty/alternativeNames``).
    let alternativeNames: [String]
    /// The class that declares it: ``LayerKind/layer`` for every layer's.
    package var owner: LayerKind { owners[0] }
    /// The classes whose layers have it: ``owner``, and another class that declares a property
    /// of the same name and type (CAEmitterLayer's `scale`, stored with CABackdropLayer's).
    package let owners: [LayerKind]
    /// nil when it is not animatable (no key path resolves to it).
    let animation: Animation?
    /// Where its value lies, typed, for the file formats, which read and write it under its name
    /// with their own spelling of its type (``accept(_:)``); nil for a property they hold as
    /// structure (an emitter's cells, each with properties of its own).
    let keyPath: (any LayerPropertyKeyPath)?
    /// Whether it is kept out of line, in ``RareLayerProperties`` (behind a forwarding property
    /// of ``LayerProperties``), rather than stored in ``LayerProperties`` itself.
    let isOutOfLine: Bool
    /// Whether two sets of properties hold the same value of it: how a change of the model finds
    /// the properties whose actions it runs (``CALayer/action(forKey:)``). It takes the addresses
    /// of the two ``LayerProperties``, or of their two ``RareLayerProperties`` when
    /// ``isOutOfLine``, and compares the values where they lie: a set is a kilobyte, a change
    /// compares every row, and a key path's projection is dear, most of it generic metadata.
    let isEqual: @Sendable (_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool
    /// Where the value lies in ``RareLayerProperties`` when ``isOutOfLine``: the byte range a
    /// change compares first (equal bytes are equal values; a string set, for one, leaves every
    /// other value of the box's copy byte for byte), before calling ``isEqual``.
    let outOfLineBytes: Range<Int>

    /// An animatable property.
    init<Value: AnimatablePropertyValue & Equatable & Sendable>(
        _ property: LayerProperty, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, of owner: LayerKind,
        alsoOf sharer: LayerKind? = nil, discrete: Bool = false, stored: OutOfLine? = nil
    ) {
        self.init(
            property, keyPath, of: [owner] + (sharer.map { [$0] } ?? []), stored: stored,
            animation: Self.animation(of: keyPath, discrete: discrete))
    }

    /// How an animation reads and writes the value at `keyPath`. A value stored in
    /// ``LayerProperties`` itself is read and written where it lies, at its offset: a key path's
    /// projection copies the whole set of properties (a kilobyte) to read one of them, which
    /// evaluating a frame does for every property an animation changes. One kept out of line,
    /// behind a forwarding property, goes through the key path.
    private static func animation<Value: AnimatablePropertyValue & Equatable & Sendable>(
        of keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, discrete: Bool
    ) -> Animation {
        guard let offset = MemoryLayout<LayerProperties>.offset(of: keyPath) else {
            return Animation(
                kind: Value.animatableKind, isDiscrete: discrete,
                value: { $0[keyPath: keyPath].animatableValue },
                set: { value, properties in
                    guard let typed = Value(animatableValue: value) else { return }
                    properties[keyPath: keyPath] = typed
                })
        }
        return Animation(
            kind: Value.animatableKind, isDiscrete: discrete,
            value: { properties in
                withUnsafeBytes(of: properties) { ($0.baseAddress! + offset).assumingMemoryBound(to: Value.self).pointee.animatableValue }
            },
            set: { value, properties in
                guard let typed = Value(animatableValue: value) else { return }
                withUnsafeMutableBytes(of: &properties) { ($0.baseAddress! + offset).assumingMemoryBound(to: Value.self).pointee = typed }
            })
    }

    /// A property that is not animatable (no key path resolves to it).
    init<Value: Equatable & Sendable>(
        notAnimatable property: LayerProperty, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable,
        of owner: LayerKind, stored: OutOfLine? = nil
    ) {
        self.init(property, keyPath, of: [owner], stored: stored, animation: nil)
    }

    /// A property that is not animatable as a whole and that the file formats hold as
    /// structure rather than as a value (no ``keyPath``).
    init<Value: Equatable & Sendable>(
        structural property: LayerProperty, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, of owner: LayerKind,
        stored: OutOfLine? = nil
    ) {
        self.property = property
        name = property.name
        alternativeNames = property.alternativeNames
        owners = [owner]
        animation = nil
        self.keyPath = nil
        (isOutOfLine, isEqual) = Self.comparison(keyPath, stored: stored)
        outOfLineBytes = stored?.bytes ?? 0..<0
    }

    /// Not specialized: specialized for a `Value`, it would get the metadata of
    /// `TypedLayerPropertyKeyPath<Value>` from its mangled name, which has the runtime look up
    /// `Value`'s conformance to `Equatable` through every conformance of the process (about
    /// 100,000 instructions per type, a tenth of a small Lottie file's rendering by the CLI);
    /// generic, it is handed the witness table.
    @_semantics("optimize.sil.specialize.generic.never")
    private init<Value: Equatable & Sendable>(
        _ property: LayerProperty, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, of owners: [LayerKind],
        stored: OutOfLine?, animation: Animation?
    ) {
        self.property = property
        name = property.name
        alternativeNames = property.alternativeNames
        self.owners = owners
        self.animation = animation
        self.keyPath = TypedLayerPropertyKeyPath(keyPath: keyPath)
        (isOutOfLine, isEqual) = Self.comparison(keyPath, stored: stored)
        outOfLineBytes = stored?.bytes ?? 0..<0
    }

    /// What `visitor` makes of the row; nil for a property held as structure.
    package func accept<Visitor: LayerPropertyVisitor>(_ visitor: Visitor) -> Visitor.Result? {
        keyPath?.accept(visitor, for: self)
    }

    /// Where `keyPath`'s value lies and how ``isEqual`` compares it there.
    private static func comparison<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, stored: OutOfLine?
    ) -> (isOutOfLine: Bool, isEqual: @Sendable (UnsafeRawPointer, UnsafeRawPointer) -> Bool) {
        if let stored { return (true, stored.isEqual) }
        guard let offset = MemoryLayout<LayerProperties>.offset(of: keyPath) else {
            preconditionFailure(
                "\(keyPath) is not a stored property of LayerProperties: "
                    + "its row must say where it is stored (stored: .rare(…))")
        }
        return (false, valuesAreEqual(at: offset, of: Value.self))
    }

    /// Compares two values of type `Value` at `offset` from two addresses.
    fileprivate static func valuesAreEqual<Value: Equatable & Sendable>(
        at offset: Int, of _: Value.Type
    ) -> @Sendable (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
        { old, new in
            (old + offset).assumingMemoryBound(to: Value.self).pointee
                == (new + offset).assumingMemoryBound(to: Value.self).pointee
        }
    }
}

extension LayerPropertyDefinition {
    /// Where a property kept out of line lies: a stored property (nested or not) of
    /// ``RareLayerProperties``, which its row's key path into ``LayerProperties`` forwards to.
    struct OutOfLine: Sendable {
        /// Whether two ``RareLayerProperties``, by address, hold the same value there.
        let isEqual: @Sendable (_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool
        /// Its bytes in ``RareLayerProperties``.
        let bytes: Range<Int>

        static func rare<Stored: Equatable & Sendable>(_ keyPath: KeyPath<RareLayerProperties, Stored>) -> OutOfLine {
            guard let offset = MemoryLayout<RareLayerProperties>.offset(of: keyPath) else {
                preconditionFailure("\(keyPath) is not a stored property of RareLayerProperties")
            }
            return OutOfLine(
                isEqual: valuesAreEqual(at: offset, of: Stored.self),
                bytes: offset..<offset + MemoryLayout<Stored>.size)
        }
    }
}
