/// A layer class Tessera models: one row of the layer-class registry (``LayerKind/layerClass``),
/// what every part that needs to know the classes reads. The file formats write a layer under
/// its class's ``name`` and make a layer they read of the row its name finds
/// (``LayerKind/init(className:)``); ``CALayer/presentation()`` copies a layer as the class of
/// its kind; the drawing walk draws what the row's ``content`` says.
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
///    drawing walk's switches then ask for.
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
}

extension LayerKind {
    /// The registry: this kind's class. Literal rows of plain values, inlined, so that the
    /// drawing walk, which reads a layer's ``LayerClass/content`` for every layer of every frame,
    /// gets a switch.
    @inline(__always) package var layerClass: LayerClass {
        switch self {
        case .layer: LayerClass(kind: self, staticName: "CALayer", type: CALayer.self, superclass: nil, content: .none)
        case .shape: LayerClass(kind: self, staticName: "CAShapeLayer", type: CAShapeLayer.self, superclass: .layer, content: .path)
        case .replicator:
            LayerClass(kind: self, staticName: "CAReplicatorLayer", type: CAReplicatorLayer.self, superclass: .layer, content: .none)
        case .gradient:
            LayerClass(kind: self, staticName: "CAGradientLayer", type: CAGradientLayer.self, superclass: .layer, content: .gradient)
        case .transform:
            LayerClass(kind: self, staticName: "CATransformLayer", type: CATransformLayer.self, superclass: .layer, content: .none)
        case .backdrop:
            LayerClass(kind: self, staticName: "CABackdropLayer", type: CABackdropLayer.self, superclass: .layer, content: .none)
        case .portal: LayerClass(kind: self, staticName: "CAPortalLayer", type: CAPortalLayer.self, superclass: .layer, content: .none)
        case .emitter:
            LayerClass(kind: self, staticName: "CAEmitterLayer", type: CAEmitterLayer.self, superclass: .layer, content: .particles)
        case .text: LayerClass(kind: self, staticName: "CATextLayer", type: CATextLayer.self, superclass: .layer, content: .text)
        }
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
