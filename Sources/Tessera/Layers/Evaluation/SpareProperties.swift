import Synchronization

#if !canImport(QuartzCore)
/// The properties buffer of a plan's last presentation tree, kept when the tree is freed, so that
/// the next evaluation assigns each layer's properties over the last frame's instead of
/// initializing a new buffer, and the freed tree releases nothing. A frame of the layer-tree
/// scene spent 0.4 ms releasing the last tree's 2,041 properties (their paths and arrays, whose
/// counts other threads touched), on one thread or two alike.
///
/// Holds one buffer at most: a plan evaluated several times at once (a replicator's instances)
/// gets the spare for one of its trees and new buffers for the others.
final class SpareProperties: Sendable {
    /// A buffer of initialized properties, allocated with `allocate(capacity:)`.
    private struct Buffer: @unchecked Sendable {
        let properties: UnsafeMutableBufferPointer<LayerProperties>
    }

    private let spare = Mutex<Buffer?>(nil)

    /// Keeps `properties` (initialized, allocated with `allocate(capacity:)`) for the next
    /// evaluation; false, leaving them to the caller, when a buffer is kept already.
    func keep(_ properties: UnsafeMutableBufferPointer<LayerProperties>) -> Bool {
        spare.withLock { spare in
            guard spare == nil else { return false }
            spare = Buffer(properties: properties)
            return true
        }
    }

    /// The kept buffer, initialized, when there is one of `count` properties; the caller owns it.
    func take(count: Int) -> UnsafeMutableBufferPointer<LayerProperties>? {
        spare.withLock { spare in
            guard let buffer = spare, buffer.properties.count == count else { return nil }
            spare = nil
            return buffer.properties
        }
    }

    deinit {
        spare.withLock { spare in
            guard let buffer = spare else { return }
            buffer.properties.deinitialize()
            buffer.properties.deallocate()
        }
    }
}
#endif
