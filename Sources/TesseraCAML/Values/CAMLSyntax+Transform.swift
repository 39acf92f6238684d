import Foundation
import TesseraCore

// Transforms: a list of functions, as in `transform="rotate(180deg) scale(2, 2, 1)"`.

extension CAMLSyntax {
    /// A 3D transform written as a list of transform functions, or the identity for an empty
    /// value (Apple's files write `transform=""` for layers without one).
    ///
    /// The functions, as this reader understands them. Apple does not document CAML: its files
    /// show `scale(0.495, 0.495, 1)`, `rotate(-45deg)` and `""`; the other forms are this
    /// reader's, taken from CSS where CAML's spelling looks like CSS's, and from Core
    /// Animation's functions (a rotation axis):
    /// - `translate(x[, y[, z]])`: `CATransform3DMakeTranslation`, missing values 0;
    /// - `scale(s)`: `(s, s, 1)`; `scale(x, y[, z])`: `CATransform3DMakeScale`, z 1 when missing;
    /// - `rotate(angle)`: about the z axis; `rotate(angle, x, y, z)`: about the axis (x, y, z),
    ///   `CATransform3DMakeRotation` (a zero axis rotates nothing). The angle is in degrees with
    ///   `deg` (converted as `angle × π / 180`), in radians with `rad` or no unit (Core
    ///   Animation's own unit);
    /// - `matrix(m11, m12, …, m44)`: the sixteen elements row by row, as `CATransform3D` lists
    ///   them; `matrix(a, b, c, d, tx, ty)`: the affine transform, as
    ///   `CATransform3DMakeAffineTransform`.
    ///
    /// Arguments are separated by commas or whitespace; functions by optional whitespace. Only
    /// an angle takes a unit, and every number must be finite.
    ///
    /// # Order
    /// Functions compose as in CSS: the written list `f1 f2 … fn` maps a point through `fn`
    /// first and `f1` last, as if each function were applied in turn to the layer's coordinate
    /// system. In Core Animation's row-vector convention that is
    /// `CATransform3DConcat(fn, … CATransform3DConcat(f2, f1))`, the same as starting from the
    /// identity and calling `CATransform3DTranslate` / `Scale` / `Rotate` for each function in
    /// the written order. So `translate(10, 0) rotate(90deg)` rotates a point about the origin,
    /// then moves it 10 along x.
    static func parseTransform(_ text: String) throws(CAMLValueError) -> CATransform3D {
        var scanner = CAMLValueScanner(text)
        var result: CATransform3D?
        scanner.skipWhitespace()
        while !scanner.isAtEnd {
            let function = try transformFunction(&scanner)
            result = result.map { CATransform3DConcat(function, $0) } ?? function
            scanner.skipWhitespace()
        }
        return result ?? CATransform3DIdentity
    }

    /// One argument of a transform function as written.
    private struct TransformArgument {
        let value: Double
        /// The letters right after the number (`deg`), empty when none.
        let unit: String
        let unitOffset: Int
    }

    /// Reads `name(arguments)` and returns its matrix.
    private static func transformFunction(_ scanner: inout CAMLValueScanner) throws(CAMLValueError) -> CATransform3D {
        let nameOffset = scanner.offset
        let name = scanner.word()
        guard !name.isEmpty else { throw scanner.failExpected("a transform function such as rotate(…)") }
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "(") else { throw scanner.failExpected("'(' after \(name)") }
        scanner.offset += 1
        var arguments: [TransformArgument] = []
        scanner.skipWhitespace()
        if scanner.current == UInt8(ascii: ")") {
            scanner.offset += 1
        } else {
            while true {
                let value = try scanner.double()
                let unitOffset = scanner.offset
                arguments.append(TransformArgument(value: value, unit: scanner.word(), unitOffset: unitOffset))
                let spaced = scanner.skipWhitespace()
                if scanner.current == UInt8(ascii: ",") {
                    scanner.offset += 1
                    scanner.skipWhitespace()
                } else if scanner.current == UInt8(ascii: ")") {
                    scanner.offset += 1
                    break
                } else if !(spaced && scanner.current.map(CAMLValueScanner.canStartNumber) == true) {
                    throw scanner.failExpected("',' or ')'")
                }
            }
        }

        func arity(_ expected: String, _ allowed: Set<Int>) throws(CAMLValueError) {
            guard allowed.contains(arguments.count) else {
                throw scanner.fail(
                    .wrongArgumentCount(function: name, expected: expected, found: arguments.count),
                    at: nameOffset)
            }
        }
        // Only rotate's first argument, the angle, may have a unit.
        for (i, argument) in arguments.enumerated() where !argument.unit.isEmpty && !(name == "rotate" && i == 0) {
            throw scanner.fail(.unitNotAllowed(argument.unit), at: argument.unitOffset)
        }
        let v = arguments.map { CGFloat($0.value) }
        switch name {
        case "translate":
            try arity("1, 2 or 3", [1, 2, 3])
            return CATransform3DMakeTranslation(v[0], v.count > 1 ? v[1] : 0, v.count > 2 ? v[2] : 0)
        case "scale":
            try arity("1, 2 or 3", [1, 2, 3])
            return CATransform3DMakeScale(v[0], v.count > 1 ? v[1] : v[0], v.count > 2 ? v[2] : 1)
        case "rotate":
            try arity("1 or 4", [1, 4])
            let angle: CGFloat
            switch arguments[0].unit {
            case "deg": angle = CGFloat(arguments[0].value * Double.pi / 180)
            case "rad", "": angle = v[0]
            default: throw scanner.fail(.unknownUnit(arguments[0].unit), at: arguments[0].unitOffset)
            }
            return v.count == 4
                ? CATransform3DMakeRotation(angle, v[1], v[2], v[3])
                : CATransform3DMakeRotation(angle, 0, 0, 1)
        case "matrix":
            try arity("6 or 16", [6, 16])
            if v.count == 6 {
                return CATransform3DMakeAffineTransform(
                    CGAffineTransform(
                        a: v[0], b: v[1], c: v[2], d: v[3],
                        tx: v[4], ty: v[5]))
            }
            return CATransform3D(
                m11: v[0], m12: v[1], m13: v[2], m14: v[3],
                m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                m31: v[8], m32: v[9], m33: v[10], m34: v[11],
                m41: v[12], m42: v[13], m43: v[14], m44: v[15])
        default:
            throw scanner.fail(.unknownFunction(name), at: nameOffset)
        }
    }
}
