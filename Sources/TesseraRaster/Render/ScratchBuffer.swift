/// A raw buffer of trivial values that grows on demand and is reused between frames. Its contents
/// are not preserved across ``reserve(_:)`` calls that grow it.
final class ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var pointer: UnsafeMutablePointer<Element>
    private(set) var capacity = 0

    init() { pointer = .allocate(capacity: 0) }

    deinit { pointer.deallocate() }

    /// Makes room for at least `count` elements.
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        pointer.deallocate()
        capacity = max(count, capacity * 2)
        pointer = .allocate(capacity: capacity)
    }
}
