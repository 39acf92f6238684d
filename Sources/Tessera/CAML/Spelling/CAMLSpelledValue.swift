import Foundation
import TesseraRaster

#if !canImport(QuartzCore)
/// The type of a property of Core Animation's classes, as CAML spells it: how the value is read
/// from an attribute or a child element.
///
/// This is the CAML half of the one description of the classes and properties: the rows of the
/// property tables (``LayerArchiveProperties``, ``AnimationArchiveProperties``) are built from a
/// key path whose value type conforms both to ``ArchivableProperty`` (how an archive stores it)
/// and to this protocol (how CAML writes it), so a property added to the table is readable in
/// both formats, and the compiler asks for the spelling of any new type. Only the spelling
/// differs between the formats; names, keys, owners and defaults are the table's.
///
/// Writing CAML is the inverse of each `read`, left to the writer: the text forms are
/// ``CAMLSyntax``'s `format` functions.
protocol CAMLSpelledValue {
    /// The value written at `source`. Throws a ``CAMLReadFailure`` that says where the text is
    /// wrong.
    static func read(_ source: CAMLValueSource, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> Self
}

/// A value spelled as text: an attribute (`position="20 20"`), or an element's `value` attribute
/// (`<position value="20 20"/>`), read by one of ``CAMLSyntax``'s parsers.
protocol CAMLTextSpelledValue: CAMLSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Self
}

extension CAMLTextSpelledValue {
    static func read(_ source: CAMLValueSource, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> Self {
        let attribute = try source.valueAttribute()
        do {
            return try parse(camlText: attribute.value)
        } catch {
            throw CAMLReadFailure(error, in: attribute)
        }
    }
}

// MARK: Numbers, flags, strings

/// Numbers take `Inf` (timing: `repeatCount="Inf"`); the property's row refuses infinities where
/// they mean nothing, as it does for archives.
extension Double: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Double { try CAMLSyntax.parseNumber(text) }
}

extension Float: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Float { Float(try CAMLSyntax.parseNumber(text)) }
}

extension CGFloat: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> CGFloat { CGFloat(try CAMLSyntax.parseNumber(text)) }
}

extension Int: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Int { try CAMLSyntax.parseInteger(text) }
}

extension Bool: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Bool { try CAMLSyntax.parseBoolean(text) }
}

/// Taken as written (names, key paths, group names).
extension String: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> String { text }
}

/// An emitter's `seed`: an integer from 0 to 2³² − 1.
extension UInt32: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> UInt32 {
        let number = try CAMLSyntax.parseInteger(text)
        guard let seed = UInt32(exactly: number) else { throw CAMLValueError(reason: .outOfRange("the seed \(number)"), offset: 0) }
        return seed
    }
}

/// `maskedCorners`: the four corner bits as an integer, 0 to 15.
extension CACornerMask: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> CACornerMask {
        let bits = try CAMLSyntax.parseInteger(text)
        guard (0...15).contains(bits) else { throw CAMLValueError(reason: .outOfRange("the corner mask \(bits)"), offset: 0) }
        return CACornerMask(rawValue: UInt(bits))
    }
}

/// The string constants (fill modes, line caps, gravities…): their raw values, only those
/// Tessera knows, as archives read them.
extension ArchivableConstant {
    static func parse(camlText text: String) throws(CAMLValueError) -> Self {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let constant = knownValues.first(where: { $0.rawValue == name }) else {
            throw CAMLValueError(reason: .unknownConstant(name, known: knownValues.map(\.rawValue)), offset: 0)
        }
        return constant
    }
}

