import CTesseraSIMD

/// A gradient's colour table: ``size`` premultiplied RGBA8 colours (little-endian 32-bit words, R
/// in the lowest byte), entry *i* the colour at *t* = *i* / (size − 1), as `tsr_gradient_row`
/// reads it. Built once per list of stops (``GradientTableCache``) and immutable after; shared
/// by every copy of the ``Gradient`` value and by gradients of the same stops.
///
/// `@unchecked Sendable`: the entries are written only by the initializer, before the table can
/// be shared, and only read after; the buffer is freed when the last reference goes.
final class GradientTable: @unchecked Sendable {
    /// Entries per table: 1024 (see ``Gradient``'s discussion for the accuracy it gives).
    static let size = 1024

    /// The entries; `size` of them.
    let entries: UnsafeMutablePointer<UInt32>
    /// True when no stop is usable: every entry is transparent and the gradient paints nothing.
    let isEmpty: Bool
    /// True when every entry's colour channels are at most its alpha, as a premultiplied colour's
    /// are (the sRGB tables by construction); the kernels then skip source-over's saturation
    /// (`tsr_gradient_spec.premultiplied`).
    let isPremultiplied: Bool

    /// The table of `stops` (as given: the rules of ``Gradient`` are applied here), interpolated
    /// in `colorSpace`.
    init(stops: [Gradient.Stop], colorSpace: Gradient.ColorSpace = .sRGB) {
        entries = .allocate(capacity: Self.size)
        let usable = Self.usableStops(stops)
        isEmpty = usable.isEmpty
        guard !isEmpty else {
            entries.initialize(repeating: 0, count: Self.size)
            isPremultiplied = true
            return
        }
        switch colorSpace {
        case .sRGB:
            // Entry i from the stops around t = i / (size − 1), walking them once; in C (see
            // tsr_gradient_table), with `color(at:_:from:)`'s and `premultiplied`'s operations.
            let offsets = usable.map(\.offset)
            let components = usable.flatMap { [$0.color.red, $0.color.green, $0.color.blue, $0.color.alpha] }
            tsr_gradient_table(offsets, components, Int32(usable.count), Int32(Self.size), entries)
        case .genericRGB:
            GenericRGB.fillTable(entries, count: Self.size, stops: usable)
        }
        // The sRGB table is premultiplied by construction (tsr_gradient_table: each channel is
        // round(c · a · 255) with c and a clamped to [0, 1], and c · a ≤ a rounds to at most
        // round(a · 255)); the others are checked, eight entries at a time: a gradient whose
        // stops animate makes a table every frame (entry by entry, the check cost layer-content
        // 0.8M instructions a frame).
        isPremultiplied = colorSpace == .sRGB || Self.arePremultiplied(entries, count: Self.size)
    }

    /// Whether every one of `count` entries (a multiple of 8) has each colour channel at most its
    /// alpha: alpha − channel, in 32-bit lanes, wraps to a number with the top bit set exactly
    /// where a channel (< 256) exceeds the alpha.
    static func arePremultiplied(_ entries: UnsafePointer<UInt32>, count: Int) -> Bool {
        let raw = UnsafeRawPointer(entries)
        var exceeded = SIMD8<UInt32>()
        for offset in stride(from: 0, to: count * 4, by: 32) {
            let entry = raw.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
            let alpha = entry &>> 24
            exceeded |= (alpha &- (entry & 0xFF)) | (alpha &- (entry &>> 8 & 0xFF)) | (alpha &- (entry &>> 16 & 0xFF))
        }
        return (exceeded & 0x8000_0000) == .zero
    }

    deinit { entries.deallocate() }

    /// The entries as an array (tests).
    var colors: [UInt32] { Array(UnsafeBufferPointer(start: entries, count: Self.size)) }

    /// The stops the gradient uses: those without a NaN offset or colour component, offsets
    /// clamped to [0, 1], colour components clamped to [0, 1], sorted by offset, stably.
    static func usableStops(_ stops: [Gradient.Stop]) -> [(offset: Double, color: Color)] {
        var kept: [(offset: Double, index: Int, color: Color)] = []
        kept.reserveCapacity(stops.count)
        for (index, stop) in stops.enumerated() {
            let c = stop.color
            guard !stop.offset.isNaN, !c.red.isNaN, !c.green.isNaN, !c.blue.isNaN, !c.alpha.isNaN else { continue }
            let color = Color(
                red: Color.unit(c.red), green: Color.unit(c.green), blue: Color.unit(c.blue),
                alpha: Color.unit(c.alpha))
            kept.append((min(max(stop.offset, 0), 1), index, color))
        }
        // By offset, then by position in the array: stable whatever the sort's algorithm.
        kept.sort { ($0.offset, $0.index) < ($1.offset, $1.index) }
        return kept.map { ($0.offset, $0.color) }
    }

    /// The straight colour at `t` of the sorted, clamped `stops` (not empty): the first colour up
    /// to the first offset, the last from the last offset on, else interpolated between stop `j`,
    /// the last one with offset ≤ t, and the next, whose offset is greater.
    @inline(__always)
    static func color(at t: Double, _ stops: [(offset: Double, color: Color)], from j: Int) -> Color {
        let first = stops[0], last = stops[stops.count - 1]
        if t <= first.offset { return first.color }
        if t >= last.offset { return last.color }
        let a = stops[j], b = stops[j + 1]
        let f = (t - a.offset) / (b.offset - a.offset)
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Color(
            red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
            blue: mix(a.color.blue, b.color.blue), alpha: mix(a.color.alpha, b.color.alpha))
    }
}
