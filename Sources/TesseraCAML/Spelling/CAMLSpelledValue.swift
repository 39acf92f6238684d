import Foundation
import TesseraCore
import TesseraDocument
import TesseraRaster
import TesseraXML

/// The type of a property of Core Animation's classes, as CAML spells it: how the value is read
/// from an attribute or a child element.
///
/// This is CAML's spelling of the one description of the classes and properties: the rows of
/// `CodedProperties` hold key paths whose value types are `CodedValue`s, which CAML reads and
/// writes through this protocol (``CAMLProperty``) as archives do through theirs, so a property
/// added to the list is read in every format; a type CAML cannot spell stops the first use of
/// CAML's tables, with the property's key. Only the spelling differs between the formats;
/// names, keys, owners and defaults are the list's.
///
/// `write` is the inverse of `read`: `read` of what `write` gives is the same value (the text
/// forms are ``CAMLSyntax``'s `format` functions, which round-trip bit for bit).
protocol CAMLSpelledValue {
    /// The value written at `source`. Throws a ``CAMLReadFailure`` that says where the text is
    /// wrong.
    static func read(_ source: CAMLValueSource, in context: inout CAMLReadContext) throws(CAMLReadFailure) -> Self
    /// The value as `read` takes it back: an attribute's text or an element's content. Throws
    /// a ``CAMLWriteFailure`` for a value CAML cannot hold.
    func write(in context: inout CAMLWriteContext) throws(CAMLWriteFailure) -> CAMLWrittenValue
}

/// A value spelled as text: an attribute (`position="20 20"`), or an element's `value` attribute
/// (`<position value="20 20"/>`), read by one of ``CAMLSyntax``'s parsers.
protocol CAMLTextSpelledValue: CAMLSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Self
    /// The text that ``parse(camlText:)`` reads back as this value.
    func formatCAMLText() throws(CAMLValueError) -> String
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

    /// An attribute (`opacity="0.5"`).
    func write(in context: inout CAMLWriteContext) throws(CAMLWriteFailure) -> CAMLWrittenValue {
        do { return .attribute(try formatCAMLText()) } catch { throw CAMLWriteFailure(error) }
    }
}

// MARK: Numbers, flags, strings

/// Numbers take `Inf` (timing: `repeatCount="Inf"`); the property's row refuses infinities where
/// they mean nothing, as it does for archives.
extension Double: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Double { try CAMLSyntax.parseNumber(text) }
    func formatCAMLText() throws(CAMLValueError) -> String { try CAMLSyntax.formatNumber(self) }
}

extension Float: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Float { Float(try CAMLSyntax.parseNumber(text)) }
    /// Infinities as `Inf` (`repeatCount`), finite values in a `Float`'s shortest spelling.
    func formatCAMLText() throws(CAMLValueError) -> String {
        isInfinite ? try CAMLSyntax.formatNumber(Double(self)) : try CAMLSyntax.formatFiniteNumber(self)
    }
}

extension CGFloat: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> CGFloat { CGFloat(try CAMLSyntax.parseNumber(text)) }
    func formatCAMLText() throws(CAMLValueError) -> String { try CAMLSyntax.formatNumber(Double(self)) }
}

extension Int: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Int { try CAMLSyntax.parseInteger(text) }
    func formatCAMLText() throws(CAMLValueError) -> String { CAMLSyntax.formatInteger(self) }
}

extension Bool: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Bool { try CAMLSyntax.parseBoolean(text) }
    func formatCAMLText() throws(CAMLValueError) -> String { CAMLSyntax.formatBoolean(self) }
}

/// Taken as written (names, key paths, group names).
extension String: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> String { text }
    func formatCAMLText() throws(CAMLValueError) -> String { self }
}

/// An emitter's `seed`: an integer from 0 to 2³² − 1.
extension UInt32: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> UInt32 {
        let number = try CAMLSyntax.parseInteger(text)
        guard let seed = UInt32(exactly: number) else { throw CAMLValueError(reason: .outOfRange("the seed \(number)"), offset: 0) }
        return seed
    }
    func formatCAMLText() throws(CAMLValueError) -> String { CAMLSyntax.formatInteger(Int(self)) }
}

/// `maskedCorners`: the four corner bits as an integer, 0 to 15.
extension CACornerMask: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> CACornerMask {
        let bits = try CAMLSyntax.parseInteger(text)
        guard (0...15).contains(bits) else { throw CAMLValueError(reason: .outOfRange("the corner mask \(bits)"), offset: 0) }
        return CACornerMask(rawValue: UInt(bits))
    }
    func formatCAMLText() throws(CAMLValueError) -> String { CAMLSyntax.formatInteger(Int(rawValue)) }
}

