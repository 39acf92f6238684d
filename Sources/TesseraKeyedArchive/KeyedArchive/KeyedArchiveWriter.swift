/// Builds an NSKeyedArchiver archive: objects with classes and keyed fields, collections, and
/// `$top` entries, written as a binary property list that ``KeyedArchive`` (and Foundation's
/// `NSKeyedUnarchiver`) reads.
///
/// Objects are appended to `$objects` as they are added, after `$null`; class descriptions are
/// added once per class, and equal strings, data and boxed numbers once each. Each call that adds
/// an object returns its ``ArchiveReference``; passing a reference again shares the object. An
/// object that must refer to itself or to an object added later is first reserved
/// (``reserveObject()``), then set (``setObject(_:class:fields:)``).
///
/// ```swift
/// var writer = KeyedArchiveWriter()
/// let layer = try writer.addObject(ArchiveClass("CALayer"), fields: [("name", .string("Face")), ("opacity", .real(0.5))])
/// try writer.setTop(.reference(layer))
/// let bytes = try writer.encoded()
/// ```
package struct KeyedArchiveWriter: Sendable {
    private typealias Format = KeyedArchiveFormat

    /// `$objects`; `nil` for an object reserved and not yet set.
    private var objects: [PropertyListValue?] = [.string(Format.null)]
    private var classIndices: [ArchiveClass: Int] = [:]
    private var scalarIndices: [PropertyListScalarKey: Int] = [:]
    private var topEntries = PropertyListDictionary()

    /// An empty archive: `$objects` holds only `$null`, `$top` nothing.
    package init() {}

    /// The reference of `value` written as an object of its own, the way `encode(_:forKey:)`
    /// writes an `NSNumber`, `NSString` or `NSData`: numbers, booleans, strings and data become
    /// entries of `$objects` (equal ones shared), nil is reference 0, a reference is itself.
    package mutating func reference(to value: ArchiveFieldValue) throws(KeyedArchiveError) -> ArchiveReference {
        let scalar: PropertyListValue
        switch value {
        case .null: return ArchiveReference(index: 0)
        case .reference(let reference): return try checked(reference)
        case .bool(let value): scalar = .bool(value)
        case .integer(let value): scalar = .integer(value)
        case .real(let value): scalar = .real(value)
        case .string(let value): scalar = .string(value)
        case .data(let value): scalar = .data(value)
        }
        let key = PropertyListScalarKey(scalar)
        if let key, let index = scalarIndices[key] { return ArchiveReference(index: index) }
        let reference = append(scalar)
        if let key { scalarIndices[key] = reference.index }
        return reference
    }

    /// Adds an instance of `objectClass` with `fields`, in order. Keys must not begin with `$`
    /// and must differ.
    package mutating func addObject(
        _ objectClass: ArchiveClass, fields: [(key: String, value: ArchiveFieldValue)]
    ) throws(KeyedArchiveError) -> ArchiveReference {
        let stored = try storedFields(fields)
        let reference = reserveObject()
        store(stored, of: objectClass, at: reference)
        return reference
    }

    /// Reserves a place for an object to be set later, so that it can be referred to first.
    package mutating func reserveObject() -> ArchiveReference {
        objects.append(nil)
        return ArchiveReference(index: objects.count - 1)
    }

    /// Sets a reserved object, once.
    package mutating func setObject(
        _ reference: ArchiveReference, class objectClass: ArchiveClass,
        fields: [(key: String, value: ArchiveFieldValue)]
    ) throws(KeyedArchiveError) {
        guard try checked(reference).index != 0, objects[reference.index] == nil else {
            throw .malformedObjectGraph(reason: "object \(reference.index) was not reserved, or is already set")
        }
        store(try storedFields(fields), of: objectClass, at: reference)
    }

    /// Adds an array (`NS.objects`) of `elements`, each written as an object.
    package mutating func addArray(
        _ elements: [ArchiveFieldValue], class arrayClass: ArchiveClass = .array
    ) throws(KeyedArchiveError) -> ArchiveReference {
        let stored: PropertyListDictionary = [Format.objectsField: .array(try referenceList(elements))]
        let reference = reserveObject()
        store(stored, of: arrayClass, at: reference)
        return reference
    }

    /// Adds a dictionary (`NS.keys`, `NS.objects`) of `entries`, keys and values each written as
    /// an object. Keys must differ.
    package mutating func addDictionary(
        _ entries: [(key: String, value: ArchiveFieldValue)], class dictionaryClass: ArchiveClass = .dictionary
    ) throws(KeyedArchiveError) -> ArchiveReference {
        var seen = Set<String>()
        for (key, _) in entries where !seen.insert(key).inserted { throw .invalidFieldKey(key) }
        let stored: PropertyListDictionary = [
            Format.keysField: .array(try referenceList(entries.map { .string($0.key) })),
            Format.objectsField: .array(try referenceList(entries.map(\.value))),
        ]
        let reference = reserveObject()
        store(stored, of: dictionaryClass, at: reference)
        return reference
    }

    /// Sets the `$top` entry `key` (`root` by default); objects are referred to, numbers inline.
    package mutating func setTop(_ value: ArchiveFieldValue, forKey key: String = "root") throws(KeyedArchiveError) {
        topEntries[key] = try fieldValue(value)
    }

    /// The archive as a binary property list.
    package func encoded() throws(KeyedArchiveError) -> [UInt8] {
        var storedObjects: [PropertyListValue] = []
        storedObjects.reserveCapacity(objects.count)
        for (index, object) in objects.enumerated() {
            guard let object else { throw .malformedObjectGraph(reason: "object \(index) was reserved and never set") }
            storedObjects.append(object)
        }
        let archive: PropertyListDictionary = [
            Format.versionKey: .integer(Format.version),
            Format.archiverKey: .string(Format.archiver),
            Format.topKey: .dictionary(topEntries),
            Format.objectsKey: .array(storedObjects),
        ]
        do {
            return try BinaryPropertyList.encode(.dictionary(archive))
        } catch {
            throw .propertyList(error)
        }
    }

    private mutating func storedFields(
        _ fields: [(key: String, value: ArchiveFieldValue)]
    ) throws(KeyedArchiveError) -> PropertyListDictionary {
        var stored = PropertyListDictionary()
        for (key, value) in fields {
            guard !key.hasPrefix("$"), stored[key] == nil else { throw .invalidFieldKey(key) }
            stored[key] = try fieldValue(value)
        }
        return stored
    }

    /// How a field stores `value`: numbers inline, everything else by reference.
    private mutating func fieldValue(_ value: ArchiveFieldValue) throws(KeyedArchiveError) -> PropertyListValue {
        switch value {
        case .bool(let value): .bool(value)
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .null, .string, .data, .reference: .uid(UInt64(try reference(to: value).index))
        }
    }

    private mutating func referenceList(_ values: [ArchiveFieldValue]) throws(KeyedArchiveError) -> [PropertyListValue] {
        var list: [PropertyListValue] = []
        list.reserveCapacity(values.count)
        for value in values { list.append(.uid(UInt64(try reference(to: value).index))) }
        return list
    }

    /// Sets object `reference` to `fields` and a `$class` reference to `objectClass`.
    private mutating func store(
        _ fields: PropertyListDictionary, of objectClass: ArchiveClass, at reference: ArchiveReference
    ) {
        var fields = fields
        fields[Format.classKey] = .uid(UInt64(classIndex(objectClass)))
        objects[reference.index] = .dictionary(fields)
    }

    private mutating func classIndex(_ objectClass: ArchiveClass) -> Int {
        if let index = classIndices[objectClass] { return index }
        let index = append(
            .dictionary([
                Format.classNameKey: .string(objectClass.name),
                Format.classesKey: .array(objectClass.hierarchy.map(PropertyListValue.string)),
            ])
        ).index
        classIndices[objectClass] = index
        return index
    }

    private mutating func append(_ object: PropertyListValue) -> ArchiveReference {
        objects.append(object)
        return ArchiveReference(index: objects.count - 1)
    }

    /// `reference`, if it is one of this writer's (a reference from another writer may pass).
    private func checked(_ reference: ArchiveReference) throws(KeyedArchiveError) -> ArchiveReference {
        guard reference.index >= 0, reference.index < objects.count else {
            throw .invalidReference(UInt64(truncatingIfNeeded: reference.index))
        }
        return reference
    }
}
