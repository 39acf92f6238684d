import Foundation

/// Where on the emitter's shape a particle is born (see ``CAEmitterLayer``'s Shapes), from
/// uniform numbers in [0, 1): the point relative to the shape's centre.
struct EmitterShapeSampling: Sendable {
    let shape: CAEmitterLayerEmitterShape
    let mode: CAEmitterLayerEmitterMode
    /// Width, height and depth (NaN and infinite sizes read as 0).
    let size: SIMD3<Double>

    init(_ p: UnsafePointer<LayerProperties>) {
        shape = p.pointee.emitterShape
        mode = p.pointee.emitterMode
        func finite(_ x: CGFloat) -> Double { x.isFinite ? Double(x) : 0 }
        size = SIMD3(
            finite(p.pointee.emitterSize.width), finite(p.pointee.emitterSize.height),
            finite(p.pointee.emitterDepth))
    }

    /// The point for `u`, and `face` to pick a cuboid's face.
    func offset(_ u: SIMD3<Double>, face: Double) -> SIMD3<Double> {
        let half = size / 2
        switch shape {
        case .line:
            let x = mode == .points ? (u.x < 0.5 ? -half.x : half.x) : (u.x - 0.5) * size.x
            return SIMD3(x, 0, 0)
        case .rectangle:
            let flat = SIMD3(half.x, half.y, 0)
            switch mode {
            case .points: return corner(u.x, of: flat)
            case .outline: return Self.perimeter(u.x, half: flat)
            default: return (SIMD3(u.x, u.y, 0.5) - 0.5) * 2 * flat
            }
        case .cuboid:
            switch mode {
            case .points: return corner(u.x, of: half)
            case .volume: return (u - 0.5) * size
            default: return Self.boxSurface(u, face: face, half: half)
            }
        case .circle:
            let angle = 2 * Double.pi * u.x
            let r = mode == .outline || mode == .points ? size.x : size.x * u.y.squareRoot()
            return mode == .points ? .zero : SIMD3(r * cos(angle), r * sin(angle), 0)
        case .sphere:
            guard mode != .points else { return .zero }
            // A uniform direction (z uniform in [−1, 1]), at the radius or uniformly inside.
            let angle = 2 * Double.pi * u.x, z = 2 * u.y - 1, ring = (1 - z * z).squareRoot()
            let r = mode == .volume ? size.x * cbrt(u.z) : size.x
            return SIMD3(r * ring * cos(angle), r * ring * sin(angle), r * z)
        default:   // point, and shapes Tessera does not know
            return .zero
        }
    }

    /// One of the corners of a box of half-sizes `half` (four when its depth is 0).
    private func corner(_ u: Double, of half: SIMD3<Double>) -> SIMD3<Double> {
        let count = half.z == 0 ? 4 : 8
        let k = min(Int(u * Double(count)), count - 1)
        return SIMD3(k & 1 == 0 ? -half.x : half.x, k & 2 == 0 ? -half.y : half.y, k & 4 == 0 ? -half.z : half.z)
    }

    /// A point of a rectangle's edge, uniform along it (from its top-left corner, clockwise).
    private static func perimeter(_ u: Double, half: SIMD3<Double>) -> SIMD3<Double> {
        let w = 2 * half.x, h = 2 * half.y
        var s = u * 2 * (w + h)
        if s < w { return SIMD3(s - half.x, -half.y, 0) }
        s -= w
        if s < h { return SIMD3(half.x, s - half.y, 0) }
        s -= h
        if s < w { return SIMD3(half.x - s, half.y, 0) }
        return SIMD3(-half.x, half.y - (s - w), 0)
    }

    /// A point of a box's faces, uniform over their area: a point of the volume moved onto one
    /// face, the face chosen with a probability proportional to its area.
    private static func boxSurface(_ u: SIMD3<Double>, face: Double, half: SIMD3<Double>) -> SIMD3<Double> {
        let areas = SIMD3(half.y * half.z, half.x * half.z, half.x * half.y)
        let total = areas.sum()
        var p = (u - 0.5) * 2 * half
        guard total > 0 else { return p }
        // Six faces: the axis by area, then the side (the rest of the same draw).
        let pick = face * total
        let axis = pick < areas.x ? 0 : pick < areas.x + areas.y ? 1 : 2
        let start = axis == 0 ? 0 : axis == 1 ? areas.x : areas.x + areas.y
        let side = pick - start < areas[axis] / 2 ? -1.0 : 1.0
        p[axis] = side * half[axis]
        return p
    }
}
