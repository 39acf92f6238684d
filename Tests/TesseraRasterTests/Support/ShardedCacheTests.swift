import Dispatch
import Synchronization
import Testing
@_spi(Caches) @testable import TesseraRaster

/// ``ShardedCache``: what it keeps, its limit, and many threads asking for the same keys.
@Suite struct ShardedCacheTests {
    final class Box: Sendable {
        let key: Int
        init(_ key: Int) { self.key = key }
    }

    @Test func keepsWhatItMakesAndFindsItAgain() {
        let cache = ShardedCache<Int, Box>(limit: 1000)
        let made = Atomic<Int>(0)
        let first = (0..<100).map { key in cache.value(for: key) { made.add(1, ordering: .relaxed); return Box(key) } }
        let second = (0..<100).map { key in cache.value(for: key) { made.add(1, ordering: .relaxed); return Box(-1) } }
        #expect(made.load(ordering: .relaxed) == 100)
        #expect(zip(first, second).allSatisfy { $0 === $1 })
        #expect(cache.value(for: 7)?.key == 7)
        #expect(cache.value(for: 100) == nil)
        #expect(cache.count == 100)
    }

    /// A full shard is emptied before it takes the next entry: the cache never holds more than
    /// a shard's share of the limit per shard.
    @Test func staysWithinItsLimit() {
        let limit = 2 * ShardedCache<Int, Int>.shardCount
        let cache = ShardedCache<Int, Int>(limit: limit)
        for key in 0..<10_000 { _ = cache.value(for: key) { key * 2 } }
        #expect(cache.count <= limit)
        #expect(cache.count >= ShardedCache<Int, Int>.shardCount)
        #expect(cache.value(for: 9_999) == 19_998)
    }

    /// Kept from a key's second use on: the first leaves only the key.
    @Test func keepsFromTheSecondUse() {
        let cache = ShardedCache<Int, Box>(limit: 1000)
        let first = cache.value(for: 5, keepingFromSecondUse: true) { Box(1) }
        #expect(first.key == 1 && cache.value(for: 5) == nil && cache.count == 0)
        let second = cache.value(for: 5, keepingFromSecondUse: true) { Box(2) }
        #expect(second.key == 2 && cache.value(for: 5) === second && cache.count == 1)
        #expect(cache.value(for: 5, keepingFromSecondUse: true) { Box(3) } === second)
    }

    /// Threads asking for the same keys at once all get the value kept: one object per key.
    @Test func threadsShareOneValuePerKey() {
        let cache = ShardedCache<Int, Box>(limit: .max)
        let found = Mutex<[[ObjectIdentifier]]>(Array(repeating: [], count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let identities = (0..<2_000).map { i in ObjectIdentifier(cache.value(for: i % 50) { Box(i % 50) }) }
            found.withLock { $0[thread] = identities }
        }
        let kept = (0..<50).map { ObjectIdentifier(cache.value(for: $0)!) }
        found.withLock { found in
            for identities in found {
                // Each thread may have made a key's value before another kept its own; from
                // the second lap on, every thread finds the kept one.
                #expect(identities[1_000...].enumerated().allSatisfy { $0.element == kept[($0.offset + 1_000) % 50] })
            }
        }
    }
}
