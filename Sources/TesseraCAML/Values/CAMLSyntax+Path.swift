import TesseraCore
import TesseraDocument
import TesseraRaster

// Paths in CAML's postfix notation: `path="15.4 14.7 m 7.3 7.5 l … h"`.

extension CAMLSyntax {
    /// A path in postfix notation: each operator follows its operands.
    ///
    /// | written | element |
    /// |---|---|
    /// | `x y m` | move to (x, y) |
    /// | `x y l` | line to (x, y) |
    /// | `c1x c1y c2x c2y x y c` | cubic Bézier to (x, y) |
    /// | `cx cy x y q` | quadratic Bézier to (x, y) |
    /// | `h`, `z` | close the subpath |
    ///
    /// `m`, `l`, `c` and `h` are PDF's path operators, with PDF's operands (`Bluetooth.caml`
    /// shows `m`, `l` and `h`). `q` (a quadratic curve, which CGPath has and PDF lacks) and `z`
    /// (SVG's close) are read as the CAML issue describes them: no file seen shows how Apple
    /// writes them. PDF's `v`, `y` and `re` are not read, no file having been seen with them.
    /// Tokens are separated by whitespace; every number must be finite.
    ///
    /// The path is built with CGPath's rules, with one difference: a segment or close with no
    /// current point (before any `m`) is an error rather than silently dropped. After a close,
    /// the next segment starts at the closed subpath's start, as in CGPath. An empty value is
    /// an empty path.
    static func parsePath(_ text: String) throws(CAMLValueError) -> Path {
        var scanner = CAMLValueScanner(text)
        var path = Path()
        var operands: [Double] = []
        var firstOperandOffset = 0
        scanner.skipWhitespace()
        while let lead = scanner.current {
            if CAMLValueScanner.canStartNumber(lead) {
                if operands.isEmpty { firstOperandOffset = scanner.offset }
                operands.append(try scanner.double())
            } else if CAMLValueScanner.isLetter(lead) {
                let operatorOffset = scanner.offset
                let name = scanner.word()
                switch name.lowercased() {
                case "inf", "infinity": throw scanner.fail(.notFinite, at: operatorOffset)
                case "nan": throw scanner.fail(.notANumber, at: operatorOffset)
                default: break
                }
                try applyPathOperator(name, operands, to: &path, at: operatorOffset)
                operands.removeAll(keepingCapacity: true)
            } else {
                throw scanner.failExpected("a number or a path operator")
            }
            try scanner.expectSeparator()
            scanner.skipWhitespace()
        }
        guard operands.isEmpty else {
            throw scanner.fail(.operandsWithoutOperator(operands.count), at: firstOperandOffset)
        }
        return path
    }

    /// Adds the element `name` stands for, with `operands`, to `path`.
    private static func applyPathOperator(
        _ name: String, _ operands: [Double], to path: inout Path,
        at offset: Int
    ) throws(CAMLValueError) {
        let arity: Int
        switch name {
        case "m", "l": arity = 2
        case "c": arity = 6
        case "q": arity = 4
        case "h", "z": arity = 0
        default: throw CAMLValueError(reason: .unknownOperator(name), offset: offset)
        }
        guard operands.count == arity else {
            throw CAMLValueError(
                reason: .wrongOperandCount(operator: name, expected: arity, found: operands.count),
                offset: offset)
        }
        guard name == "m" || path.currentPoint != nil else {
            throw CAMLValueError(reason: .noCurrentPoint(operator: name), offset: offset)
        }
        func point(_ i: Int) -> Point { Point(x: operands[i], y: operands[i + 1]) }
        switch name {
        case "m": path.move(to: point(0))
        case "l": path.addLine(to: point(0))
        case "c": path.addCurve(to: point(4), control1: point(0), control2: point(2))
        case "q": path.addQuadCurve(to: point(2), control: point(0))
        default: path.closeSubpath()
        }
    }

    /// The path in postfix notation, elements separated by single spaces: `x y m`, `x y l`,
    /// `c1x c1y c2x c2y x y c`, `cx cy x y q`, and `h` for a close (Apple's spelling). Every
    /// coordinate must be finite.
    static func formatPath(_ path: Path) throws(CAMLValueError) -> String {
        var parts: [String] = []
        parts.reserveCapacity(path.verbs.count)
        func coordinates(_ points: Point...) throws(CAMLValueError) -> String {
            var numbers: [String] = []
            for p in points {
                numbers.append(try formatFiniteNumber(p.x))
                numbers.append(try formatFiniteNumber(p.y))
            }
            return numbers.joined(separator: " ")
        }
        for element in path.elements {
            switch element {
            case .move(let p): parts.append(try coordinates(p) + " m")
            case .line(let p): parts.append(try coordinates(p) + " l")
            case .quadCurve(let p, let c): parts.append(try coordinates(c, p) + " q")
            case .cubicCurve(let p, let c1, let c2): parts.append(try coordinates(c1, c2, p) + " c")
            case .closeSubpath: parts.append("h")
            }
        }
        return parts.joined(separator: " ")
    }
}
