import Foundation

/// A growable buffer of plain values (no references) that ``JSONParser`` appends to while it reads:
/// an append is a comparison and a store, where an array's also checks that its storage is not
/// shared. It grows through `realloc` (a large block is moved by remapping its pages, not copied).
/// Its owner frees it: the parser those it drops, ``JSONDocument`` those it is handed (``taken``).
struct JSONBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = Self.reallocate(nil, capacity: self.capacity)
    }

    init(repeating element: Element, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: element, count: count)
        self.count = count
    }

    func deallocate() {
        free(base)
    }

    /// The elements, for their new owner to free with `free` (``JSONDocument`` does).
    var taken: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base, count: count)
    }

    /// The element at `index`, which the caller has checked is below ``count``.
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func append(_ elements: UnsafePointer<Element>, count added: Int) {
        if count + added > capacity { grow(toHold: count + added) }
        (base + count).initialize(from: elements, count: added)
        count += added
    }

    /// Keeps the first `newCount` elements.
    mutating func truncate(to newCount: Int) {
        count = newCount
    }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        capacity = max(needed, capacity * 2)
        base = Self.reallocate(base, capacity: capacity)
    }

    private static func reallocate(_ block: UnsafeMutablePointer<Element>?, capacity: Int) -> UnsafeMutablePointer<Element> {
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let memory = realloc(block, bytes) else { fatalError("out of memory for \(capacity) JSON values") }
        return memory.assumingMemoryBound(to: Element.self)
    }
}
