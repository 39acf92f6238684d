import Foundation

/// An NSKeyedArchiver archive (the format of `.caar` files), read from a binary property list.
///
/// The archive is a dictionary: `$archiver` ("NSKeyedArchiver"), `$version` (100000), `$top`
/// (named entry points, e.g. `root`) and `$objects`, the flattened object graph, whose entry 0 is
/// the string `$null`. Objects are dictionaries of fields plus a `$class` reference to a class
/// description (`$classname`, `$classes`); a reference (UID) is an index into `$objects`, 0 meaning
/// nil. Loading checks the envelope; objects are checked as they are read, through
/// ``ArchivedObject`` views.
package struct KeyedArchive: Sendable {
    let graph: ArchivedObjectGraph
    private let topEntries: PropertyListDictionary

    /// Reads an archive from the bytes of a binary property list.
    package init(data: Data) throws(KeyedArchiveError) {
        try self.init(bytes: [UInt8](data))
    }

    /// Reads an archive from the bytes of a binary property list.
    package init(bytes: [UInt8]) throws(KeyedArchiveError) {
        let propertyList: PropertyListValue
        do {
            propertyList = try BinaryPropertyList.decode(bytes)
        } catch {
            throw .propertyList(error)
        }
        try self.init(propertyList: propertyList)
    }

    /// Reads an archive from a decoded property list.
    package init(propertyList: PropertyListValue) throws(KeyedArchiveError) {
        typealias Format = KeyedArchiveFormat
        guard case .dictionary(let archive) = propertyList,
            case .string(let archiver)? = archive[Format.archiverKey],
            case .integer(let version)? = archive[Format.versionKey],
            case .dictionary(let top)? = archive[Format.topKey]
        else {
            throw .notAKeyedArchive
        }
        guard archiver == Format.archiver else { throw .unsupportedArchiver(archiver) }
        guard version == Format.version else { throw .unsupportedVersion(Int(version)) }
        guard case .array(let objects)? = archive[Format.objectsKey] else {
            throw .malformedObjectGraph(reason: "$objects is not an array")
        }
        guard objects.first == .string(Format.null) else {
            throw .malformedObjectGraph(reason: "$objects does not start with $null")
        }
        graph = ArchivedObjectGraph(objects: objects)
        topEntries = top
    }

    /// The names of the `$top` entries, in the file's order.
    package var topKeys: [String] { topEntries.keys }

    /// The number of entries of `$objects`, `$null` and class descriptions included.
    package var objectCount: Int { graph.objects.count }

    /// The `$top` entry named `key`.
    package func top(_ key: String) throws(KeyedArchiveError) -> ArchivedValue {
        guard let entry = topEntries[key] else { throw .missingTop(key) }
        return try graph.resolve(entry)
    }

    /// The object of the `$top` entry named `key` (`root` by default, as `.caar` files have).
    package func topObject(_ key: String = "root") throws(KeyedArchiveError) -> ArchivedObject {
        let value = try top(key)
        guard let object = value.objectValue else {
            throw .typeMismatch(key: "$top." + key, expected: "an object", found: value.typeName)
        }
        return object
    }
}
