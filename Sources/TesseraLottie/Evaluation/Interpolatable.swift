/// A value Lottie interpolates between keyframes, with one eased fraction per dimension
/// (After Effects eases x, y and z of a separated property apart).
protocol Interpolatable: Sendable {
    static func interpolate(_ a: Self, _ b: Self, fraction: (Int) -> Double) -> Self
}

extension Double: Interpolatable {
    static func interpolate(_ a: Double, _ b: Double, fraction: (Int) -> Double) -> Double {
        a + (b - a) * fraction(0)
    }
}

extension Array: Interpolatable where Element == Double {
    /// Component by component; a component only one side has keeps its value.
    static func interpolate(_ a: [Double], _ b: [Double], fraction: (Int) -> Double) -> [Double] {
        a.indices.map { i in i < b.count ? a[i] + (b[i] - a[i]) * fraction(i) : a[i] }
    }
}

extension BezierShape: Interpolatable {
    /// Vertex by vertex, when both have as many; otherwise the first holds until the end.
    static func interpolate(_ a: BezierShape, _ b: BezierShape, fraction: (Int) -> Double) -> BezierShape {
        let u = fraction(0)
        guard a.vertices.count == b.vertices.count else { return u < 1 ? a : b }
        var result = a
        for i in a.vertices.indices {
            let (p, q) = (a.vertices[i], b.vertices[i])
            result.vertices[i] = Vertex(
                point: p.point + (q.point - p.point) * u,
                inHandle: p.inHandle + (q.inHandle - p.inHandle) * u,
                outHandle: p.outHandle + (q.outHandle - p.outHandle) * u)
        }
        return result
    }
}
