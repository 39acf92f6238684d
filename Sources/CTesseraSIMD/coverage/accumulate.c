// Exact-area accumulation of line segments (the technique of font-rs and of FreeType's cell
// rasterizer): each piece of a line inside one pixel row adds signed area deltas to the row's cells
// so that the prefix sum of the row at cell x is the integral of the winding number over pixel x.
//
// A sloped edge's rows are added eight at a time (edge_rows), and short lines eight at a time
// (coverage/short_lines.h): the same float operations as one piece at a time, in the lanes of
// vectors.
#include "simd/no_fp_contract.h"
#include "CTesseraSIMD.h"
#include "simd/targets.h"
#include "simd/vectors.h"

// Floor and ceiling for the non-negative coordinates left after clipping: truncation is the floor
// there, and these avoid libm calls (the x86-64 baseline has no SSE4.1 rounding instruction).
static inline int32_t floor_nonnegative(float v) { return (int32_t)v; }
static inline int32_t ceil_nonnegative(float v) {
    int32_t t = (int32_t)v;
    return t + ((float)t < v);
}

// min/max without fminf/fmaxf's NaN handling: the edge builder never emits NaN.
static inline float min_f(float a, float b) { return a < b ? a : b; }
static inline float max_f(float a, float b) { return a > b ? a : b; }

// Stored whether it changed or not: a store skipped on a comparison was a mispredicted branch
// for two pieces in five.
static inline void widen_row(int32_t *rowMin, int32_t *rowMax, int32_t row, int32_t lo, int32_t hi) {
    const int32_t low = rowMin[row], high = rowMax[row];
    rowMin[row] = lo < low ? lo : low;
    rowMax[row] = hi > high ? hi : high;
}

// Adds a piece of signed height `d` whose ends' x sum to `xSum` and which stays within pixel i
// (x in [i, i + 1]): A = 1 - (mean x - i) there, 1 to its right.
static inline void accumulate_in_pixel(float *cells, float d, float xSum, int32_t i) {
    float fromLeft = 0.5f * xSum - (float)i;
    cells[i] += d - d * fromLeft;
    cells[i + 1] += d * fromLeft;
}

// Adds one line piece that stays within a single pixel row. `d` is its signed height (positive
// downwards), xLow <= xHigh its horizontal extent. With A(i) = the mean fraction of pixel i lying
// right of the edge, pixel i gets d * A(i); cell i stores the difference d * (A(i) - A(i - 1)).
__attribute__((always_inline))
static inline void accumulate_piece(float *cells, float d, float xLow, float xHigh,
                                    int32_t *lowCell, int32_t *highCell) {
    int32_t i0 = floor_nonnegative(xLow);
    float lowFloor = (float)i0;
    int32_t i1 = ceil_nonnegative(xHigh) - 1;   // the last pixel the edge enters (i0 - 1 or i0 within one)
    float s = 1.0f / (xHigh - xLow);            // the rate the edge sweeps x at (unused within one pixel)
    float lowFrac = xLow - lowFloor;
    float firstArea = 0.5f * s * (1.0f - lowFrac) * (1.0f - lowFrac);   // A(i0)
    if (i1 > i0 + 1) {
        // Across three pixels or more (rarer): pixels between add s each.
        float highFrac = xHigh - (float)i1;
        float lastRemainder = 0.5f * s * highFrac * highFrac;               // 1 - A(i1)
        cells[i0] += d * firstArea;
        float second = s * (1.5f - lowFrac);  // A(i0 + 1); each further pixel adds s
        cells[i0 + 1] += d * (second - firstArea);
        float ds = d * s;
        // Rarely more than a few cells: not worth the vectorizer's set-up.
#pragma clang loop vectorize(disable) unroll(disable)
        for (int32_t i = i0 + 2; i < i1; i++) cells[i] += ds;
        float beforeLast = second + (float)(i1 - i0 - 2) * s;          // A(i1 - 1)
        cells[i1] += d * (1.0f - lastRemainder - beforeLast);
        cells[i1 + 1] += d * lastRemainder;
        *lowCell = i0;
        *highCell = i1 + 1;
        return;
    }
    // Within pixel i0 (xHigh <= i0 + 1, exact in float), or across i0 and i0 + 1: the three
    // cells' deltas computed both ways and one chosen by a mask, without a branch (the pieces'
    // mix makes one unpredictable), then added to cells i0 to i0 + 3 at once. Within one pixel,
    // A(i0) = 1 - (mean x - i0) and the third cell gets zero, as does the fourth always, which
    // changes no cell (a cell is never -0: it starts at +0, and only -0 + -0 gives -0). A row has
    // cells past its last pixel + 1 (WorkerScratch.stride), so i0 + 3 stays inside it.
    float fromLeft = 0.5f * (xLow + xHigh) - lowFloor;
    float highFrac = xHigh - (float)(i0 + 1);
    float lastRemainder = 0.5f * s * highFrac * highFrac;                   // 1 - A(i0 + 1)
    const int within = xHigh <= lowFloor + 1.0f;
    const u32x4 mask = (u32x4){0} - (uint32_t)within;
    const f32x4 inOne = {d - d * fromLeft, d * fromLeft, 0.0f, 0.0f};
    const f32x4 inTwo = {d * firstArea, d * (1.0f - lastRemainder - firstArea), d * lastRemainder, 0.0f};
    const f32x4 deltas = (f32x4)((mask & (u32x4)inOne) | (~mask & (u32x4)inTwo));
    TSR_STORE(cells + i0, TSR_LOAD(f32x4, cells + i0) + deltas);
    *lowCell = i0;
    *highCell = within ? i0 + 1 : i0 + 2;
}

