/// Encodes a ``PropertyListValue`` as `bplist00`, the way Core Foundation does: objects in
/// depth-first order with the top object first, equal scalars once, the smallest of 1, 2, 4 or 8
/// bytes for integers, references and offsets, reals in 8 bytes, ASCII strings in one byte per
/// character and others in UTF-16.
struct BinaryPropertyListWriter {
    private typealias Marker = BinaryPropertyListMarker

    /// An object to write: its value and, for a container, the numbers of its elements (for a
    /// dictionary, its keys' then its values').
    private struct FlatObject {
        let value: PropertyListValue
        var references: [Int] = []
    }

    private var objects: [FlatObject] = []
    private var scalarNumbers: [PropertyListScalarKey: Int] = [:]
    private var output: [UInt8] = []
    private var referenceSize = 1

    static func encode(_ value: PropertyListValue) throws(PropertyListError) -> [UInt8] {
        var writer = BinaryPropertyListWriter()
        let top = try writer.flatten(value, depth: 0)
        return writer.serialize(top: top)
    }

    /// Numbers `value` and its elements, `value` first; returns `value`'s number.
    private mutating func flatten(_ value: PropertyListValue, depth: Int) throws(PropertyListError) -> Int {
        let number = objects.count
        let elements: [PropertyListValue]
        switch value {
        case .array(let values), .set(let values):
            elements = values
        case .dictionary(let dictionary):
            elements = dictionary.keys.map(PropertyListValue.string) + dictionary.values
        default:
            let key = PropertyListScalarKey(value)
            if let key, let existing = scalarNumbers[key] { return existing }
            objects.append(FlatObject(value: value))
            if let key { scalarNumbers[key] = number }
            return number
        }
        guard depth < BinaryPropertyList.maximumDepth else {
            throw .nestingTooDeep(limit: BinaryPropertyList.maximumDepth)
        }
        objects.append(FlatObject(value: value))   // numbered before its elements
        objects[number].references = try flattenAll(elements, depth: depth + 1)
        return number
    }

    private mutating func flattenAll(_ values: [PropertyListValue], depth: Int) throws(PropertyListError) -> [Int] {
        var numbers: [Int] = []
        numbers.reserveCapacity(values.count)
        for value in values { numbers.append(try flatten(value, depth: depth)) }
        return numbers
    }

    private mutating func serialize(top: Int) -> [UInt8] {
        referenceSize = Self.byteCount(UInt64(objects.count - 1))
        output = BinaryPropertyList.header
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(output.count)
            append(object)
        }
        let offsetTableOffset = output.count
        let offsetSize = Self.byteCount(UInt64(offsets.last ?? 0))
        for offset in offsets { appendBigEndian(UInt64(offset), size: offsetSize) }
        output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        appendBigEndian(UInt64(objects.count), size: 8)
        appendBigEndian(UInt64(top), size: 8)
        appendBigEndian(UInt64(offsetTableOffset), size: 8)
        return output
    }

    private mutating func append(_ object: FlatObject) {
        switch object.value {
        case .array:
            appendContainer(type: Marker.array, count: object.references.count, references: object.references)
        case .set:
            appendContainer(type: Marker.set, count: object.references.count, references: object.references)
        case .dictionary:
            appendContainer(type: Marker.dictionary, count: object.references.count / 2, references: object.references)
        case .null:
            output.append(Marker.null)
        case .bool(let value):
            output.append(value ? Marker.boolTrue : Marker.boolFalse)
        case .integer(let value):
            appendInteger(value)
        case .unsignedInteger(let value) where value <= UInt64(Int64.max):
            appendInteger(Int64(value))
        case .unsignedInteger(let value):
            // 16 bytes, a signed 128-bit integer whose high half is zero.
            output.append(Marker.integer << 4 | 4)
            appendBigEndian(0, size: 8)
            appendBigEndian(value, size: 8)
        case .real(let value):
            output.append(Marker.real << 4 | 3)
            appendBigEndian(value.bitPattern, size: 8)
        case .date(let value):
            output.append(Marker.date << 4 | 3)
            appendBigEndian(value.bitPattern, size: 8)
        case .data(let bytes):
            appendHeader(type: Marker.data, count: bytes.count)
            output += bytes
        case .string(let string) where string.utf8.allSatisfy({ $0 < 0x80 }):
            appendHeader(type: Marker.asciiString, count: string.utf8.count)
            output += string.utf8
        case .string(let string):
            appendHeader(type: Marker.utf16String, count: string.utf16.count)
            for unit in string.utf16 { appendBigEndian(UInt64(unit), size: 2) }
        case .uid(let value):
            let size = Self.byteCount(value)
            output.append(Marker.uid << 4 | UInt8(size - 1))
            appendBigEndian(value, size: size)
        }
    }

    private mutating func appendContainer(type: UInt8, count: Int, references: [Int]) {
        appendHeader(type: type, count: count)
        for reference in references { appendBigEndian(UInt64(reference), size: referenceSize) }
    }

    /// Non-negative integers in the fewest of 1, 2, 4 or 8 bytes (which are read as unsigned),
    /// negative ones in 8.
    private mutating func appendInteger(_ value: Int64) {
        let size = value < 0 ? 8 : Self.byteCount(UInt64(value))
        output.append(Marker.integer << 4 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(UInt64(bitPattern: value), size: size)
    }

    /// A type marker with the count in its low nibble, or followed by an integer object when the
    /// count does not fit there.
    private mutating func appendHeader(type: UInt8, count: Int) {
        if count < Int(Marker.extendedCount) {
            output.append(type << 4 | UInt8(count))
        } else {
            output.append(type << 4 | Marker.extendedCount)
            appendInteger(Int64(count))
        }
    }

    private mutating func appendBigEndian(_ value: UInt64, size: Int) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// The fewest of 1, 2, 4 or 8 bytes that hold `value`.
    private static func byteCount(_ value: UInt64) -> Int {
        switch value {
        case ...0xFF: 1
        case ...0xFFFF: 2
        case ...0xFFFF_FFFF: 4
        default: 8
        }
    }
}
