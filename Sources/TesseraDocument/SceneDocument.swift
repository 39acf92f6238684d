import Foundation
import TesseraCore

/// A scene document: a layer tree with its animations, as any file format loads it and writes
/// it: its root layer, the document's size and flip, its ``states`` (which only CAML declares)
/// and what loading left out (``skipped``). `TesseraCAAR` reads and writes it as a Core Animation
/// Archive (`.caar`: frozen with NSKeyedArchiver, as Kite exports it or code archives it, seed
/// 000's "animations are assets"), `TesseraCAML` as Core Animation's XML, a CAML document
/// (`.caml`, a `.ca` bundle's, a `.tendies` wallpaper's); `import Tessera` opens a file of
/// either by its path.
///
/// ```swift
/// let document = try SceneDocument(contentsOf: url)
/// let layer = document.rootLayerForDisplay()   // the right way up for LayerRenderer (y down)
/// for item in document.skipped { print(item) }
///
/// let data = try SceneDocument(rootLayer: layer, documentSize: CGSize(width: 400, height: 400),
///                              geometryFlipped: true).archiveData()
/// ```
///
/// This type was named `AnimationArchive`, after the first format it was read from; that name
/// remains, deprecated, as a type alias.
///
/// ## Which way up
///
/// Tessera draws as iOS does: y runs down. Archives exported on macOS (Kite's, seed 000's) are
/// flipped documents: their root layer has `isGeometryFlipped = true`, which shows them the right
/// way up in macOS's y-up views and upside down on iOS and in Tessera. Seed 000's iOS app clears
/// the flag before showing the layer; ``rootLayerForDisplay()`` does the same and is the one way
/// the `tessera` command and the README get the tree the right way up. ``rootLayer`` is the tree
/// exactly as archived (what writing it back needs).
///
/// ## Core Animation Archives
///
/// An archive's top object is a dictionary with `rootLayer`, `geometryFlipped` and, in Kite's exports,
/// `documentWidth` / `documentHeight`; an archive of a single layer also loads (with no document
/// size). Reading takes `CALayer`, `CAShapeLayer`, `CAReplicatorLayer`, `CAGradientLayer`,
/// `CATransformLayer`, `CABackdropLayer`, `CAPortalLayer`, `CAEmitterLayer` (its own properties
/// and its `emitterCells`: `CAEmitterCell` objects with their properties, images and nested
/// cells), `CATextLayer` (of an attributed `string` its characters, not its attributes; a `font`
/// that is not a name, such as an `NSFont`, is reported as skipped) and the animation classes
/// (`CABasicAnimation`, `CASpringAnimation`, `CAKeyframeAnimation`, `CAAnimationGroup`) with every
/// property Tessera models, through Core Animation's coding proxies. What Tessera does not model
/// is left out and listed in ``skipped``; it never fails the file:
/// - a layer of another class (`CAScrollLayer`…) is loaded as the nearest class
///   Tessera has, with its sublayers;
/// - keys Tessera does not model (layout managers, constraints, actions, styles…) are left out,
///   except rendering hints and values that change nothing here (group opacity on, no filters),
///   which are ignored;
/// - animations of other classes (`CATransition`), and animations whose values are of a kind
///   Tessera does not read or whose key path it does not animate, are left out;
/// - a portal's `sourceLayer` that is not a layer of the tree is left out; a portal that would
///   show itself keeps its source and is reported (`SkippedFeature.Reason.portalCycle`): it draws
///   nothing.
///
/// Animations are added to their layers as Core Animation adds them when it unarchives: a
/// `beginTime` of 0 means the time of loading (exporters write 1e-6 for the start of the
/// timeline). Writing archives what Tessera's public API shows: animations added without a key,
/// animations' delegates and values set with `setValue(_:forKey:)` are not written.
///
/// Numbers: NaN is never taken; infinities are taken for timing properties (a layer's duration,
/// a repeat count: forever), and a NaN or infinite number anywhere else (geometry, colors, paths,
/// animation values) leaves out the property, or the animation that holds it.
///
/// Limits, against files built to exhaust memory or time: layers, animation groups and value
/// collections nest at most 128 deep (counted together), and loading visits
/// at most four objects per byte of the file (a tree needs fewer: every reference takes a byte).
public struct SceneDocument {
    /// The root of the layer tree.
    public var rootLayer: CALayer
    /// The size of the document (Kite's canvas), when the file gives one.
    public var documentSize: CGSize?
    /// Whether the document's geometry is flipped (y down), as macOS tools export it: seed 000
    /// sets the layer's `isGeometryFlipped` accordingly when showing it elsewhere. This is the
    /// document's flag; the root layer has its own.
    public var isGeometryFlipped: Bool
    /// What loading left out or approximated, in the order met; empty for a document built in
    /// code.
    public private(set) var skipped: [SkippedFeature]
    /// The states of the tree and the transitions between them, as a CAML document declares
    /// them, and which one the tree is in; none for a `.caar` archive or a tree built in code.
    /// They act on ``rootLayer``'s tree as loaded.
    public let states: LayerStates

    /// The root layer, set up to be drawn the right way up by Tessera (y down, as on iOS): its
    /// `isGeometryFlipped` is cleared, as seed 000's app does for archives exported on macOS (see
    /// "Which way up" above). This changes the document's own tree (``rootLayer`` is the same
    /// object) and returns it; calling it again changes nothing more.
    @discardableResult
    public func rootLayerForDisplay() -> CALayer {
        rootLayer.isGeometryFlipped = false
        return rootLayer
    }

    /// A document of `rootLayer`'s tree, to write as a `.caar` archive (`archiveData()`,
    /// `writeArchive(to:)`) or as CAML (`camlData()`, `writeCAML(to:)`, `writeCAMLBundle(to:)`).
    public init(rootLayer: CALayer, documentSize: CGSize? = nil, geometryFlipped: Bool = false) {
        self.init(
            rootLayer: rootLayer, documentSize: documentSize, geometryFlipped: geometryFlipped,
            states: LayerStates(), skipped: [])
    }

    /// A document of a loaded tree, with its states and what loading skipped.
    package init(rootLayer: CALayer, documentSize: CGSize?, geometryFlipped: Bool, states: LayerStates, skipped: [SkippedFeature]) {
        self.rootLayer = rootLayer
        self.documentSize = documentSize
        self.isGeometryFlipped = geometryFlipped
        self.states = states
        self.skipped = skipped
    }
}
