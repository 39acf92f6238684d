/// Destroys the elements of a large buffer on several threads. What a frame's values reference
/// (paths, arrays) is released when they are destroyed, and on one thread that release is a
/// serial step of every parallel frame.
package enum ConcurrentRelease {
    /// Deinitializes `buffer`'s elements: on one thread, here, unless `threadCount` > 1 and there
    /// are at least `minimumChunk` elements per thread; then in chunks, as many for every thread
    /// (two at most each). `refill`, when given, initializes each chunk again on the thread that
    /// emptied it.
    package static func deinitialize<Element>(
        _ buffer: UnsafeMutableBufferPointer<Element>, threadCount: Int,
        minimumChunk: Int,
        refill: (@Sendable (UnsafeMutableBufferPointer<Element>) -> Void)? = nil
    ) {
        let perThread = threadCount > 1 ? min(2, buffer.count / (minimumChunk * threadCount)) : 0
        let chunks = Chunks(buffer: buffer, count: max(1, threadCount * perThread), refill: refill)
        if chunks.count == 1 {
            chunks.release(0)
        } else {
            WorkerPool.shared.perform(iterations: chunks.count, chunks.release)
        }
    }

    /// `@unchecked Sendable`: each chunk is touched by the one thread that releases it, while
    /// the caller waits.
    private struct Chunks<Element>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Element>
        let count: Int
        let refill: (@Sendable (UnsafeMutableBufferPointer<Element>) -> Void)?

        func release(_ c: Int) {
            let range = c * buffer.count / count..<(c + 1) * buffer.count / count
            let chunk = UnsafeMutableBufferPointer(rebasing: buffer[range])
            _ = chunk.deinitialize()
            refill?(chunk)
        }
    }
}
