/// Turns one stroke shape into outline contours, reusing its buffers from frame to frame:
/// flatten → (trim, dash) → outline.
///
/// Where the stroke is computed: a transform that is a similarity (rotation, uniform scale,
/// reflection, translation) maps a circular pen to a circular pen, so the path is flattened and
/// stroked in device space with the width scaled — the cheapest and most exact. Any other
/// transform is applied after stroking in the path's own space, as CoreGraphics does, which turns
/// the pen into an ellipse; the flattening tolerance is divided by the transform's largest scale
/// so that it still holds in device space.
final class StrokeGeometry {
    /// Every buffer in one stored property, so that ``outline(of:transform:tolerance:)`` swaps them all
    /// into a local at once: each use of a class's stored property as `inout` is checked for
    /// exclusive access at run time.
    private var buffers = Buffers()

    /// The outline built by the last ``outline(of:transform:tolerance:)`` that did not return nil.
    var outline: Polylines { buffers.outline }

    /// Builds the outline of `shape` under `transform`; returns the transform that maps it to
    /// device space, or nil when the stroke draws nothing (invalid width, non-finite coordinates,
    /// empty path).
    func outline(of shape: StrokeShape, transform: Transform, tolerance: Double) -> Transform? {
        var work = Buffers()
        swap(&work, &buffers)
        defer { swap(&work, &buffers) }
        return work.outline(of: shape, transform: transform, tolerance: tolerance)
    }

    private struct Buffers {
        var flattened = Polylines()
        var smooth: [Bool] = []
        var dashed = Polylines()
        var dashedSmooth: [Bool] = []
        var scaledDashLengths: [Double] = []
        var outline = Polylines()
        /// The stroker's, made on first use (a fresh `Buffers` is made and swapped in for every outline).
        var writeBuffer: Polylines.WriteBuffer?

        mutating func outline(of shape: StrokeShape, transform t: Transform, tolerance: Double) -> Transform? {
            guard Stroker.draws(shape.style) else { return nil }
            // Dash lengths are user-space lengths: under a scaling similarity they are scaled with
            // the path, into a buffer kept from frame to frame (swapped out of `self` while the
            // pattern borrows it).
            guard let pattern = shape.dash, !pattern.isSolid, let scale = StrokeGeometry.similarityScale(t), scale != 1
            else { return outline(of: shape, dash: shape.dash, transform: t, tolerance: tolerance) }
            var lengths: [Double] = []
            swap(&lengths, &scaledDashLengths)
            defer { swap(&lengths, &scaledDashLengths) }
            lengths.removeAll(keepingCapacity: true)
            for length in pattern.lengths { lengths.append(length * scale) }
            return lengths.withUnsafeBufferPointer {
                outline(
                    of: shape, dash: DashElements(lengths: $0, phase: pattern.phase * scale), transform: t,
                    tolerance: tolerance)
            }
        }

        /// The outline of `shape` with the dash pattern `dash`, scaled already where it must be.
        private mutating func outline(
            of shape: StrokeShape, dash: DashElements?, transform t: Transform, tolerance: Double
        ) -> Transform? {
            var style = shape.style
            let dash = dash.flatMap { $0.isSolid ? nil : $0 }
            let pathTransform: Transform, outlineTransform: Transform, flatteningTolerance: Double
            if let scale = StrokeGeometry.similarityScale(t) {
                pathTransform = t
                outlineTransform = .identity
                flatteningTolerance = tolerance
                style.width *= scale
            } else {
                let largest = StrokeGeometry.largestScale(t)
                guard largest.isFinite else { return nil }
                pathTransform = .identity
                outlineTransform = t
                flatteningTolerance = largest > 0 ? tolerance / largest : tolerance
            }
            guard style.width.isFinite, style.width > 0 else { return nil }
            flattened.removeAll()
            smooth.removeAll(keepingCapacity: true)
            guard
                PolylineFlattener.flatten(
                    shape.path, transform: pathTransform, tolerance: flatteningTolerance,
                    into: &flattened, smooth: &smooth)
            else { return nil }
            // A path of lines has no smooth point: without flags, dashing does not carry them along.
            if !smooth.contains(true) { smooth.removeAll(keepingCapacity: true) }
            let stroker = Stroker(style: style, tolerance: flatteningTolerance)
            let buffer = writeBuffer ?? Polylines.WriteBuffer()
            writeBuffer = buffer
            outline.removeAll()
            // Written so that a NaN trim end goes through DashTrim, which reads it as the default.
            let untrimmed = shape.trimStart <= 0 && shape.trimEnd >= 1
            if dash == nil && untrimmed {
                stroker.stroke(flattened, smooth: smooth, into: &outline, using: buffer)
            } else {
                dashed.removeAll()
                dashedSmooth.removeAll(keepingCapacity: true)
                DashTrim.apply(
                    dashElements: dash, trimStart: shape.trimStart, trimEnd: shape.trimEnd, to: flattened,
                    smooth: smooth, into: &dashed, smooth: &dashedSmooth, using: buffer)
                stroker.stroke(dashed, smooth: dashedSmooth, into: &outline, using: buffer)
            }
            return outline.subpaths.isEmpty ? nil : outlineTransform
        }
    }

    /// The scale factor of a similarity transform, nil for any other (including a degenerate one).
    static func similarityScale(_ t: Transform) -> Double? {
        let column1 = t.a * t.a + t.b * t.b, column2 = t.c * t.c + t.d * t.d
        let skew = t.a * t.c + t.b * t.d
        guard column1 > 0, column1.isFinite, abs(column1 - column2) <= 1e-9 * column1,
            abs(skew) <= 1e-9 * column1
        else { return nil }
        return column1.squareRoot()
    }

    /// The largest factor by which the transform stretches a length (its largest singular value).
    static func largestScale(_ t: Transform) -> Double {
        let sum = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
        let det = t.determinant
        let root = max(0, sum * sum - 4 * det * det).squareRoot()
        return ((sum + root) / 2).squareRoot()
    }
}

extension StrokeGeometry {
    /// Swaps the last outline with `other` (no copy): the caller keeps the outline, and this
    /// geometry reuses `other`'s buffers for its next one.
    func exchangeOutline(with other: inout Polylines) {
        swap(&buffers.outline, &other)
    }
}
