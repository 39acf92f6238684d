import Foundation
import TesseraCore
import TesseraDocument
import TesseraKeyedArchive

/// Reads the values of a Core Animation archive: numbers, strings, and the coding proxies Core
/// Animation writes for its value types, as the Swift values Tessera's API takes.
///
/// Decoding is bounded: values nest at most `CoreAnimationCoding.maximumDepth` deep, and each object visited costs
/// one unit of a budget fixed from the size of the file, so that an archive whose objects refer
/// many times to the same collections (a graph built to multiply work, like a "billion laughs"
/// XML file) is rejected instead of decoded exponentially.
///
/// Choices where Core Animation's coders are silent or lenient, written down here:
/// - A missing field of a proxy is 0, as `decodeFloatForKey:` returns, except the entries of a
///   transform, which default to the identity's.
/// - Proxies of kinds 0–3 store `Float`s in Apple's files; Tessera reads (and writes) them as
///   `Double`s, so that its own archives round-trip exactly.
/// - A number in a proxy that is NaN or infinite makes the value unsupported (the property or
///   animation holding it is skipped).
/// - A path proxy without segments is an empty path.
struct ArchivedValueReader {
    typealias Format = CoreAnimationCoding

    /// Objects left to visit.
    private var budget: Int

    /// A reader that visits at most `budget` objects.
    init(budget: Int) {
        self.budget = budget
    }

    /// Counts `count` objects visited; fails when the budget is spent.
    mutating func visit(_ count: Int = 1) throws(ArchiveDecodingFailure) {
        budget -= count
        guard budget >= 0 else {
            throw .malformed(
                "the archive refers to its objects more often than its size allows (shared collections nested to multiply work)")
        }
    }

    /// Fails when `depth` is past `CoreAnimationCoding.maximumDepth`.
    static func check(depth: Int) throws(ArchiveDecodingFailure) {
        guard depth <= Format.maximumDepth else { throw .malformed("objects nested more than \(Format.maximumDepth) deep") }
    }

    // MARK: Scalars

    /// An integer, real or boolean, as NSNumber converts.
    func number(_ value: ArchivedValue) throws(ArchiveDecodingFailure) -> Double {
        guard let number = value.doubleValue else { throw .mismatch(value, expected: "a number") }
        return number
    }

    /// A boolean, stored as a boolean or, in Kite's archives, as an integer.
    func bool(_ value: ArchivedValue) throws(ArchiveDecodingFailure) -> Bool {
        guard let flag = value.boolValue else { throw .mismatch(value, expected: "a boolean") }
        return flag
    }

    /// A whole number.
    func int(_ value: ArchivedValue) throws(ArchiveDecodingFailure) -> Int {
        guard let number = value.intValue else { throw .mismatch(value, expected: "a whole number") }
        return number
    }

    func string(_ value: ArchivedValue) throws(ArchiveDecodingFailure) -> String {
        guard let string = value.stringValue else { throw .mismatch(value, expected: "a string") }
        return string
    }

    /// A number as `NSNumber` holds it: integers and booleans exactly, reals as reals.
    func nsNumber(_ value: ArchivedValue) throws(ArchiveDecodingFailure) -> NSNumber {
        switch value {
        case .integer(let integer): return NSNumber(value: integer)
        case .real(let real): return NSNumber(value: real)
        case .bool(let flag): return NSNumber(value: flag)
        default: throw .mismatch(value, expected: "a number")
        }
    }

    // MARK: Collections

    /// The elements of an array: an `LKNSArrayCodingProxy` or an `NSArray`; nil for nil.
    mutating func elements(_ value: ArchivedValue) throws -> [ArchivedValue]? {
        guard value != .null else { return nil }
        guard case .object(var array) = value else { throw ArchiveDecodingFailure.mismatch(value, expected: "an array") }
        if array.className == Format.arrayProxyClass.name {
            // The proxy of a nil array decodes to nil.
            guard let inner = try array.object(forKey: Format.arrayProxyArrayKey) else { return nil }
            array = inner
        }
        guard array.isKind(of: "NSArray") else { throw ArchiveDecodingFailure.mismatch(value, expected: "an array") }
        let elements = try array.arrayElements()
        try visit(elements.count)
        return elements
    }

