import TesseraCore
import TesseraDocument
import TesseraRaster
import TesseraXML

extension CAMLReader {
    /// Sets the value of an attribute whose name is a key path of the layer, as the community
    /// editors write rotations (CAPlayground: `transform.rotation.z="0.785"`, beside the whole
    /// `transform`): Core Animation sets a CAML attribute by key-value coding, so a key path
    /// changes that field of the value set so far (`setValue(_:forKeyPath:)`), in the order the
    /// attributes are written. The text is read in the syntax of the key path's kind (a number,
    /// a point, a colour…).
    ///
    /// Reported: a key path Tessera does not animate (it has no field to set), or text that does
    /// not read as the key path's kind. Writers write the whole property (Apple's spelling).
    mutating func keyPathAttribute(_ attribute: CAMLAttribute, of layer: CALayer, className: String, path: String) {
        let key = String(attribute.localName)
        guard let keyPath = LayerKeyPath(key) else {
            skip(path, className, key, .unsupportedKey, at: attribute.location)
            return
        }
        do {
            let value = try Self.value(of: attribute, as: keyPath.kind, in: &context)
            keyPath.set(value, in: &layer.propertiesWithoutActions)
        } catch {
            skip(path, className, key, error.reason, at: error.location)
        }
    }

    /// The text of `attribute` as a value of `kind`.
    private static func value(
        of attribute: CAMLAttribute, as kind: AnimatableValueKind,
        in context: inout CAMLReadContext
    ) throws(CAMLReadFailure) -> AnimatableValue {
        let text = attribute.value
        func parsed(_ parse: () throws(CAMLValueError) -> AnimatableValue) throws(CAMLReadFailure) -> AnimatableValue {
            do { return try parse() } catch { throw CAMLReadFailure(error, in: attribute) }
        }
        switch kind {
        case .number: return try parsed { () throws(CAMLValueError) in .number(try CAMLSyntax.parseFiniteNumber(text)) }
        case .point: return try parsed { () throws(CAMLValueError) in .point(try CAMLSyntax.parsePoint(text)) }
        case .size: return try parsed { () throws(CAMLValueError) in .size(try CAMLSyntax.parseSize(text)) }
        case .rect: return try parsed { () throws(CAMLValueError) in .rect(try CAMLSyntax.parseRect(text)) }
        case .transform: return try parsed { () throws(CAMLValueError) in .transform(try CAMLSyntax.parseTransform(text)) }
        case .bool: return try parsed { () throws(CAMLValueError) in .bool(try CAMLSyntax.parseBoolean(text)) }
        case .color: return .color(try Color.read(.attribute(attribute), in: &context))
        case .path, .numbers, .colors, .string:
            throw CAMLReadFailure(at: attribute.location, .unsupportedValue("a key path of this kind as an attribute"))
        }
    }
}
