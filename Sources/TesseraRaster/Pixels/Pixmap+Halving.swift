import CTesseraSIMD

extension Pixmap {
    /// The pixels at half the resolution, ⌈width / 2⌉ × ⌈height / 2⌉: each the rounded mean of a
    /// 2 × 2 block (outside the pixmap counts as transparent), so premultiplied pixels stay
    /// premultiplied. A wide blur runs on them (``FilterOperations`` in Tessera).
    ///
    /// Rows are split among up to `threadCount` threads (while `recorder` records a frame, its
    /// planned thread count, each part an item of the drawing walk); the bytes are the same
    /// whatever the count.
    package func halved(threadCount: Int = 1, recorder: FrameTaskRecorder? = nil) throws(RasterError) -> Pixmap {
        // Every pixel is written: no need to clear the memory first.
        let half = try Pixmap(uninitializedWidth: (width + 1) / 2, height: (height + 1) / 2)
        let rows = HalvedRows(source: self, half: half)
        // Enough rows each that a part outweighs handing it out (a row of a full-HD frame's half
        // takes about a microsecond).
        recorder.concurrentPerform(
            splitting: half.height,
            into: min(recorder.plannedThreadCount(otherwise: threadCount), half.height / 8),
            stage: "drawing walk", execute: rows.halve)
        return half
    }
}

/// A pixmap and its half, shared by the threads that halve its rows.
///
/// `@unchecked Sendable`: each thread writes only its own rows of `half` and reads `source`,
/// which no one writes meanwhile.
private struct HalvedRows: @unchecked Sendable {
    let source: Pixmap
    let half: Pixmap

    func halve(_ rows: Range<Int>) {
        for y in rows {
            let bottom = 2 * y + 1 < source.height ? UnsafePointer(source.row(2 * y + 1)) : nil
            tsr_halve_row(half.row(y), source.row(2 * y), bottom, source.width)
        }
    }
}
