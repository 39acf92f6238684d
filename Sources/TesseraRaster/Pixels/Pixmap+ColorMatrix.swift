import CTesseraSIMD

extension Pixmap {
    /// Filters every pixel by `colorMatrix`, in place, as a group's colour filter does
    /// (``Canvas/endGroup(opacity:blendMode:colorMatrix:)``): the same kernel, so the same bytes;
    /// transparent pixels stay transparent.
    ///
    /// Rows are split among up to `threadCount` threads; the bytes are the same whatever the
    /// count.
    public func apply(_ colorMatrix: ColorMatrix, threadCount: Int = 1) {
        apply(colorMatrix, threadCount: threadCount, recorder: nil)
    }

    /// ``apply(_:threadCount:)``, and while `recorder` records a frame, the rows split for its
    /// planned thread count, each part an item of the drawing walk.
    package func apply(_ colorMatrix: ColorMatrix, threadCount: Int, recorder: FrameTaskRecorder?) {
        let rows = ColorMatrixRows(pixmap: self, matrix: colorMatrix.kernel)
        // Enough rows each that a part outweighs handing it out (a row of 500 pixels takes a few
        // microseconds: a backdrop's blurred quarter-resolution band has about a hundred).
        recorder.concurrentPerform(
            splitting: height, into: min(recorder.plannedThreadCount(otherwise: threadCount), height / 8),
            stage: "drawing walk", execute: rows.filter)
    }
}

/// A pixmap and a colour matrix, shared by the threads that filter its rows.
///
/// `@unchecked Sendable`: each thread writes only its own rows of the pixmap.
private struct ColorMatrixRows: @unchecked Sendable {
    let pixmap: Pixmap
    let matrix: tsr_color_matrix

    func filter(_ rows: Range<Int>) {
        var matrix = matrix
        for y in rows { tsr_color_matrix_row(pixmap.row(y), pixmap.width, &matrix) }
    }
}
