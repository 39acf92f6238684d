extension Canvas {
    /// The pixels of recorded calls, apart from any frame: a layer drawn offscreen before a filter
    /// (a blur) changes it as a whole. Package-wide, for the model's filters (`TesseraCore`).
    package struct OffscreenPixels {
        /// The drawn pixels, premultiplied.
        package let pixmap: Pixmap
        /// Where the pixmap's top-left pixel lies in the target the calls were rendered for.
        package let x: Int
        /// Where the pixmap's top row lies in the target.
        package let y: Int
    }

    /// Draws every recorded call, in order, into a transparent target `width × height` pixels of
    /// the canvas's own and returns the pixels they may have drawn, cropped (nil when they draw
    /// nothing, or the target has no pixel); then empties the recording. The target is kept for
    /// the next call of the same size, transparent again.
    ///
    /// - Throws: ``RasterError`` for a size ``Pixmap`` refuses (the recording is emptied all the
    ///   same).
    ///
    /// Package-wide, not public: the model draws its filtered layers and backdrops offscreen with
    /// it (`TesseraCore`); a user renders a frame with ``render(into:)``.
    package func renderPixmap(width: Int, height: Int) throws(RasterError) -> OffscreenPixels? {
        defer { recording.reset() }
        let target = try colorTarget.target(width: width, height: height)
        guard width > 0, height > 0 else { return nil }
        recording.closeOpenGroups()
        _ = renderer.render(recording, into: target, threadCount: max(1, threadCount), tolerance: clampedTolerance)
        guard let drawn = renderer.drawnBounds(commandCount: recording.count) else { return nil }
        let pixmap = try colorTarget.take(left: drawn.left, top: drawn.top, right: drawn.right, bottom: drawn.bottom)
        return OffscreenPixels(pixmap: pixmap, x: drawn.left, y: drawn.top)
    }
}
