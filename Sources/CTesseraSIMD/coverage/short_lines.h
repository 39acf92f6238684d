// short_lines: lines added eight at a time, one to a lane. Included by accumulate.c after
// coverage/group_lanes.h; it uses accumulate.c's accumulate_line, widen_row and transpose_quads,
// and SHORT_LINE_ROWS and SHORT_LINES_MIN.

// The lines' values one to a lane: xa, ya, xb, yb of lines [0, 8).
TSR_INLINE void line_values_8(const float *lines, f32x8 *xa, f32x8 *ya, f32x8 *xb, f32x8 *yb) {
    const f32x8 v0 = TSR_LOAD(f32x8, lines), v1 = TSR_LOAD(f32x8, lines + 8);
    const f32x8 v2 = TSR_LOAD(f32x8, lines + 16), v3 = TSR_LOAD(f32x8, lines + 24);
    const f32x8 x03 = __builtin_shufflevector(v0, v1, 0, 2, 4, 6, 8, 10, 12, 14);
    const f32x8 x47 = __builtin_shufflevector(v2, v3, 0, 2, 4, 6, 8, 10, 12, 14);
    const f32x8 y03 = __builtin_shufflevector(v0, v1, 1, 3, 5, 7, 9, 11, 13, 15);
    const f32x8 y47 = __builtin_shufflevector(v2, v3, 1, 3, 5, 7, 9, 11, 13, 15);
    *xa = __builtin_shufflevector(x03, x47, 0, 2, 4, 6, 8, 10, 12, 14);
    *xb = __builtin_shufflevector(x03, x47, 1, 3, 5, 7, 9, 11, 13, 15);
    *ya = __builtin_shufflevector(y03, y47, 0, 2, 4, 6, 8, 10, 12, 14);
    *yb = __builtin_shufflevector(y03, y47, 1, 3, 5, 7, 9, 11, 13, 15);
}

// short_lines' additions: the group's lines that meet the band (`meets`) in their order, each short
// one (lineRows[k] > 0) by its pieces in rows [0, rowCount) (a constant where this is inlined), the
// others by accumulate_line. A line's extents are widened in its four rows at once where the band
// has them (its rows past its end hold Int32.max and −1, which change nothing), else row by row.
// `rowByRow` (short_lines_row_by_row): each line's rows [0, lineRows[k]) one at a time instead, at
// accumulation + row × stride + lowCells[r][k], its extents lowCells[r][k] and highCells[r][k].
TSR_INLINE void scatter_8(const float *lines, uint32_t meets, const int32_t lineRows[8],
                            const int32_t lineFirst[8], f32x4 quads[SHORT_LINE_ROWS][8],
                            int32_t offsets[SHORT_LINE_ROWS][8], const f32x4 lows[8],
                            const f32x4 highs[8], int32_t lowCells[SHORT_LINE_ROWS][8],
                            int32_t highCells[SHORT_LINE_ROWS][8], int rowByRow, int32_t rowCount, int32_t bandY,
                            int32_t bandHeight, float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax) {
    for (; meets != 0; meets &= meets - 1) {
        const int k = __builtin_ctz(meets);
        if (lineRows[k] == 0) {
            accumulate_line(lines + 4 * k, bandY, bandHeight, accumulation, stride, rowMin, rowMax);
            continue;
        }
        if (rowByRow) {
            for (int32_t r = 0; r < lineRows[k]; r++) {
                const int32_t row = lineFirst[k] + r;
                float *cells = accumulation + (size_t)row * stride + lowCells[r][k];
                TSR_STORE(cells, TSR_LOAD(f32x4, cells) + quads[r][k]);
                widen_row(rowMin, rowMax, row, lowCells[r][k], highCells[r][k]);
            }
            continue;
        }
        for (int32_t r = 0; r < rowCount; r++) {
            float *cells = accumulation + offsets[r][k];
            TSR_STORE(cells, TSR_LOAD(f32x4, cells) + quads[r][k]);
        }
        const int32_t first = lineFirst[k];
        const i32x4 low = (i32x4)lows[k], high = (i32x4)highs[k];
        if (first + SHORT_LINE_ROWS <= bandHeight) {
            const i32x4 rowLows = TSR_LOAD(i32x4, rowMin + first), rowHighs = TSR_LOAD(i32x4, rowMax + first);
            TSR_STORE(rowMin + first, __builtin_elementwise_min(rowLows, low));
            TSR_STORE(rowMax + first, __builtin_elementwise_max(rowHighs, high));
        } else {
            for (int32_t r = 0; r < lineRows[k]; r++) widen_row(rowMin, rowMax, first + r, low[r], high[r]);
        }
    }
}

