import Foundation
import TesseraTestSupport
import Testing
@testable import TesseraKeyedArchive

extension ArchiveTests {
    /// Keyed archives whose envelope or object graph breaks the format: each a typed error.
    @Suite struct KeyedArchiveMalformedTests {
        /// An archive of `objects` (after `$null`), whose `$top.root` is object 1.
        private func archive(
            _ objects: [PropertyListValue], top: PropertyListDictionary = ["root": .uid(1)]
        ) throws(KeyedArchiveError) -> KeyedArchive {
            try KeyedArchive(propertyList: envelope(objects: .array([.string("$null")] + objects), top: top))
        }

        private func envelope(
            archiver: PropertyListValue = .string("NSKeyedArchiver"), version: PropertyListValue = .integer(100_000),
            objects: PropertyListValue, top: PropertyListDictionary = ["root": .uid(1)]
        ) -> PropertyListValue {
            .dictionary(["$archiver": archiver, "$version": version, "$top": .dictionary(top), "$objects": objects])
        }

        /// A class description: `$classname` and `$classes`.
        private static func classDescription(_ hierarchy: String...) -> PropertyListValue {
            .dictionary(["$classname": .string(hierarchy[0]), "$classes": .array(hierarchy.map(PropertyListValue.string))])
        }

        private let layerClass = Self.classDescription("CALayer", "NSObject")

