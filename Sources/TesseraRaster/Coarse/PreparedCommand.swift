/// A recorded call after the coarse stage: what a band needs to draw it, in device space. Each
/// kind carries its own values (``Payload``); all carry the pixels they may touch.
struct PreparedCommand {
    /// The lines of a fill or stroke: `count` lines from `first` in worker `arena`'s line arena.
    struct Lines {
        var arena: Int
        var first: Int
        var count: Int
        var evenOdd: Bool
        /// The lines are likely short (``areLikelyShort(count:top:bottom:)``): the accumulation
        /// sets them up eight at a time.
        var short: Bool

        /// Whether `count` lines of closed contours within rows [top, bottom) are likely short
        /// (a dash's outline, a glyph's, a round join's) rather than a polygon's sides: a closed
        /// contour goes down and up its whole height, so the lines' mean height is at least
        /// 2 × height / count, and at most four rows (what the accumulation sets up eight at a
        /// time) needs height ≤ 2 × count. Only a guess: both ways give the same bytes, and
        /// the accumulation sends long lines on one at a time.
        static func areLikelyShort(count: Int, top: Int32, bottom: Int32) -> Bool {
            Int(bottom) - Int(top) <= 2 * count
        }
    }

    /// What the command draws. Colours are premultiplied RGBA8 as little-endian words.
    enum Payload {
        /// Draws nothing (empty, off-target, refused input, or a group found to change nothing).
        case nothing
        /// Replace every pixel with `color`.
        case clear(color: UInt32)
        /// Fill the lines with `color`, source-over.
        case lines(Lines, color: UInt32)
        /// Fill the lines with the frame's prepared paint of this command's index (a gradient, an
        /// image, or a colour with a blend mode other than source-over).
        case paintedLines(Lines)
        /// Fill the axis-aligned rectangle (minX, minY, maxX, maxY), already clipped, with `color`.
        case rect(SIMD4<Float>, color: UInt32)
        /// Blend `color` through the values of mask `mask` of the frame's masks.
        case alphaMask(mask: Int, color: UInt32)
        /// Draw the frame's prepared paint of this command's index through the values of mask
        /// `mask` (clipped to the target as ``AlphaMask/clipped(toWidth:height:)`` clips it).
        case paintedAlphaMask(mask: Int)
        /// Start a group layer, or the innermost group's mask, cleared over the group's area.
        case beginGroup(GroupArea), beginMask(GroupArea)
        /// Composite the innermost group over its area with `opacity` (0–255) and `blendMode` (a
        /// ``BlendMode``'s raw value), after filtering its pixels with colour filter `filter` of
        /// the frame's filters when it is not negative (a plain index, not an optional: the band
        /// loop's switch over payloads stays as cheap as without filters).
        case endGroup(opacity: UInt8, blendMode: UInt8, filter: Int32, area: GroupArea)
    }

    /// Where a group's layers are cleared and composited: device rows [top, bottom) and columns
    /// [left, right), set by ``GroupExtents`` (empty until then). What the group draws outside
    /// is never composited, so it is left there uncleared.
    struct GroupArea {
        var top: Int32, bottom: Int32, left: Int32, right: Int32

        static let empty = GroupArea(top: .max, bottom: .min, left: .max, right: .min)
        /// Every pixel.
        static let everything = GroupArea(top: .min, bottom: .max, left: .min, right: .max)

        var isEmpty: Bool { top >= bottom || left >= right }

        /// The smallest area holding both (an empty one adds nothing).
        func union(_ other: GroupArea) -> GroupArea {
            if other.isEmpty { return self }
            if isEmpty { return other }
            return GroupArea(
                top: min(top, other.top), bottom: max(bottom, other.bottom),
                left: min(left, other.left), right: max(right, other.right))
        }

        func intersection(_ other: GroupArea) -> GroupArea {
            GroupArea(
                top: max(top, other.top), bottom: min(bottom, other.bottom),
                left: max(left, other.left), right: min(right, other.right))
        }

        /// The area's rows within a band's `rows`, its first column and its number of columns
        /// (counted in `Int`: ``everything``'s overflows `Int32`).
        func within(_ rows: Range<Int>) -> (rows: Range<Int>, left: Int, columns: Int) {
            let first = max(rows.lowerBound, Int(top))
            return (first..<max(first, min(rows.upperBound, Int(bottom))), Int(left), Int(right) - Int(left))
        }
    }

    var payload: Payload = .nothing
    /// Device rows [top, bottom) and columns [left, right) the command may touch: for a group's
    /// begin, mask and end, the rows of everything drawn in the group (what they are binned by)
    /// and the columns of its area (``GroupExtents``); the whole target
    /// for a paint whose blend mode changes pixels outside its source.
    var top: Int32 = 0
    var bottom: Int32 = 0
    var left: Int32 = 0
    var right: Int32 = 0

    var drawsNothing: Bool {
        if case .nothing = payload { true } else { false }
    }
}

extension PreparedCommand.Payload {
    var isBeginMask: Bool {
        if case .beginMask = self { true } else { false }
    }
}
