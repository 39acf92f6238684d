import TesseraCore
import TesseraDocument

/// CAML's spellings of values in attributes, read and written.
///
/// Core Animation's XML writes every property as text: `bounds="0 0 40 40"`,
/// `transform="scale(0.495, 0.495, 1)"`, `path="15.4 14.7 m 7.3 7.5 l … h"`,
/// `repeatCount="Inf"`. Each kind of value has a parser, which throws a ``CAMLValueError`` saying
/// what was expected and at which byte of the string, and a formatter, its inverse:
/// `parse(format(v)) == v` exactly for every value the formatter accepts (numbers are written
/// in Swift's shortest form that reads back to the same bits).
///
/// The spellings are those of Apple's CAML files (see `Tests/TesseraTestSupport/Fixtures`); where the
/// files leave a question open, the choice is written on the function. Whitespace (space, tab,
/// line breaks) separates numbers and may surround a whole value. NaN is never accepted;
/// infinities only as plain numbers (``parseNumber(_:)``), never in geometry, colours, transforms
/// or paths.
enum CAMLSyntax {}
