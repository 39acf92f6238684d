import Foundation
import TesseraTestSupport
import Testing
@testable import TesseraKeyedArchive

extension ArchiveTests {
    /// Hand-built files, byte by byte, for every object type of `bplist00`.
    @Suite struct BinaryPropertyListReaderTests {
        @Test func simpleMarkers() throws {
            #expect(try decodeSingleObject([0x00]) == .null)
            #expect(try decodeSingleObject([0x08]) == .bool(false))
            #expect(try decodeSingleObject([0x09]) == .bool(true))
        }

        /// 1-, 2- and 4-byte integers are unsigned, 8-byte ones signed.
        @Test func integersOfEverySize() throws {
            #expect(try decodeSingleObject([0x10, 0x00]) == .integer(0))
            #expect(try decodeSingleObject([0x10, 0xFF]) == .integer(255))
            #expect(try decodeSingleObject([0x11, 0x01, 0x00]) == .integer(256))
            #expect(try decodeSingleObject([0x11, 0xFF, 0xFF]) == .integer(65535))
            #expect(try decodeSingleObject([0x12, 0xFF, 0xFF, 0xFF, 0xFF]) == .integer(4_294_967_295))
            #expect(try decodeSingleObject([0x13] + bigEndian(1 << 40, size: 8)) == .integer(1 << 40))
            #expect(try decodeSingleObject([0x13] + bigEndian(UInt64.max, size: 8)) == .integer(-1))
            #expect(try decodeSingleObject([0x13] + bigEndian(UInt64(bitPattern: -300), size: 8)) == .integer(-300))
            #expect(try decodeSingleObject([0x13, 0x80, 0, 0, 0, 0, 0, 0, 0]) == .integer(.min))
            #expect(try decodeSingleObject([0x13, 0x7F] + [UInt8](repeating: 0xFF, count: 7)) == .integer(.max))
        }

        /// 16-byte integers are signed 128-bit: those in Int64's range read as integers, those above
        /// as unsigned integers (how Foundation writes UInt64 values above Int64.max).
        @Test func sixteenByteIntegers() throws {
            let zeros = [UInt8](repeating: 0, count: 8), ones = [UInt8](repeating: 0xFF, count: 8)
            #expect(try decodeSingleObject([0x14] + zeros + bigEndian(5, size: 8)) == .integer(5))
            #expect(try decodeSingleObject([0x14] + zeros + ones) == .unsignedInteger(.max))
            #expect(try decodeSingleObject([0x14] + zeros + bigEndian(1 << 63, size: 8)) == .unsignedInteger(1 << 63))
            #expect(try decodeSingleObject([0x14] + ones + bigEndian(1 << 63, size: 8)) == .integer(.min))
            #expect(try decodeSingleObject([0x14] + ones + ones) == .integer(-1))
        }

        @Test func realsAndDates() throws {
            #expect(try decodeSingleObject([0x22, 0x3E, 0x80, 0x00, 0x00]) == .real(0.25))
            // A float32 is widened exactly, not rounded to the nearest double of its decimal form.
            let float = Float(0.42)
            #expect(try decodeSingleObject([0x22] + bigEndian(UInt64(float.bitPattern), size: 4)) == .real(Double(float)))
            #expect(try decodeSingleObject([0x23] + bigEndian(1.5.bitPattern, size: 8)) == .real(1.5))
            #expect(try decodeSingleObject([0x23] + bigEndian((-0.0).bitPattern, size: 8)) == .real(-0.0))
            #expect(try decodeSingleObject([0x23] + bigEndian(Double.infinity.bitPattern, size: 8)) == .real(.infinity))
            #expect(try decodeSingleObject([0x33] + bigEndian(12.5.bitPattern, size: 8)) == .date(12.5))
        }

        @Test func dataAndStrings() throws {
            #expect(try decodeSingleObject([0x40]) == .data([]))
            #expect(try decodeSingleObject([0x43, 1, 2, 3]) == .data([1, 2, 3]))
            #expect(try decodeSingleObject([0x50]) == .string(""))
            #expect(try decodeSingleObject([0x55] + Array("hello".utf8)) == .string("hello"))
            // UTF-16BE, counted in code units: "é" is one, "😀" a surrogate pair.
            #expect(try decodeSingleObject([0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00]) == .string("é😀"))
            #expect(try decodeSingleObject([0x60]) == .string(""))
        }

        /// References are 1 to 16 bytes; those over 8 must fit in 64 bits.
        @Test func uidsOfEverySize() throws {
            #expect(try decodeSingleObject([0x80, 0x07]) == .uid(7))
            #expect(try decodeSingleObject([0x81, 0x01, 0x00]) == .uid(256))
            #expect(try decodeSingleObject([0x82, 0x01, 0x00, 0x00]) == .uid(65536))
            #expect(try decodeSingleObject([0x83, 0x01, 0x00, 0x00, 0x00]) == .uid(1 << 24))
            #expect(try decodeSingleObject([0x87] + bigEndian(UInt64.max, size: 8)) == .uid(.max))
            #expect(try decodeSingleObject([0x8F] + [UInt8](repeating: 0, count: 8) + bigEndian(42, size: 8)) == .uid(42))
        }

        @Test func emptyContainers() throws {
            #expect(try decodeSingleObject([0xA0]) == .array([]))
            #expect(try decodeSingleObject([0xC0]) == .set([]))
            #expect(try decodeSingleObject([0xD0]) == .dictionary([:]))
        }

