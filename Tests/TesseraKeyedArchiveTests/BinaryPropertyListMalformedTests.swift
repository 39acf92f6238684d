import Foundation
import TesseraTestSupport
import Testing
@testable import TesseraKeyedArchive

extension ArchiveTests {
    /// Malformed files: each gives its specific typed error, none traps, hangs or overflows the stack.
    @Suite struct BinaryPropertyListMalformedTests {
        /// A valid one-object file: the integer 42 (header 8 bytes, object 2, table 1, trailer 32).
        private let valid = binaryPropertyList([[0x10, 0x2A]])

        @Test func wrongMagic() {
            #expect(throws: PropertyListError.notABinaryPropertyList) { try BinaryPropertyList.decode([]) }
            #expect(throws: PropertyListError.notABinaryPropertyList) { try BinaryPropertyList.decode(Array("bpl".utf8)) }
            #expect(throws: PropertyListError.notABinaryPropertyList) {
                try BinaryPropertyList.decode(Array("<?xml version=\"1.0\"?><plist></plist>".utf8))
            }
            var xplist = valid
            xplist[0] = UInt8(ascii: "x")
            #expect(throws: PropertyListError.notABinaryPropertyList) { try BinaryPropertyList.decode(xplist) }
        }

        @Test func unsupportedVersion() {
            var version15 = valid
            version15[6] = UInt8(ascii: "1")
            version15[7] = UInt8(ascii: "5")
            #expect(throws: PropertyListError.unsupportedVersion("15")) { try BinaryPropertyList.decode(version15) }
        }

        @Test func tooShortForTheTrailer() {
            #expect(throws: PropertyListError.truncated) { try BinaryPropertyList.decode(Array("bplist0".utf8)) }
            #expect(throws: PropertyListError.truncated) { try BinaryPropertyList.decode(Array("bplist00".utf8) + [0x09]) }
            // Long enough, but the trailer is read one byte early.
            #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(Array(valid.dropLast())) }
        }

