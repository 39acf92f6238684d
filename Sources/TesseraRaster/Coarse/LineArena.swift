/// A growable buffer of device-space lines, four floats each (x0, y0, x1, y1), reused from frame
/// to frame: ``removeAll()`` keeps the memory, so a warm arena allocates nothing.
///
/// Raw memory rather than an Array so that the rasterizer's C kernels and the parallel workers read
/// it by pointer with no copy-on-write checks or retain traffic.
final class LineArena {
    private(set) var floats: UnsafeMutablePointer<Float>
    private var capacity: Int   // in lines
    /// The number of lines stored.
    private(set) var count = 0

    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        floats = .allocate(capacity: self.capacity * 4)
    }

    deinit { floats.deallocate() }

    func removeAll() { count = 0 }

    /// Drops the lines added after `count` was `mark` (used to discard a path that turned out invalid).
    func truncate(to mark: Int) { count = min(count, mark) }

    @inline(__always)
    func append(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
        if count == capacity { grow() }
        let p = floats + count * 4
        p[0] = x0; p[1] = y0; p[2] = x1; p[3] = y1
        count += 1
    }

    /// Appends at most `maximum` lines written by `body` straight into the buffer: `body` gets
    /// the address of the first free line's x0 and returns how many lines it wrote there. For hot
    /// loops, which then keep the write position in a register instead of updating `count` (a
    /// class property) line by line.
    @inline(__always)
    func appendLines(upTo maximum: Int, _ body: (UnsafeMutablePointer<Float>) -> Int) {
        while capacity - count < maximum { grow() }
        let written = body(floats + count * 4)
        precondition(written >= 0 && written <= maximum, "LineArena: wrote past the room asked for")
        count += written
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newFloats = UnsafeMutablePointer<Float>.allocate(capacity: newCapacity * 4)
        newFloats.update(from: floats, count: count * 4)
        floats.deallocate()
        floats = newFloats
        capacity = newCapacity
    }
}
