import Foundation
import TesseraCore

// Writing transforms: the most readable spelling that reads back to exactly the same matrix.

extension CAMLSyntax {
    /// The transform as CAML writes it.
    ///
    /// The identity is the empty string (as Apple's files write it). Otherwise the formatter
    /// tries the readable spellings of a 2D transform, `translate(x, y, z) rotate(angle)
    /// scale(x, y, z)` with the parts that differ from the identity (angles in whole degrees
    /// when that is exact, as in `rotate(-45deg)`), and keeps the first one that
    /// ``parseTransform(_:)`` reads back to exactly this matrix; when none does (3D rotations,
    /// perspective, skews, rounding), it writes `matrix(…)` with the sixteen elements, which
    /// always reads back exactly. Every element must be finite.
    static func formatTransform(_ transform: CATransform3D) throws(CAMLValueError) -> String {
        let elements = Self.elements(of: transform)
        guard elements.allSatisfy(\.isFinite) else {
            throw CAMLValueError(reason: .notRepresentable("a transform with a non-finite element"), offset: 0)
        }
        if CATransform3DIsIdentity(transform) { return "" }
        for candidate in readableSpellings(of: transform) {
            if let parsed = try? parseTransform(candidate), CATransform3DEqualToTransform(parsed, transform) {
                return candidate
            }
        }
        var numbers: [String] = []
        for element in elements { numbers.append(try formatFiniteNumber(Double(element))) }
        return "matrix(\(numbers.joined(separator: ", ")))"
    }

    /// The sixteen elements row by row.
    private static func elements(of t: CATransform3D) -> [CGFloat] {
        [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
        ]
    }

    /// Candidate spellings as translate, rotate about z and scale, for a transform that keeps
    /// the z = 0 plane's orientation and has no perspective; none for any other. The caller
    /// checks each by reading it back.
    private static func readableSpellings(of t: CATransform3D) -> [String] {
        guard t.m13 == 0, t.m14 == 0, t.m23 == 0, t.m24 == 0, t.m31 == 0, t.m32 == 0, t.m34 == 0,
            t.m44 == 1
        else { return [] }
        func list(_ values: [CGFloat]) -> String? {
            var parts: [String] = []
            for value in values {
                guard let text = try? formatFiniteNumber(Double(value)) else { return nil }
                parts.append(text)
            }
            return parts.joined(separator: ", ")
        }
        func spelling(_ parts: [String?]) -> String { parts.compactMap { $0 }.joined(separator: " ") }

        let translation = t.m41 == 0 && t.m42 == 0 && t.m43 == 0 ? nil : list([t.m41, t.m42, t.m43]).map { "translate(\($0))" }
        func scale(_ x: CGFloat, _ y: CGFloat) -> String? {
            x == 1 && y == 1 && t.m33 == 1 ? nil : list([x, y, t.m33]).map { "scale(\($0))" }
        }
        if t.m12 == 0 && t.m21 == 0 {
            return [spelling([translation, scale(t.m11, t.m22)])]
        }
        // The 2×2 part as scale · rotation (row vectors): rows sx·(cos, sin) and sy·(−sin, cos).
        // The values recovered carry rounding errors (a scale of 0.9999999999999999), so each is
        // offered rounded to 12 significant digits first, then as computed.
        let m11 = Double(t.m11), m12 = Double(t.m12), m21 = Double(t.m21), m22 = Double(t.m22)
        let angle = atan2(m12, m11)
        let sx = (m11 * m11 + m12 * m12).squareRoot()
        let sy = m22 * cos(angle) - m21 * sin(angle)
        let degrees = angle * 180 / Double.pi
        var angles: [String] = []
        for value in [degrees.rounded()] + roundedAndExact(degrees) where abs(value - degrees) < 1e-9 {
            guard let text = try? formatFiniteNumber(value), !angles.contains("\(text)deg") else { continue }
            angles.append("\(text)deg")
        }
        if let text = try? formatFiniteNumber(angle) { angles.append("\(text)rad") }
        var spellings: [String] = []
        for angle in angles {
            for x in roundedAndExact(sx) {
                for y in roundedAndExact(sy) {
                    spellings.append(spelling([translation, "rotate(\(angle))", scale(CGFloat(x), CGFloat(y))]))
                }
            }
        }
        return spellings
    }

    /// `value` rounded to 12 significant digits, then `value` itself when that differs.
    private static func roundedAndExact(_ value: Double) -> [Double] {
        guard let rounded = Double(String(format: "%.12g", value)), rounded != value else { return [value] }
        return [rounded, value]
    }
}
