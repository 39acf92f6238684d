import Synchronization

#if !canImport(QuartzCore)
/// The properties buffers of a plan's freed presentation trees, kept so that the next evaluation
/// assigns each layer's properties over the last frame's instead of initializing a new buffer,
/// and the freed tree releases nothing. A frame of the layer-tree
/// scene spent 0.4 ms releasing the last tree's 2,041 properties (their paths and arrays, whose
/// counts other threads touched), on one thread or two alike.
///
/// Holds a few buffers: a plan evaluated several times a frame (a replicator's sublayer, once
/// per instance) reuses one for each of its trees. Beyond the first buffer, at most
/// ``propertyLimit`` properties are kept in all, so that snapshots of a large tree, held and then
/// freed, do not leave megabytes behind.
final class SpareProperties: Sendable {
    /// The most buffers kept.
    static let capacity = 8
    /// The most properties kept in all, beyond a first buffer of any size.
    static let propertyLimit = 4096

    /// A buffer of initialized properties, allocated with `allocate(capacity:)`.
    private struct Buffer: @unchecked Sendable {
        let properties: UnsafeMutableBufferPointer<LayerProperties>
    }

    private let spares = Mutex<(buffers: [Buffer], properties: Int)>(([], 0))

    /// Keeps `properties` (initialized, allocated with `allocate(capacity:)`) for a later
    /// evaluation; false, leaving them to the caller, when enough buffers are kept already.
    func keep(_ properties: UnsafeMutableBufferPointer<LayerProperties>) -> Bool {
        spares.withLock { spares in
            let total = spares.properties + properties.count
            guard spares.buffers.isEmpty || (spares.buffers.count < Self.capacity && total <= Self.propertyLimit)
            else { return false }
            spares.buffers.append(Buffer(properties: properties))
            spares.properties = total
            return true
        }
    }

    /// A kept buffer, initialized, when there is one of `count` properties; the caller owns it.
    func take(count: Int) -> UnsafeMutableBufferPointer<LayerProperties>? {
        spares.withLock { spares in
            guard let last = spares.buffers.last, last.properties.count == count else { return nil }
            spares.buffers.removeLast()
            spares.properties -= count
            return last.properties
        }
    }

    deinit {
        spares.withLock { spares in
            for buffer in spares.buffers {
                buffer.properties.deinitialize()
                buffer.properties.deallocate()
            }
        }
    }
}
#endif
