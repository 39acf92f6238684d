import Foundation
import TesseraRaster

/// The kind of a path element, as CoreGraphics' `CGPathElementType` (same raw values).
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath at `points[0]`.
    case moveToPoint = 0
    /// A straight line to `points[0]`.
    case addLineToPoint = 1
    /// A quadratic Bézier curve: control point `points[0]`, end point `points[1]`.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier curve: control points `points[0]` and `points[1]`, end point `points[2]`.
    case addCurveToPoint = 3
    /// Closes the current subpath with a line back to its start. No points.
    case closeSubpath = 4
}

/// One element of a path as it is handed to an applier, as CoreGraphics' `CGPathElement`.
///
/// `points` is valid only during the call that received the element, and holds as many points as
/// ``type`` uses (see ``CGPathElementType``).
public struct CGPathElement {
    /// What the element does: move, line, quadratic or cubic curve, or close.
    public var type: CGPathElementType
    /// The element's points: 1 for a move or line, 2 for a quadratic curve (control, end), 3 for a
    /// cubic (two controls, end), none for a close.
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element of `type` whose points are at `points`.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// A function called for each element of a path by ``CGPath/apply(info:function:)``.
///
/// A C function pointer on Apple platforms; a Swift function type here, because `CGPathElement`
/// is a Swift struct that `@convention(c)` cannot describe. Code that passes a non-capturing
/// closure, as it must on Apple platforms, compiles unchanged.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// A closure called for each element of a path by ``CGPath/applyWithBlock(_:)``.
public typealias CGPathApplyBlock = (UnsafePointer<CGPathElement>) -> Void

/// An immutable graphics path, as CoreGraphics' `CGPath`: subpaths of lines and quadratic and
/// cubic Bézier curves.
///
/// Backed by TesseraRaster's `Path` value, which builds shapes (rectangles, ellipses, rounded
/// rectangles, arcs) with the same elements as CoreGraphics and follows its rules (a segment with
/// no current point is ignored, consecutive moves collapse into one). ``CGMutablePath`` is the
/// mutable subclass. Two paths are equal when they have the same elements with the same points,
/// whichever class they are, as `CGPathEqualToPath`.
///
/// Neither class is `Sendable` (a `CGPath` may be a `CGMutablePath`): the renderer takes the
/// `Path` value out of it.
open class CGPath: Hashable {
    /// The elements. Written only by ``CGMutablePath``; an immutable `CGPath` never changes it.
    var storage: TesseraRaster.Path

    /// The path's elements as TesseraRaster's value type.
    package var rasterPath: TesseraRaster.Path { storage }

    /// A path holding `rasterPath`'s elements.
    package init(rasterPath: TesseraRaster.Path) {
        storage = rasterPath
    }

    /// A path holding one closed rectangle, mapped through `transform` when it is not nil: a move
    /// to (minX, minY), lines to (maxX, minY), (maxX, maxY), (minX, maxY), and a close.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var path = TesseraRaster.Path()
        if let r = CGPath.rasterRect(rect) { path.addRect(r) }
        self.init(rasterPath: path.applying(transform?.pointee.rasterTransform ?? .identity))
    }

