import Foundation
import TesseraCore
import TesseraKeyedArchive

#if !canImport(QuartzCore)
/// One property of a Core Animation class under its key, in both file formats: how an archive's
/// field is read into an object and how the object's value is written back, and how CAML's
/// attribute or element is read and written (``CAMLSpelledValue``), all made from the same key
/// path. The tables of ``LayerArchiveProperties`` and ``AnimationArchiveProperties`` list them,
/// so that reading and writing stay symmetrical and a property is added to both formats at once.
struct ArchivedProperty: Sendable {
    /// Reads the CAML spelling of the property at `source` into `object`; false when `object`
    /// does not have the property. Throws where the value is wrong or unsupported.
    typealias CAMLRead =
        @Sendable (_ source: CAMLValueSource, _ object: AnyObject, _ context: inout CAMLReadContext)
        throws(CAMLReadFailure) -> Bool
    /// The CAML spelling of `object`'s value; nil when it equals `defaults`' or `object` does
    /// not have the property. Throws where CAML cannot hold the value.
    typealias CAMLWrite =
        @Sendable (_ object: AnyObject, _ defaults: AnyObject, _ context: inout CAMLWriteContext)
        throws(CAMLWriteFailure) -> CAMLWrittenValue?

    /// The key in the archive (the property's name in Objective-C: `hidden`, `removedOnCompletion`).
    let key: String
    /// Whether a value Tessera does not model leaves out the whole object rather than this key:
    /// an animation without its values (or its path) would animate something else.
    let isEssential: Bool
    /// Reads `value` into `object` (values nested `depth` deep); false when `object` does not have
    /// the property (a shape layer's key on a plain layer). Throws ``ArchiveDecodingFailure`` or
    /// ``KeyedArchiveError``.
    let decode:
        @Sendable (
            _ value: ArchivedValue, _ object: AnyObject, _ reader: inout ArchivedValueReader,
            _ depth: Int
        ) throws -> Bool
    /// The field for `object`'s value; nil when it equals `defaults`' (a new object of the same
    /// class), since Core Animation archives only what differs from the defaults.
    let encode: @Sendable (_ object: AnyObject, _ defaults: AnyObject, _ writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue?
    /// Reads the property from CAML, under the same key.
    let readCAML: CAMLRead
    /// Writes the property as CAML, under the same key, when it differs from the default (as
    /// ``encode`` does).
    let writeCAML: CAMLWrite

    /// A property whose numbers must be finite (a NaN or infinite one is unsupported).
    init<Owner: AnyObject, Value: ArchivableProperty & CAMLSpelledValue>(
        _ key: String, _ keyPath: ReferenceWritableKeyPath<Owner, Value> & Sendable, essential: Bool = false
    ) {
        self.init(key, keyPath, essential: essential) { value in
            guard value.isFinite else { throw ArchiveDecodingFailure.nonFinite }
        }
    }

    /// A property of a layer's ``LayerProperties`` declared by classes `owners` (see
    /// ``LayerKind/hasProperties(ofAny:)``), whose numbers must be finite.
    init<Value: ArchivableProperty & CAMLSpelledValue>(
        layer key: String, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable, of owners: [LayerKind]
    ) {
        self.key = key
        isEssential = false
        decode = { value, object, reader, _ in
            guard let layer = object as? CALayer, type(of: layer).kind.hasProperties(ofAny: owners) else { return false }
            let decoded = try Value.decode(value, with: &reader)
            guard decoded.isFinite else { throw ArchiveDecodingFailure.nonFinite }
            layer.properties[keyPath: keyPath] = decoded
            return true
        }
        encode = { object, defaults, writer in
            guard let layer = object as? CALayer, let defaults = defaults as? CALayer,
                type(of: layer).kind.hasProperties(ofAny: owners)
            else { return nil }
            let value = layer.properties[keyPath: keyPath]
            return value == defaults.properties[keyPath: keyPath] ? nil : try value.encode(with: &writer)
        }
        readCAML = { source, object, context throws(CAMLReadFailure) in
            guard let layer = object as? CALayer, type(of: layer).kind.hasProperties(ofAny: owners) else { return false }
            let value = try Value.read(source, in: &context)
            guard value.isFinite else { throw CAMLReadFailure(nonFinite: source) }
            layer.properties[keyPath: keyPath] = value
            return true
        }
        writeCAML = { object, defaults, context throws(CAMLWriteFailure) in
            guard let layer = object as? CALayer, let defaults = defaults as? CALayer,
                type(of: layer).kind.hasProperties(ofAny: owners)
            else { return nil }
            let value = layer.properties[keyPath: keyPath]
            guard value != defaults.properties[keyPath: keyPath] else { return nil }
            guard value.isFinite else { throw CAMLWriteFailure("a NaN or infinite number") }
            return try value.write(in: &context)
        }
    }

    /// A timing property (`beginTime`, `duration`, `repeatCount`…): infinities are kept, since
    /// Core Animation gives them a meaning (forever) and ``TimingSpec`` clamps the rest; NaN is
    /// unsupported.
    init<Owner: AnyObject, Value: ArchivableProperty & CAMLSpelledValue & BinaryFloatingPoint>(
        timing key: String, _ keyPath: ReferenceWritableKeyPath<Owner, Value> & Sendable
    ) {
        self.init(key, keyPath, essential: false) { value in
            guard !value.isNaN else { throw ArchiveDecodingFailure.unsupported(className: nil, reason: .unsupportedValue("NaN")) }
        }
    }

    private init<Owner: AnyObject, Value: ArchivableProperty & CAMLSpelledValue>(
        _ key: String, _ keyPath: ReferenceWritableKeyPath<Owner, Value> & Sendable, essential: Bool,
        validate: @escaping @Sendable (Value) throws -> Void
    ) {
        self.key = key
        isEssential = essential
        decode = { value, object, reader, _ in
            guard let owner = object as? Owner else { return false }
            let decoded = try Value.decode(value, with: &reader)
            try validate(decoded)
            owner[keyPath: keyPath] = decoded
            return true
        }
        encode = { object, defaults, writer in
            guard let owner = object as? Owner, let defaults = defaults as? Owner else { return nil }
            let value = owner[keyPath: keyPath]
            return value == defaults[keyPath: keyPath] ? nil : try value.encode(with: &writer)
        }
        readCAML = { source, object, context throws(CAMLReadFailure) in
            guard let owner = object as? Owner else { return false }
            let value = try Value.read(source, in: &context)
            do {
                try validate(value)
            } catch ArchiveDecodingFailure.unsupported(_, let reason) {
                throw CAMLReadFailure(at: source.location, reason)
            } catch {
                throw CAMLReadFailure(at: source.location, .unsupportedValue("\(error)"))
            }
            owner[keyPath: keyPath] = value
            return true
        }
        writeCAML = { object, defaults, context throws(CAMLWriteFailure) in
            guard let owner = object as? Owner, let defaults = defaults as? Owner else { return nil }
            let value = owner[keyPath: keyPath]
            guard value != defaults[keyPath: keyPath] else { return nil }
            do {
                try validate(value)
            } catch ArchiveDecodingFailure.unsupported(_, .unsupportedValue(let detail)) {
                throw CAMLWriteFailure(detail)
            } catch {
                throw CAMLWriteFailure("\(error)")
            }
            return try value.write(in: &context)
        }
    }

    /// An animation value of any type (`fromValue`, `toValue`, `byValue`, `values`), essential
    /// to its animation. Written when it is not nil.
    init<Owner: AnyObject, Value>(value key: String, _ keyPath: ReferenceWritableKeyPath<Owner, Value?> & Sendable) {
        self.key = key
        isEssential = true
        decode = { value, object, reader, depth in
            guard let owner = object as? Owner else { return false }
            guard let decoded = try reader.value(value, depth: depth) else {
                owner[keyPath: keyPath] = nil
                return true
            }
            guard let typed = decoded as? Value else { throw ArchiveDecodingFailure.mismatch(value, expected: "\(Value.self)") }
            owner[keyPath: keyPath] = typed
            return true
        }
        encode = { object, _, writer in
            guard let owner = object as? Owner, let value = owner[keyPath: keyPath] else { return nil }
            return try writer.value(value)
        }
        readCAML = { source, object, context throws(CAMLReadFailure) in
            guard let owner = object as? Owner else { return false }
            // A list of values (`values`) is its children; one value (`fromValue`) says its type.
            let value: Any =
                Value.self is [Any].Type
                ? try CAMLTypedValue.list(try source.element(holding: "a list of values"), in: &context)
                : try CAMLTypedValue.read(source, in: &context)
            guard let typed = value as? Value else {
                throw CAMLReadFailure(at: source.location, .unsupportedValue("\(type(of: value)) where \(Value.self) is expected"))
            }
            owner[keyPath: keyPath] = typed
            return true
        }
        writeCAML = { object, _, context throws(CAMLWriteFailure) in
            guard let owner = object as? Owner, let value = owner[keyPath: keyPath] else { return nil }
            // A list of values is its children, each typed by its name; one value says its type.
            let element: CAMLWrittenElement
            if Value.self is [Any].Type, let list = value as? [Any] {
                element = try CAMLTypedValue.write(list, in: &context)
                return .element(attributes: [], children: element.children)
            }
            element = try CAMLTypedValue.write(value, as: key, in: &context)
            return .element(attributes: element.attributes, children: element.children)
        }
    }
}
#endif
