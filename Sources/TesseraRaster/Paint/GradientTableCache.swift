/// The colour tables of recent gradients, by their stops: a gradient made again with the same
/// stops (a gradient layer whose points animate, rebuilt every frame; the same gradient in many
/// shapes) shares the table instead of building it again (4 KiB, and an entry's colour
/// computed for each of them). About ``capacity`` tables at most (see ``ShardedCache``); shared by every thread.
enum GradientTableCache {
    /// 1,024 tables (4 MiB): more than the gradients of any one frame of the bench scenes, so
    /// that a frame's static gradients are all found again the next frame.
    static let capacity = 1024

    private static let tables = ShardedCache<Key, GradientTable>(limit: capacity)

    /// What a table is made from.
    private struct Key: Hashable, Sendable {
        let stops: [Gradient.Stop]
        let colorSpace: Gradient.ColorSpace
    }

    /// How many tables are cached (tests).
    static var count: Int { tables.count }

    /// The table of `stops` interpolated in `colorSpace`: a cached one, or a new one, cached
    /// from the second time its stops are asked for (stops that animate come once).
    static func table(for stops: [Gradient.Stop], in colorSpace: Gradient.ColorSpace = .sRGB) -> GradientTable {
        tables.value(for: Key(stops: stops, colorSpace: colorSpace), keepingFromSecondUse: true) {
            GradientTable(stops: stops, colorSpace: colorSpace)
        }
    }
}