        @Test func containersReferToTheirElements() throws {
            let bytes = binaryPropertyList([
                [0xA3, 1, 2, 3],  // [1, "a", true]
                [0x10, 0x01], [0x51, 0x61], [0x09],
            ])
            #expect(try BinaryPropertyList.decode(bytes) == .array([.integer(1), .string("a"), .bool(true)]))

            let set = binaryPropertyList([[0xC2, 1, 2], [0x10, 0x01], [0x10, 0x02]])
            #expect(try BinaryPropertyList.decode(set) == .set([.integer(1), .integer(2)]))
        }

        /// Keys' references first, then values'; the file's key order is kept.
        @Test func dictionariesKeepTheFileOrder() throws {
            let bytes = binaryPropertyList([
                [0xD2, 1, 2, 3, 4],
                [0x51, 0x7A], [0x51, 0x61],  // "z", "a"
                [0x10, 0x01], [0x10, 0x02],
            ])
            let value = try BinaryPropertyList.decode(bytes)
            let dictionary = try #require(value.dictionaryValue)
            #expect(dictionary.keys == ["z", "a"])
            #expect(dictionary["z"] == .integer(1))
            #expect(dictionary["a"] == .integer(2))
            #expect(value == .dictionary(["a": .integer(2), "z": .integer(1)]), "order is not part of equality")
        }

        /// Counts of 15 and more follow the marker as an integer object (1, 2, 4 or 8 bytes).
        @Test func extendedCounts() throws {
            // 20 references to one integer, with a 1-byte count.
            let array = binaryPropertyList([[0xAF, 0x10, 20] + [UInt8](repeating: 1, count: 20), [0x10, 0x07]])
            #expect(try BinaryPropertyList.decode(array) == .array(Array(repeating: .integer(7), count: 20)))

            let text = String(repeating: "x", count: 300)
            #expect(try decodeSingleObject([0x5F, 0x11, 0x01, 0x2C] + Array(text.utf8)) == .string(text))
            #expect(try decodeSingleObject([0x4F, 0x12, 0, 0, 0, 15] + [UInt8](repeating: 9, count: 15))
                == .data([UInt8](repeating: 9, count: 15)))
            let utf16A = Array(repeating: [0x00, 0x41] as [UInt8], count: 15).flatMap { $0 }
            #expect(try decodeSingleObject([0x6F, 0x13, 0, 0, 0, 0, 0, 0, 0, 15] + utf16A)
                == .string(String(repeating: "A", count: 15)))

            // A 16-entry dictionary: 16 key references, then 16 value references.
            var objects: [[UInt8]] = [[0xDF, 0x10, 16] + (1...16).map { UInt8($0) } + [UInt8](repeating: 17, count: 16)]
            for index in 0..<16 { objects.append([0x52] + Array(String(format: "%02d", index).utf8)) }
            objects.append([0x08])
            let dictionary = try #require(try BinaryPropertyList.decode(binaryPropertyList(objects)).dictionaryValue)
            #expect(dictionary.count == 16)
            #expect(dictionary.keys.first == "00" && dictionary.keys.last == "15")
            #expect(dictionary.values.allSatisfy { $0 == .bool(false) })
        }

        /// Offsets and references of 2, 3 and 8 bytes; Core Foundation accepts any size from 1 to 8.
        @Test func wideOffsetsAndReferences() throws {
            for size in [2, 3, 4, 8] {
                let bytes = binaryPropertyList(
                    [[0xA2] + bigEndian(1, size: size) + bigEndian(2, size: size), [0x10, 0x05], [0x09]],
                    offsetSize: size, referenceSize: size)
                #expect(try BinaryPropertyList.decode(bytes) == .array([.integer(5), .bool(true)]), "size \(size)")
            }
        }

        @Test func topObjectNeedNotBeFirst() throws {
            let bytes = binaryPropertyList([[0x10, 0x01], [0xA1, 0x00]], top: 1)
            #expect(try BinaryPropertyList.decode(bytes) == .array([.integer(1)]))
        }

        /// An object referenced from several places is decoded once and shared.
        @Test func sharedReferences() throws {
            let bytes = binaryPropertyList([[0xA2, 1, 1], [0xA1, 2], [0x51, 0x78]])
            let shared = PropertyListValue.array([.string("x")])
            #expect(try BinaryPropertyList.decode(bytes) == .array([shared, shared]))
        }

        /// Padding between objects and unreferenced objects are allowed.
        @Test func unreferencedBytesAreIgnored() throws {
            var bytes = Array("bplist00".utf8) + [0x00, 0x00, 0x10, 0x2A, 0x0F]
            let tableOffset = UInt64(bytes.count)
            bytes += [10, 8]  // object 0 at 10 (after padding), object 1 (null) unreferenced
            bytes += [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(2, size: 8) + bigEndian(0, size: 8) + bigEndian(tableOffset, size: 8)
            #expect(try BinaryPropertyList.decode(bytes) == .integer(42))
        }

        /// The real Kite export decodes: its trailer uses 2-byte offsets and references.
        @Test func decodesTheCheckmarkArchive() throws {
            let value = try BinaryPropertyList.decode(try fixtureBytes("Checkmark"))
            let archive = try #require(value.dictionaryValue)
            #expect(archive["$archiver"] == .string("NSKeyedArchiver"))
            #expect(archive["$version"] == .integer(100_000))
            #expect(archive["$top"] == .dictionary(["root": .uid(1)]))
            let objects = try #require(archive["$objects"]?.arrayValue)
            #expect(objects.count == 136)
            #expect(objects[0] == .string("$null"))
            #expect(objects[2] == .string("rootLayer"))
        }
    }
}
