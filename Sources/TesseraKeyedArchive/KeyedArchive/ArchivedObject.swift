/// A view of one object of a keyed archive: its class and its fields, resolved on demand.
///
/// Views are cheap and lazy: fields referring to other objects give views of those objects
/// only when asked, so cyclic graphs are navigable. Code that walks the graph recursively (a
/// layer's sublayers, say) must bound its depth or remember the ``reference``s it has visited.
package struct ArchivedObject: Sendable, Equatable, ArchivedKeyedContainer {
    let graph: ArchivedObjectGraph
    /// The object's index in `$objects`: equal for every view of the same object.
    package let reference: Int
    /// The class name (`$classname`).
    package let className: String
    /// The stored fields, `$class` included.
    let fields: PropertyListDictionary
    /// `$classes`: the class and its superclasses, validated to be strings.
    private let classes: [PropertyListValue]

    /// A view of object `index`, whose fields are `fields`; checks its `$class`.
    init(graph: ArchivedObjectGraph, index: Int, fields: PropertyListDictionary) throws(KeyedArchiveError) {
        self.graph = graph
        reference = index
        self.fields = fields
        guard let classValue = fields[KeyedArchiveFormat.classKey] else {
            throw .malformedObjectGraph(reason: "object \(index) has no $class")
        }
        guard case .uid(let classReference) = classValue else {
            throw .malformedObjectGraph(reason: "object \(index) has $class of type \(classValue.typeName), not a reference")
        }
        let classIndex = try graph.index(of: classReference)
        guard case .dictionary(let description) = graph.objects[classIndex],
            case .string(let name)? = description[KeyedArchiveFormat.classNameKey]
        else {
            throw .malformedObjectGraph(reason: "object \(index): $class \(classIndex) is not a class with a $classname")
        }
        className = name
        switch description[KeyedArchiveFormat.classesKey] {
        case nil:
            classes = [.string(name)]
        case .array(let names) where names.allSatisfy({ $0.stringValue != nil }):
            classes = names
        default:
            throw .malformedObjectGraph(reason: "class \(classIndex) has a $classes that is not an array of strings")
        }
    }

    /// The class and its superclasses, most derived first (`$classes`), e.g.
    /// `["CAShapeLayer", "CALayer", "NSObject"]`.
    package var classHierarchy: [String] { classes.compactMap(\.stringValue) }

    /// Whether the object's class is `className` or inherits from it.
    package func isKind(of className: String) -> Bool {
        classes.contains(.string(className))
    }

    /// The field keys, in the file's order (`$class` excluded).
    package var keys: [String] { fields.keys.filter { $0 != KeyedArchiveFormat.classKey } }

    /// The field `key`, resolved one step; `nil` when the object has no such field.
    package func value(forKey key: String) throws(KeyedArchiveError) -> ArchivedValue? {
        guard key != KeyedArchiveFormat.classKey, let field = fields[key] else { return nil }
        return try graph.resolve(field)
    }

    /// The elements of this NSArray, NSMutableArray or NSSet (its `NS.objects`).
    package func arrayElements() throws(KeyedArchiveError) -> [ArchivedValue] {
        guard fields[KeyedArchiveFormat.keysField] == nil else {
            throw .typeMismatch(key: KeyedArchiveFormat.objectsField, expected: "an array", found: "a dictionary")
        }
        return try references(KeyedArchiveFormat.objectsField)
    }

    /// The entries of this NSDictionary or NSMutableDictionary (its `NS.keys` and `NS.objects`),
    /// in the file's order; keys must be strings, each once.
    package func dictionaryEntries() throws(KeyedArchiveError) -> ArchivedDictionary {
        let keyValues = try references(KeyedArchiveFormat.keysField)
        let values = try references(KeyedArchiveFormat.objectsField)
        guard keyValues.count == values.count else {
            throw .malformedObjectGraph(
                reason: "dictionary \(reference) has \(keyValues.count) keys and \(values.count) objects")
        }
        var keys: [String] = []
        keys.reserveCapacity(keyValues.count)
        for key in keyValues {
            guard case .string(let string) = key else {
                throw .malformedObjectGraph(reason: "dictionary \(reference) has a key that is \(key.typeName)")
            }
            keys.append(string)
        }
        guard Set(keys).count == keys.count else {
            throw .malformedObjectGraph(reason: "dictionary \(reference) has a repeated key")
        }
        return ArchivedDictionary(keys: keys, values: values)
    }

    /// The resolved values of the list of references in `field`.
    private func references(_ field: String) throws(KeyedArchiveError) -> [ArchivedValue] {
        guard case .array(let list)? = fields[field] else {
            throw .malformedObjectGraph(reason: "\(className) object \(reference) has no \(field) array")
        }
        var values: [ArchivedValue] = []
        values.reserveCapacity(list.count)
        for element in list { values.append(try graph.resolve(element)) }
        return values
    }

    /// Views of the same object of the same archive.
    package static func == (lhs: ArchivedObject, rhs: ArchivedObject) -> Bool {
        lhs.graph === rhs.graph && lhs.reference == rhs.reference
    }
}
