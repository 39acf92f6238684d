/// Decodes the objects of a binary property list, checking every byte it reads against the data.
///
/// Each object is decoded once and remembered by its number, so shared objects cost nothing more
/// ("billion laughs" files, where each array references the previous one twice, decode in linear
/// time). The recursion over containers is bounded by ``BinaryPropertyList/maximumDepth``, counting
/// the nesting inside remembered objects too, so no decoded value nests deeper than that.
struct BinaryPropertyListReader {
    private typealias Marker = BinaryPropertyListMarker

    private let bytes: [UInt8]
    private let trailer: BinaryPropertyListTrailer
    /// Decoded objects by number.
    private var decoded: [PropertyListValue?]
    /// The nesting height of each decoded object: 0 for a scalar, 1 + its elements' for a container.
    private var heights: [Int]
    /// Containers being decoded: meeting one again is a cycle.
    private var inProgress: [Bool]

    init(bytes: [UInt8]) throws(PropertyListError) {
        self.bytes = bytes
        trailer = try BinaryPropertyListTrailer(bytes: bytes)
        // objectCount ≤ bytes.count (the trailer checked the offset table fits): bounded allocation.
        decoded = Array(repeating: nil, count: trailer.objectCount)
        heights = Array(repeating: 0, count: trailer.objectCount)
        inProgress = Array(repeating: false, count: trailer.objectCount)
    }

    mutating func decodeTopObject() throws(PropertyListError) -> PropertyListValue {
        try object(trailer.topObject, depth: 0)
    }

    /// Object `number`, enclosed in `depth` containers.
    private mutating func object(_ number: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        if let value = decoded[number] {
            guard depth + heights[number] <= BinaryPropertyList.maximumDepth else {
                throw .nestingTooDeep(limit: BinaryPropertyList.maximumDepth)
            }
            return value
        }
        guard !inProgress[number] else { throw .cycle(object: number) }
        inProgress[number] = true
        var height = 0
        let value = try decodeObject(at: objectOffset(number), depth: depth, height: &height)
        inProgress[number] = false
        decoded[number] = value
        heights[number] = height
        return value
    }

    /// The byte offset of object `number`, from the offset table.
    private func objectOffset(_ number: Int) throws(PropertyListError) -> Int {
        let entry = trailer.offsetTableOffset + number * trailer.offsetSize
        let offset = readUInt(at: entry, size: trailer.offsetSize)
        guard offset >= UInt64(BinaryPropertyList.header.count), offset < UInt64(trailer.offsetTableOffset) else {
            throw .offsetOutOfRange(object: number, offset: offset)
        }
        return Int(offset)
    }

    private mutating func decodeObject(
        at offset: Int, depth: Int, height: inout Int
    ) throws(PropertyListError) -> PropertyListValue {
        let marker = bytes[offset]
        let type = marker >> 4, nibble = marker & 0x0F
        switch type {
        case Marker.simple:
            switch marker {
            case Marker.null: return .null
            case Marker.boolFalse: return .bool(false)
            case Marker.boolTrue: return .bool(true)
            default: throw .invalidMarker(marker, at: offset)   // fill (0x0F) is padding, not an object
            }
        case Marker.integer:
            guard nibble <= 4 else { throw .invalidMarker(marker, at: offset) }
            return try integer(at: offset, size: 1 << Int(nibble))
        case Marker.real:
            switch nibble {
            case 2: return .real(Double(Float(bitPattern: UInt32(try scalarBits(at: offset, size: 4)))))
            case 3: return .real(Double(bitPattern: try scalarBits(at: offset, size: 8)))
            default: throw .invalidMarker(marker, at: offset)
            }
        case Marker.date:
            guard nibble == 3 else { throw .invalidMarker(marker, at: offset) }
            return .date(Double(bitPattern: try scalarBits(at: offset, size: 8)))
        case Marker.uid:
            return try uid(at: offset, size: Int(nibble) + 1)
        case Marker.data:
            let (start, length) = try content(at: offset, elementSize: 1)
            return .data(Array(bytes[start..<(start + length)]))
        case Marker.asciiString:
            let (start, length) = try content(at: offset, elementSize: 1)
            let characters = bytes[start..<(start + length)]
            guard characters.allSatisfy({ $0 < 0x80 }) else { throw .invalidString(at: offset) }
            return .string(String(decoding: characters, as: UTF8.self))
        case Marker.utf16String:
            let (start, length) = try content(at: offset, elementSize: 2)
            let units = stride(from: start, to: start + length, by: 2).map {
                UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
            }
            guard let string = String(validating: units, as: UTF16.self) else { throw .invalidString(at: offset) }
            return .string(string)
        case Marker.array, Marker.set:
            let elements = try containerElements(at: offset, referencesPerEntry: 1, depth: depth, height: &height)
            return type == Marker.array ? .array(elements) : .set(elements)
        case Marker.dictionary:
            // Keys' references first, then values' references.
            let references = try containerElements(at: offset, referencesPerEntry: 2, depth: depth, height: &height)
            let count = references.count / 2
            var dictionary = PropertyListDictionary()
            for index in 0..<count {
                guard case .string(let key) = references[index] else { throw .nonStringKey(at: offset) }
                guard dictionary.appendNewEntry(references[count + index], forKey: key) else {
                    throw .duplicateKey(key)
                }
            }
            return .dictionary(dictionary)
        default:
            throw .invalidMarker(marker, at: offset)
        }
    }

