/// A recorded call after geometry preparation: what one band needs to draw it, in device space.
struct PreparedCommand {
    enum Kind: UInt8 {
        /// Draws nothing (empty, off-target, or refused input).
        case nothing
        /// Replace every pixel with `color`.
        case clear
        /// Fill the lines `firstLine ..< firstLine + lineCount` of arena `arena`.
        case lines
        /// The same lines, with the frame's prepared paint of this command's index (a gradient,
        /// an image, or a colour with a blend mode other than source-over).
        case paintedLines
        /// Fill the axis-aligned rectangle `rect` (minX, minY, maxX, maxY), already clipped.
        case rect
        /// Blend `color` through the values of mask `arena` of the frame's masks, rows
        /// [top, bottom) and columns [left, right) (already clipped).
        case alphaMask
        /// Draw the frame's prepared paint of this command's index through the values of mask
        /// `arena` (clipped to the target as ``AlphaMask/clipped(toWidth:height:)`` clips it); rows
        /// [top, bottom) and columns [left, right) are the whole target when the paint's blend mode
        /// changes pixels outside its source.
        case paintedAlphaMask
        /// Start a group layer, start its mask, composite it with opacity `color` (0–255) and
        /// `blendMode`.
        case beginGroup, beginMask, endGroup
    }

    var kind: Kind = .nothing
    var evenOdd = false
    /// How a group is composited (endGroup): a ``BlendMode``'s raw value (`tsr_blend_mode`, 0…27),
    /// in a byte beside `kind` (where the layout had padding: the command stays as small).
    var blendMode: UInt8 = 0
    /// Premultiplied RGBA8 as a little-endian word.
    var color: UInt32 = 0
    /// The line arena (lines), or the mask (alphaMask).
    var arena = 0
    var firstLine = 0
    var lineCount = 0
    /// Device rows [top, bottom) the command may touch.
    var top: Int32 = 0
    var bottom: Int32 = 0
    /// Device columns [left, right) it may touch (what a group clears and composites).
    var left: Int32 = 0
    var right: Int32 = 0
    var rect = SIMD4<Float>()

    /// The alpha byte (0–255) of `color`.
    var alpha: UInt32 { UInt32(littleEndian: color) >> 24 }
}
