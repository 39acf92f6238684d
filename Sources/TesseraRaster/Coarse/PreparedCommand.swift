/// A recorded call after the coarse stage: what a band needs to draw it, in device space. Each
/// kind carries its own values (``Payload``); all carry the pixels they may touch.
struct PreparedCommand {
    /// The lines of a fill or stroke: `count` lines from `first` in worker `arena`'s line arena.
    struct Lines {
        var arena: Int
        var first: Int
        var count: Int
        var evenOdd: Bool
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
        /// Start a group layer, or the innermost group's mask.
        case beginGroup, beginMask
        /// Composite the innermost group with `opacity` (0–255) and `blendMode` (a
        /// ``BlendMode``'s raw value), after filtering its pixels with colour filter `filter` of
        /// the frame's filters when it is not negative (a plain index, not an optional: the band
        /// loop's switch over payloads stays as cheap as without filters).
        case endGroup(opacity: UInt8, blendMode: UInt8, filter: Int32)
    }

    var payload: Payload = .nothing
    /// Device rows [top, bottom) and columns [left, right) the command may touch: for a group's
    /// begin, mask and end, everything drawn in the group (``GroupExtents``); the whole target
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