    /// The decoded objects a container at `offset` references, `referencesPerEntry` per counted entry.
    private mutating func containerElements(
        at offset: Int, referencesPerEntry: Int, depth: Int, height: inout Int
    ) throws(PropertyListError) -> [PropertyListValue] {
        guard depth < BinaryPropertyList.maximumDepth else {
            throw .nestingTooDeep(limit: BinaryPropertyList.maximumDepth)
        }
        let (start, length) = try content(at: offset, elementSize: referencesPerEntry * trailer.referenceSize)
        var elements: [PropertyListValue] = []
        elements.reserveCapacity(length / trailer.referenceSize)
        var childHeight = 0
        for position in stride(from: start, to: start + length, by: trailer.referenceSize) {
            let reference = readUInt(at: position, size: trailer.referenceSize)
            guard reference < UInt64(trailer.objectCount) else { throw .invalidObjectReference(reference) }
            elements.append(try object(Int(reference), depth: depth + 1))
            childHeight = max(childHeight, heights[Int(reference)])
        }
        height = childHeight + 1
        return elements
    }

    /// Where the content of a counted object (data, string, container) starts and its length in
    /// bytes, checked to lie inside the object area before anything is allocated.
    private func content(at offset: Int, elementSize: Int) throws(PropertyListError) -> (start: Int, length: Int) {
        var start = offset + 1
        var count = UInt64(bytes[offset] & 0x0F)
        if count == UInt64(BinaryPropertyListMarker.extendedCount) {
            // The count follows as an integer object of 1, 2, 4 or 8 bytes.
            try requireBytes(1, at: start, objectAt: offset)
            let intMarker = bytes[start]
            guard intMarker >> 4 == BinaryPropertyListMarker.integer, intMarker & 0x0F <= 3 else {
                throw .invalidMarker(intMarker, at: start)
            }
            let size = 1 << Int(intMarker & 0x0F)
            try requireBytes(size, at: start + 1, objectAt: offset)
            count = readUInt(at: start + 1, size: size)
            start += 1 + size
        }
        let (length, overflow) = count.multipliedReportingOverflow(by: UInt64(elementSize))
        guard !overflow, length <= UInt64(trailer.offsetTableOffset - start) else { throw .countTooLarge(at: offset) }
        return (start, Int(length))
    }

    private func integer(at offset: Int, size: Int) throws(PropertyListError) -> PropertyListValue {
        switch size {
        case 1, 2, 4:   // unsigned
            return .integer(Int64(try scalarBits(at: offset, size: size)))
        case 8:
            return .integer(Int64(bitPattern: try scalarBits(at: offset, size: 8)))
        default:   // 16 bytes: a signed 128-bit integer; keep those that fit in Int64 or UInt64
            let high = try scalarBits(at: offset, size: 16)
            let low = readUInt(at: offset + 9, size: 8)
            switch (high, low) {
            case (0, ...UInt64(Int64.max)): return .integer(Int64(low))
            case (0, _): return .unsignedInteger(low)
            case (.max, UInt64(Int64.max) + 1...UInt64.max): return .integer(Int64(bitPattern: low))
            default: throw .integerOutOfRange(at: offset)
            }
        }
    }

    /// A reference of 1 to 16 bytes; those over 8 bytes must fit in 64 bits.
    private func uid(at offset: Int, size: Int) throws(PropertyListError) -> PropertyListValue {
        try requireBytes(size, at: offset + 1, objectAt: offset)
        let excess = max(0, size - 8)
        guard bytes[(offset + 1)..<(offset + 1 + excess)].allSatisfy({ $0 == 0 }) else {
            throw .integerOutOfRange(at: offset)
        }
        return .uid(readUInt(at: offset + 1 + excess, size: size - excess))
    }

    /// The first (up to 8) of `size` big-endian bytes after the marker at `offset`, once checked
    /// to lie inside the object area.
    private func scalarBits(at offset: Int, size: Int) throws(PropertyListError) -> UInt64 {
        try requireBytes(size, at: offset + 1, objectAt: offset)
        return readUInt(at: offset + 1, size: min(size, 8))
    }

    private func requireBytes(_ count: Int, at start: Int, objectAt offset: Int) throws(PropertyListError) {
        guard count <= trailer.offsetTableOffset - start else { throw .objectOutOfBounds(at: offset) }
    }

    /// A big-endian unsigned integer of `size` (≤ 8) bytes; the caller has checked the bounds.
    private func readUInt(at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<(start + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
