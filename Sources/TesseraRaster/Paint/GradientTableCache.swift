import Synchronization

/// The colour tables of recent gradients, by their stops: a gradient made again with the same
/// stops (a gradient layer whose points animate, rebuilt every frame; the same gradient in many
/// shapes) shares the table instead of building it again (4 KiB and about 40,000 instructions
/// each). Up to ``capacity`` tables, the oldest dropped first; shared by every thread.
enum GradientTableCache {
    /// 1,024 tables (4 MiB): more than the gradients of any one frame of the bench scenes, so
    /// that a frame's static gradients are all found again the next frame.
    static let capacity = 1024

    private struct Tables: ~Copyable {
        var byStops: [[Gradient.Stop]: GradientTable] = [:]
        /// The keys, oldest first, from `first` on (the slots before it were dropped).
        var order: [[Gradient.Stop]] = []
        var first = 0
    }

    private static let tables = Mutex(Tables())

    /// How many tables are cached (tests).
    static var count: Int { tables.withLock { $0.byStops.count } }

    /// The table of `stops`: a cached one, or a new one, cached.
    static func table(for stops: [Gradient.Stop]) -> GradientTable {
        if let table = tables.withLock({ $0.byStops[stops] }) { return table }
        let table = GradientTable(stops: stops)   // built outside the lock
        tables.withLock { cache in
            guard cache.byStops.updateValue(table, forKey: stops) == nil else { return }
            cache.order.append(stops)
            if cache.byStops.count > capacity {
                cache.byStops[cache.order[cache.first]] = nil
                cache.first += 1
                // Compact the order now and then, so that it does not grow without bound.
                if cache.first >= capacity {
                    cache.order.removeFirst(cache.first)
                    cache.first = 0
                }
            }
        }
        return table
    }
}