// A line oriented downwards (y0 < y1), with its direction (+1 where it went down, -1 up) and its
// part in the band: rows [firstRow, endRow), at least one, from its top, y0 when `topInside` (y0 >=
// the band's top; then firstRow = floor(y0)) or else the band's top firstRow, to its bottom, y1
// when `bottomInside` (y1 <= the band's bottom; then endRow = ceil(y1)) or else the band's bottom
// endRow.
typedef struct {
    float x0, y0, x1, y1;
    float dxdy, xMin, xMax;
    float direction;
    int32_t firstRow, endRow;
    int topInside, bottomInside;
} Edge;

// The edge's x at height y strictly between its ends. x is computed from the line's own equation at
// each row boundary (not stepped from the band's top), so a line contributes the same bytes whatever
// the band boundaries are; rounding must not carry a piece outside the line's own extent (and so
// the clip).
static inline float edge_x(const Edge *e, float y) {
    return min_f(max_f(e->x0 + (y - e->y0) * e->dxdy, e->xMin), e->xMax);
}

// The fewest rows in the band for which a sloped edge's pieces are found eight rows at a time
// (edge_rows); a shorter one's are found one at a time.
enum { EDGE_ROWS_MIN = 2 };

// How an edge's pieces are found.
enum {
    VERTICAL,     // x0 == x1: every piece is at x0 (edge_x clamps to [x0, x0], so it gives x0 too)
    SLOPED,       // any other: each piece's ends ordered by min_f and max_f. Edges within one pixel
                  // column, going right or going left are not told apart: which they are was a
                  // mispredicted branch for every third edge, and the piece's own cases are
                  // branch-free (see accumulate_piece).
};

// The edge's x at row boundary y (strictly between its ends).
__attribute__((always_inline))
static inline float boundary_x(const Edge *e, float y, int kind) {
    return kind == VERTICAL ? e->x0 : edge_x(e, y);
}

// Adds the piece of the edge in band row `row` from (xTop, top) to (xBottom, top + dy), d = dy ×
// direction. Vertical: accumulate_piece's single-pixel case without finding the pixel (xTop +
// xBottom is its xLow + xHigh: float addition commutes). min_f and max_f give the piece's ends
// with their own bits: where the ends are equal they are the same float (the only zero among an
// edge's x values is xMin itself: edge_x clamps to it, and of x0 and x1 only the smaller can be
// zero).
__attribute__((always_inline))
static inline void add_piece(float *cells, int32_t row, int32_t *rowMin, int32_t *rowMax, float d,
                             float xTop, float xBottom, int kind, int32_t column) {
    if (kind == VERTICAL) {
        accumulate_in_pixel(cells, d, xTop + xBottom, column);
        widen_row(rowMin, rowMax, row, column, column + 1);
        return;
    }
    int32_t lo, hi;
    accumulate_piece(cells, d, min_f(xTop, xBottom), max_f(xTop, xBottom), &lo, &hi);
    widen_row(rowMin, rowMax, row, lo, hi);
}

