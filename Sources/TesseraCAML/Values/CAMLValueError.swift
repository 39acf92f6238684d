import TesseraCore
import TesseraDocument

/// Why a CAML attribute value cannot be read as the value asked for (or a value cannot be
/// written in CAML), and where in the value.
///
/// ``offset`` is a UTF-8 byte offset into the string that was parsed: the start of the token
/// that is wrong, or the string's length when more was expected. The reader of a document turns
/// it into a line and column with ``CAMLAttribute/location(ofValueOffset:)``.
struct CAMLValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    var reason: Reason
    /// Where, in UTF-8 bytes from the start of the string (0 for a value that cannot be written).
    var offset: Int
    /// Which of the parsed strings ``offset`` is in, for parsers that take two.
    var field: Field = .value

    /// The strings a parser reads: the value itself, or (for colours) the `opacity` beside it.
    enum Field: Hashable, Sendable {
        case value
        case opacity
    }

    /// `offset N: message` (`offset N of the opacity: …` for the opacity).
    var description: String {
        "offset \(offset)\(field == .opacity ? " of the opacity" : ""): \(reason)"
    }

    /// The kinds of error.
    enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// Something else stands where the first text was expected; `found` says what.
        case expected(String, found: String)
        /// `NaN` (in any case): never a CAML value.
        case notANumber
        /// An infinite number where only finite ones make sense (geometry, colours, paths).
        case notFinite
        /// A number too large for its type (a `Double`'s, a `Float`'s or an `Int`'s range).
        case outOfRange(String)
        /// The wrong number of numbers: `what` has `expected`.
        case wrongCount(what: String, expected: String, found: Int)
        /// A transform function other than `translate`, `scale`, `rotate` and `matrix`.
        case unknownFunction(String)
        /// A transform function with the wrong number of arguments.
        case wrongArgumentCount(function: String, expected: String, found: Int)
        /// A unit on a number that takes none (only `rotate`'s angle takes one).
        case unitNotAllowed(String)
        /// An angle unit other than `deg` and `rad`.
        case unknownUnit(String)
        /// A path operator other than `m`, `l`, `c`, `q`, `h` and `z`.
        case unknownOperator(String)
        /// A path operator with the wrong number of operands before it.
        case wrongOperandCount(operator: String, expected: Int, found: Int)
        /// A path segment (or close) with no current point: nothing was moved to before it.
        case noCurrentPoint(operator: String)
        /// Numbers at the end of a path with no operator after them.
        case operandsWithoutOperator(Int)
        /// A timing function name other than Core Animation's five.
        case unknownTimingFunctionName(String)
        /// A colour with four components and an opacity: two alphas.
        case conflictingAlpha
        /// A value that CAML cannot carry (NaN, or a non-finite coordinate), when writing.
        case notRepresentable(String)
        /// A name other than the constants Tessera knows for the property (`fillMode="sideways"`).
        case unknownConstant(String, known: [String])

        var description: String {
            switch self {
            case .expected(let expected, let found): "expected \(expected), found \(found)"
            case .notANumber: "NaN is not allowed"
            case .notFinite: "an infinite number is not allowed here"
            case .outOfRange(let what): "\(what) is out of range"
            case .wrongCount(let what, let expected, let found): "\(what) has \(expected), found \(found)"
            case .unknownFunction(let name):
                "unknown transform function '\(name)' (expected translate, scale, rotate or matrix)"
            case .wrongArgumentCount(let function, let expected, let found):
                "\(function)() takes \(expected) arguments, found \(found)"
            case .unitNotAllowed(let unit): "unit '\(unit)' is not allowed here (only angles have units)"
            case .unknownUnit(let unit): "unknown angle unit '\(unit)' (expected deg or rad)"
            case .unknownOperator(let name): "unknown path operator '\(name)' (expected m, l, c, q, h or z)"
            case .wrongOperandCount(let name, let expected, let found):
                "path operator '\(name)' takes \(expected) numbers, found \(found)"
            case .noCurrentPoint(let name): "path operator '\(name)' has no current point (move with 'm' first)"
            case .operandsWithoutOperator(let count): "\(count) number(s) at the end of the path with no operator"
            case .unknownTimingFunctionName(let name):
                "unknown timing function '\(name)' (expected default, linear, easeIn, easeOut or easeInEaseOut)"
            case .conflictingAlpha: "a colour with four components cannot also have an opacity"
            case .notRepresentable(let what): "cannot be written in CAML: \(what)"
            case .unknownConstant(let name, let known):
                "unknown constant '\(name)' (expected \(known.joined(separator: ", ")))"
            }
        }
    }
}
