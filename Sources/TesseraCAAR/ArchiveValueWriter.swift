import Foundation
import TesseraCore
import TesseraDocument
import TesseraKeyedArchive

/// Writes the values of a Core Animation archive the way Core Animation does: numbers, booleans
/// and strings as objects of their own (equal ones shared), points, sizes, rects and transforms
/// as `LKNSValueCodingProxy`s, colors as `LKCGColorCodingProxy`s, paths as
/// `CACGPathCodingProxy`s, arrays and dictionaries as `LKNSArrayCodingProxy` /
/// `LKNSDictionaryCodingProxy`s; timing functions with equal control points once, as Kite does.
///
/// Proxies hold full `Double`s where Apple's hold `Float`s, so that Tessera reads back exactly
/// what it wrote (Core Animation reads them as `Float`s).
struct ArchiveValueWriter {
    typealias Format = CoreAnimationCoding

    var archive = KeyedArchiveWriter()
    private var timingFunctions: [SIMD4<Float>: ArchiveReference] = [:]

    /// Adds an object and returns the field that refers to it.
    mutating func object(
        _ objectClass: ArchiveClass,
        _ fields: [(key: String, value: ArchiveFieldValue)]
    ) throws -> ArchiveFieldValue {
        .reference(try archive.addObject(objectClass, fields: fields))
    }

    // MARK: Scalars

    mutating func number(_ value: Double) throws -> ArchiveFieldValue {
        .reference(try archive.reference(to: .real(value)))
    }

    mutating func integer(_ value: Int64) throws -> ArchiveFieldValue {
        .reference(try archive.reference(to: .integer(value)))
    }

    mutating func bool(_ value: Bool) throws -> ArchiveFieldValue {
        .reference(try archive.reference(to: .bool(value)))
    }

    // MARK: Proxies

    mutating func point(_ p: CGPoint) throws -> ArchiveFieldValue {
        try object(Format.valueProxyClass, [(Format.valueKindKey, .integer(0)), ("x", .real(p.x)), ("y", .real(p.y))])
    }

    mutating func size(_ s: CGSize) throws -> ArchiveFieldValue {
        try object(Format.valueProxyClass, [(Format.valueKindKey, .integer(1)), ("width", .real(s.width)), ("height", .real(s.height))])
    }

    mutating func rect(_ r: CGRect) throws -> ArchiveFieldValue {
        try object(
            Format.valueProxyClass,
            [
                (Format.valueKindKey, .integer(2)),
                ("x", .real(r.origin.x)), ("y", .real(r.origin.y)),
                ("width", .real(r.size.width)), ("height", .real(r.size.height)),
            ])
    }

    /// A transform: only `kind` for the identity, all sixteen entries otherwise, as Core
    /// Animation writes it.
    mutating func transform(_ t: CATransform3D) throws -> ArchiveFieldValue {
        var fields: [(key: String, value: ArchiveFieldValue)] = [(Format.valueKindKey, .integer(3))]
        if !CATransform3DIsIdentity(t) {
            let m = [
                t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
            ]
            for (key, value) in zip(Format.transformKeys, m) { fields.append((key, .real(Double(value)))) }
        }
        return try object(Format.valueProxyClass, fields)
    }

    /// A color as red, green, blue, alpha: a gray color is written as the RGB color that looks
    /// the same, as Core Animation converts colors when it archives them.
    mutating func color(_ color: CGColor) throws -> ArchiveFieldValue {
        let c = color.components ?? []
        let rgba = c.count == 2 ? [c[0], c[0], c[0], c[1]] : c
        guard rgba.count == 4 else { throw SceneDocumentError.unencodableValue(reason: "a color with \(c.count) components") }
        return try object(Format.colorProxyClass, zip(Format.colorKeys, rgba).map { ($0, .real(Double($1))) })
    }

    /// A path as its elements, with the points of `CGPathElement`.
    mutating func path(_ path: CGPath) throws -> ArchiveFieldValue {
        var segments: [[(key: String, value: ArchiveFieldValue)]] = []
        path.applyWithBlock { element in
            let count: Int
            switch element.pointee.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            var fields: [(key: String, value: ArchiveFieldValue)] = [(Format.pathTypeKey, .integer(Int64(element.pointee.type.rawValue)))]
            for index in 0..<count {
                let keys = Format.pathPointKeys(index), p = element.pointee.points[index]
                fields += [(keys.x, .real(Double(p.x))), (keys.y, .real(Double(p.y)))]
            }
            segments.append(fields)
        }
        var references: [ArchiveFieldValue] = []
        for fields in segments { references.append(try object(Format.pathSegmentClass, fields)) }
        let list = ArchiveFieldValue.reference(try archive.addArray(references, class: .mutableArray))
        return try object(Format.pathProxyClass, [(Format.pathSegmentsKey, list)])
    }

