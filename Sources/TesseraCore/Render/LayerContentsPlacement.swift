import Foundation
import TesseraRaster

/// Where a layer's `contents` image is drawn in its bounds: the part of the image that
/// `contentsRect` selects, placed by `contentsGravity` at its natural size (pixels divided by
/// `contentsScale`) or scaled, and cut into nine cells by `contentsCenter`, of which only the
/// centre stretches. Layer space is y down: row 0 of the image is at the top (minimum y), where
/// `.top` puts it.
struct LayerContentsPlacement {
    /// One cell: a rectangle of image pixels drawn into a rectangle of layer points.
    struct Cell: Equatable {
        var source: CGRect
        var destination: CGRect

        /// Image pixel (u, v) to layer point: the cell's source onto its destination.
        var imageToLayer: Transform {
            let sx = Double(destination.width / source.width), sy = Double(destination.height / source.height)
            return Transform(
                a: sx, b: 0, c: 0, d: sy, tx: Double(destination.minX) - Double(source.minX) * sx,
                ty: Double(destination.minY) - Double(source.minY) * sy)
        }
    }

    /// The cells to draw (nine with a `contentsCenter` smaller than the image, one otherwise);
    /// empty when nothing shows (an empty image part or bounds, non-finite values).
    static func cells(
        bounds: CGRect, imageWidth: Int, imageHeight: Int, contentsRect: CGRect,
        contentsCenter: CGRect, gravity: CALayerContentsGravity, scale: CGFloat
    ) -> [Cell] {
        let w = CGFloat(imageWidth), h = CGFloat(imageHeight)
        let source = CGRect(
            x: contentsRect.minX * w, y: contentsRect.minY * h,
            width: contentsRect.width * w, height: contentsRect.height * h
        ).standardized
        let bounds = bounds.standardized
        let pointsPerPixel = scale > 0 && scale.isFinite ? 1 / scale : 1
        guard source.width > 0, source.height > 0, source.width.isFinite, source.height.isFinite,
            bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite
        else { return [] }
        let destination = place(
            CGSize(width: source.width * pointsPerPixel, height: source.height * pointsPerPixel),
            in: bounds, gravity: gravity)
        guard destination.width > 0, destination.height > 0, destination.width.isFinite, destination.height.isFinite
        else { return [] }
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let center = contentsCenter.standardized.intersection(unit)
        guard !center.isNull, center != unit else { return [Cell(source: source, destination: destination)] }
        return nineCells(source: source, destination: destination, center: center, pointsPerPixel: pointsPerPixel)
    }

    /// The rectangle of a part of natural size `size` in `bounds`.
    static func place(_ size: CGSize, in bounds: CGRect, gravity: CALayerContentsGravity) -> CGRect {
        func at(_ x: CGFloat, _ y: CGFloat, _ size: CGSize) -> CGRect { CGRect(origin: CGPoint(x: x, y: y), size: size) }
        let midX = bounds.midX - size.width / 2, midY = bounds.midY - size.height / 2
        let right = bounds.maxX - size.width, bottom = bounds.maxY - size.height
        switch gravity {
        case .center: return at(midX, midY, size)
        case .top: return at(midX, bounds.minY, size)
        case .bottom: return at(midX, bottom, size)
        case .left: return at(bounds.minX, midY, size)
        case .right: return at(right, midY, size)
        case .topLeft: return at(bounds.minX, bounds.minY, size)
        case .topRight: return at(right, bounds.minY, size)
        case .bottomLeft: return at(bounds.minX, bottom, size)
        case .bottomRight: return at(right, bottom, size)
        case .resizeAspect, .resizeAspectFill:
            let fit = min(bounds.width / size.width, bounds.height / size.height)
            let fill = max(bounds.width / size.width, bounds.height / size.height)
            let s = gravity == .resizeAspect ? fit : fill
            let scaled = CGSize(width: size.width * s, height: size.height * s)
            return at(bounds.midX - scaled.width / 2, bounds.midY - scaled.height / 2, scaled)
        default:   // .resize, and any gravity Core Animation does not define
            return bounds
        }
    }

    /// The nine cells: the borders around `center` (unit coordinates of the image part) keep
    /// their natural size (pixels × `pointsPerPixel`), scaled down together when the
    /// destination is smaller than the two borders of an axis; the centre takes the rest.
    private static func nineCells(source: CGRect, destination: CGRect, center: CGRect, pointsPerPixel: CGFloat) -> [Cell] {
        // Per axis: the source cuts and the destination cuts, at the borders.
        func cuts(
            _ origin: CGFloat, _ length: CGFloat, _ lo: CGFloat, _ hi: CGFloat,
            _ to: CGFloat, _ toLength: CGFloat
        ) -> (source: [CGFloat], destination: [CGFloat]) {
            let first = lo * length, last = (1 - hi) * length
            let natural = (first + last) * pointsPerPixel
            let shrink = natural > toLength && natural > 0 ? toLength / natural : 1
            let a = first * pointsPerPixel * shrink, b = last * pointsPerPixel * shrink
            return (
                [origin, origin + first, origin + length - last, origin + length],
                [to, to + a, to + toLength - b, to + toLength]
            )
        }
        let x = cuts(source.minX, source.width, center.minX, center.maxX, destination.minX, destination.width)
        let y = cuts(source.minY, source.height, center.minY, center.maxY, destination.minY, destination.height)
        var cells: [Cell] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let s = CGRect(
                    x: x.source[column], y: y.source[row], width: x.source[column + 1] - x.source[column],
                    height: y.source[row + 1] - y.source[row])
                let d = CGRect(
                    x: x.destination[column], y: y.destination[row],
                    width: x.destination[column + 1] - x.destination[column],
                    height: y.destination[row + 1] - y.destination[row])
                // Cells thinner than rounding noise (a centre squeezed out) draw nothing.
                if s.width > 1e-9, s.height > 1e-9, d.width > 1e-9, d.height > 1e-9 {
                    cells.append(Cell(source: s, destination: d))
                }
            }
        }
        return cells
    }
}