/// The string constants (fill modes, line caps, gravities…): their raw values, only those
/// Tessera knows, as archives read them.
extension CodedConstant {
    static func parse(camlText text: String) throws(CAMLValueError) -> Self {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let constant = knownValues.first(where: { $0.rawValue == name }) else {
            throw CAMLValueError(reason: .unknownConstant(name, known: knownValues.map(\.rawValue)), offset: 0)
        }
        return constant
    }
    func formatCAMLText() throws(CAMLValueError) -> String { rawValue }
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
    func formatCAMLText() throws(CAMLValueError) -> String { name.rawValue }
}

/// A text layer's `string`: the characters, as written.
extension ArchivedTextString: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> ArchivedTextString { ArchivedTextString(string: text) }
    func formatCAMLText() throws(CAMLValueError) -> String { string }
}

// MARK: Geometry, paths, timing functions

extension CGPoint: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> CGPoint { try CAMLSyntax.parsePoint(text) }
    func formatCAMLText() throws(CAMLValueError) -> String { try CAMLSyntax.formatPoint(self) }
}

extension CGSize: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> CGSize { try CAMLSyntax.parseSize(text) }
    func formatCAMLText() throws(CAMLValueError) -> String { try CAMLSyntax.formatSize(self) }
}

extension CGRect: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> CGRect { try CAMLSyntax.parseRect(text) }
    func formatCAMLText() throws(CAMLValueError) -> String { try CAMLSyntax.formatRect(self) }
}

extension CATransform3D: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> CATransform3D { try CAMLSyntax.parseTransform(text) }
    func formatCAMLText() throws(CAMLValueError) -> String { try CAMLSyntax.formatTransform(self) }
}

/// A layer's stored path: postfix notation (`"15.4 14.7 m 7.3 7.5 l … h"`).
extension Path: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Path { try CAMLSyntax.parsePath(text) }
    func formatCAMLText() throws(CAMLValueError) -> String { try CAMLSyntax.formatPath(self) }
}

/// A keyframe animation's `path`.
extension CGPath: CAMLTextSpelledValue {
    static func parse(camlText text: String) throws(CAMLValueError) -> Self {
        let path = CGPath(rasterPath: try CAMLSyntax.parsePath(text))
        guard let typed = path as? Self else { throw CAMLValueError(reason: .expected("a path", found: "\(Self.self)"), offset: 0) }
        return typed
    }
    func formatCAMLText() throws(CAMLValueError) -> String { try CAMLSyntax.formatPath(rasterPath) }
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
    /// The name of a predefined function whose control points these are (`default`), else the
    /// control points.
    func formatCAMLText() throws(CAMLValueError) -> String {
        var c1: [Float] = [0, 0], c2: [Float] = [0, 0]
        getControlPoint(at: 1, values: &c1)
        getControlPoint(at: 2, values: &c2)
        let named = CAMLTimingFunction.Name.allCases.first { name in
            let points = TimingCurve.controlPoints(named: CAMediaTimingFunctionName(rawValue: name.rawValue))
            return [points.0, points.1, points.2, points.3] == [c1[0], c1[1], c2[0], c2[1]]
        }
        return try CAMLSyntax.formatTimingFunction(named.map(CAMLTimingFunction.named) ?? .controlPoints(c1[0], c1[1], c2[0], c2[1]))
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

    /// An attribute when opaque, else an element with the `opacity`.
    func write(in context: inout CAMLWriteContext) throws(CAMLWriteFailure) -> CAMLWrittenValue {
        do {
            let (value, opacity) = try CAMLSyntax.formatColor(ColorComponents(red: red, green: green, blue: blue, alpha: alpha))
            guard let opacity else { return .attribute(value) }
            return .element(attributes: [("opacity", opacity), ("value", value)], children: [])
        } catch {
            throw CAMLWriteFailure(error)
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
            attribute.value.allSatisfy({ $0.isWhitespace })
        {
            return nil
        }
        return try Wrapped.read(source, in: &context)
    }

    /// nil as an empty attribute; a nil string cannot be written (an empty one reads back as
    /// the empty string). A value other than a string whose text is blank (a text layer's empty
    /// `string`) is written as an element (`<string value=""/>`), which does not read as nil.
    func write(in context: inout CAMLWriteContext) throws(CAMLWriteFailure) -> CAMLWrittenValue {
        if let self {
            let written = try self.write(in: &context)
            if case .attribute(let text) = written, Wrapped.self != String.self, text.allSatisfy(\.isWhitespace) {
                return .element(attributes: [("value", text)], children: [])
            }
            return written
        }
        guard Wrapped.self != String.self else { throw CAMLWriteFailure("a nil string, where the default is a string") }
        return .attribute("")
    }
}
