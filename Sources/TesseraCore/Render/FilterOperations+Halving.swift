import TesseraRaster

extension FilterOperations {
    /// The pixels at half the resolution (`Pixmap.halved`: each the rounded mean of a 2 × 2
    /// block), at twice the scale, on up to `threadCount` threads (while `recorder` records, its
    /// planned count): the same bytes on any number.
    static func halved(_ pixels: Placed, threadCount: Int, recorder: FrameTaskRecorder? = nil) -> Placed? {
        guard let half = try? pixels.pixmap.halved(threadCount: threadCount, recorder: recorder) else { return nil }
        return Placed(pixmap: half, x: pixels.x, y: pixels.y, scale: pixels.scale * 2, clip: pixels.clip)
    }
}
