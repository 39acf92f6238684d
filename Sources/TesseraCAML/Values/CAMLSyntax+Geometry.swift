import Foundation
import TesseraCore
import TesseraDocument

// Points, sizes and rectangles: finite numbers separated by whitespace.

extension CAMLSyntax {
    /// A point, `"x y"` (`position="20 20"`, `anchorPoint="0.5 0"`).
    static func parsePoint(_ text: String) throws(CAMLValueError) -> CGPoint {
        let n = try numbers(text, count: 2, what: "a point")
        return CGPoint(x: n[0], y: n[1])
    }

    /// A size, `"width height"`.
    static func parseSize(_ text: String) throws(CAMLValueError) -> CGSize {
        let n = try numbers(text, count: 2, what: "a size")
        return CGSize(width: n[0], height: n[1])
    }

    /// A rectangle, `"x y width height"` (`bounds="0 0 52 39"`). Negative sizes are kept as
    /// written, as `CGRect` keeps them.
    static func parseRect(_ text: String) throws(CAMLValueError) -> CGRect {
        let n = try numbers(text, count: 4, what: "a rect")
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// `"x y"`, each number in its shortest spelling (see ``formatNumber(_:)``); both must be
    /// finite.
    static func formatPoint(_ point: CGPoint) throws(CAMLValueError) -> String {
        try formatList([point.x, point.y])
    }

    /// `"width height"`; both must be finite.
    static func formatSize(_ size: CGSize) throws(CAMLValueError) -> String {
        try formatList([size.width, size.height])
    }

    /// `"x y width height"`, the origin and size as stored (not standardized); all must be
    /// finite.
    static func formatRect(_ rect: CGRect) throws(CAMLValueError) -> String {
        try formatList([rect.origin.x, rect.origin.y, rect.size.width, rect.size.height])
    }

    /// Exactly `count` finite numbers; too many is an error at the first extra one, too few at
    /// the end of the value.
    static func numbers(_ text: String, count: Int, what: String) throws(CAMLValueError) -> [Double] {
        var scanner = CAMLValueScanner(text)
        let list = try scanner.finiteNumberList()
        guard list.count == count else {
            throw scanner.fail(
                .wrongCount(what: what, expected: "\(count) numbers", found: list.count),
                at: list.count > count ? list[count].offset : scanner.bytes.count)
        }
        return list.map(\.value)
    }

    /// Any number of finite numbers separated by whitespace (`lineDashPattern="2 3"`); an empty
    /// value is an empty list.
    static func parseNumberList(_ text: String) throws(CAMLValueError) -> [Double] {
        var scanner = CAMLValueScanner(text)
        return try scanner.finiteNumberList().map(\.value)
    }

    /// Finite numbers joined by single spaces.
    static func formatList(_ values: [CGFloat]) throws(CAMLValueError) -> String {
        var parts: [String] = []
        parts.reserveCapacity(values.count)
        for value in values { parts.append(try formatFiniteNumber(Double(value))) }
        return parts.joined(separator: " ")
    }
}
