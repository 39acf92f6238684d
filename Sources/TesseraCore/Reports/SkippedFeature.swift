/// Something a document (a Core Animation archive, a CAML file, a Lottie animation) holds that
/// Tessera left out or approximated when loading it: the layers are kept with everything Tessera
/// understands, and each of these says what was not. Every format reports with it.
public struct SkippedFeature: Hashable, Sendable, CustomStringConvertible {
    /// Why something was left out or approximated.
    public enum Reason: Hashable, Sendable {
        /// An object of a class Tessera does not model (a `CATransition`, a filter class it does
        /// not know, a kind of value it does not read): left out with the property that held it.
        case unsupportedClass
        /// A key Tessera does not model (layout, actions, styles…), or one it models only at its
        /// default value.
        case unsupportedKey
        /// A value Tessera could not use, described: an unknown constant, a NaN or infinite
        /// number where a finite one is needed, a path segment of an unknown type.
        case unsupportedValue(String)
        /// Loaded as the nearest class Tessera models, described (a `CAScrollLayer` is
        /// loaded as a `CALayer`).
        case approximated(String)
        /// An animation the layer did not take, with the layer's diagnostic (a key path that
        /// Tessera does not animate, values that do not fit it).
        case animationNotApplied(String)
        /// Read and kept (and written back), but not drawn: a filter of a type Tessera does
        /// not draw yet, named, or one whose inputs it cannot read, named with the input at
        /// fault (`colorMatrix (inputColorMatrix is not 20 finite numbers)`). The layer is
        /// drawn without a filter of `filters` or `backgroundFilters`; a layer whose
        /// `compositingFilter` it is is not drawn.
        case notDrawn(String)
        /// A `CAPortalLayer` that would show itself: its `sourceLayer` is the portal or one of
        /// its ancestors, or a chain of portals, each in the last one's source, comes back to
        /// it. Kept (and written back) with its source, but it draws nothing (see
        /// `CAPortalLayer`).
        case portalCycle
    }

    /// The layer it belongs to, as the names from the root down joined by `/` (an unnamed
    /// layer is written `<class slot>`: `<CAShapeLayer sublayers[2]>`); empty for the
    /// document dictionary.
    public let layer: String
    /// The class of the object left out or approximated, or of the object that holds the key.
    public let className: String
    /// The key left out, as a path from the layer (`filters`, `CALayerAnimations[2].valueFunction`);
    /// nil when the whole object is meant.
    public let key: String?
    /// Why it was left out.
    public let reason: Reason
    /// Where the document's text writes it (in a CAML file: the attribute, the value, the
    /// element); nil for archives and where the format gives no place.
    public let location: DocumentLocation?

    /// An entry for `key` (nil: the whole object) of an object of `className`, in `layer`,
    /// written at `location` of a CAML file (nil: an archive).
    public init(layer: String, className: String, key: String?, reason: Reason, location: DocumentLocation? = nil) {
        self.layer = layer
        self.className = className
        self.key = key
        self.reason = reason
        self.location = location
    }

    /// One line for a log: `Root/Label: CAScrollLayer.string (unsupported key)`, after
    /// `line:column: ` in a CAML file.
    public var description: String {
        let what = key.map { "\(className).\($0)" } ?? className
        let why: String
        switch reason {
        case .unsupportedClass: why = "unsupported class"
        case .unsupportedKey: why = "unsupported key"
        case .unsupportedValue(let detail): why = "unsupported value: \(detail)"
        case .approximated(let detail): why = "approximated: \(detail)"
        case .animationNotApplied(let detail): why = "animation not applied: \(detail)"
        case .notDrawn(let detail): why = "not drawn: \(detail)"
        case .portalCycle: why = "portal cycle: the portal would show itself, and draws nothing"
        }
        return (location.map { "\($0): " } ?? "") + "\(layer): \(what) (\(why))"
    }
}
