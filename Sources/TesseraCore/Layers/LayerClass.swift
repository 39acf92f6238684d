/// A layer class Tessera models: one row of the layer-class registry (``LayerKind/layerClass``),
/// what every part that needs to know the classes reads. The file formats write a layer under
/// its class's ``name`` and make a layer they read of the row its name finds
/// (``LayerKind/init(className:)``); ``CALayer/presentation()`` copies a layer as the class of
/// its kind; the drawing walk draws what the row's ``content`` says, draws the sublayers as its
/// ``sublayers`` says and applies the filters where its ``filtersBehind`` says.
///
/// # Adding a layer class
///
/// 1. Its own file: the `CALayer` subclass (`package override class var kind` returns its new
///    case of ``LayerKind``), with its public properties forwarding to ``CALayer/properties``.
/// 2. Its case of ``LayerKind`` and its row in ``LayerKind/layerClass`` (the compiler asks for it).
/// 3. Its properties, if it has its own: each a row of the property table (see `LayerProperty`)
///    whose owner is the new kind. The file formats read and write them from there: a layer
///    has the properties owned by its kind and by its superclasses' (``LayerKind/hasProperties(of:)``).
/// 4. What it draws, if it draws more than a plain layer does: a case of ``Content``, which the
///    drawing walk's switches then ask for; how it draws its sublayers, if not as a plain layer
///    does, a case of ``Sublayers``.
///
/// `LayerClassRegistryTests` checks every row: its class's `kind` is its kind, and a layer of
/// it round-trips through CAML and archives as its class.
package struct LayerClass {
    /// What a layer of a class draws of its own, over its background (the gradient below its
    /// `contents`, the rest above them), before its sublayers.
    enum Content {
        /// Nothing more than every layer's background, contents and border.
        case none
        /// A ``CAShapeLayer``'s path, filled then stroked.
        case path
        /// A ``CAGradientLayer``'s gradient.
        case gradient
        /// A ``CAEmitterLayer``'s particles.
        case particles
        /// A ``CATextLayer``'s text.
        case text
    }

    /// How a layer of a class draws its sublayers.
    enum Sublayers {
        /// Flattened into its plane, in their order: a plain layer's.
        case flattened
        /// In its superlayer's 3D space, not flattened, ordered by depth with their siblings; the
        /// layer has no plane of its own to draw (``CATransformLayer``).
        case inDepth
        /// Flattened into its plane once for each of its instances, each instance transformed and
        /// tinted by the one before (``CAReplicatorLayer``).
        case replicated
        /// Flattened into its plane after its source layer's tree, which it shows in its place
        /// (``CAPortalLayer``).
        case afterSource
    }

    package let kind: LayerKind
    /// Core Animation's name of the class: what archives (`$classname`) and CAML (the element)
    /// write and read.
    package var name: String { staticName.description }
    /// ``name``, static: with it the row holds no reference, so that reading one field of it
    /// costs no retain or release.
    let staticName: StaticString
    /// The class: a layer the formats read is made of it, and `type.init()` is one at the
    /// defaults, which the formats do not write.
    package let type: CALayer.Type
    /// The class it inherits from, whose properties its layers have too; nil for `CALayer`.
    let superclass: LayerKind?
    let content: Content
    let sublayers: Sublayers
    /// Whether its `filters` apply to what lies behind it rather than to the layer itself
    /// (``CABackdropLayer``; any layer's `backgroundFilters` do).
    let filtersBehind: Bool
}

extension LayerKind {
    /// The registry: this kind's class. Literal rows of plain values, inlined, so that the
    /// drawing walk, which reads a layer's ``LayerClass/content`` for every layer of every frame,
    /// gets a switch.
    @inline(__always) package var layerClass: LayerClass {
        switch self {
        case .layer: row("CALayer", CALayer.self, superclass: nil)
        case .shape: row("CAShapeLayer", CAShapeLayer.self, content: .path)
        case .replicator: row("CAReplicatorLayer", CAReplicatorLayer.self, sublayers: .replicated)
        case .gradient: row("CAGradientLayer", CAGradientLayer.self, content: .gradient)
        case .transform: row("CATransformLayer", CATransformLayer.self, sublayers: .inDepth)
        case .backdrop: row("CABackdropLayer", CABackdropLayer.self, filtersBehind: true)
        case .portal: row("CAPortalLayer", CAPortalLayer.self, sublayers: .afterSource)
        case .emitter: row("CAEmitterLayer", CAEmitterLayer.self, content: .particles)
        case .text: row("CATextLayer", CATextLayer.self, content: .text)
        }
    }

    /// A row of the registry: a class that draws as a plain layer does unless told otherwise.
    @inline(__always)
    private func row(
        _ name: StaticString, _ type: CALayer.Type, superclass: LayerKind? = .layer, content: LayerClass.Content = .none,
        sublayers: LayerClass.Sublayers = .flattened, filtersBehind: Bool = false
    ) -> LayerClass {
        LayerClass(
            kind: self, staticName: name, type: type, superclass: superclass, content: content, sublayers: sublayers,
            filtersBehind: filtersBehind)
    }

    /// The kind of the class Core Animation names `className`; nil for a class Tessera does not
    /// model.
    package init?(className: String) {
        guard let kind = Self.allCases.first(where: { $0.layerClass.name == className }) else { return nil }
        self = kind
    }

    /// The kinds of the classes this kind's class inherits from, nearest first (none for
    /// `CALayer`).
    package var superclasses: [LayerKind] {
        var kinds: [LayerKind] = [], next = layerClass.superclass
        while let kind = next {
            kinds.append(kind)
            next = kind.layerClass.superclass
        }
        return kinds
    }

    /// Whether layers of this kind have the properties declared by class `owner`: their own
    /// class's and its superclasses' (every layer has `CALayer`'s, ``LayerKind/layer``).
    func hasProperties(of owner: LayerKind) -> Bool {
        var kind: LayerKind? = self
        while let next = kind {
            if next == owner { return true }
            kind = next.layerClass.superclass
        }
        return false
    }

    /// Whether layers of this kind have a property declared by any of `owners` (a row two
    /// classes share, as `scale`).
    package func hasProperties(ofAny owners: [LayerKind]) -> Bool {
        owners.contains(where: hasProperties(of:))
    }
}
