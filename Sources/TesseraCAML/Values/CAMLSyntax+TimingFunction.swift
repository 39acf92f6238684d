import TesseraCore
import TesseraDocument

// Timing functions: a name or four control point coordinates.

extension CAMLSyntax {
    /// A timing function: one of the names `default`, `linear`, `easeIn`, `easeOut`,
    /// `easeInEaseOut` (the spelling is exact: case matters), or four finite numbers
    /// `"c1x c1y c2x c2y"`, read as `Float`s as Core Animation keeps them.
    ///
    /// Either spelling is accepted wherever a timing function is written (the `timingFunction`
    /// attribute, a `<CAMediaTimingFunction value="…"/>` element). The x coordinates are not
    /// checked against [0, 1]: Tessera clamps them when it evaluates the curve.
    static func parseTimingFunction(_ text: String) throws(CAMLValueError) -> CAMLTimingFunction {
        var scanner = CAMLValueScanner(text)
        scanner.skipWhitespace()
        if let lead = scanner.current, CAMLValueScanner.isLetter(lead) {
            // The whole token, so that the error names what was written (`ease-in`).
            let nameOffset = scanner.offset
            while let byte = scanner.current, !CAMLValueScanner.isWhitespace(byte) { scanner.offset += 1 }
            let word = String(decoding: scanner.bytes[nameOffset..<scanner.offset], as: UTF8.self)
            guard let name = CAMLTimingFunction.Name(rawValue: word) else {
                throw scanner.fail(.unknownTimingFunctionName(word), at: nameOffset)
            }
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw scanner.failExpected("the end of the value") }
            return .named(name)
        }
        var points: [(value: Float, offset: Int)] = []
        while !scanner.isAtEnd {
            let start = scanner.offset
            points.append((try scanner.float(), start))
            try scanner.expectSeparator()
            scanner.skipWhitespace()
        }
        guard points.count == 4 else {
            throw scanner.fail(
                .wrongCount(
                    what: "a timing function", expected: "a name or 4 numbers",
                    found: points.count),
                at: points.count > 4 ? points[4].offset : scanner.bytes.count)
        }
        return .controlPoints(points[0].value, points[1].value, points[2].value, points[3].value)
    }

    /// The name, or the four control point coordinates separated by spaces (each must be
    /// finite).
    static func formatTimingFunction(_ function: CAMLTimingFunction) throws(CAMLValueError) -> String {
        switch function {
        case .named(let name):
            return name.rawValue
        case .controlPoints(let c1x, let c1y, let c2x, let c2y):
            var numbers: [String] = []
            for value in [c1x, c1y, c2x, c2y] { numbers.append(try formatFiniteNumber(value)) }
            return numbers.joined(separator: " ")
        }
    }
}