        /// Every proper prefix of a real archive is an error, never a trap.
        @Test func everyPrefixOfARealArchiveThrows() throws {
            let bytes = try fixtureBytes("Checkmark")
            for length in 0..<bytes.count {
                #expect(throws: PropertyListError.self, "prefix of \(length) bytes") {
                    try BinaryPropertyList.decode(Array(bytes[..<length]))
                }
            }
        }

        @Test(arguments: [0, 9, 255])
        func offsetSizesOutsideOneToEight(size: Int) {
            var bytes = valid
            bytes[bytes.count - 26] = UInt8(size)
            #expect(throws: PropertyListError.invalidTrailer(reason: "offset size \(size) is not 1 to 8 bytes")) {
                try BinaryPropertyList.decode(bytes)
            }
        }

        @Test(arguments: [0, 9, 16])
        func referenceSizesOutsideOneToEight(size: Int) {
            var bytes = valid
            bytes[bytes.count - 25] = UInt8(size)
            #expect(throws: PropertyListError.invalidTrailer(reason: "object reference size \(size) is not 1 to 8 bytes")) {
                try BinaryPropertyList.decode(bytes)
            }
        }

        /// Unusual but valid: Core Foundation reads 3-byte offsets and references too.
        @Test func threeByteSizesAreAccepted() throws {
            let bytes = binaryPropertyList([[0xA1, 0, 0, 1], [0x10, 0x2A]], offsetSize: 3, referenceSize: 3)
            #expect(try BinaryPropertyList.decode(bytes) == .array([.integer(42)]))
        }

        @Test func inconsistentTrailers() {
            #expect(throws: PropertyListError.invalidTrailer(reason: "no objects")) {
                try BinaryPropertyList.decode(binaryPropertyList([[0x09]], objectCount: 0))
            }
            #expect(throws: PropertyListError.invalidTrailer(reason: "top object 1 is not less than the object count 1")) {
                try BinaryPropertyList.decode(binaryPropertyList([[0x09]], top: 1))
            }
            #expect(throws: PropertyListError.invalidTrailer(reason: "offset table at 8 leaves no room for objects")) {
                try BinaryPropertyList.decode(binaryPropertyList([[0x09]], offsetTableOffset: 8))
            }
        }

        /// The offset table must end before the trailer: a table offset past the end, a count too
        /// large for the table, and counts whose table size overflows 64 bits.
        @Test func offsetTableBeyondTheEnd() {
            let pastTheEnd = UInt64(valid.count + 100)
            #expect(throws: PropertyListError.invalidTrailer(
                reason: "offset table of 1 entries at \(pastTheEnd) runs past the trailer")) {
                try BinaryPropertyList.decode(binaryPropertyList([[0x10, 0x2A]], offsetTableOffset: pastTheEnd))
            }
            #expect(throws: PropertyListError.invalidTrailer(reason: "offset table of 2 entries at 10 runs past the trailer")) {
                try BinaryPropertyList.decode(binaryPropertyList([[0x10, 0x2A]], objectCount: 2))
            }
            for count: UInt64 in [0x7FFF_FFFF_FFFF_FFFF, .max] {
                #expect(throws: PropertyListError.self) {
                    try BinaryPropertyList.decode(binaryPropertyList([[0x10, 0x2A]], offsetSize: 8, objectCount: count))
                }
            }
            #expect(throws: PropertyListError.self) {
                try BinaryPropertyList.decode(binaryPropertyList([[0x10, 0x2A]], offsetTableOffset: .max))
            }
        }

        /// Offsets must point into the object area: not into the header, the table or the trailer.
        @Test func offsetsOutsideTheObjectArea() {
            // The object area is bytes 8 and 9; the table (8-byte entries) starts at 10, the trailer at 18.
            for offset: UInt64 in [0, 7, 10, 11, 18, 40, 1 << 40] {
                #expect(throws: PropertyListError.offsetOutOfRange(object: 0, offset: offset)) {
                    try BinaryPropertyList.decode(binaryPropertyList([[0x10, 0x2A]], offsetSize: 8, offsets: [offset]))
                }
            }
        }

        @Test func referenceNotLessThanTheCount() {
            #expect(throws: PropertyListError.invalidObjectReference(5)) {
                try BinaryPropertyList.decode(binaryPropertyList([[0xA1, 5], [0x09]]))
            }
            #expect(throws: PropertyListError.invalidObjectReference(0xFFFF)) {
                try BinaryPropertyList.decode(binaryPropertyList([[0xA1, 0xFF, 0xFF], [0x09]], referenceSize: 2))
            }
        }

        /// Counts that the object area cannot hold are rejected before anything is allocated.
        @Test func countsTooLarge() {
            let huge = bigEndian(0x7FFF_FFFF_FFFF_FFFF, size: 8)
            #expect(throws: PropertyListError.countTooLarge(at: 8)) { try decodeSingleObject([0xAF, 0x13] + huge) }
            #expect(throws: PropertyListError.countTooLarge(at: 8)) { try decodeSingleObject([0xDF, 0x13] + huge) }
            #expect(throws: PropertyListError.countTooLarge(at: 8)) { try decodeSingleObject([0x6F, 0x13] + huge) }
            #expect(throws: PropertyListError.countTooLarge(at: 8)) { try decodeSingleObject([0x4F, 0x13] + huge) }
            // A negative 8-byte count.
            #expect(throws: PropertyListError.countTooLarge(at: 8)) {
                try decodeSingleObject([0x5F, 0x13] + bigEndian(UInt64.max, size: 8))
            }
            // Modest counts just past the bytes left.
            #expect(throws: PropertyListError.countTooLarge(at: 8)) { try decodeSingleObject([0x45, 1, 2, 3, 4]) }
            #expect(throws: PropertyListError.countTooLarge(at: 8)) { try decodeSingleObject([0x62, 0, 0x41, 0]) }
            #expect(throws: PropertyListError.countTooLarge(at: 8)) { try decodeSingleObject([0xA2, 0]) }
            #expect(throws: PropertyListError.countTooLarge(at: 8)) { try decodeSingleObject([0xD1, 0]) }
        }

        /// The extended count must be an integer object of 1 to 8 bytes, inside the object area.
        @Test func malformedExtendedCounts() {
            #expect(throws: PropertyListError.invalidMarker(0x23, at: 9)) { try decodeSingleObject([0xAF, 0x23, 0]) }
            #expect(throws: PropertyListError.invalidMarker(0x14, at: 9)) { try decodeSingleObject([0xAF, 0x14, 0]) }
            #expect(throws: PropertyListError.objectOutOfBounds(at: 8)) { try decodeSingleObject([0xAF]) }
            #expect(throws: PropertyListError.objectOutOfBounds(at: 8)) { try decodeSingleObject([0xAF, 0x11, 0]) }
        }

        /// Fixed-size objects whose bytes run into the offset table.
        @Test func objectsRunningPastTheObjectArea() {
            #expect(throws: PropertyListError.objectOutOfBounds(at: 8)) { try decodeSingleObject([0x10]) }
            #expect(throws: PropertyListError.objectOutOfBounds(at: 8)) { try decodeSingleObject([0x13, 1, 2, 3]) }
            #expect(throws: PropertyListError.objectOutOfBounds(at: 8)) { try decodeSingleObject([0x14] + [UInt8](repeating: 0, count: 15)) }
            #expect(throws: PropertyListError.objectOutOfBounds(at: 8)) { try decodeSingleObject([0x22, 0, 0]) }
            #expect(throws: PropertyListError.objectOutOfBounds(at: 8)) { try decodeSingleObject([0x23, 0, 0, 0, 0]) }
            #expect(throws: PropertyListError.objectOutOfBounds(at: 8)) { try decodeSingleObject([0x33]) }
            #expect(throws: PropertyListError.objectOutOfBounds(at: 8)) { try decodeSingleObject([0x83, 0, 0]) }
        }

        /// Unknown types, fill bytes, and size nibbles invalid for their type.
        @Test(arguments: [0x01, 0x0C, 0x0E, 0x0F, 0x15, 0x1F, 0x20, 0x21, 0x24, 0x30, 0x32, 0x70, 0x90, 0xB0, 0xE0, 0xF0] as [UInt8])
        func invalidMarkers(marker: UInt8) {
            #expect(throws: PropertyListError.invalidMarker(marker, at: 8)) {
                try decodeSingleObject([marker] + [UInt8](repeating: 0, count: 16))
            }
        }

        @Test func invalidStrings() {
            #expect(throws: PropertyListError.invalidString(at: 8)) { try decodeSingleObject([0x52, 0x41, 0xE9]) }
            // An unpaired high surrogate, then an unpaired low one.
            #expect(throws: PropertyListError.invalidString(at: 8)) { try decodeSingleObject([0x62, 0xD8, 0x3D, 0x00, 0x41]) }
            #expect(throws: PropertyListError.invalidString(at: 8)) { try decodeSingleObject([0x61, 0xDE, 0x00]) }
        }

        @Test func integersBeyondSixtyFourBits() {
            #expect(throws: PropertyListError.integerOutOfRange(at: 8)) {
                try decodeSingleObject([0x14] + bigEndian(1, size: 8) + bigEndian(0, size: 8))
            }
            // Negative, but below Int64.min.
            #expect(throws: PropertyListError.integerOutOfRange(at: 8)) {
                try decodeSingleObject([0x14] + bigEndian(.max, size: 8) + bigEndian(5, size: 8))
            }
            #expect(throws: PropertyListError.integerOutOfRange(at: 8)) {
                try decodeSingleObject([0x88, 0x01] + bigEndian(0, size: 8))
            }
        }

        @Test func dictionaryKeysMustBeUniqueStrings() {
            #expect(throws: PropertyListError.nonStringKey(at: 8)) {
                try BinaryPropertyList.decode(binaryPropertyList([[0xD1, 1, 1], [0x10, 0x01]]))
            }
            #expect(throws: PropertyListError.duplicateKey("a")) {
                try BinaryPropertyList.decode(binaryPropertyList([[0xD2, 1, 1, 2, 2], [0x51, 0x61], [0x09]]))
            }
        }

        @Test func cycles() {
            // An array containing itself.
            #expect(throws: PropertyListError.cycle(object: 0)) {
                try BinaryPropertyList.decode(binaryPropertyList([[0xA1, 0]]))
            }
            // Through another array, and through a set and a dictionary value.
            #expect(throws: PropertyListError.cycle(object: 0)) {
                try BinaryPropertyList.decode(binaryPropertyList([[0xA1, 1], [0xA2, 2, 0], [0x09]]))
            }
            #expect(throws: PropertyListError.cycle(object: 0)) {
                try BinaryPropertyList.decode(binaryPropertyList([[0xC1, 1], [0xD1, 2, 0], [0x51, 0x6B]]))
            }
        }

        /// 10,000 nested arrays: an error after 512 levels, not a stack overflow.
        @Test func deepNestingIsAnError() {
            let depth = 10_000
            let objects = (0..<depth).map { index -> [UInt8] in
                index == depth - 1 ? [0xA0] : [0xA1] + bigEndian(UInt64(index + 1), size: 2)
            }
            let bytes = binaryPropertyList(objects, offsetSize: 4, referenceSize: 2)
            #expect(throws: PropertyListError.nestingTooDeep(limit: 512)) { try BinaryPropertyList.decode(bytes) }
        }

        /// The limit counts containers: 512 nested arrays decode, 513 do not.
        @Test func nestingLimitIsExact() throws {
            func nested(_ depth: Int) -> [UInt8] {
                let objects = (0..<depth).map { index -> [UInt8] in
                    index == depth - 1 ? [0xA0] : [0xA1] + bigEndian(UInt64(index + 1), size: 2)
                }
                return binaryPropertyList(objects, offsetSize: 2, referenceSize: 2)
            }
            var value = try BinaryPropertyList.decode(nested(512))
            var levels = 1
            while case .array(let elements) = value, let first = elements.first {
                value = first
                levels += 1
            }
            #expect(levels == 512)
            #expect(throws: PropertyListError.nestingTooDeep(limit: 512)) { try BinaryPropertyList.decode(nested(513)) }
        }

        /// A deep chain built from shallow steps: the top array lists objects 1…n, each the array
        /// of the previous one, so each is decoded with one level of recursion, yet the value nests
        /// n deep. The limit counts nesting inside shared objects too.
        @Test func deepNestingThroughSharedObjects() {
            let count = 2000
            var objects: [[UInt8]] = [[0xAF, 0x11] + bigEndian(UInt64(count), size: 2)
                + (1...count).flatMap { bigEndian(UInt64($0), size: 2) }]
            objects.append([0xA0])
            for index in 2...count { objects.append([0xA1] + bigEndian(UInt64(index - 1), size: 2)) }
            let bytes = binaryPropertyList(objects, offsetSize: 2, referenceSize: 2)
            #expect(throws: PropertyListError.nestingTooDeep(limit: 512)) { try BinaryPropertyList.decode(bytes) }
        }

        /// "Billion laughs": each of 64 arrays holds the previous one twice, 2^64 leaves in all.
        /// Shared objects are decoded once, so this is quick.
        @Test(.timeLimit(.minutes(1))) func billionLaughsStaysLinear() throws {
            let levels = 64
            var objects: [[UInt8]] = (0..<levels).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
            objects.append([0x55] + Array("laugh".utf8))
            var value = try BinaryPropertyList.decode(binaryPropertyList(objects))
            for _ in 0..<levels {
                guard case .array(let pair) = value, pair.count == 2 else {
                    Issue.record("expected a pair")
                    return
                }
                value = pair[1]
            }
            #expect(value == .string("laugh"))
        }
    }
}
