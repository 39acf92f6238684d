// short_lines: lines added GROUP_LANES (8 or 16) at a time, one to a lane. Written once and included
// once per width by accumulate.c after coverage/group_lanes.h of the same width; it uses
// accumulate.c's accumulate_line, widen_row, transpose_quads and lines_in_band, and
// SHORT_LINE_ROWS and SHORT_LINES_MIN.

// The deltas of the group's pieces, each piece's four cells (d0 … d3 of its lane) in quads[lane]:
// transpose_quads on each eight lanes.
TSR_INLINE void GL(transpose)(GL_F d0, GL_F d1, GL_F d2, GL_F d3, f32x4 quads[GROUP_LANES]) {
#if GROUP_LANES == 8
    transpose_quads(d0, d1, d2, d3, quads);
#else
    transpose_quads(__builtin_shufflevector(d0, d0, 0, 1, 2, 3, 4, 5, 6, 7),
                    __builtin_shufflevector(d1, d1, 0, 1, 2, 3, 4, 5, 6, 7),
                    __builtin_shufflevector(d2, d2, 0, 1, 2, 3, 4, 5, 6, 7),
                    __builtin_shufflevector(d3, d3, 0, 1, 2, 3, 4, 5, 6, 7), quads);
    transpose_quads(__builtin_shufflevector(d0, d0, 8, 9, 10, 11, 12, 13, 14, 15),
                    __builtin_shufflevector(d1, d1, 8, 9, 10, 11, 12, 13, 14, 15),
                    __builtin_shufflevector(d2, d2, 8, 9, 10, 11, 12, 13, 14, 15),
                    __builtin_shufflevector(d3, d3, 8, 9, 10, 11, 12, 13, 14, 15), quads + 8);
#endif
}