// Lines [0, 8), of which `meets` meet the band, added in their order, with the pieces of
// the short ones (SHORT_LINE_ROWS rows or fewer, none across four pixels or more) found a group at
// a time: the lines one to a lane, row 0 of all of them, then row 1, …, with accumulate_line's
// operations (a dash's outline has four lines of one to three rows: their set-up, not their pieces,
// was most of the work). The others go through accumulate_line in their turn, so every cell gets
// its additions in the order one line at a time gives them: the same bytes.
//
// A piece's top and bottom: the line's end where it lies in the row (y0 in the first row when
// `topInside`, y1 in the last when `bottomInside`), else the row's boundary, whose x comes from the
// line's equation (edge_x); a row's bottom is the next row's top, computed once. A vertical line's
// pieces are sloped ones within one pixel (its dxdy is 0, so its x is x0 throughout).
TSR_INLINE void short_lines_8(const float *lines, uint32_t meets, int32_t bandY, int32_t bandHeight,
                                float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax, int rowByRow) {
    const f32x8 one = splat_8(1.0f), zero = {0};
    const f32x8 bandTop = splat_8((float)bandY), bandBottom = splat_8((float)(bandY + bandHeight));
    f32x8 xa, ya, xb, yb;
    line_values_8(lines, &xa, &ya, &xb, &yb);
    // Oriented downwards, as accumulate_line does.
    const i32x8 down = ya < yb;
    const f32x8 x0 = select_8(down, xa, xb), y0 = select_8(down, ya, yb);
    const f32x8 x1 = select_8(down, xb, xa), y1 = select_8(down, yb, ya);
    const f32x8 direction = select_8(down, one, -one);
    const i32x8 topInside = y0 >= bandTop, bottomInside = y1 <= bandBottom;
    const i32x8 yTop = __builtin_convertvector(y0, i32x8), yBottom = __builtin_convertvector(y1, i32x8);
    const i32x8 firstRow = select_i_8(topInside, yTop, (i32x8){0} + bandY);
    const i32x8 ceilBottom = yBottom - (__builtin_convertvector(yBottom, f32x8) < y1);
    const i32x8 endRow = select_i_8(bottomInside, ceilBottom, (i32x8){0} + (bandY + bandHeight));
    const i32x8 rows = endRow - firstRow;
    const i32x8 laneBit = {1, 2, 4, 8, 16, 32, 64, 128};
    // Horizontal lines (no area) and those outside the band are left to accumulate_line's tests.
    const i32x8 inBand = (laneBit & ((i32x8){0} + (int32_t)meets)) != 0;
    i32x8 shortLanes = inBand & (ya != yb) & (rows <= SHORT_LINE_ROWS);
    if (__builtin_popcount((uint32_t)__builtin_reduce_or(shortLanes & laneBit)) < SHORT_LINES_MIN) {
        for (; meets != 0; meets &= meets - 1)
            accumulate_line(lines + 4 * __builtin_ctz(meets), bandY, bandHeight, accumulation, stride, rowMin, rowMax);
        return;
    }
    const int32_t rowCount = __builtin_reduce_max(select_i_8(shortLanes, rows, (i32x8){0}));
    const f32x8 dxdy = (x1 - x0) / (y1 - y0);
    const f32x8 xMin = min_8(x0, x1), xMax = max_8(x0, x1);
    // Row r's piece of line k: its cell deltas in quads[r][k], added at accumulation + offsets[r][k];
    // its first and last cell in lows[k][r], highs[k][r]. Every line's rows [0, rowCount) are
    // scattered, so that the scatter's loops do not depend on the lane: a row past the line's end
    // adds ±0.0 (which changes no cell: a cell is never −0) to its first row's cells and leaves the
    // extents as they are.
    f32x4 quads[SHORT_LINE_ROWS][8];
    int32_t offsets[SHORT_LINE_ROWS][8];
    f32x4 lows[8], highs[8];
    i32x8 lowRows[SHORT_LINE_ROWS], highRows[SHORT_LINE_ROWS];
    int32_t lowCells[SHORT_LINE_ROWS][8], highCells[SHORT_LINE_ROWS][8];
    const i32x8 rowOffset = (firstRow - bandY) * (int32_t)stride;
    i32x8 firstOffset = {0};
    f32x8 top = select_8(topInside, y0, __builtin_convertvector(firstRow, f32x8));
    f32x8 xTop = select_8(topInside, x0, edge_x_8(x0, y0, dxdy, xMin, xMax, top));
    for (int32_t r = 0; r < SHORT_LINE_ROWS; r++) {
        lowRows[r] = (i32x8){0} + INT32_MAX;
        highRows[r] = (i32x8){0} - 1;
    }
    for (int32_t r = 0; r < rowCount; r++) {
        const f32x8 rowBottom = __builtin_convertvector(firstRow + (r + 1), f32x8);
        const i32x8 isLast = (rows == r + 1) & bottomInside, inLine = rows > r;
        const f32x8 bottom = select_8(isLast, y1, rowBottom);
        const f32x8 xBottom = select_8(isLast, x1, edge_x_8(x0, y0, dxdy, xMin, xMax, rowBottom));
        // Past the line's end, a piece of no height: deltas ±0.0 (its x are finite, within the
        // line's extent; where they are equal, s is infinite, but the piece is within one pixel,
        // whose deltas do not use it).
        const f32x8 d = (f32x8)((u32x8)((bottom - top) * direction) & (u32x8)(rowByRow ? ~(i32x8){0} : inLine));
        // accumulate_piece's operations: a piece within one pixel or across two as there, one across
        // three as its long case (which adds each of the four cells once: here at once, in a quad).
        const piece_lanes_8 p = piece_lanes_make_8(xTop, xBottom);
        const i32x8 i0 = p.i0, i1 = p.i1, three = i1 > i0 + 1;
        const f32x8 d0 = select_8(p.within, d - d * p.fromLeft, d * p.firstArea);
        const f32x8 d1 =
            select_8(p.within, d * p.fromLeft,
                       select_8(three, d * (p.second - p.firstArea), d * (one - p.lastRemainder - p.firstArea)));
        const f32x8 d2 =
            select_8(p.within, zero, select_8(three, d * (one - p.lastRemainder - p.second), d * p.lastRemainder));
        const f32x8 d3 = select_8(three, d * p.lastRemainder, zero);
        // A piece across four pixels or more sends its line to accumulate_line.
        shortLanes &= ~((i1 > i0 + 2) & inLine);
        if (rowByRow) {
            TSR_STORE(lowCells[r], i0);
            TSR_STORE(highCells[r], select_i_8(p.within, i0 + 1, i1 + 1));
        } else {
            const i32x8 offset = rowOffset + r * (int32_t)stride + i0;
            if (r == 0) firstOffset = offset;
            TSR_STORE(offsets[r], select_i_8(inLine, offset, firstOffset));
            // Past the line's end, extents that change no row's: Int32.max (i0 ≥ 0) and −1 (a row's
            // rowMax is −1 or more).
            lowRows[r] = i0 | (i32x8)((u32x8)~inLine >> 1);
            highRows[r] = select_i_8(p.within, i0 + 1, i1 + 1) | ~inLine;
        }
        transpose_quads(d0, d1, d2, d3, quads[r]);
        top = bottom;
        xTop = xBottom;
    }
    // Each line's extents in its four rows, one quad a line.
    if (!rowByRow) {
        transpose_quads((f32x8)lowRows[0], (f32x8)lowRows[1], (f32x8)lowRows[2], (f32x8)lowRows[3], lows);
        transpose_quads((f32x8)highRows[0], (f32x8)highRows[1], (f32x8)highRows[2], (f32x8)highRows[3], highs);
    }
    int32_t lineRows[8], lineFirst[8];
    TSR_STORE(lineRows, select_i_8(shortLanes, rows, (i32x8){0}));
    TSR_STORE(lineFirst, firstRow - bandY);
    if (rowByRow) {
        scatter_8(lines, meets, lineRows, lineFirst, quads, offsets, lows, highs, lowCells, highCells, 1, rowCount,
                  bandY, bandHeight, accumulation, stride, rowMin, rowMax);
        return;
    }
    // The scatter's loops unrolled for each row count.
    switch (rowCount) {
    case 1:
        scatter_8(lines, meets, lineRows, lineFirst, quads, offsets, lows, highs, lowCells, highCells, 0, 1, bandY,
                  bandHeight, accumulation, stride, rowMin, rowMax);
        break;
    case 2:
        scatter_8(lines, meets, lineRows, lineFirst, quads, offsets, lows, highs, lowCells, highCells, 0, 2, bandY,
                  bandHeight, accumulation, stride, rowMin, rowMax);
        break;
    case 3:
        scatter_8(lines, meets, lineRows, lineFirst, quads, offsets, lows, highs, lowCells, highCells, 0, 3, bandY,
                  bandHeight, accumulation, stride, rowMin, rowMax);
        break;
    default:
        scatter_8(lines, meets, lineRows, lineFirst, quads, offsets, lows, highs, lowCells, highCells, 0, 4, bandY,
                  bandHeight, accumulation, stride, rowMin, rowMax);
        break;
    }
}
