import Foundation
import TesseraTestSupport
import Testing
@testable import TesseraKeyedArchive

extension ArchiveTests {
    /// Files our writer makes are read by Foundation's `PropertyListSerialization`, and files it
    /// makes are read by our reader, with the same values.
    @Suite struct PropertyListFoundationInteropTests {
        /// Every type Foundation supports, with extended counts and UTF-16 strings.
        static let value: PropertyListValue = .dictionary([
            "true": .bool(true),
            "false": .bool(false),
            "small": .integer(5),
            "negative": .integer(-300),
            "int64 range": .array([.integer(.min), .integer(.max)]),
            "unsigned": .unsignedInteger(.max),
            "real": .real(1.5),
            "tiny real": .real(-2.5e-300),
            "date": .date(12.5),
            "data": .data(Array(0...40)),
            "ascii": .string("hello"),
            "unicode": .string("héllo 😀 中文"),
            "long": .string(String(repeating: "abc", count: 100)),
            "empty": .array([.array([]), .dictionary([:]), .string(""), .data([])]),
            "many": .array((0..<40).map { .integer(Int64($0)) }),
            "nested": .dictionary(["inner": .array([.dictionary(["x": .real(0.25)])])]),
        ])

        @Test func foundationReadsOurFiles() throws {
            let bytes = try BinaryPropertyList.encode(Self.value)
            var format = PropertyListSerialization.PropertyListFormat.xml
            let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
            #expect(format == .binary)
            try expectEqualEntries(try propertyListValue(fromFoundation: object), Self.value)
        }

        @Test func weReadFoundationFiles() throws {
            let object = try foundationObject(Self.value)
            let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
            try expectEqualEntries(try BinaryPropertyList.decode([UInt8](data)), Self.value)
        }

        /// Foundation writes a `Float` as a 4-byte real, which reads back widened.
        @Test func weReadFoundationFloats() throws {
            let data = try PropertyListSerialization.data(
                fromPropertyList: ["f": Float(0.42)] as [String: Any], format: .binary, options: 0)
            #expect(Array(data).contains(0x22))
            #expect(try BinaryPropertyList.decode([UInt8](data)) == .dictionary(["f": .real(Double(Float(0.42)))]))
        }

        /// Foundation's files go through our writer and back into Foundation unchanged.
        @Test func foundationRoundTripsThroughOurWriter() throws {
            let object = try foundationObject(Self.value)
            let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
            let rewritten = try BinaryPropertyList.encode(try BinaryPropertyList.decode([UInt8](data)))
            let reread = try PropertyListSerialization.propertyList(from: Data(rewritten), options: [], format: nil)
            try expectEqualEntries(try propertyListValue(fromFoundation: reread), Self.value)
        }
    }
}

/// Compares two dictionaries entry by entry, so that a failure names the entry.
private func expectEqualEntries(_ actual: PropertyListValue, _ expected: PropertyListValue) throws {
    let actual = try #require(actual.dictionaryValue), expected = try #require(expected.dictionaryValue)
    #expect(Set(actual.keys) == Set(expected.keys))
    for (key, value) in expected.entries { #expect(actual[key] == value, "\(key)") }
}

private struct UnexpectedFoundationValue: Error {
    let value: String
}

/// The Foundation object for `value` (types Foundation's property lists support).
private func foundationObject(_ value: PropertyListValue) throws -> Any {
    switch value {
    case .bool(let value): return value
    case .integer(let value): return NSNumber(value: value)
    case .unsignedInteger(let value): return NSNumber(value: value)
    case .real(let value): return NSNumber(value: value)
    case .date(let value): return Date(timeIntervalSinceReferenceDate: value)
    case .data(let value): return Data(value)
    case .string(let value): return value
    case .array(let elements): return try elements.map(foundationObject)
    case .dictionary(let dictionary):
        var object: [String: Any] = [:]
        for (key, value) in dictionary.entries { object[key] = try foundationObject(value) }
        return object
    case .null, .uid, .set: throw UnexpectedFoundationValue(value: "\(value)")
    }
}

/// The value of an object Foundation read from a property list.
private func propertyListValue(fromFoundation object: Any) throws -> PropertyListValue {
    switch object {
    // Foundation gives booleans as `Bool`; `is Bool` alone would also match the NSNumbers 0 and 1.
    case let value as Bool where type(of: object) == Bool.self: return .bool(value)
    case let number as NSNumber:
        switch String(cString: number.objCType) {
        case "d", "f": return .real(number.doubleValue)
        case "Q": return number.uint64Value > UInt64(Int64.max) ? .unsignedInteger(number.uint64Value) : .integer(number.int64Value)
        default: return .integer(number.int64Value)
        }
    case let string as String: return .string(string)
    case let data as Data: return .data([UInt8](data))
    case let date as Date: return .date(date.timeIntervalSinceReferenceDate)
    case let array as [Any]: return .array(try array.map(propertyListValue(fromFoundation:)))
    case let dictionary as [String: Any]:
        var result = PropertyListDictionary()
        for (key, value) in dictionary { result[key] = try propertyListValue(fromFoundation: value) }
        return .dictionary(result)
    default: throw UnexpectedFoundationValue(value: "\(type(of: object)): \(object)")
    }
}
