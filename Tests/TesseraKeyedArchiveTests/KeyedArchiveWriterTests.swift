import Foundation
import TesseraTestSupport
import Testing
@testable import TesseraKeyedArchive

extension ArchiveTests {
    @Suite struct KeyedArchiveWriterTests {
        private let shapeLayer = ArchiveClass("CAShapeLayer", superclasses: ["CALayer", "NSObject"])
        private let valueProxy = ArchiveClass("LKNSValueCodingProxy", superclasses: ["CACodingProxy", "NSObject"])

        /// Every kind of field, written and read back to the same values.
        @Test func roundTripsFieldValues() throws {
            var writer = KeyedArchiveWriter()
            let bounds = try writer.addObject(valueProxy, fields: [("kind", .integer(2)), ("width", .real(100)), ("height", .real(50))])
            let names = try writer.addArray([.string("a"), .integer(1), .null, .reference(bounds)], class: .mutableArray)
            let attributes = try writer.addDictionary([("opacity", .real(0.5)), ("label", .string("x"))])
            let layer = try writer.addObject(shapeLayer, fields: [
                ("name", .string("Shape")), ("hidden", .bool(false)), ("edgeAntialiasingMask", .integer(15)),
                ("lineWidth", .real(-2.5)), ("mask", .null), ("contents", .data([0, 1, 255])), ("bounds", .reference(bounds)),
                ("names", .reference(names)), ("attributes", .reference(attributes)),
                ("boxedNumber", .reference(try writer.reference(to: .integer(7)))),
            ])
            try writer.setTop(.reference(layer))
            try writer.setTop(.integer(3), forKey: "count")

            let archive = try KeyedArchive(bytes: try writer.encoded())
            #expect(archive.topKeys == ["root", "count"])
            #expect(try archive.top("count") == .integer(3))
            let read = try archive.topObject()
            #expect(read.className == "CAShapeLayer")
            #expect(read.classHierarchy == ["CAShapeLayer", "CALayer", "NSObject"])
            #expect(read.keys == ["name", "hidden", "edgeAntialiasingMask", "lineWidth", "mask", "contents", "bounds", "names", "attributes", "boxedNumber"])
            #expect(try read.value(forKey: "name") == .string("Shape"))
            #expect(try read.value(forKey: "hidden") == .bool(false))
            #expect(try read.value(forKey: "edgeAntialiasingMask") == .integer(15))
            #expect(try read.value(forKey: "lineWidth") == .real(-2.5))
            #expect(try read.value(forKey: "mask") == .null)
            #expect(try read.value(forKey: "contents") == .data([0, 1, 255]))
            #expect(try read.value(forKey: "boxedNumber") == .integer(7))

            let readBounds = try #require(try read.object(forKey: "bounds"))
            #expect(readBounds.classHierarchy == ["LKNSValueCodingProxy", "CACodingProxy", "NSObject"])
            #expect(try readBounds.int(forKey: "kind") == 2 && readBounds.double(forKey: "width") == 100)

            let elements = try #require(try read.array(forKey: "names"))
            #expect(elements == [.string("a"), .integer(1), .null, .object(readBounds)])
            #expect(try read.object(forKey: "names")?.className == "NSMutableArray")

            let entries = try #require(try read.dictionary(forKey: "attributes"))
            #expect(entries.keys == ["opacity", "label"])
            #expect(try entries.double(forKey: "opacity") == 0.5 && entries.string(forKey: "label") == "x")
        }