    /// The entries of a dictionary: an `LKNSDictionaryCodingProxy` or an `NSDictionary`; nil
    /// for nil.
    mutating func entries(_ value: ArchivedValue) throws -> ArchivedDictionary? {
        guard value != .null else { return nil }
        guard case .object(var dictionary) = value else { throw ArchiveDecodingFailure.mismatch(value, expected: "a dictionary") }
        if dictionary.className == Format.dictionaryProxyClass.name {
            guard let inner = try dictionary.object(forKey: Format.dictionaryProxyKey) else { return nil }
            dictionary = inner
        }
        guard dictionary.isKind(of: "NSDictionary") else { throw ArchiveDecodingFailure.mismatch(value, expected: "a dictionary") }
        let entries = try dictionary.dictionaryEntries()
        try visit(entries.count)
        return entries
    }

    // MARK: Any value

    /// Any value an animation or a collection may hold, as Core Animation's API hands it out:
    /// `NSNumber`, `String`, `Data`, `CGPoint`, `CGSize`, `CGRect`, `CATransform3D`, `CGColor`,
    /// `CGPath`, `CAMediaTimingFunction`, `[Any]`, `[String: Any]` (nil elements as `NSNull`);
    /// nil for nil. An object of another class, or a NaN or infinite number, is unsupported.
    mutating func value(_ value: ArchivedValue, depth: Int) throws -> Any? {
        switch value {
        case .null: return nil
        case .real(let real) where !real.isFinite: throw ArchiveDecodingFailure.nonFinite
        case .bool, .integer, .real: return try nsNumber(value)
        case .string(let string): return string
        case .data(let bytes): return Data(bytes)
        case .propertyList: throw ArchiveDecodingFailure.mismatch(value, expected: "an archived object")
        case .object(let object): return try self.object(object, depth: depth)
        }
    }

    private mutating func object(_ object: ArchivedObject, depth: Int) throws -> Any? {
        try Self.check(depth: depth)
        try visit()
        switch object.className {
        case Format.valueProxyClass.name: return try geometry(object)
        case Format.colorProxyClass.name: return try color(object)
        case Format.pathProxyClass.name: return try path(object)
        case Format.timingFunctionClass.name: return try timingFunction(object)
        case Format.nullClass: return NSNull()
        case Format.arrayProxyClass.name:
            return try elements(.object(object)).map { elements throws in try array(elements, depth: depth) }
        case Format.dictionaryProxyClass.name:
            return try entries(.object(object)).map { entries throws in try dictionary(entries, depth: depth) }
        default:
            if object.isKind(of: "NSArray") { return try array(object.arrayElements(), depth: depth) }
            if object.isKind(of: "NSDictionary") { return try dictionary(object.dictionaryEntries(), depth: depth) }
            throw ArchiveDecodingFailure.unsupported(className: object.className, reason: .unsupportedClass)
        }
    }

    private mutating func array(_ elements: [ArchivedValue], depth: Int) throws -> [Any] {
        var values: [Any] = []
        values.reserveCapacity(elements.count)
        for element in elements { values.append(try value(element, depth: depth + 1) ?? NSNull()) }
        return values
    }

    private mutating func dictionary(_ entries: ArchivedDictionary, depth: Int) throws -> [String: Any] {
        var values: [String: Any] = [:]
        for (key, element) in zip(entries.keys, entries.values) { values[key] = try value(element, depth: depth + 1) ?? NSNull() }
        return values
    }

    // MARK: Proxies