// The deltas of eight pieces, each piece's four cells (d0 … d3 of its lane) in quads[lane].
TSR_INLINE void transpose_quads(f32x8 d0, f32x8 d1, f32x8 d2, f32x8 d3, f32x4 quads[8]) {
    // Quads k and k + 4 in the halves of q[k].
    const f32x8 a = __builtin_shufflevector(d0, d1, 0, 8, 1, 9, 4, 12, 5, 13);
    const f32x8 b = __builtin_shufflevector(d2, d3, 0, 8, 1, 9, 4, 12, 5, 13);
    const f32x8 c = __builtin_shufflevector(d0, d1, 2, 10, 3, 11, 6, 14, 7, 15);
    const f32x8 f = __builtin_shufflevector(d2, d3, 2, 10, 3, 11, 6, 14, 7, 15);
    const f32x8 q[4] = {
        __builtin_shufflevector(a, b, 0, 1, 8, 9, 4, 5, 12, 13),
        __builtin_shufflevector(a, b, 2, 3, 10, 11, 6, 7, 14, 15),
        __builtin_shufflevector(c, f, 0, 1, 8, 9, 4, 5, 12, 13),
        __builtin_shufflevector(c, f, 2, 3, 10, 11, 6, 7, 14, 15),
    };
    for (int k = 0; k < 4; k++) {
        quads[k] = __builtin_shufflevector(q[k], q[k], 0, 1, 2, 3);
        quads[k + 4] = __builtin_shufflevector(q[k], q[k], 4, 5, 6, 7);
    }
}

#include "coverage/group_lanes.h"

