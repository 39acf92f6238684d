import TesseraDocument
import TesseraKeyedArchive

extension CoreAnimationCoding {
    // MARK: Values

    /// `CGPoint`, `CGSize`, `CGRect`, `CATransform3D` (and more kinds Tessera does not read).
    static let valueProxyClass = ArchiveClass("LKNSValueCodingProxy", superclasses: ["CACodingProxy", "NSObject"])
    static let colorProxyClass = ArchiveClass("LKCGColorCodingProxy", superclasses: ["CACodingProxy", "NSObject"])
    static let pathProxyClass = ArchiveClass("CACGPathCodingProxy", superclasses: ["CACodingProxy", "NSObject"])
    static let pathSegmentClass = ArchiveClass("CACGPathCodingSegment")
    static let arrayProxyClass = ArchiveClass("LKNSArrayCodingProxy", superclasses: ["CACodingProxy", "NSObject"])
    static let dictionaryProxyClass = ArchiveClass("LKNSDictionaryCodingProxy", superclasses: ["CACodingProxy", "NSObject"])
    static let timingFunctionClass = ArchiveClass("CAMediaTimingFunction")
    /// A property animation's `valueFunction`, by its name under ``valueFunctionNameKey``.
    static let valueFunctionClass = ArchiveClass("CAValueFunction")
    static let valueFunctionNameKey = "name"
    static let nullClass = "NSNull"

    static let valueKindKey = "kind"
    /// The fields of a transform value, row by row.
    static let transformKeys = [
        "m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
        "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44",
    ]
    static let colorKeys = ["r", "g", "b", "a"]
    /// A pattern color, which Tessera does not draw.
    static let colorPatternKey = "CGColorPattern"
    static let pathSegmentsKey = "LKCGPathSegments"
    static let pathTypeKey = "LKCGPathType"
    static func pathPointKeys(_ index: Int) -> (x: String, y: String) {
        ("LKCGPathPoint\(index)_x", "LKCGPathPoint\(index)_y")
    }
    static let arrayProxyArrayKey = "array"
    static let dictionaryProxyKey = "dict"
    static let timingFunctionKeys = ["c1x", "c1y", "c2x", "c2y"]
}

/// The kinds of `LKNSValueCodingProxy`: 0–3 store `Float`s, 5–7 `Double`s of the same shapes.
enum ArchivedValueKind: Int {
    case point = 0, size = 1, rect = 2, transform = 3
    case doublePoint = 5, doubleSize = 6, doubleRect = 7
}