    /// A path holding one closed ellipse inscribed in `rect`, mapped through `transform` when it
    /// is not nil: a move to (maxX, midY), four cubic Béziers through (midX, maxY), (minX, midY)
    /// and (midX, minY), and a close.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var path = TesseraRaster.Path()
        if let r = CGPath.rasterRect(rect) { path.addEllipse(in: r) }
        self.init(rasterPath: path.applying(transform?.pointee.rasterTransform ?? .identity))
    }

    /// A path holding one closed rounded rectangle, mapped through `transform` when it is not
    /// nil: starting at (minX + cornerWidth, minY), four lines and four cubic quarter ellipses,
    /// then a close.
    ///
    /// CoreGraphics requires `0 ≤ 2·cornerWidth ≤ rect.width` and `0 ≤ 2·cornerHeight ≤
    /// rect.height` and stops the program otherwise; Tessera clamps each radius into that range
    /// instead (NaN as 0), and a zero radius gives the plain rectangle of ``init(rect:transform:)``.
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        var path = TesseraRaster.Path()
        if let r = CGPath.rasterRect(rect) {
            path.addRoundedRect(in: r, cornerWidth: Double(cornerWidth), cornerHeight: Double(cornerHeight))
        }
        self.init(rasterPath: path.applying(transform?.pointee.rasterTransform ?? .identity))
    }

    /// An immutable copy of the path. Never nil in Tessera.
    public func copy() -> CGPath? {
        CGPath(rasterPath: storage)
    }

    /// An immutable copy with every point mapped through `transform` (none when nil). Never nil.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(rasterPath: storage.applying(transform?.pointee.rasterTransform ?? .identity))
    }

    /// A mutable copy of the path. Never nil in Tessera.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(copying: storage)
    }

    /// A mutable copy with every point mapped through `transform` (none when nil). Never nil.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(copying: storage.applying(transform?.pointee.rasterTransform ?? .identity))
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { storage.isEmpty }

    /// The point where the next segment would start: the end of the last element, or the start of
    /// the last subpath after a close. `.zero` for an empty path, as in CoreGraphics.
    public var currentPoint: CGPoint {
        storage.currentPoint.map(CGPath.cgPoint) ?? .zero
    }

    /// The smallest rectangle containing every point of the path, the control points of curves
    /// included. `CGRect.null` for an empty path, as in CoreGraphics.
    public var boundingBox: CGRect {
        storage.isEmpty ? .null : CGPath.cgRect(storage.controlPointBounds)
    }

    /// The smallest rectangle containing the path's curves themselves (their extreme points, not
    /// their control points). `CGRect.null` for an empty path, as in CoreGraphics.
    public var boundingBoxOfPath: CGRect {
        storage.isEmpty ? .null : CGPath.cgRect(storage.bounds)
    }

    /// Calls `function` with `info` for each element in order, as `CGPathApply`.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    /// Calls `block` for each element in order. The element and its points are valid only during
    /// the call.
    public func applyWithBlock(_ block: CGPathApplyBlock) {
        withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: 3) { buffer in
            let points = buffer.baseAddress!
            points.initialize(repeating: .zero, count: 3)
            storage.forEachElement { element in
                let type: CGPathElementType
                switch element {
                case .move(let p):
                    type = .moveToPoint
                    points[0] = CGPath.cgPoint(p)
                case .line(let p):
                    type = .addLineToPoint
                    points[0] = CGPath.cgPoint(p)
                case .quadCurve(let p, let c):
                    type = .addQuadCurveToPoint
                    points[0] = CGPath.cgPoint(c); points[1] = CGPath.cgPoint(p)
                case .cubicCurve(let p, let c1, let c2):
                    type = .addCurveToPoint
                    points[0] = CGPath.cgPoint(c1); points[1] = CGPath.cgPoint(c2); points[2] = CGPath.cgPoint(p)
                case .closeSubpath:
                    type = .closeSubpath
                }
                var cgElement = CGPathElement(type: type, points: points)
                withUnsafePointer(to: &cgElement) { block($0) }
            }
        }
    }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.storage == rhs.storage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
}

// `contains(_:using:transform:)` (hit testing) is not provided yet: TesseraRaster has no
// point-in-path query outside its rasterizer.

extension CGPath {
    /// TesseraRaster's rectangle for `rect`, or nil for the null rectangle: Tessera's shape
    /// builders add nothing for it (CoreGraphics documents nothing for this case; adding its
    /// infinite coordinates would only make the path undrawable).
    static func rasterRect(_ rect: CGRect) -> TesseraRaster.Rect? {
        guard !rect.isNull else { return nil }
        return TesseraRaster.Rect(
            x: Double(rect.origin.x), y: Double(rect.origin.y),
            width: Double(rect.size.width), height: Double(rect.size.height))
    }

    static func rasterPoint(_ p: CGPoint) -> TesseraRaster.Point {
        TesseraRaster.Point(x: Double(p.x), y: Double(p.y))
    }

    fileprivate static func cgPoint(_ p: TesseraRaster.Point) -> CGPoint {
        CGPoint(x: CGFloat(p.x), y: CGFloat(p.y))
    }

    fileprivate static func cgRect(_ r: TesseraRaster.Rect) -> CGRect {
        CGRect(x: CGFloat(r.origin.x), y: CGFloat(r.origin.y), width: CGFloat(r.width), height: CGFloat(r.height))
    }
}
