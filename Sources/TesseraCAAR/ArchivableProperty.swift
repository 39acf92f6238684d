import Foundation
import TesseraCore
import TesseraDocument
import TesseraKeyedArchive
import TesseraRaster

/// The type of a property of Core Animation's classes, as archives store it: how a field
/// decodes into it and how it is written back.
protocol ArchivableProperty: CodedValue {
    /// The value of an archive field; throws ``ArchiveDecodingFailure``.
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Self
    /// The archive field for this value.
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue
}

extension ArchivableProperty {
    /// A value that ``ArchivedValueReader/value(_:depth:)`` returns as `Self`.
    fileprivate static func decodeObject(
        _ value: ArchivedValue, with reader: inout ArchivedValueReader,
        expected: String
    ) throws -> Self {
        guard let decoded = try reader.value(value, depth: 0) as? Self else {
            throw ArchiveDecodingFailure.mismatch(value, expected: expected)
        }
        return decoded
    }
}

// MARK: Numbers, booleans, strings

extension Double: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Double {
        try reader.number(value)
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.number(self) }
}

extension Float: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Float {
        Float(try reader.number(value))
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.number(Double(self)) }
}

extension CGFloat: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> CGFloat {
        CGFloat(try reader.number(value))
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.number(Double(self)) }
}

extension Int: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Int {
        try reader.int(value)
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.integer(Int64(self)) }
}

/// An emitter's `seed`.
extension UInt32: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> UInt32 {
        let number = try reader.int(value)
        guard let seed = UInt32(exactly: number) else {
            throw ArchiveDecodingFailure.unsupported(className: nil, reason: .unsupportedValue("seed \(number)"))
        }
        return seed
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.integer(Int64(self)) }
}

extension Bool: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Bool {
        try reader.bool(value)
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.bool(self) }
}

extension String: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> String {
        try reader.string(value)
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { .string(self) }
}

/// `maskedCorners`: the four corner bits.
extension CACornerMask: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> CACornerMask {
        let bits = try reader.int(value)
        guard (0...15).contains(bits) else {
            throw ArchiveDecodingFailure.unsupported(className: nil, reason: .unsupportedValue("corner mask \(bits)"))
        }
        return CACornerMask(rawValue: UInt(bits))
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.integer(Int64(rawValue)) }
}

// MARK: Value types and objects

extension CGPoint: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> CGPoint {
        try decodeObject(value, with: &reader, expected: "a point")
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.point(self) }
}

extension CGSize: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> CGSize {
        try decodeObject(value, with: &reader, expected: "a size")
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.size(self) }
}

extension CGRect: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> CGRect {
        try decodeObject(value, with: &reader, expected: "a rect")
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.rect(self) }
}

extension CATransform3D: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> CATransform3D {
        try decodeObject(value, with: &reader, expected: "a transform")
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.transform(self) }
}

extension CGColor: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Self {
        try decodeObject(value, with: &reader, expected: "a color")
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.color(self) }
}

extension CGPath: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Self {
        try decodeObject(value, with: &reader, expected: "a path")
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.path(self) }
}

/// A layer's stored color, archived as the `CGColor` its accessor hands out.
extension Color: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Color {
        Color(try CGColor.decode(value, with: &reader))
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.color(CGColor(self)) }
}

/// A layer's stored path, archived as the `CGPath` its accessor hands out.
extension Path: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Path {
        try CGPath.decode(value, with: &reader).rasterPath
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.path(CGPath(rasterPath: self)) }
}

extension CAMediaTimingFunction: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Self {
        try decodeObject(value, with: &reader, expected: "a timing function")
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.timingFunction(self) }
}

/// A `CAValueFunction` object that holds its name. Apple's class codes only its name (its header
/// keeps no other state); the key `name` is an assumption no Apple archive here confirms.
extension CAValueFunction: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Self {
        guard let object = value.objectValue, object.isKind(of: Format.valueFunctionClass.name) else {
            throw ArchiveDecodingFailure.mismatch(value, expected: "a value function")
        }
        let name = try reader.string(try object.value(forKey: Format.valueFunctionNameKey) ?? .null)
        guard let function = Self(name: CAValueFunctionName(rawValue: name)) else {
            throw ArchiveDecodingFailure.unsupported(className: nil, reason: .unsupportedValue("unknown value function \"\(name)\""))
        }
        return function
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue {
        try writer.object(Format.valueFunctionClass, [(Format.valueFunctionNameKey, .string(name.rawValue))])
    }
    private typealias Format = CoreAnimationCoding
}

extension NSNumber: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Self {
        guard let number = try reader.nsNumber(value) as? Self else { throw ArchiveDecodingFailure.mismatch(value, expected: "a number") }
        return number
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { try writer.value(self) }
}

// MARK: Collections and nil

/// Arrays (dash patterns, key times, timing functions) are written as `LKNSArrayCodingProxy`s.
extension Array: ArchivableProperty where Element: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> [Element] {
        guard let elements = try reader.elements(value) else { throw ArchiveDecodingFailure.mismatch(value, expected: "an array") }
        var decoded: [Element] = []
        decoded.reserveCapacity(elements.count)
        for element in elements { decoded.append(try Element.decode(element, with: &reader)) }
        return decoded
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue {
        var fields: [ArchiveFieldValue] = []
        for element in self { fields.append(try element.encode(with: &writer)) }
        return try writer.array(fields)
    }
}

/// nil is written as a reference to `$null`, as NSKeyedArchiver writes a nil object.
extension Optional: ArchivableProperty where Wrapped: ArchivableProperty {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Wrapped? {
        value == .null ? nil : try Wrapped.decode(value, with: &reader)
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue {
        try self?.encode(with: &writer) ?? .null
    }
}

// MARK: String constants

/// A string constant of Core Animation's API (fill modes, fill rules, line caps…), decoded
/// only when it is one Tessera knows (`CodedConstant.knownValues`).
protocol ArchivableConstant: ArchivableProperty, CodedConstant {}

extension ArchivableConstant {
    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> Self {
        let string = try reader.string(value)
        guard let constant = knownValues.first(where: { $0.rawValue == string }) else {
            throw ArchiveDecodingFailure.unsupported(className: nil, reason: .unsupportedValue("unknown constant \"\(string)\""))
        }
        return constant
    }
    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue { .string(rawValue) }
}

extension CAMediaTimingFillMode: ArchivableConstant {}
extension CAShapeLayerFillRule: ArchivableConstant {}
extension CAShapeLayerLineJoin: ArchivableConstant {}
extension CAShapeLayerLineCap: ArchivableConstant {}
extension CALayerCornerCurve: ArchivableConstant {}
extension CALayerContentsGravity: ArchivableConstant {}
extension CAGradientLayerType: ArchivableConstant {}
extension CALayerContentsFilter: ArchivableConstant {}
extension CAAnimationCalculationMode: ArchivableConstant {}
extension CAAnimationRotationMode: ArchivableConstant {}
extension CAEmitterLayerEmitterShape: ArchivableConstant {}
extension CAEmitterLayerEmitterMode: ArchivableConstant {}
extension CAEmitterLayerRenderMode: ArchivableConstant {}
extension CATextLayerAlignmentMode: ArchivableConstant {}
extension CATextLayerTruncationMode: ArchivableConstant {}
