import Foundation
import TesseraCore
import TesseraDocument
import TesseraKeyedArchive

/// Filters in archives (../shared/assets): a `CAFilter` object with `CAFilterType` (what it
/// does), `CAFilterName` (the name key paths use) and `CAFilterInputs`, an
/// `LKNSDictionaryCodingProxy` of the inputs: numbers, flags, strings, images
/// (`LKCGImageCodingProxy`) and lists of numbers. `filters` and `backgroundFilters` are arrays
/// of them (`[LayerFilter]?`); a `compositingFilter` is one of them or a plain string.
/// (Whether a filter is enabled is not written: the archives seen never say.)
extension LayerFilter: ArchivableProperty {
    static let typeKey = "CAFilterType", nameKey = "CAFilterName", inputsKey = "CAFilterInputs"

    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> LayerFilter {
        guard let object = value.objectValue, object.className == CoreAnimationCoding.filterClass.name else {
            throw ArchiveDecodingFailure.unsupported(
                className: value.objectValue?.className, reason: .unsupportedValue("a filter that is not a CAFilter"))
        }
        guard let typeField = try object.value(forKey: typeKey) else {
            throw ArchiveDecodingFailure.unsupported(className: object.className, reason: .unsupportedValue("a filter without a type"))
        }
        let type = try reader.string(typeField)
        let name = try object.value(forKey: nameKey).map { field throws in try reader.string(field) }
        var inputs: [String: LayerFilterValue] = [:]
        if let entries = try reader.entries(object.value(forKey: inputsKey) ?? .null) {
            for (key, field) in zip(entries.keys, entries.values) {
                inputs[key] = try input(field, with: &reader, key: key)
            }
        }
        return LayerFilter(type: type, name: name, inputs: inputs)
    }

    /// One input: an image proxy as an image, any other value as ported code would hold it.
    private static func input(_ field: ArchivedValue, with reader: inout ArchivedValueReader, key: String) throws -> LayerFilterValue {
        if field.objectValue?.className == LayerContents.proxyClass.name {
            return .image(try LayerContents.decode(field, with: &reader))
        }
        if case .bool(let flag) = field { return .bool(flag) }   // not the NSNumber 0 or 1 it reads as
        guard let any = try reader.value(field, depth: 1), let input = LayerFilterValue(any: any) else {
            throw ArchiveDecodingFailure.unsupported(
                className: CoreAnimationCoding.filterClass.name, reason: .unsupportedValue("filter input \(key)"))
        }
        return input
    }

    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue {
        var entries: [(key: String, value: ArchiveFieldValue)] = []
        for key in inputs.keys.sorted() {
            switch inputs[key]! {
            case .image(let contents): entries.append((key, try contents.encode(with: &writer)))
            case let other: entries.append((key, try writer.value(other.anyValue)))
            }
        }
        return try writer.object(
            CoreAnimationCoding.filterClass,
            [
                (Self.typeKey, .string(type)), (Self.nameKey, .string(name)),
                (Self.inputsKey, try writer.dictionary(entries)),
            ])
    }
}

/// A `compositingFilter`: a `CAFilter` (type and name the blend mode's, no inputs) or a plain
/// string (`plusL`, `multiplyBlendMode`…), written back as it was read.
extension LayerCompositingFilter: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> LayerCompositingFilter {
        if case .string(let name) = value { return .named(name) }
        return .filter(try LayerFilter.decode(value, with: &reader))
    }

    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue {
        switch self {
        case .named(let name): .string(name)
        case .filter(let filter): try filter.encode(with: &writer)
        }
    }
}