    /// A timing function by its control points; equal ones are written once.
    mutating func timingFunction(_ function: CAMediaTimingFunction) throws -> ArchiveFieldValue {
        var points: [Float] = []
        for index in 1...2 {
            var xy: [Float] = [0, 0]
            xy.withUnsafeMutableBufferPointer { buffer in
                if let base = buffer.baseAddress { function.getControlPoint(at: index, values: base) }
            }
            points += xy
        }
        let key = SIMD4(points[0], points[1], points[2], points[3])
        if let shared = timingFunctions[key] { return .reference(shared) }
        let fields = zip(Format.timingFunctionKeys, points).map { (key: $0, value: ArchiveFieldValue.real(Double($1))) }
        let reference = try archive.addObject(Format.timingFunctionClass, fields: fields)
        timingFunctions[key] = reference
        return .reference(reference)
    }

    /// An `LKNSArrayCodingProxy` around an `NSMutableArray` of `elements`.
    mutating func array(_ elements: [ArchiveFieldValue]) throws -> ArchiveFieldValue {
        let array = ArchiveFieldValue.reference(try archive.addArray(elements, class: .mutableArray))
        return try object(Format.arrayProxyClass, [(Format.arrayProxyArrayKey, array)])
    }

    /// An `LKNSDictionaryCodingProxy` around an `NSMutableDictionary` of `entries`.
    mutating func dictionary(_ entries: [(key: String, value: ArchiveFieldValue)]) throws -> ArchiveFieldValue {
        let dictionary = ArchiveFieldValue.reference(try archive.addDictionary(entries, class: .mutableDictionary))
        return try object(Format.dictionaryProxyClass, [(Format.dictionaryProxyKey, dictionary)])
    }

    // MARK: Any value

    /// Any value an animation may hold (see ``ArchivedValueReader/value(_:depth:)`` for the types
    /// read back); throws `SceneDocumentError.unencodableValue(reason:)` for another type.
    mutating func value(_ any: Any?, depth: Int = 0) throws -> ArchiveFieldValue {
        guard depth <= Format.maximumDepth else {
            throw SceneDocumentError.unencodableValue(reason: "values nested more than \(Format.maximumDepth) deep")
        }
        guard let any else { return .null }
        if type(of: any) is NSNumber.Type, let number = any as? NSNumber { return try self.number(number) }
        switch any {
        case let flag as Bool: return try bool(flag)
        case let integer as any BinaryInteger:
            guard let exact = Int64(exactly: integer) else { return try number(Double(integer)) }
            return try self.integer(exact)
        case let real as any BinaryFloatingPoint: return try number(Double(real))
        case let string as String: return .string(string)
        case let constant as any RawRepresentable:
            guard let string = constant.rawValue as? String else { break }
            return .string(string)
        case let bytes as Data: return .data([UInt8](bytes))
        case is NSNull: return try object(ArchiveClass(Format.nullClass), [])
        case let p as CGPoint: return try point(p)
        case let s as CGSize: return try size(s)
        case let r as CGRect: return try rect(r)
        case let t as CATransform3D: return try transform(t)
        case let c as CGColor: return try color(c)
        case let p as CGPath: return try path(p)
        case let f as CAMediaTimingFunction: return try timingFunction(f)
        case let elements as [Any]:
            var fields: [ArchiveFieldValue] = []
            for element in elements { fields.append(try value(element, depth: depth + 1)) }
            return try array(fields)
        case let entries as [String: Any]:
            var fields: [(key: String, value: ArchiveFieldValue)] = []
            for key in entries.keys.sorted() { fields.append((key, try value(entries[key], depth: depth + 1))) }
            return try dictionary(fields)
        default: break
        }
        throw SceneDocumentError.unencodableValue(reason: "a value of type \(type(of: any))")
    }

    /// An `NSNumber` as the type it holds: a boolean, a real or an integer.
    private mutating func number(_ number: NSNumber) throws -> ArchiveFieldValue {
        switch String(cString: number.objCType) {
        // Booleans are `NSNumber` subclasses (`__NSCFBoolean`) holding a char.
        case "c" where type(of: number) != NSNumber.self: return try bool(number.boolValue)
        case "f", "d": return try self.number(number.doubleValue)
        case "Q" where number.uint64Value > UInt64(Int64.max): return try self.number(number.doubleValue)
        default: return try integer(number.int64Value)
        }
    }
}