// The pieces of a sloped edge in its n ≤ 8 rows of the band from absolute row y, into cells and rows
// [0, n): accumulate_edge's pieces, with accumulate_piece's operations on each row in the lanes of
// vectors. The first row's top is *top, its x *xTop (both become the last row's bottom and its x);
// the last row ends at the edge's end (y1, x1) where `reachesEnd`. The band has `room` rows from row
// 0. Each row's deltas are transposed into four cells (as accumulate_piece adds them); a piece across
// three pixels or more adds its pixels between one at a time, as there.
TSR_INLINE void edge_rows(const Edge *e, float *cells, size_t stride, int32_t *rowMin, int32_t *rowMax, int32_t room,
                          int32_t y, float *top, float *xTop, int32_t n, int reachesEnd) {
    const f32x8 one = f32x8_splat(1.0f), zero = {0};
    const i32x8 atEnd = (i32x8_lanes() == n - 1) & -reachesEnd;
    // Row boundaries y + 1 … y + 8 (exact: integers below 2^24), the last one y1 where the edge ends.
    const f32x8 rowBottoms = f32x8_splat((float)(y + 1)) + (f32x8){0, 1, 2, 3, 4, 5, 6, 7};
    const f32x8 bottoms = f32x8_select(atEnd, f32x8_splat(e->y1), rowBottoms);
    const f32x8 xBottom =
        f32x8_select(atEnd, f32x8_splat(e->x1),
                     edge_x_8(f32x8_splat(e->x0), f32x8_splat(e->y0), f32x8_splat(e->dxdy), f32x8_splat(e->xMin),
                             f32x8_splat(e->xMax), rowBottoms));
    const f32x8 d = (bottoms - __builtin_shufflevector(f32x8_splat(*top), bottoms, 0, 8, 9, 10, 11, 12, 13, 14)) *
                    f32x8_splat(e->direction);
    const f32x8 tops = __builtin_shufflevector(f32x8_splat(*xTop), xBottom, 0, 8, 9, 10, 11, 12, 13, 14);
    *top = bottoms[n - 1];
    *xTop = xBottom[n - 1];
    const piece_lanes_8 p = piece_lanes_make_8(tops, xBottom);
    const i32x8 i0 = p.i0, i1 = p.i1;
    const f32x8 d0 = f32x8_select(p.within, d - d * p.fromLeft, d * p.firstArea);
    const f32x8 d1 = f32x8_select(p.within, d * p.fromLeft, d * (one - p.lastRemainder - p.firstArea));
    const f32x8 d2 = f32x8_select(p.within, zero, d * p.lastRemainder);
    const i32x8 high = (i32x8)u32x8_select(p.within, (u32x8)(i0 + 1), (u32x8)(i1 + 1));
    f32x4 quads[8];
    transpose_quads(d0, d1, d2, zero, quads);
    const i32x8 isLong = (i1 > i0 + 1) & (i32x8_lanes() < n);
    if (u32x8_none((u32x8)isLong)) {
        for (int32_t k = 0; k < n; k++) {
            float *row = cells + (size_t)k * stride + i0[k];
            TSR_STORE(row, TSR_LOAD(f32x4, row) + quads[k]);
        }
    } else {
        // accumulate_piece's long case: the first cell as above, then its own. The lanes are read
        // from arrays stored once: indexing the vectors by k had the compiler store them all again
        // for every row.
        const f32x8 beforeLast = p.second + __builtin_convertvector(i1 - i0 - 2, f32x8) * p.s;
        float first[8], second[8], step[8], last[8], after[8];
        int32_t low[8], high[8], long8[8];
        TSR_STORE(first, d0);
        TSR_STORE(second, d * (p.second - p.firstArea));
        TSR_STORE(step, d * p.s);
        TSR_STORE(last, d * (one - p.lastRemainder - beforeLast));
        TSR_STORE(after, d * p.lastRemainder);
        TSR_STORE(low, i0);
        TSR_STORE(high, i1);
        TSR_STORE(long8, isLong);
        for (int32_t k = 0; k < n; k++) {
            float *row = cells + (size_t)k * stride;
            if (!long8[k]) {
                TSR_STORE(row + low[k], TSR_LOAD(f32x4, row + low[k]) + quads[k]);
                continue;
            }
            row[low[k]] += first[k];
            row[low[k] + 1] += second[k];
#pragma clang loop vectorize(disable) unroll(disable)
            for (int32_t i = low[k] + 2; i < high[k]; i++) row[i] += step[k];
            row[high[k]] += last[k];
            row[high[k] + 1] += after[k];
        }
    }
    if (room >= 8) {
        // The rows' extents at once; rows [n, 8) of the band keep theirs.
        const i32x8 inside = i32x8_lanes() < n;
        const i32x8 lows = TSR_LOAD(i32x8, rowMin), highs = TSR_LOAD(i32x8, rowMax);
        TSR_STORE(rowMin, (i32x8)u32x8_select(inside, (u32x8)__builtin_elementwise_min(lows, i0), (u32x8)lows));
        TSR_STORE(rowMax, (i32x8)u32x8_select(inside, (u32x8)__builtin_elementwise_max(highs, high), (u32x8)highs));
    } else {
        int32_t lowCells[8], highCells[8];
        TSR_STORE(lowCells, i0);
        TSR_STORE(highCells, high);
        for (int32_t k = 0; k < n; k++) widen_row(rowMin, rowMax, k, lowCells[k], highCells[k]);
    }
}

