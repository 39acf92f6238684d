import Synchronization

/// A cache that many threads read at once: its entries spread by their keys' hashes over
/// ``shardCount`` dictionaries, each behind a lock of its own, so that threads looking up
/// different keys seldom wait for one another. (With one lock, 16 threads drawing particles or
/// laying out text queued on it: the drawing walk took as long on 16 threads as on 2.)
///
/// Each shard keeps at most `limit / shardCount` entries (rounded up); a full shard is emptied
/// before it takes the next one. Values are made outside the locks, so two threads missing the
/// same key at once may both make it; the first one kept is the one found after.
///
/// Inlinable, so that each client's use is specialized: generic code looked up its type metadata
/// on every call (behind a lock of the runtime's). Public under an SPI rather than `package`:
/// Swift 6.3 does not specialize a `package` inlinable function in another module.
@_spi(Caches) public final class ShardedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Enough that 16 threads rarely meet on a shard; a power of two.
    public static var shardCount: Int { 64 }

    /// What a shard keeps of a key.
    @usableFromInline
    enum Entry: Sendable {
        /// Asked for once, by a caller keeping values from a key's second use on.
        case seen
        case kept(Value)
    }

    @usableFromInline
    final class Shard: Sendable {
        @usableFromInline let entries = Mutex<[Key: Entry]>([:])
        /// Keeps the next shard's lock off this one's cache line (they are allocated side by side).
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

        init() {}
    }

    @usableFromInline let shards: [Shard]
    @usableFromInline let shardLimit: Int

    /// A cache of at most about `limit` entries (at least one per shard); `.max` for no limit.
    public init(limit: Int) {
        shards = (0..<Self.shardCount).map { _ in Shard() }
        let (quotient, remainder) = max(1, limit).quotientAndRemainder(dividingBy: Self.shardCount)
        shardLimit = max(1, quotient + (remainder > 0 ? 1 : 0))
    }

    @inlinable
    func shard(of key: Key) -> Shard {
        shards[key.hashValue & (Self.shardCount - 1)]
    }

    /// The value kept for `key`, if any.
    @inlinable
    public func value(for key: Key) -> Value? {
        if case .kept(let value)? = shard(of: key).entries.withLock({ $0[key] }) { value } else { nil }
    }

    /// The value kept for `key`, or `make()`'s. What `make` returns is kept at once, or, when
    /// `keepingFromSecondUse`, only if `key` was asked for before (the first time leaves the key
    /// alone): the values of keys that come once (a gradient whose stops animate, a text that
    /// changes every frame) would fill the cache with memory used nowhere again, and the
    /// allocations that follow would page-fault and miss in it.
    @inlinable
    public func value(for key: Key, keepingFromSecondUse: Bool = false, orMake make: () -> Value) -> Value {
        let shard = shard(of: key)
        let found = shard.entries.withLock { $0[key] }
        if case .kept(let value)? = found { return value }
        let made = make()
        let keeps = !keepingFromSecondUse || found != nil
        return shard.entries.withLock { entries in
            if case .kept(let value)? = entries[key] { return value }
            if entries.count >= shardLimit, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = keeps ? .kept(made) : .seen
            return made
        }
    }

    /// How many values are kept (tests).
    public var count: Int {
        shards.reduce(0) { total, shard in
            total + shard.entries.withLock { $0.values.reduce(0) { if case .kept = $1 { $0 + 1 } else { $0 } } }
        }
    }
}
