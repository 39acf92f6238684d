import TesseraTestSupport
import Testing
@testable import TesseraKeyedArchive

extension ArchiveTests {
    @Suite struct PropertyListDictionaryTests {
        @Test func keepsInsertionOrder() {
            var dictionary: PropertyListDictionary = ["b": .integer(1), "a": .integer(2)]
            dictionary["c"] = .integer(3)
            dictionary["b"] = .integer(4)
            #expect(dictionary.keys == ["b", "a", "c"])
            #expect(dictionary.values == [.integer(4), .integer(2), .integer(3)])
        }

        @Test func settingNilRemoves() {
            var dictionary: PropertyListDictionary = ["a": .integer(1), "b": .integer(2), "c": .integer(3)]
            dictionary["a"] = nil
            dictionary["zz"] = nil
            #expect(dictionary.keys == ["b", "c"])
            #expect(dictionary["c"] == .integer(3))
            #expect(dictionary["a"] == nil)
        }

        /// A repeated literal key keeps its first position and its last value.
        @Test func repeatedLiteralKeys() {
            let dictionary: PropertyListDictionary = ["a": .integer(1), "b": .integer(2), "a": .integer(3)]
            #expect(dictionary.keys == ["a", "b"])
            #expect(dictionary["a"] == .integer(3))
        }

        @Test func equalityIgnoresOrder() {
            let ab: PropertyListDictionary = ["a": .integer(1), "b": .integer(2)]
            #expect(ab == ["b": .integer(2), "a": .integer(1)])
            #expect(ab != ["a": .integer(1)])
            #expect(ab != ["a": .integer(1), "b": .integer(3)])
            #expect(ab != ["a": .integer(1), "c": .integer(2)])
        }
    }
}
