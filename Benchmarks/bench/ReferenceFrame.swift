import BenchTracking
import TesseraRaster

extension Workload {
    /// The frame whose pixels are hashed: the third of a freshly prepared workload (warm caches,
    /// and a time that does not depend on `--frames`, `--warmup` or the thread counts run before).
    static let referenceFrameNumber = 3

    /// ``PixelHash`` of the reference frame drawn with `threads` threads; nil for workloads that
    /// draw nothing.
    func referencePixelHash(threads: Int) throws -> String? {
        let fresh = try prepare()
        for _ in 0..<Self.referenceFrameNumber {
            fresh.frame(threads: threads)
        }
        return fresh.lastFrame.map { PixelHash(of: $0).hexDigest }
    }
}

extension PixelHash {
    /// The hash of `pixmap`'s size and pixels (not the padding between its rows).
    init(of pixmap: Pixmap) {
        self.init(width: pixmap.width, height: pixmap.height)
        for y in 0..<pixmap.height {
            combine(UnsafeRawBufferPointer(start: pixmap.row(y), count: pixmap.width * 4))
        }
    }
}
