import Foundation
import TesseraCore

extension ShapeLayers {
    /// A gradient painted through `mask` (a shape layer that fills or strokes the path): a
    /// `CAGradientLayer` over a square that holds the extent of every frame's path, its start and
    /// end points mapped from Lottie's (in the group's coordinates) into the layer's unit square.
    /// Square, because Apple's Core Animation draws an axial gradient in the unit square and
    /// then stretches it over the bounds: in other bounds its lines of one colour would not be
    /// perpendicular to the start-to-end direction, as After Effects draws them, once `convert`
    /// writes the layer for Apple's tools (lottie-ios's gradient layers, the composition's size
    /// with 10,000 points around it, are nearly square: its snapshots tilt gradients only in
    /// long compositions). A radial gradient's end point is on its circle: the layer's end
    /// point is put at the same distance along both axes. The highlight (a focal point off the
    /// center) is not drawn. `margin` is how far a stroke reaches beyond the path.
    func gradientLayer(_ gradient: ShapeItem.Gradient, mask: CAShapeLayer, outline: Track<CGPath>, margin: Double) -> CALayer {
        let extent = Self.extent(of: outline.values, margin: margin)
        let layer = CAGradientLayer()
        layer.name = gradient.isRadial ? "radial gradient" : "linear gradient"
        layer.anchorPoint = .zero
        layer.frame = extent
        layer.type = gradient.isRadial ? .radial : .axial
        // The mask's coordinates are the gradient layer's: the group's, less the extent's origin.
        mask.anchorPoint = .zero
        mask.position = CGPoint(x: -extent.minX, y: -extent.minY)
        layer.mask = mask
        if gradient.highlightLength.isAnimated || gradient.highlightLength.initialValue != 0, gradient.isRadial {
            report.approximated(path, "gradient highlight", "a radial gradient's highlight is drawn centered")
        }
        func unit(_ p: [Double]) -> CGPoint {
            CGPoint(x: (p[0] - extent.minX) / extent.width, y: (p[1] - extent.minY) / extent.height)
        }
        func points(_ start: [Double], _ end: [Double]) -> (CGPoint, CGPoint) {
            guard gradient.isRadial else { return (unit(start), unit(end)) }
            let radius = ((end[0] - start[0]) * (end[0] - start[0]) + (end[1] - start[1]) * (end[1] - start[1])).squareRoot()
            return (unit(start), unit([start[0] + radius, start[1] + radius]))
        }
        let (start, end) = (gradient.start, gradient.end)
        let geometry = Track<(CGPoint, CGPoint)>(
            combining: [start.timing, end.timing],
            atKeyframe: { k in
                points(start.value(atKeyframe: k), end.value(atKeyframe: k))
            },
            atFrame: { f in
                points(start.value(at: f), end.value(at: f))
            })
        animator.apply(geometry, to: layer, keyPath: "startPoint") { $0.0 }
        animator.apply(geometry, to: layer, keyPath: "endPoint") { $0.1 }
        let count = gradient.colorStopCount
        animator.apply(gradient.stops, to: layer, keyPath: "colors") { Self.stops($0, colorStopCount: count).map(\.color) }
        animator.apply(gradient.stops, to: layer, keyPath: "locations") {
            Self.stops($0, colorStopCount: count).map { NSNumber(value: $0.location) }
        }
        let container = CALayer()
        container.name = "gradient"
        animator.apply(gradient.opacity, to: container, keyPath: "opacity") { Self.opacity($0) }
        container.addSublayer(layer)
        return container
    }

    /// The gradient's stops from Lottie's numbers: `colorStopCount` × (offset, red, green,
    /// blue), then (offset, alpha) pairs. With alpha stops, every offset of either list is a
    /// stop, its color and alpha each interpolated in their own list (the count stays the same
    /// from keyframe to keyframe, so that they interpolate).
    static func stops(_ values: [Double], colorStopCount: Int) -> [(location: Double, color: CGColor)] {
        let colorCount = min(colorStopCount, values.count / 4)
        var colors: [(Double, [Double])] = []
        for i in 0..<colorCount {
            colors.append((values[4 * i], Array(values[4 * i + 1...4 * i + 3])))
        }
        var alphas: [(Double, [Double])] = []
        var i = colorCount * 4
        while i + 1 < values.count {
            alphas.append((values[i], [values[i + 1]]))
            i += 2
        }
        guard !colors.isEmpty else { return [] }
        guard !alphas.isEmpty else { return colors.map { (location: $0.0, color: color($0.1)) } }
        let locations = (colors.map { $0.0 } + alphas.map { $0.0 }).sorted()
        return locations.map { location in
            let alpha = CGFloat(min(max(interpolate(alphas, at: location)[0], 0), 1))
            return (location: location, color: color(interpolate(colors, at: location)).copy(alpha: alpha) ?? color([0, 0, 0]))
        }
    }

    /// The value at `location` of stops sorted by location, constant past the ends.
    private static func interpolate(_ stops: [(Double, [Double])], at location: Double) -> [Double] {
        guard let next = stops.firstIndex(where: { $0.0 > location }) else { return stops[stops.count - 1].1 }
        guard next > 0 else { return stops[0].1 }
        let (a, b) = (stops[next - 1], stops[next])
        let u = b.0 > a.0 ? (location - a.0) / (b.0 - a.0) : 1
        return zip(a.1, b.1).map { $0 + ($1 - $0) * u }
    }

    /// The square centered on the bounding box of every path grown by `margin` (room for a
    /// stroke), its side at least 1.
    private static func extent(of paths: [CGPath], margin: Double) -> CGRect {
        var box = CGRect.null
        for path in paths where !path.isEmpty { box = box.union(path.boundingBox) }
        guard !box.isNull, box.minX.isFinite, box.maxX.isFinite, box.minY.isFinite, box.maxY.isFinite else {
            return CGRect(x: 0, y: 0, width: 1, height: 1)
        }
        box = box.insetBy(dx: -margin, dy: -margin)
        let side = max(box.width, box.height, 1)
        return CGRect(x: box.midX - side / 2, y: box.midY - side / 2, width: side, height: side)
    }
}