// The lines' values one to a lane: xa, ya, xb, yb of lines [0, GROUP_LANES).
TSR_INLINE void GL(line_values)(const float *lines, GL_F *xa, GL_F *ya, GL_F *xb, GL_F *yb) {
#if GROUP_LANES == 8
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
#else
    f32x8 xa0, ya0, xb0, yb0, xa1, ya1, xb1, yb1;
    line_values_8(lines, &xa0, &ya0, &xb0, &yb0);
    line_values_8(lines + 32, &xa1, &ya1, &xb1, &yb1);
    *xa = __builtin_shufflevector(xa0, xa1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    *ya = __builtin_shufflevector(ya0, ya1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    *xb = __builtin_shufflevector(xb0, xb1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    *yb = __builtin_shufflevector(yb0, yb1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
#endif
}

// short_lines' additions: the group's lines that meet the band (`meets`) in their order, each short
// one (lineRows[k] > 0) by its pieces in rows [0, rowCount) (a constant where this is inlined), the
// others by accumulate_line. A line's extents are widened in its four rows at once where the band
// has them (its rows past its end hold Int32.max and −1, which change nothing), else row by row.
TSR_INLINE void GL(scatter)(const float *lines, uint32_t meets, const int32_t lineRows[GROUP_LANES],
                            const int32_t lineFirst[GROUP_LANES], f32x4 quads[SHORT_LINE_ROWS][GROUP_LANES],
                            int32_t offsets[SHORT_LINE_ROWS][GROUP_LANES], const f32x4 lows[GROUP_LANES],
                            const f32x4 highs[GROUP_LANES], int32_t rowCount, int32_t bandY, int32_t bandHeight,
                            float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax) {
    for (; meets != 0; meets &= meets - 1) {
        const int k = __builtin_ctz(meets);
        if (lineRows[k] == 0) {
            accumulate_line(lines + 4 * k, bandY, bandHeight, accumulation, stride, rowMin, rowMax);
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

// Lines [0, GROUP_LANES), of which `meets` meet the band, added in their order, with the pieces of
// the short ones (SHORT_LINE_ROWS rows or fewer, none across four pixels or more) found a group at
// a time: the lines one to a lane, row 0 of all of them, then row 1, …, with accumulate_line's
// operations (a dash's outline has four lines of one to three rows: their set-up, not their pieces,
// was most of the work). The others go through accumulate_line in their turn, so every cell gets
// its additions in the order one line at a time gives them: the same bytes at either width.
//
// A piece's top and bottom: the line's end where it lies in the row (y0 in the first row when
// `topInside`, y1 in the last when `bottomInside`), else the row's boundary, whose x comes from the
// line's equation (edge_x); a row's bottom is the next row's top, computed once. A vertical line's
// pieces are sloped ones within one pixel (its dxdy is 0, so its x is x0 throughout).
TSR_INLINE void GL(short_lines)(const float *lines, uint32_t meets, int32_t bandY, int32_t bandHeight,
                                float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax) {
    const GL_F one = GL(splat)(1.0f), zero = {0};
    const GL_F bandTop = GL(splat)((float)bandY), bandBottom = GL(splat)((float)(bandY + bandHeight));
    GL_F xa, ya, xb, yb;
    GL(line_values)(lines, &xa, &ya, &xb, &yb);
    // Oriented downwards, as accumulate_line does.
    const GL_I down = ya < yb;
    const GL_F x0 = GL(select)(down, xa, xb), y0 = GL(select)(down, ya, yb);
    const GL_F x1 = GL(select)(down, xb, xa), y1 = GL(select)(down, yb, ya);
    const GL_F direction = GL(select)(down, one, -one);
    const GL_I topInside = y0 >= bandTop, bottomInside = y1 <= bandBottom;
    const GL_I yTop = __builtin_convertvector(y0, GL_I), yBottom = __builtin_convertvector(y1, GL_I);
    const GL_I firstRow = GL(select_i)(topInside, yTop, (GL_I){0} + bandY);
    const GL_I ceilBottom = yBottom - (__builtin_convertvector(yBottom, GL_F) < y1);
    const GL_I endRow = GL(select_i)(bottomInside, ceilBottom, (GL_I){0} + (bandY + bandHeight));
    const GL_I rows = endRow - firstRow;
    const GL_I laneBit = ((GL_I){0} + 1) << GL(lanes)();
    // Horizontal lines (no area) and those outside the band are left to accumulate_line's tests.
    const GL_I inBand = (laneBit & ((GL_I){0} + (int32_t)meets)) != 0;
    GL_I shortLanes = inBand & (ya != yb) & (rows <= SHORT_LINE_ROWS);
    if (__builtin_popcount((uint32_t)__builtin_reduce_or(shortLanes & laneBit)) <
        SHORT_LINES_MIN * GROUP_LANES / 8) {
        for (; meets != 0; meets &= meets - 1)
            accumulate_line(lines + 4 * __builtin_ctz(meets), bandY, bandHeight, accumulation, stride, rowMin, rowMax);
        return;
    }
    const int32_t rowCount = __builtin_reduce_max(GL(select_i)(shortLanes, rows, (GL_I){0}));
    const GL_F dxdy = (x1 - x0) / (y1 - y0);
    const GL_F xMin = GL(min)(x0, x1), xMax = GL(max)(x0, x1);
    // Row r's piece of line k: its cell deltas in quads[r][k], added at accumulation + offsets[r][k];
    // its first and last cell in lows[k][r], highs[k][r]. Every line's rows [0, rowCount) are
    // scattered, so that the scatter's loops do not depend on the lane: a row past the line's end
    // adds ±0.0 (which changes no cell: a cell is never −0) to its first row's cells and leaves the
    // extents as they are.
    f32x4 quads[SHORT_LINE_ROWS][GROUP_LANES];
    int32_t offsets[SHORT_LINE_ROWS][GROUP_LANES];
    f32x4 lows[GROUP_LANES], highs[GROUP_LANES];
    GL_I lowRows[SHORT_LINE_ROWS], highRows[SHORT_LINE_ROWS];
    const GL_I rowOffset = (firstRow - bandY) * (int32_t)stride;
    GL_I firstOffset = {0};
    GL_F top = GL(select)(topInside, y0, __builtin_convertvector(firstRow, GL_F));
    GL_F xTop = GL(select)(topInside, x0, GL(edge_x)(x0, y0, dxdy, xMin, xMax, top));
    for (int32_t r = 0; r < SHORT_LINE_ROWS; r++) {
        lowRows[r] = (GL_I){0} + INT32_MAX;
        highRows[r] = (GL_I){0} - 1;
    }
    for (int32_t r = 0; r < rowCount; r++) {
        const GL_F rowBottom = __builtin_convertvector(firstRow + (r + 1), GL_F);
        const GL_I isLast = (rows == r + 1) & bottomInside, inLine = rows > r;
        const GL_F bottom = GL(select)(isLast, y1, rowBottom);
        const GL_F xBottom = GL(select)(isLast, x1, GL(edge_x)(x0, y0, dxdy, xMin, xMax, rowBottom));
        // Past the line's end, a piece of no height: deltas ±0.0 (its x are finite, within the
        // line's extent; where they are equal, s is infinite, but the piece is within one pixel,
        // whose deltas do not use it).
        const GL_F d = (GL_F)((GL_U)((bottom - top) * direction) & (GL_U)inLine);
        // accumulate_piece's operations: a piece within one pixel or across two as there, one across
        // three as its long case (which adds each of the four cells once: here at once, in a quad).
        const GL(piece_lanes) p = GL(piece_lanes_make)(xTop, xBottom);
        const GL_I i0 = p.i0, i1 = p.i1, three = i1 > i0 + 1;
        const GL_F d0 = GL(select)(p.within, d - d * p.fromLeft, d * p.firstArea);
        const GL_F d1 =
            GL(select)(p.within, d * p.fromLeft,
                       GL(select)(three, d * (p.second - p.firstArea), d * (one - p.lastRemainder - p.firstArea)));
        const GL_F d2 =
            GL(select)(p.within, zero, GL(select)(three, d * (one - p.lastRemainder - p.second), d * p.lastRemainder));
        const GL_F d3 = GL(select)(three, d * p.lastRemainder, zero);
        // A piece across four pixels or more sends its line to accumulate_line.
        shortLanes &= ~((i1 > i0 + 2) & inLine);
        const GL_I offset = rowOffset + r * (int32_t)stride + i0;
        if (r == 0) firstOffset = offset;
        TSR_STORE(offsets[r], GL(select_i)(inLine, offset, firstOffset));
        // Past the line's end, extents that change no row's: Int32.max (i0 ≥ 0) and −1 (a row's
        // rowMax is −1 or more).
        lowRows[r] = i0 | (GL_I)((GL_U)~inLine >> 1);
        highRows[r] = GL(select_i)(p.within, i0 + 1, i1 + 1) | ~inLine;
        GL(transpose)(d0, d1, d2, d3, quads[r]);
        top = bottom;
        xTop = xBottom;
    }
    // Each line's extents in its four rows, one quad a line.
    GL(transpose)((GL_F)lowRows[0], (GL_F)lowRows[1], (GL_F)lowRows[2], (GL_F)lowRows[3], lows);
    GL(transpose)((GL_F)highRows[0], (GL_F)highRows[1], (GL_F)highRows[2], (GL_F)highRows[3], highs);
    int32_t lineRows[GROUP_LANES], lineFirst[GROUP_LANES];
    TSR_STORE(lineRows, GL(select_i)(shortLanes, rows, (GL_I){0}));
    TSR_STORE(lineFirst, firstRow - bandY);
    // The scatter's loops unrolled for each row count.
    switch (rowCount) {
    case 1:
        GL(scatter)(lines, meets, lineRows, lineFirst, quads, offsets, lows, highs, 1, bandY, bandHeight, accumulation,
                    stride, rowMin, rowMax);
        break;
    case 2:
        GL(scatter)(lines, meets, lineRows, lineFirst, quads, offsets, lows, highs, 2, bandY, bandHeight, accumulation,
                    stride, rowMin, rowMax);
        break;
    case 3:
        GL(scatter)(lines, meets, lineRows, lineFirst, quads, offsets, lows, highs, 3, bandY, bandHeight, accumulation,
                    stride, rowMin, rowMax);
        break;
    default:
        GL(scatter)(lines, meets, lineRows, lineFirst, quads, offsets, lows, highs, 4, bandY, bandHeight, accumulation,
                    stride, rowMin, rowMax);
        break;
    }
}