// Adds the edge's pieces in its rows of the band. Always inlined so that each kind gets its own
// loop. Every piece has a positive height: its top and bottom are distinct floats (y0 < y1, y0 <
// endRow and y1 > endRow - 1).
__attribute__((always_inline))
static inline void accumulate_edge(const Edge *e, int32_t bandY, int32_t bandHeight, float *accumulation,
                                   size_t stride, int32_t *rowMin, int32_t *rowMax, int kind, int32_t column) {
    const int32_t firstRow = e->firstRow, endRow = e->endRow;
    float top = e->topInside ? e->y0 : (float)firstRow;
    float xTop = e->topInside ? e->x0 : boundary_x(e, top, kind);
    int32_t row = firstRow - bandY;
    float *cells = accumulation + (size_t)row * stride;
    // A sloped edge of EDGE_ROWS_MIN rows or more: eight rows at a time.
    if (kind == SLOPED && endRow - firstRow >= EDGE_ROWS_MIN) {
        int32_t y = firstRow;
        for (; endRow - y > 8; y += 8, row += 8, cells += 8 * stride)
            edge_rows(e, cells, stride, rowMin + row, rowMax + row, bandHeight - row, y, &top, &xTop, 8, 0);
        edge_rows(e, cells, stride, rowMin + row, rowMax + row, bandHeight - row, y, &top, &xTop, endRow - y,
                  e->bottomInside);
        return;
    }
    // A row's bottom boundary is the next row's top: each is computed once. Every row but the last
    // ends at y + 1 < y1.
    if (endRow - firstRow > 1) {
        float bottom = (float)(firstRow + 1);
        float xBottom = boundary_x(e, bottom, kind);
        add_piece(cells, row, rowMin, rowMax, (bottom - top) * e->direction, xTop, xBottom, kind, column);
        xTop = xBottom;
        row++;
        cells += stride;
        // The rows between are whole: (y + 1) - y is exactly 1 (integers below 2^24), so their d
        // is the direction itself. (For a vertical edge every value of the piece is then
        // loop-invariant: the loop adds the same two deltas to each row.)
        for (int32_t y = firstRow + 1; y < endRow - 1; y++, row++, cells += stride) {
            bottom += 1.0f;   // y + 1, exactly
            float xNext = boundary_x(e, bottom, kind);
            add_piece(cells, row, rowMin, rowMax, e->direction, xTop, xNext, kind, column);
            xTop = xNext;
        }
        top = bottom;   // endRow - 1
    }
    float bottom = e->bottomInside ? e->y1 : (float)endRow;
    float xBottom = e->bottomInside ? e->x1 : boundary_x(e, bottom, kind);
    add_piece(cells, row, rowMin, rowMax, (bottom - top) * e->direction, xTop, xBottom, kind, column);
}

// Adds the line's pieces in the band's rows [bandY, bandY + bandHeight), if it meets them.
TSR_INLINE void accumulate_line(const float *line, int32_t bandY, int32_t bandHeight, float *accumulation,
                                size_t stride, int32_t *rowMin, int32_t *rowMax) {
    const float bandTop = (float)bandY;
    const float bandBottom = (float)(bandY + bandHeight);
    const float ya = line[1], yb = line[3];
    if (max_f(ya, yb) <= bandTop || min_f(ya, yb) >= bandBottom) return;
    Edge e = ya < yb ? (Edge){line[0], ya, line[2], yb, 0.0f, 0.0f, 0.0f, 1.0f}
                     : (Edge){line[2], yb, line[0], ya, 0.0f, 0.0f, 0.0f, -1.0f};
    e.topInside = e.y0 >= bandTop;
    e.bottomInside = e.y1 <= bandBottom;
    e.firstRow = e.topInside ? floor_nonnegative(e.y0) : bandY;
    e.endRow = e.bottomInside ? ceil_nonnegative(e.y1) : bandY + bandHeight;
    // A horizontal line (no area) is within the band, in a row or none: skipped.
    if (e.y0 == e.y1) return;
    if (e.x0 == e.x1) {
        accumulate_edge(&e, bandY, bandHeight, accumulation, stride, rowMin, rowMax, VERTICAL,
                        floor_nonnegative(e.x0));
        return;
    }
    e.dxdy = (e.x1 - e.x0) / (e.y1 - e.y0);
    e.xMin = min_f(e.x0, e.x1);
    e.xMax = max_f(e.x0, e.x1);
    accumulate_edge(&e, bandY, bandHeight, accumulation, stride, rowMin, rowMax, SLOPED, 0);
}

