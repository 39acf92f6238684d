/// The `$objects` of a keyed archive, and how references into it resolve.
///
/// Resolution is one step and never recursive: a reference gives a scalar, nil, a boxed
/// string or data (one fixed level of `NS.string` / `NS.data`), or a lazy ``ArchivedObject``
/// view. Cycles in the graph (Kite writes layers whose `delegate` is the layer itself) are
/// therefore navigable without any bound: each step costs the same whatever the graph.
final class ArchivedObjectGraph: Sendable {
    let objects: [PropertyListValue]

    /// `objects` must start with the `$null` string.
    init(objects: [PropertyListValue]) {
        self.objects = objects
    }

    /// A field value as stored in an object (inline, or a reference to an entry of `$objects`).
    func resolve(_ value: PropertyListValue) throws(KeyedArchiveError) -> ArchivedValue {
        switch value {
        case .uid(let reference): try resolve(reference: reference)
        case .null: .null
        case .bool(let value): .bool(value)
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .string(let value): .string(value)
        case .data(let value): .data(value)
        case .unsignedInteger, .date, .array, .set, .dictionary: .propertyList(value)
        }
    }

    /// The value reference `reference` designates; 0 is nil.
    func resolve(reference: UInt64) throws(KeyedArchiveError) -> ArchivedValue {
        let index = try self.index(of: reference)
        guard index != 0 else { return .null }
        switch objects[index] {
        case .dictionary(let fields):
            let object = try ArchivedObject(graph: self, index: index, fields: fields)
            return try unboxed(object) ?? .object(object)
        case .uid:
            throw .malformedObjectGraph(reason: "object \(index) is a reference, not a value")
        case let value:
            return try resolve(value)
        }
    }

    /// `reference` as an index into `$objects`.
    func index(of reference: UInt64) throws(KeyedArchiveError) -> Int {
        guard reference < UInt64(objects.count) else { throw .invalidReference(reference) }
        return Int(reference)
    }

    /// The string of an NSString / NSMutableString object, or the bytes of an NSData /
    /// NSMutableData object, stored inline or as a reference to a plain string or data entry.
    private func unboxed(_ object: ArchivedObject) throws(KeyedArchiveError) -> ArchivedValue? {
        let field: String
        if KeyedArchiveFormat.stringClasses.contains(object.className) {
            field = KeyedArchiveFormat.stringField
        } else if KeyedArchiveFormat.dataClasses.contains(object.className) {
            field = KeyedArchiveFormat.dataField
        } else {
            return nil
        }
        guard var content = object.fields[field] else { return nil }
        if case .uid(let reference) = content, reference != 0 { content = objects[try index(of: reference)] }
        switch (field, content) {
        case (KeyedArchiveFormat.stringField, .string(let string)): return .string(string)
        case (KeyedArchiveFormat.dataField, .data(let bytes)): return .data(bytes)
        default:
            throw .malformedObjectGraph(
                reason: "\(object.className) object \(object.reference) has \(field) of type \(content.typeName)")
        }
    }
}
