import Synchronization
import TesseraRaster

/// The properties buffers of a plan's freed presentation trees, kept so that the next evaluation
/// assigns each layer's properties over the last frame's instead of initializing a new buffer,
/// and the freed tree releases nothing: releasing the last tree's properties (their paths and
/// arrays, whose counts other threads touched) was a serial step of every frame.
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

    private let spares = Mutex<(buffers: [EvaluatedProperties], properties: Int)>(([], 0))

    /// Keeps `buffer` for a later evaluation; false, leaving it to the caller, when enough
    /// buffers are kept already.
    func keep(_ buffer: EvaluatedProperties) -> Bool {
        spares.withLock { spares in
            let total = spares.properties + buffer.count
            guard spares.buffers.isEmpty || (spares.buffers.count < Self.capacity && total <= Self.propertyLimit)
            else { return false }
            spares.buffers.append(buffer)
            spares.properties = total
            return true
        }
    }

    /// A kept buffer, when there is one of `count` properties; the caller owns it.
    func take(count: Int) -> EvaluatedProperties? {
        spares.withLock { spares in
            guard let last = spares.buffers.last, last.count == count else { return nil }
            spares.buffers.removeLast()
            spares.properties -= count
            return last
        }
    }

    deinit {
        spares.withLock { spares in
            for buffer in spares.buffers { buffer.free() }
        }
    }
}

/// A tree's evaluated properties, and for each the ``CALayer/propertiesVersion`` of the model
/// they were copied from: an evaluation over them copies again only what changed since.
struct EvaluatedProperties: @unchecked Sendable {
    /// Initialized (by whoever allocated them).
    let properties: UnsafeMutableBufferPointer<LayerProperties>
    let versions: UnsafeMutableBufferPointer<UInt64>

    /// `count` slots, uninitialized.
    static func allocate(count: Int) -> EvaluatedProperties {
        EvaluatedProperties(properties: .allocate(capacity: count), versions: .allocate(capacity: count))
    }

    var count: Int { properties.count }

    /// Releases the properties, on up to `threadCount` threads, and frees the memory.
    func free(threadCount: Int = 1) {
        ConcurrentRelease.deinitialize(properties, threadCount: threadCount, minimumChunk: 512)
        properties.deallocate()
        versions.deallocate()
    }
}
