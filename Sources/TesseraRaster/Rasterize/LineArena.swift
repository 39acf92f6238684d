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

    /// Makes room for `additional` more lines, so that ``appendReserved(_:_:_:_:)`` may follow.
    func reserve(_ additional: Int) {
        while capacity - count < additional { grow() }
    }

    /// Appends a line into room made by ``reserve(_:)``.
    @inline(__always)
    func appendReserved(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
        let p = floats + count * 4
        p[0] = x0; p[1] = y0; p[2] = x1; p[3] = y1
        count += 1
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
