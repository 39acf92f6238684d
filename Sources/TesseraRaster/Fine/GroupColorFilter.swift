import CTesseraSIMD

/// A group's colour filter (``ColorMatrix``), applied to the group's layer at its end, before it
/// is composited: each band filters its own rows of the layer, in place, pixel by pixel (no
/// neighbour is read), so the result is the same for any bands and threads. The group's content
/// is filtered once, as one image: after everything in it is composited together.
enum GroupColorFilter {
    /// Filters columns [left, left + columns) of rows `rows` of an RGBA layer; `row(y)` is its row y.
    static func apply(
        _ matrix: tsr_color_matrix, rows: Range<Int>, left: Int, columns: Int,
        row: (Int) -> UnsafeMutablePointer<UInt32>
    ) {
        withUnsafePointer(to: matrix) { matrix in
            for y in rows { tsr_color_matrix_row(row(y) + left, columns, matrix) }
        }
    }

    /// Filters an alpha layer's rows the same way: each alpha byte becomes the alpha that
    /// `tsr_color_matrix_row` gives an RGBA pixel of that alpha. That is exact only for a matrix
    /// whose alpha does not read colour (``ColorMatrix/alphaReadsColor``; a recording with
    /// another is drawn in RGBA: ``Canvas/renderAlphaMask(width:height:)``), and then the colours
    /// do not matter: the pixels go through the kernel as black.
    static func applyToAlpha(
        _ matrix: tsr_color_matrix, rows: Range<Int>, left: Int, columns: Int,
        scratch: WorkerScratch, row: (Int) -> UnsafeMutablePointer<UInt8>
    ) {
        let words = scratch.colors
        withUnsafePointer(to: matrix) { matrix in
            for y in rows {
                let alpha = row(y) + left
                for x in 0..<columns { words[x] = UInt32(alpha[x]) << 24 }
                tsr_color_matrix_row(words, columns, matrix)
                for x in 0..<columns { alpha[x] = UInt8(truncatingIfNeeded: words[x] >> 24) }
            }
        }
    }
}
