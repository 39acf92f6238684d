import TesseraRaster

#if !canImport(QuartzCore)
extension FilterOperations {
    /// The pixels at half the resolution: each the average of a 2 × 2 block (rounded; outside
    /// the pixmap counts as transparent), so premultiplied pixels stay premultiplied. Rows are
    /// halved apart, on up to `threadCount` threads (while `recorder` records, its planned
    /// count, each part an item of the drawing walk): the same bytes on any number.
    static func halved(_ pixels: Placed, threadCount: Int, recorder: FrameTaskRecorder? = nil) -> Placed? {
        let source = pixels.pixmap
        guard let half = try? Pixmap(width: (source.width + 1) / 2, height: (source.height + 1) / 2) else { return nil }
        let rows = HalvedRows(source: source, half: half), height = half.height
        // Enough rows each that a chunk outweighs handing it out.
        recorder.concurrentPerform(splitting: height, into: min(recorder.plannedThreadCount(otherwise: threadCount), height / 32),
                                   stage: "drawing walk", execute: rows.halve)
        return Placed(pixmap: half, x: pixels.x, y: pixels.y, scale: pixels.scale * 2, clip: pixels.clip)
    }
}

/// A pixmap and its half, shared by the threads that halve its rows.
///
/// `@unchecked Sendable`: each thread writes only its own rows of `half` and reads `source`,
/// which no one writes meanwhile.
private struct HalvedRows: @unchecked Sendable {
    let source: Pixmap
    let half: Pixmap

    func halve(_ range: Range<Int>) {
        for y in range {
            let top = source.row(2 * y), bottom = 2 * y + 1 < source.height ? source.row(2 * y + 1) : nil
            let out = half.row(y)
            for x in 0..<half.width {
                let right = 2 * x + 1 < source.width
                let a = top[2 * x], b = right ? top[2 * x + 1] : 0
                let c = bottom?[2 * x] ?? 0, d = right ? bottom?[2 * x + 1] ?? 0 : 0
                // Each byte lane summed apart: red and blue, then green and alpha, in 16-bit halves
                // (four bytes sum to at most 1,020: no carry into the next lane).
                let evenLanes: UInt32 = 0x00FF_00FF, rounding: UInt32 = 0x0002_0002
                var lowSums = a & evenLanes
                lowSums += b & evenLanes
                lowSums += c & evenLanes
                lowSums += d & evenLanes
                lowSums += rounding
                var highSums = (a >> 8) & evenLanes
                highSums += (b >> 8) & evenLanes
                highSums += (c >> 8) & evenLanes
                highSums += (d >> 8) & evenLanes
                highSums += rounding
                out[x] = ((lowSums >> 2) & evenLanes) | (((highSums >> 2) & evenLanes) << 8)
            }
        }
    }
}
#endif
