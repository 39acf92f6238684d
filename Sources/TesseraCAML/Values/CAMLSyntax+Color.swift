import Foundation
import TesseraCore
import TesseraDocument

// Colours: sRGB components, with the alpha either a fourth component or an opacity beside them.

extension CAMLSyntax {
    /// A colour from its `value` and, when the element has one, its `opacity`.
    ///
    /// CAML writes a colour as `"r g b"`, components in [0, 1] in sRGB, either as an attribute
    /// (`backgroundColor="1 1 1"`, opaque) or as an element whose `opacity` attribute carries the
    /// alpha (`<backgroundColor opacity="0" value="0 0 0"/>`). A fourth component is read as
    /// the alpha too. A colour with both a fourth component and an opacity is refused rather
    /// than guessed at (no such file has been seen; multiplying or choosing would both be
    /// guesses).
    ///
    /// Components and opacity must be finite; values outside [0, 1] are kept, as `CGColor` keeps
    /// extended-range components, and clamped when drawn.
    ///
    /// - Parameters:
    ///   - value: the components.
    ///   - opacity: the `opacity` attribute's text, nil when there is none. Errors in it have
    ///     ``CAMLValueError/field`` ``CAMLValueError/Field/opacity``.
    static func parseColor(_ value: String, opacity: String?) throws(CAMLValueError) -> ColorComponents {
        var scanner = CAMLValueScanner(value)
        let components = try scanner.finiteNumberList()
        guard components.count == 3 || components.count == 4 else {
            throw scanner.fail(
                .wrongCount(
                    what: "a colour", expected: "3 or 4 numbers (r g b [a])",
                    found: components.count),
                at: components.count > 4 ? components[4].offset : scanner.bytes.count)
        }
        var alpha = components.count == 4 ? components[3].value : 1
        if let opacity {
            guard components.count == 3 else { throw scanner.fail(.conflictingAlpha, at: components[3].offset) }
            do {
                alpha = try parseFiniteNumber(opacity)
            } catch {
                throw CAMLValueError(reason: error.reason, offset: error.offset, field: .opacity)
            }
        }
        return ColorComponents(
            red: components[0].value, green: components[1].value,
            blue: components[2].value, alpha: alpha)
    }

    /// The colour as CAML writes it: `value` is `"r g b"`, and `opacity` the alpha, nil when
    /// the colour is opaque (alpha exactly 1), so that the writer can use the attribute form.
    static func formatColor(_ color: ColorComponents) throws(CAMLValueError) -> (value: String, opacity: String?) {
        let value = try formatList([CGFloat(color.red), CGFloat(color.green), CGFloat(color.blue)])
        return (value, color.alpha == 1 ? nil : try formatFiniteNumber(color.alpha))
    }
}
