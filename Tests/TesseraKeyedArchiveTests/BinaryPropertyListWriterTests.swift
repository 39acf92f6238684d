import Foundation
import TesseraTestSupport
import Testing
@testable import TesseraKeyedArchive

extension ArchiveTests {
    @Suite struct BinaryPropertyListWriterTests {
        /// A value with every type, nested, with counts beyond a nibble and non-ASCII strings.
        static let everything: PropertyListValue = .dictionary([
            "null": .null,
            "bools": .array([.bool(true), .bool(false)]),
            "integers": .array(([0, 1, 255, 256, 65535, 65536, 4_294_967_295, 4_294_967_296, -1, .min, .max] as [Int64]).map(PropertyListValue.integer)),
            "unsigned": .unsignedInteger(.max),
            "reals": .array(([0.0, -0.0, 1.5, -2.25e-300, .infinity, -.infinity, .ulpOfOne] as [Double]).map(PropertyListValue.real)),
            "date": .date(-978_307_200),
            "data": .data(Array(0...255)),
            "strings": .array(["", "ascii", "é", "e\u{301}", "😀 emoji", "中文", String(repeating: "long ", count: 40)]
                .map(PropertyListValue.string)),
            "uids": .array(([0, 255, 256, 65536, 1 << 32, .max] as [UInt64]).map(PropertyListValue.uid)),
            "set": .set([.integer(3), .string("three")]),
            "empty": .array([.array([]), .set([]), .dictionary([:]), .data([]), .string("")]),
            "big array": .array((0..<300).map { .integer(Int64($0)) }),
            "big dictionary": .dictionary(PropertyListDictionary(uniqueKeysWithValues: (0..<20).map { ("key \($0)", .integer(Int64($0))) })),
            "nested": .array([.dictionary(["inner": .array([.array([.string("deep")])])])]),
        ])

        @Test func roundTripsEveryType() throws {
            let bytes = try BinaryPropertyList.encode(Self.everything)
            #expect(try BinaryPropertyList.decode(bytes) == Self.everything)
        }

        /// Strings that Swift calls equal (canonically equivalent) stay distinct, byte for byte, and
        /// -0.0 keeps its sign: equal scalars are shared only when they are identical.
        @Test func sharesOnlyIdenticalScalars() throws {
            let value = PropertyListValue.array([.string("é"), .string("e\u{301}"), .real(0), .real(-0.0)])
            guard case .array(let elements) = try BinaryPropertyList.decode(try BinaryPropertyList.encode(value)),
                  case .string(let composed) = elements[0], case .string(let decomposed) = elements[1],
                  case .real(let zero) = elements[2], case .real(let negativeZero) = elements[3]
            else {
                Issue.record("unexpected shape")
                return
            }
            #expect(Array(composed.unicodeScalars) == ["é"])
            #expect(Array(decomposed.unicodeScalars) == ["e", "\u{301}"])
            #expect(zero.sign == .plus && negativeZero.sign == .minus)
        }

        @Test func exactBytes() throws {
            let bytes = try BinaryPropertyList.encode(.array([.integer(1), .string("a")]))
            let expected: [UInt8] = Array("bplist00".utf8)
                + [0xA2, 1, 2, 0x10, 0x01, 0x51, 0x61]  // objects at 8, 11, 13
                + [8, 11, 13]  // offset table at 15
                + [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(3, size: 8) + bigEndian(0, size: 8) + bigEndian(15, size: 8)
            #expect(bytes == expected)
        }

        @Test func deterministic() throws {
            #expect(try BinaryPropertyList.encode(Self.everything) == BinaryPropertyList.encode(Self.everything))
        }

        /// Integers take the fewest of 1, 2, 4 or 8 bytes; negative ones 8; above Int64.max 16.
        @Test func minimalIntegerSizes() throws {
            func marker(_ value: PropertyListValue) throws -> UInt8 { try BinaryPropertyList.encode(value)[8] }
            #expect(try marker(.integer(255)) == 0x10)
            #expect(try marker(.integer(256)) == 0x11)
            #expect(try marker(.integer(65536)) == 0x12)
            #expect(try marker(.integer(1 << 32)) == 0x13)
            #expect(try marker(.integer(-1)) == 0x13)
            #expect(try marker(.unsignedInteger(1 << 63)) == 0x14)
            #expect(try marker(.uid(255)) == 0x80)
            #expect(try marker(.uid(256)) == 0x81)
            #expect(try marker(.uid(1 << 32)) == 0x87)
            #expect(try marker(.real(0.5)) == 0x23)
            #expect(try marker(.string("ascii")) == 0x55)
            #expect(try marker(.string("é")) == 0x61)
        }

        /// Small unsigned integers are written as ordinary integers and read back as such.
        @Test func smallUnsignedIntegersReadBackAsIntegers() throws {
            #expect(try BinaryPropertyList.decode(BinaryPropertyList.encode(.unsignedInteger(5))) == .integer(5))
        }

        /// Equal strings are written once: an array of three "x" is two objects.
        @Test func writesEqualScalarsOnce() throws {
            let bytes = try BinaryPropertyList.encode(.array([.string("x"), .string("x"), .string("x")]))
            #expect(Array(bytes.suffix(24).prefix(8)) == bigEndian(2, size: 8))
        }

        /// References and offsets grow to 2 bytes when there are more than 256 objects or more than
        /// 255 bytes.
        @Test func referenceAndOffsetSizesGrow() throws {
            let small = try BinaryPropertyList.encode(.array([.integer(1)]))
            #expect(small[small.count - 26] == 1 && small[small.count - 25] == 1)
            let large = try BinaryPropertyList.encode(.array((0..<300).map { .integer(Int64($0)) }))
            #expect(large[large.count - 26] == 2 && large[large.count - 25] == 2)
        }

        @Test func nestingLimit() throws {
            func nested(_ depth: Int) -> PropertyListValue {
                (1..<depth).reduce(PropertyListValue.array([])) { inner, _ in .array([inner]) }
            }
            let deepest = nested(512)
            #expect(try BinaryPropertyList.decode(try BinaryPropertyList.encode(deepest)) == deepest)
            #expect(throws: PropertyListError.nestingTooDeep(limit: 512)) { try BinaryPropertyList.encode(nested(513)) }
        }

        /// Writing what was read from a real archive gives a file that reads back the same.
        @Test func rewritesARealArchive() throws {
            let value = try BinaryPropertyList.decode(try fixtureBytes("Emoji"))
            #expect(try BinaryPropertyList.decode(try BinaryPropertyList.encode(value)) == value)
        }
    }
}

private extension PropertyListDictionary {
    init(uniqueKeysWithValues entries: [(String, PropertyListValue)]) {
        self.init()
        for (key, value) in entries { self[key] = value }
    }
}
