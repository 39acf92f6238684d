import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// The parent of the archive suites (in TesseraCAARTests), so that `swift test --filter Archive`
/// runs them all, and the namespace of their helpers, which other test targets use too.
package enum ArchiveTests {}

extension ArchiveTests {
    /// The bytes of a fixture archive of `Fixtures/` (Checkmark, Emoji).
    package static func fixtureBytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: try TestFixtures.url(name, "caar")))
    }

    /// `value` in `size` big-endian bytes.
    package static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> UInt64($0 * 8)) }
    }

    /// A binary property list assembled from raw object bytes: header, `objects` in order, an offset
    /// table, a trailer. Each trailer field can be overridden to build malformed files.
    package static func binaryPropertyList(
        _ objects: [[UInt8]], top: UInt64 = 0, offsetSize: Int = 1, referenceSize: Int = 1,
        objectCount: UInt64? = nil, offsetTableOffset: UInt64? = nil, offsets: [UInt64]? = nil
    ) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var computedOffsets: [UInt64] = []
        for object in objects {
            computedOffsets.append(UInt64(bytes.count))
            bytes += object
        }
        let tableOffset = UInt64(bytes.count)
        for offset in offsets ?? computedOffsets { bytes += bigEndian(offset, size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(objectCount ?? UInt64(objects.count), size: 8)
        bytes += bigEndian(top, size: 8)
        bytes += bigEndian(offsetTableOffset ?? tableOffset, size: 8)
        return bytes
    }

    /// The value of a property list holding one object.
    package static func decodeSingleObject(_ object: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        try BinaryPropertyList.decode(binaryPropertyList([object]))
    }

    /// Every object reachable from an archive's `$top`, breadth first, one line each: its visit
    /// number, class hierarchy and fields (collections by their elements or entries), with objects
    /// written as visit numbers. Two archives with equal dumps hold the same graph, whatever the
    /// numbering of their `$objects` and whether numbers are inline or referenced.
    package static func canonicalDump(of archive: KeyedArchive) throws -> [String] {
        var dump = GraphDump()
        var lines = try archive.topKeys.map { key in "top \(key) = \(dump.describe(try archive.top(key)))" }
        var next = 0
        while next < dump.queue.count {
            let object = dump.queue[next]
            next += 1
            var line = "#\(dump.numbers[object.reference]!) \(object.classHierarchy.joined(separator: "<"))"
            for key in object.keys where key != "NS.objects" && key != "NS.keys" {
                line += " \(key)=\(dump.describe(try object.value(forKey: key)!))"
            }
            if object.keys.contains("NS.keys") {
                let entries = try object.dictionaryEntries()
                for (key, value) in zip(entries.keys, entries.values) { line += " [\(key)]=\(dump.describe(value))" }
            } else if object.keys.contains("NS.objects") {
                line += " elements=[" + (try object.arrayElements()).map { dump.describe($0) }.joined(separator: ",") + "]"
            }
            lines.append(line)
        }
        return lines
    }

    private struct GraphDump {
        var numbers: [Int: Int] = [:]
        var queue: [ArchivedObject] = []

        mutating func describe(_ value: ArchivedValue) -> String {
            switch value {
            case .null: return "nil"
            case .bool(let value): return "bool(\(value))"
            case .integer(let value): return "int(\(value))"
            case .real(let value): return "real(\(value))"
            case .string(let value): return "string(\(value.debugDescription))"
            case .data(let value): return "data(\(value))"
            case .propertyList(let value): return "plist(\(value))"
            case .object(let object):
                if let number = numbers[object.reference] { return "#\(number)" }
                numbers[object.reference] = queue.count
                queue.append(object)
                return "#\(queue.count - 1)"
            }
        }
    }

    /// Writes the graph of `archive` again through ``KeyedArchiveWriter``: each object once, its
    /// fields in order, numbers inline, collections as collections.
    package static func rearchive(_ archive: KeyedArchive) throws -> [UInt8] {
        var copier = GraphCopier()
        for key in archive.topKeys {
            try copier.writer.setTop(try copier.fieldValue(archive.top(key)), forKey: key)
        }
        return try copier.writer.encoded()
    }

    private struct GraphCopier {
        var writer = KeyedArchiveWriter()
        var copies: [Int: ArchiveReference] = [:]

        mutating func fieldValue(_ value: ArchivedValue) throws -> ArchiveFieldValue {
            switch value {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .integer(let value): return .integer(value)
            case .real(let value): return .real(value)
            case .string(let value): return .string(value)
            case .data(let value): return .data(value)
            case .object(let object): return .reference(try copy(object))
            case .propertyList(let value): throw KeyedArchiveError.malformedObjectGraph(reason: "cannot copy \(value)")
            }
        }

        mutating func copy(_ object: ArchivedObject) throws -> ArchiveReference {
            if let copied = copies[object.reference] { return copied }
            let objectClass = ArchiveClass(object.className, superclasses: Array(object.classHierarchy.dropFirst()))
            if object.keys.contains("NS.keys") {
                let entries = try object.dictionaryEntries()
                var copiedEntries: [(key: String, value: ArchiveFieldValue)] = []
                for (key, value) in zip(entries.keys, entries.values) { copiedEntries.append((key, try fieldValue(value))) }
                let reference = try writer.addDictionary(copiedEntries, class: objectClass)
                copies[object.reference] = reference
                return reference
            }
            if object.keys.contains("NS.objects") {
                let elements = try object.arrayElements().map { try fieldValue($0) }
                let reference = try writer.addArray(elements, class: objectClass)
                copies[object.reference] = reference
                return reference
            }
            // Reserved first, so fields that lead back here (a layer's `delegate`) find the copy.
            let reference = writer.reserveObject()
            copies[object.reference] = reference
            var fields: [(key: String, value: ArchiveFieldValue)] = []
            for key in object.keys { fields.append((key, try fieldValue(try object.value(forKey: key)!))) }
            try writer.setObject(reference, class: objectClass, fields: fields)
            return reference
        }
    }
}
