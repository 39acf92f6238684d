import Foundation

/// Where a ``CAEmitterLayer`` emits from, as QuartzCore's `CAEmitterLayerEmitterShape`: a shape
/// centred on ``CAEmitterLayer/emitterPosition`` (and ``CAEmitterLayer/emitterZPosition``),
/// sized by ``CAEmitterLayer/emitterSize`` (and ``CAEmitterLayer/emitterDepth``).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// One point, the position (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A line along x, `emitterSize.width` long.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle in the xy-plane, `emitterSize`.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box, `emitterSize` by `emitterDepth` deep.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle in the xy-plane, of radius `emitterSize.width`.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of radius `emitterSize.width`.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Which part of the emitter's shape particles come from, as QuartzCore's
/// `CAEmitterLayerEmitterMode`.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The shape's corners (its ends for a line; its centre for a point, a circle or a sphere).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// Its outline: a rectangle's or circle's edge, a cuboid's faces, a sphere's surface.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// Its surface: a rectangle's or circle's area, a cuboid's faces, a sphere's surface.
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// Its volume (the default): inside a cuboid or a sphere; the area of flat shapes.
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// The order particles are drawn in, and how, as QuartzCore's `CAEmitterLayerRenderMode`.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Cell by cell in the order of `emitterCells`, each cell's particles oldest first (the default).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// Oldest first: the newest particles on top.
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// Oldest last: the oldest particles on top.
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// By depth: the farthest (lowest z) first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// As ``unordered``, each particle added to what is below (`plusLighter`).
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
