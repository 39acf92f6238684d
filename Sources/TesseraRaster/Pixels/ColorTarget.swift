/// The RGBA target of ``Canvas/renderPixmap(width:height:)``: a pixmap kept between calls (made
/// anew only for another size) and all transparent between them, so that a call clears nothing
/// but what it drew.
final class ColorTarget {
    private var pixmap: Pixmap?

    /// A transparent target `width × height` pixels.
    ///
    /// - Throws: ``RasterError`` for a size a ``Pixmap`` refuses, or memory that cannot be had.
    func target(width: Int, height: Int) throws(RasterError) -> Pixmap {
        if let pixmap, pixmap.width == width, pixmap.height == height { return pixmap }
        pixmap = nil   // the old one freed first
        let fresh = try Pixmap(width: width, height: height)
        pixmap = fresh
        return fresh
    }

    /// The pixels of the last target in columns [left, right) and rows [top, bottom), as a new
    /// pixmap; they are transparent again afterwards (nothing is drawn outside them).
    func take(left: Int, top: Int, right: Int, bottom: Int) throws(RasterError) -> Pixmap {
        let source = pixmap!
        let taken = try Pixmap(width: right - left, height: bottom - top)
        for r in 0..<(bottom - top) {
            let row = source.row(top + r) + left
            taken.row(r).update(from: row, count: right - left)
            row.update(repeating: 0, count: right - left)
        }
        return taken
    }
}