        @Test func malformedPropertyListIsWrapped() {
            #expect(throws: KeyedArchiveError.propertyList(.notABinaryPropertyList)) {
                try KeyedArchive(bytes: Array("not a plist".utf8))
            }
            #expect(throws: KeyedArchiveError.propertyList(.cycle(object: 0))) {
                try KeyedArchive(data: Data(binaryPropertyList([[0xA1, 0]])))
            }
        }

        @Test func notAKeyedArchive() throws {
            #expect(throws: KeyedArchiveError.notAKeyedArchive) { try KeyedArchive(propertyList: .array([])) }
            #expect(throws: KeyedArchiveError.notAKeyedArchive) { try KeyedArchive(propertyList: .dictionary(["a": .integer(1)])) }
            // A plain plist from Foundation.
            let plain = try PropertyListSerialization.data(fromPropertyList: ["x": 1], format: .binary, options: 0)
            #expect(throws: KeyedArchiveError.notAKeyedArchive) { try KeyedArchive(data: plain) }
            #expect(throws: KeyedArchiveError.notAKeyedArchive) {
                try KeyedArchive(propertyList: envelope(archiver: .integer(1), objects: .array([.string("$null")])))
            }
            #expect(throws: KeyedArchiveError.notAKeyedArchive) {
                try KeyedArchive(propertyList: envelope(version: .string("100000"), objects: .array([.string("$null")])))
            }
        }

        @Test func wrongArchiverAndVersion() {
            #expect(throws: KeyedArchiveError.unsupportedArchiver("NSArchiver")) {
                try KeyedArchive(propertyList: envelope(archiver: .string("NSArchiver"), objects: .array([.string("$null")])))
            }
            #expect(throws: KeyedArchiveError.unsupportedVersion(99_999)) {
                try KeyedArchive(propertyList: envelope(version: .integer(99_999), objects: .array([.string("$null")])))
            }
        }

        @Test func objectsMustBeAnArrayStartingWithNull() {
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "$objects is not an array")) {
                try KeyedArchive(propertyList: envelope(objects: .dictionary([:])))
            }
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "$objects does not start with $null")) {
                try KeyedArchive(propertyList: envelope(objects: .array([])))
            }
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "$objects does not start with $null")) {
                try KeyedArchive(propertyList: envelope(objects: .array([.string("root")])))
            }
        }

        @Test func missingTop() throws {
            let archive = try archive([.string("hello")])
            #expect(throws: KeyedArchiveError.missingTop("document")) { try archive.top("document") }
            #expect(try archive.top("root") == .string("hello"))
            #expect(throws: KeyedArchiveError.typeMismatch(key: "$top.root", expected: "an object", found: "a string")) {
                try archive.topObject()
            }
        }

        @Test func referencesOutOfRange() throws {
            #expect(throws: KeyedArchiveError.invalidReference(1)) { try archive([]).top("root") }
            #expect(throws: KeyedArchiveError.invalidReference(.max)) {
                try archive([], top: ["root": .uid(.max)]).top("root")
            }
            // In a field, an array's elements, a $class.
            let layer = try archive([.dictionary(["$class": .uid(2), "bounds": .uid(99)]), layerClass]).topObject()
            #expect(throws: KeyedArchiveError.invalidReference(99)) { try layer.value(forKey: "bounds") }
            let array = try archive([.dictionary(["$class": .uid(2), "NS.objects": .array([.uid(1), .uid(7)])]), layerClass]).topObject()
            #expect(throws: KeyedArchiveError.invalidReference(7)) { try array.arrayElements() }
            #expect(throws: KeyedArchiveError.invalidReference(5)) {
                try archive([.dictionary(["$class": .uid(5)])]).topObject()
            }
        }

        @Test func classMustBeAReferenceToAClassDescription() {
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "object 1 has no $class")) {
                try archive([.dictionary(["name": .string("x")])]).topObject()
            }
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "object 1 has $class of type string, not a reference")) {
                try archive([.dictionary(["$class": .string("CALayer")])]).topObject()
            }
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "object 1: $class 2 is not a class with a $classname")) {
                try archive([.dictionary(["$class": .uid(2)]), .string("CALayer")]).topObject()
            }
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "object 1: $class 0 is not a class with a $classname")) {
                try archive([.dictionary(["$class": .uid(0)])]).topObject()
            }
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "class 2 has a $classes that is not an array of strings")) {
                try archive([.dictionary(["$class": .uid(2)]), .dictionary(["$classname": .string("A"), "$classes": .array([.integer(1)])])]).topObject()
            }
        }

        /// `$classes` is optional: the hierarchy is then the class alone.
        @Test func classesDefaultToTheClassName() throws {
            let object = try archive([.dictionary(["$class": .uid(2)]), .dictionary(["$classname": .string("Thing")])]).topObject()
            #expect(object.classHierarchy == ["Thing"])
            #expect(object.keys == [])
        }

        @Test func referencesToReferencesAreMalformed() {
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "object 1 is a reference, not a value")) {
                try archive([.uid(1)]).top("root")
            }
        }

        /// Reference 0 is nil; typed accessors give nil for nil and for absent keys.
        @Test func nilAndAbsentValues() throws {
            let layer = try archive([.dictionary(["$class": .uid(2), "mask": .uid(0)]), layerClass]).topObject()
            #expect(try layer.value(forKey: "mask") == .null)
            #expect(try layer.value(forKey: "missing") == nil)
            #expect(try layer.object(forKey: "mask") == nil)
            #expect(try layer.double(forKey: "missing") == nil)
            #expect(try layer.value(forKey: "$class") == nil, "$class is not a field")
            #expect(layer.keys == ["mask"])
        }

        @Test func typeMismatches() throws {
            let layer = try archive([
                .dictionary(["$class": .uid(2), "name": .uid(3), "opacity": .real(0.5), "kind": .real(2.5), "bounds": .uid(1), "huge": .real(1e300)]),
                layerClass, .string("Layer"),
            ]).topObject()
            #expect(throws: KeyedArchiveError.typeMismatch(key: "name", expected: "a number", found: "a string")) {
                try layer.double(forKey: "name")
            }
            #expect(throws: KeyedArchiveError.typeMismatch(key: "opacity", expected: "a string", found: "a real")) {
                try layer.string(forKey: "opacity")
            }
            #expect(throws: KeyedArchiveError.typeMismatch(key: "opacity", expected: "a bool", found: "a real")) {
                try layer.bool(forKey: "opacity")
            }
            #expect(throws: KeyedArchiveError.typeMismatch(key: "kind", expected: "a whole number", found: "a real")) {
                try layer.int(forKey: "kind")
            }
            #expect(throws: KeyedArchiveError.typeMismatch(key: "huge", expected: "a whole number", found: "a real")) {
                try layer.int(forKey: "huge")
            }
            #expect(throws: KeyedArchiveError.typeMismatch(key: "name", expected: "an object", found: "a string")) {
                try layer.object(forKey: "name")
            }
            #expect(throws: KeyedArchiveError.typeMismatch(key: "bounds", expected: "a number", found: "an object of class CALayer")) {
                try layer.double(forKey: "bounds")
            }
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "CALayer object 1 has no NS.objects array")) {
                try layer.array(forKey: "bounds")
            }
        }

        /// Numbers convert as NSNumber does, without rounding: integers and booleans widen to
        /// doubles, whole reals narrow to ints, integers read as booleans.
        @Test func numericConversions() throws {
            let object = try archive([
                .dictionary(["$class": .uid(2), "i": .integer(3), "r": .real(4.0), "b": .bool(true), "zero": .integer(0)]),
                layerClass,
            ]).topObject()
            #expect(try object.double(forKey: "i") == 3)
            #expect(try object.double(forKey: "b") == 1)
            #expect(try object.int(forKey: "r") == 4)
            #expect(try object.int(forKey: "b") == 1)
            #expect(try object.bool(forKey: "i") == true)
            #expect(try object.bool(forKey: "zero") == false)
        }

        /// NSString / NSData objects (`NS.string`, `NS.data`) read as strings and data.
        @Test func boxedStringsAndData() throws {
            let object = try archive([
                .dictionary(["$class": .uid(2), "title": .uid(3), "bytes": .uid(5), "inline": .uid(6)]),
                layerClass,
                .dictionary(["$class": .uid(4), "NS.string": .string("boxed")]),
                Self.classDescription("NSMutableString", "NSString", "NSObject"),
                .dictionary(["$class": .uid(7), "NS.data": .uid(8)]),
                .dictionary(["$class": .uid(4), "NS.string": .uid(9)]),
                .dictionary(["$classname": .string("NSMutableData")]),
                .data([1, 2]),
                .string("referenced"),
            ]).topObject()
            #expect(try object.string(forKey: "title") == "boxed")
            #expect(try object.data(forKey: "bytes") == [1, 2])
            #expect(try object.string(forKey: "inline") == "referenced")

            let bad = try archive([
                .dictionary(["$class": .uid(2), "title": .uid(3)]), layerClass,
                .dictionary(["$class": .uid(4), "NS.string": .integer(1)]),
                .dictionary(["$classname": .string("NSString")]),
            ]).topObject()
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "NSString object 3 has NS.string of type integer")) {
                try bad.value(forKey: "title")
            }
        }

        @Test func malformedCollections() throws {
            let arrayClass: PropertyListValue = .dictionary(["$classname": .string("NSArray")])
            let dictionaryClass: PropertyListValue = .dictionary(["$classname": .string("NSDictionary")])
            let notAList = try archive([.dictionary(["$class": .uid(2), "NS.objects": .uid(0)]), arrayClass]).topObject()
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "NSArray object 1 has no NS.objects array")) {
                try notAList.arrayElements()
            }
            let uneven = try archive([
                .dictionary(["$class": .uid(2), "NS.keys": .array([.uid(3)]), "NS.objects": .array([])]), dictionaryClass, .string("k"),
            ]).topObject()
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "dictionary 1 has 1 keys and 0 objects")) {
                try uneven.dictionaryEntries()
            }
            #expect(throws: KeyedArchiveError.typeMismatch(key: "NS.objects", expected: "an array", found: "a dictionary")) {
                try uneven.arrayElements()
            }
            let numberKey = try archive([
                .dictionary(["$class": .uid(2), "NS.keys": .array([.integer(1)]), "NS.objects": .array([.uid(0)])]), dictionaryClass,
            ]).topObject()
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "dictionary 1 has a key that is an integer")) {
                try numberKey.dictionaryEntries()
            }
            let repeated = try archive([
                .dictionary(["$class": .uid(2), "NS.keys": .array([.uid(3), .uid(3)]), "NS.objects": .array([.uid(0), .uid(0)])]),
                dictionaryClass, .string("k"),
            ]).topObject()
            #expect(throws: KeyedArchiveError.malformedObjectGraph(reason: "dictionary 1 has a repeated key")) {
                try repeated.dictionaryEntries()
            }
        }

        /// An array that contains itself, and objects that refer to each other: navigable, because
        /// every step resolves one reference.
        @Test func cyclesAreNavigable() throws {
            let array = try archive([
                .dictionary(["$class": .uid(2), "NS.objects": .array([.uid(1), .uid(3)])]),
                .dictionary(["$classname": .string("NSMutableArray")]),
                .dictionary(["$class": .uid(4), "next": .uid(1)]),
                .dictionary(["$classname": .string("Node")]),
            ]).topObject()
            var current = array
            for _ in 0..<1000 { current = try #require(try current.arrayElements().first?.objectValue) }
            #expect(current == array)
            let node = try #require(try array.arrayElements().last?.objectValue)
            #expect(try node.object(forKey: "next") == array)
        }

        /// Inline values NSKeyedArchiver never writes as fields are given as plain property lists.
        @Test func plainValuesAreGivenAsStored() throws {
            let object = try archive([
                .dictionary(["$class": .uid(2), "list": .array([.integer(1)]), "when": .date(5)]), layerClass,
            ]).topObject()
            #expect(try object.value(forKey: "list") == .propertyList(.array([.integer(1)])))
            #expect(try object.value(forKey: "when") == .propertyList(.date(5)))
            #expect(throws: KeyedArchiveError.typeMismatch(key: "list", expected: "an object", found: "a plain array")) {
                try object.array(forKey: "list")
            }
        }
    }
}