// A bit for each of lines [0, 8) that meets the band's rows (top, bottom) (accumulate_line's test,
// eight lines at a time).
TSR_INLINE uint32_t lines_in_band(const float *lines, float top, float bottom) {
    // The lines' y values, ya and yb of lines 0–3, then of lines 4–7.
    const f32x8 low = __builtin_shufflevector(TSR_LOAD(f32x8, lines), TSR_LOAD(f32x8, lines + 8), 1, 3, 5, 7, 9, 11,
                                              13, 15);
    const f32x8 high = __builtin_shufflevector(TSR_LOAD(f32x8, lines + 16), TSR_LOAD(f32x8, lines + 24), 1, 3, 5, 7,
                                               9, 11, 13, 15);
    const f32x8 ya = __builtin_shufflevector(low, high, 0, 2, 4, 6, 8, 10, 12, 14);
    const f32x8 yb = __builtin_shufflevector(low, high, 1, 3, 5, 7, 9, 11, 13, 15);
    const i32x8 meets = (f32x8_max(ya, yb) > f32x8_splat(top)) & (f32x8_min(ya, yb) < f32x8_splat(bottom));
    return (uint32_t)__builtin_reduce_or(meets & (i32x8){1, 2, 4, 8, 16, 32, 64, 128});
}

// The most rows in the band a line may have to be added by short_lines, and the fewest such lines
// among eight for that to pay (with fewer, each goes through accumulate_line).
enum { SHORT_LINE_ROWS = 4, SHORT_LINES_MIN = 3 };

// How short_lines scatters its lines' pieces and widens their rows' extents at `level`. At x86's
// baseline, SSE2, row by row with scalar extents, as accumulate_line does: without SSE4.1's PMINSD
// and PMAXSD, widening four rows' extents at once and the lane-wise offsets cost it more than they
// saved (layer-tree 2.3% more instructions a frame, stroke-dashed-bevel 3.3%).
static inline int short_lines_row_by_row(int level) {
#if defined(__x86_64__) || defined(_M_X64)
    return level == TSR_LEVEL_BASELINE;
#else
    (void)level;
    return 0;
#endif
}

#include "coverage/short_lines.h"

// Every band of a command visits all its lines: most of those outside the band are rejected on their
// y alone, eight at a time, before any other work. The others are added in their order, eight at a
// time by short_lines where the lines are mostly short (`shortLines`, a constant where this is
// inlined), else one at a time.
TSR_INLINE void accumulate_band(const float *lines, size_t count, int32_t bandY, int32_t bandHeight,
                                float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax, int shortLines,
                                int rowByRow) {
    const float bandTop = (float)bandY;
    const float bandBottom = (float)(bandY + bandHeight);
    for (size_t first = 0; first < count; first += 8) {
        uint32_t lines8 = first + 8 <= count ? lines_in_band(lines + 4 * first, bandTop, bandBottom)
                                             : (1u << (count - first)) - 1;
        if (shortLines && first + 8 <= count && lines8 != 0) {
            short_lines_8(lines + 4 * first, lines8, bandY, bandHeight, accumulation, stride, rowMin, rowMax,
                          rowByRow);
            continue;
        }
        for (; lines8 != 0; lines8 &= lines8 - 1) {
            accumulate_line(lines + 4 * (first + (size_t)__builtin_ctz(lines8)), bandY, bandHeight, accumulation,
                            stride, rowMin, rowMax);
        }
    }
}

TSR_INLINE void accumulate_lines_body(int level, const float *lines, size_t count, int32_t bandY, int32_t bandHeight,
                                      float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                                      int shortLines) {
    const int rowByRow = short_lines_row_by_row(level);
    if (shortLines) accumulate_band(lines, count, bandY, bandHeight, accumulation, stride, rowMin, rowMax, 1, rowByRow);
    else accumulate_band(lines, count, bandY, bandHeight, accumulation, stride, rowMin, rowMax, 0, rowByRow);
}

// At AVX-512 too: the same eight-lane code measured faster compiled for it than its AVX2 version.
TSR_LEVELS_KNOWING_LEVEL(accumulate_lines,
           (const float *lines, size_t count, int32_t bandY, int32_t bandHeight, float *accumulation, size_t stride,
            int32_t *rowMin, int32_t *rowMax, int shortLines),
           (lines, count, bandY, bandHeight, accumulation, stride, rowMin, rowMax, shortLines))

void tsr_accumulate_lines(const float *lines, size_t count, int32_t bandY, int32_t bandHeight,
                          float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax, int shortLines) {
    TSR_DISPATCH(accumulate_lines,
                 (lines, count, bandY, bandHeight, accumulation, stride, rowMin, rowMax, shortLines != 0));
}