        /// The same reference is one object; equal strings and classes are written once.
        @Test func sharesObjectsAndDeduplicates() throws {
            var writer = KeyedArchiveWriter()
            let timing = try writer.addObject(ArchiveClass("CAMediaTimingFunction"), fields: [("c1x", .real(0.42))])
            let fields: [(key: String, value: ArchiveFieldValue)] = [("timingFunction", .reference(timing)), ("keyPath", .string("opacity"))]
            let first = try writer.addObject(ArchiveClass("CABasicAnimation"), fields: fields)
            let second = try writer.addObject(ArchiveClass("CABasicAnimation"), fields: fields)
            try writer.setTop(.reference(try writer.addArray([.reference(first), .reference(second)])))
            let archive = try KeyedArchive(bytes: try writer.encoded())
            // $null, timing, its class, two animations, their one class, one "opacity", the array, its class.
            #expect(archive.objectCount == 9)
            let animations = try archive.topObject().arrayElements().compactMap(\.objectValue)
            #expect(animations.count == 2 && animations[0] != animations[1])
            #expect(try animations[0].object(forKey: "timingFunction") == animations[1].object(forKey: "timingFunction"))
        }

        /// Reserved objects make cycles: a layer that is its own delegate, as Kite writes.
        @Test func reservedObjectsMakeCycles() throws {
            var writer = KeyedArchiveWriter()
            let layer = writer.reserveObject()
            try writer.setObject(layer, class: ArchiveClass("CALayer"), fields: [("delegate", .reference(layer))])
            try writer.setTop(.reference(layer))
            let read = try KeyedArchive(bytes: try writer.encoded()).topObject()
            #expect(try read.object(forKey: "delegate") == read)
        }

        @Test func misuseIsAnError() throws {
            var writer = KeyedArchiveWriter()
            #expect(throws: KeyedArchiveError.invalidFieldKey("$class")) {
                try writer.addObject(ArchiveClass("A"), fields: [("$class", .integer(1))])
            }
            #expect(throws: KeyedArchiveError.invalidFieldKey("x")) {
                try writer.addObject(ArchiveClass("A"), fields: [("x", .integer(1)), ("x", .integer(2))])
            }
            #expect(throws: KeyedArchiveError.invalidFieldKey("k")) {
                try writer.addDictionary([("k", .integer(1)), ("k", .integer(2))])
            }
            #expect(throws: KeyedArchiveError.invalidReference(1000)) {
                try writer.addArray([.reference(ArchiveReference(index: 1000))])
            }
            let object = try writer.addObject(ArchiveClass("A"), fields: [])
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "object \(object.index) was not reserved, or is already set")) {
                try writer.setObject(object, class: ArchiveClass("A"), fields: [])
            }
            let reserved = writer.reserveObject()
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "object \(reserved.index) was reserved and never set")) {
                try writer.encoded()
            }
        }

        /// The envelope NSKeyedUnarchiver expects, read by Foundation's own property list reader.
        @Test func writesTheNSKeyedArchiverEnvelope() throws {
            var writer = KeyedArchiveWriter()
            try writer.setTop(.string("hello"))
            let object = try PropertyListSerialization.propertyList(from: Data(try writer.encoded()), options: [], format: nil)
            let envelope = try #require(object as? [String: Any])
            #expect(envelope["$archiver"] as? String == "NSKeyedArchiver")
            #expect((envelope["$version"] as? NSNumber)?.intValue == 100_000)
            #expect((envelope["$objects"] as? [Any])?.first as? String == "$null")
            #expect(envelope["$top"] is [String: Any])
        }

        @Test func deterministic() throws {
            func build() throws -> [UInt8] {
                var writer = KeyedArchiveWriter()
                let inner = try writer.addDictionary([("b", .real(1)), ("a", .string("x"))])
                let thing = try writer.addObject(ArchiveClass("Thing"), fields: [("z", .reference(inner)), ("y", .bool(true))])
                try writer.setTop(.reference(thing))
                return try writer.encoded()
            }
            #expect(try build() == build())
        }

        /// Both real archives, copied object by object through the writer, hold the same graph:
        /// classes, fields in order, values, sharing and the `delegate` cycles.
        @Test(arguments: ["Checkmark", "Emoji"])
        func rearchivesRealArchives(name: String) throws {
            let original = try KeyedArchive(bytes: try fixtureBytes(name))
            let copy = try KeyedArchive(bytes: try rearchive(original))
            let originalDump = try canonicalDump(of: original)
            #expect(try canonicalDump(of: copy) == originalDump)
            #expect(originalDump.count > 50)
        }
    }
}