    /// A finite number field of a proxy (`defaultValue` when absent).
    private func field(_ object: ArchivedObject, _ key: String, default defaultValue: Double = 0) throws -> CGFloat {
        let number = try object.double(forKey: key) ?? defaultValue
        guard number.isFinite else { throw ArchiveDecodingFailure.nonFinite }
        return CGFloat(number)
    }

    /// An `LKNSValueCodingProxy`: a point, size, rect or transform.
    private func geometry(_ object: ArchivedObject) throws -> Any {
        let kindNumber = try object.int(forKey: Format.valueKindKey) ?? 0
        guard let kind = ArchivedValueKind(rawValue: kindNumber) else {
            throw ArchiveDecodingFailure.unsupported(
                className: object.className,
                reason: .unsupportedValue("value of kind \(kindNumber)"))
        }
        switch kind {
        case .point, .doublePoint:
            return CGPoint(x: try field(object, "x"), y: try field(object, "y"))
        case .size, .doubleSize:
            return CGSize(width: try field(object, "width"), height: try field(object, "height"))
        case .rect, .doubleRect:
            return CGRect(
                x: try field(object, "x"), y: try field(object, "y"),
                width: try field(object, "width"), height: try field(object, "height"))
        case .transform:
            // Core Animation writes only `kind` for the identity.
            var m: [CGFloat] = []
            for (index, key) in Format.transformKeys.enumerated() {
                m.append(try field(object, key, default: index % 5 == 0 ? 1 : 0))
            }
            return CATransform3D(
                m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
                m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
        }
    }

    /// An `LKCGColorCodingProxy`: red, green, blue and alpha in (extended) sRGB.
    private func color(_ object: ArchivedObject) throws -> CGColor {
        guard try object.value(forKey: Format.colorPatternKey) == nil else {
            throw ArchiveDecodingFailure.unsupported(className: object.className, reason: .unsupportedValue("a pattern color"))
        }
        let c = try Format.colorKeys.map { try field(object, $0) }
        return CGColor(srgbRed: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// A `CACGPathCodingProxy`: its `CACGPathCodingSegment`s, whose points are those of
    /// `CGPathElement` (a quad's control point first, a cubic's two control points first).
    private mutating func path(_ object: ArchivedObject) throws -> CGPath {
        let path = CGMutablePath()
        for element in try elements(object.value(forKey: Format.pathSegmentsKey) ?? .null) ?? [] {
            guard let segment = element.objectValue, segment.className == Format.pathSegmentClass.name else {
                throw ArchiveDecodingFailure.mismatch(element, expected: "a path segment")
            }
            func point(_ index: Int) throws -> CGPoint {
                let keys = Format.pathPointKeys(index)
                return CGPoint(x: try field(segment, keys.x), y: try field(segment, keys.y))
            }
            let type = try segment.int(forKey: Format.pathTypeKey) ?? 0
            switch CGPathElementType(rawValue: Int32(clamping: type)) {
            case .moveToPoint: path.move(to: try point(0))
            case .addLineToPoint: path.addLine(to: try point(0))
            case .addQuadCurveToPoint: path.addQuadCurve(to: try point(1), control: try point(0))
            case .addCurveToPoint: path.addCurve(to: try point(2), control1: try point(0), control2: try point(1))
            case .closeSubpath: path.closeSubpath()
            case nil:
                throw ArchiveDecodingFailure.unsupported(
                    className: object.className,
                    reason: .unsupportedValue("path segment of type \(type)"))
            }
        }
        return path
    }

    /// A `CAMediaTimingFunction`, from its control points.
    private func timingFunction(_ object: ArchivedObject) throws -> CAMediaTimingFunction {
        let c = try Format.timingFunctionKeys.map { Float(try field(object, $0)) }
        guard c.allSatisfy(\.isFinite) else { throw ArchiveDecodingFailure.nonFinite }
        return CAMediaTimingFunction(controlPoints: c[0], c[1], c[2], c[3])
    }
}
