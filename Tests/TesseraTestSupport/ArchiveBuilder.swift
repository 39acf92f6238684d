import Foundation
@testable import Tessera
@testable import TesseraCore

extension ArchiveTests {
    /// Builds Core Animation archives object by object.
    package struct Builder {
        package var writer = KeyedArchiveWriter()

        package init() {}

        package static let layer = ArchiveClass("CALayer")
        package static let shapeLayer = ArchiveClass("CAShapeLayer", superclasses: ["CALayer", "NSObject"])
        package static let basicAnimation = ArchiveClass(
            "CABasicAnimation", superclasses: ["CAPropertyAnimation", "CAAnimation", "NSObject"])
        package static let group = ArchiveClass("CAAnimationGroup", superclasses: ["CAAnimation", "NSObject"])
        package static let valueProxy = ArchiveClass("LKNSValueCodingProxy", superclasses: ["CACodingProxy", "NSObject"])
        package static let colorProxy = ArchiveClass("LKCGColorCodingProxy", superclasses: ["CACodingProxy", "NSObject"])

        package mutating func object(
            _ objectClass: ArchiveClass, _ fields: [(key: String, value: ArchiveFieldValue)]
        ) throws -> ArchiveFieldValue {
            .reference(try writer.addObject(objectClass, fields: fields))
        }

        /// An `LKNSArrayCodingProxy` of `elements`.
        package mutating func array(_ elements: [ArchiveFieldValue]) throws -> ArchiveFieldValue {
            let list = try writer.addArray(elements, class: .mutableArray)
            return try object(
                ArchiveClass("LKNSArrayCodingProxy", superclasses: ["CACodingProxy", "NSObject"]), [("array", .reference(list))])
        }

        package mutating func rect(_ fields: [(key: String, value: ArchiveFieldValue)]) throws -> ArchiveFieldValue {
            try object(Self.valueProxy, [("kind", .integer(2))] + fields)
        }

        /// The bytes of a document whose root layer is `root`, with `entries` added.
        package mutating func document(_ root: ArchiveFieldValue?, entries: [(key: String, value: ArchiveFieldValue)] = []) throws -> Data {
            let rootEntry: [(key: String, value: ArchiveFieldValue)] = root.map { [("rootLayer", $0)] } ?? []
            try writer.setTop(.reference(try writer.addDictionary(rootEntry + [("geometryFlipped", .bool(true))] + entries)))
            return Data(try writer.encoded())
        }
    }
}