extension CAMediaTimingFillMode: CAMLTextSpelledValue {}
extension CAShapeLayerFillRule: CAMLTextSpelledValue {}
extension CAShapeLayerLineJoin: CAMLTextSpelledValue {}
extension CAShapeLayerLineCap: CAMLTextSpelledValue {}
extension CALayerCornerCurve: CAMLTextSpelledValue {}
extension CALayerContentsGravity: CAMLTextSpelledValue {}
extension CAGradientLayerType: CAMLTextSpelledValue {}
extension CALayerContentsFilter: CAMLTextSpelledValue {}
extension CAAnimationCalculationMode: CAMLTextSpelledValue {}
extension CAAnimationRotationMode: CAMLTextSpelledValue {}
extension CAEmitterLayerEmitterShape: CAMLTextSpelledValue {}
extension CAEmitterLayerEmitterMode: CAMLTextSpelledValue {}
extension CAEmitterLayerRenderMode: CAMLTextSpelledValue {}
extension CATextLayerAlignmentMode: CAMLTextSpelledValue {}
extension CATextLayerTruncationMode: CAMLTextSpelledValue {}

/// A property animation's `valueFunction`: its name (`valueFunction="rotateZ"`), as CAML spells
/// objects that are only a name. No Apple file here shows the spelling; this is the reading.
extension CAValueFunction: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Self {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let function = Self(name: CAValueFunctionName(rawValue: name)) else {
            throw CAMLValueError(reason: .unknownConstant(name, known: CAValueFunctionName.all.map(\.rawValue)), offset: 0)
        }
        return function
    }
}

/// A text layer's `string`: the characters, as written.
extension ArchivedTextString: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> ArchivedTextString { ArchivedTextString(string: text) }
}

// MARK: Geometry, paths, timing functions

extension CGPoint: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> CGPoint { try CAMLSyntax.parsePoint(text) }
}

extension CGSize: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> CGSize { try CAMLSyntax.parseSize(text) }
}

extension CGRect: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> CGRect { try CAMLSyntax.parseRect(text) }
}

extension CATransform3D: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> CATransform3D { try CAMLSyntax.parseTransform(text) }
}

/// A layer's stored path: postfix notation (`"15.4 14.7 m 7.3 7.5 l … h"`).
extension Path: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Path { try CAMLSyntax.parsePath(text) }
}

/// A keyframe animation's `path`.
extension CGPath: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Self {
        let path = CGPath(rasterPath: try CAMLSyntax.parsePath(text))
        guard let typed = path as? Self else { throw CAMLValueError(reason: .expected("a path", found: "\(Self.self)"), offset: 0) }
        return typed
    }
}

/// A name (`default`, `easeIn`…) or four control point coordinates.
extension CAMediaTimingFunction: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Self {
        let function = try CAMLSyntax.parseTimingFunction(text).timingFunction
        guard let typed = function as? Self else {
            throw CAMLValueError(reason: .expected("a timing function", found: "\(Self.self)"), offset: 0)
        }
        return typed
    }
}

// MARK: Colours

/// A layer's stored colour: `"r g b"` (opaque) as an attribute, or an element whose `opacity`
/// carries the alpha (`<backgroundColor opacity="0" value="0 0 0"/>`), as
/// ``CAMLSyntax/parseColor(_:opacity:)`` reads them.
extension Color: CAMLSpelledValue {
    static func read(_ source: CAMLValueSource, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> Color {
        let value = try source.valueAttribute()
        var opacity: CAMLAttribute?
        if case .element(let element) = source { opacity = element.attribute("opacity") }
        do {
            let c = try CAMLSyntax.parseColor(value.value, opacity: opacity?.value)
            return Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        } catch {
            throw CAMLReadFailure(error, in: value, opacity: opacity)
        }
    }
}

// MARK: Nil

/// A value that may be nil (colours, paths, lists, names): the value itself when written; an
/// attribute left empty (`backgroundColor=""`) is nil, except for a string, where it is the
/// empty string.
extension Optional: CAMLSpelledValue where Wrapped: CAMLSpelledValue {
    static func read(_ source: CAMLValueSource, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> Wrapped? {
        if case .attribute(let attribute) = source, Wrapped.self != String.self,
           attribute.value.allSatisfy({ $0.isWhitespace }) {
            return nil
        }
        return try Wrapped.read(source, in: &context)
    }
}
#endif
