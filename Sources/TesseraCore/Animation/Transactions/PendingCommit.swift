import Synchronization

/// A layer a transaction will commit, held without a weak reference: a layer freed before the
/// commit has nothing to commit.
///
/// A weak reference would move the layer's reference count to a side table for the rest of its
/// life, and every retain and release of the layer would then reach that table, a cache line
/// more: a caller that changes hundreds of layers before every frame retains each as it goes
/// (a fifth of a text layer's change of string on the bench, in perf samples). Instead the layer
/// keeps its pending commit and clears it when it is freed (`CALayer`'s `deinit`), under a lock,
/// so that a layer freed on another thread than the one whose transaction commits it is either
/// left out of the commit or freed after the commit is done with it.
final class PendingCommit: Sendable {
    /// The layer's address, until it is freed (then 0). Its bits: a pointer is not `Sendable`.
    private let address: Mutex<UInt>

    init(_ layer: CALayer) {
        address = Mutex(UInt(bitPattern: Unmanaged.passUnretained(layer).toOpaque()))
    }

    /// Calls `body` with the layer, or with nil once it has been freed. A layer being freed
    /// meanwhile waits for `body` to return: `body` must not keep it.
    func withLayer(_ body: (CALayer?) -> Void) {
        address.withLock { address in
            guard let pointer = UnsafeRawPointer(bitPattern: address) else { return body(nil) }
            Unmanaged<CALayer>.fromOpaque(pointer)._withUnsafeGuaranteedRef { body($0) }
        }
    }

    /// Whether the layer has not been freed.
    var isLayerAlive: Bool {
        address.withLock { $0 != 0 }
    }

    /// The layer is being freed: from its `deinit`.
    func layerFreed() {
        address.withLock { $0 = 0 }
    }
}
