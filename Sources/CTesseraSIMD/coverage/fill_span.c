// Accumulation rows → coverage → source-over of one colour (tsr_fill_accumulated_rows), eight cells
// and pixels at a time: the windings of coverage/windings.h, the blend of blend/over.h. Oracle:
// reference/coverage.c.
//
// A row is walked as edges and runs. A group of eight cells that are all +0.0 (a bit test) holds no
// edge: its windings are the carry itself, so its pixels all take the coverage before it, and a
// run of such groups is drawn without the prefix sum: left as it is (coverage 0), stored (coverage
// 255 of an opaque colour: what the blend gives) or blended with one scaled colour. Any other group
// takes the edge path, blended even when all its coverage is 0 (which leaves the pixels as they
// are: skipping such groups was a branch mispredicted often enough to cost more than the blend).
#include "simd/no_fp_contract.h"
#include "CTesseraSIMD.h"
#include "blend/over.h"
#include "coverage/windings.h"
#include "simd/targets.h"

// The colour as the row's groups blend it.
typedef struct {
    uint32_t color;
    u16x16 rb, ga;
    int opaque;          // alpha 255: a scaled colour's alpha is the coverage itself
    int premultiplied;   // every channel at most the alpha: no blend passes 255 (blend/over.h)
} fill_color;

// Cells [0, 8) from x, holding an edge, to coverage blended into `count` ≤ 8 pixels; `coverage`
// becomes the group's coverage lanes (lane 7: that of the run of cells after it). A group with fewer
// than eight pixels goes through a copy, so that nothing past the row is touched.
TSR_INLINE void edge_group(float *cells, uint32_t *pixels, ptrdiff_t count, int evenOdd, int level,
                           const fill_color *c, f32x8 *carry, i32x8 *coverage) {
    *coverage = cell_coverage(cells, evenOdd, level, carry);
    if (count == 8) {
        TSR_STORE(pixels, over_factors(TSR_LOAD(u32x8, pixels), c->rb, c->ga, (u32x8)*coverage, c->opaque,
                                       c->premultiplied));
        return;
    }
    uint32_t copy[8] = {0};
    memcpy(copy, pixels, (size_t)count * 4);
    TSR_STORE(copy, over_factors(TSR_LOAD(u32x8, copy), c->rb, c->ga, (u32x8)*coverage, c->opaque, c->premultiplied));
    memcpy(pixels, copy, (size_t)count * 4);
}

enum { RUN_EMPTY, RUN_SOLID, RUN_OVER };

// Eight pixels of a run: untouched, the colour stored, or the scaled colour (srb, sga; its alpha
// `alpha`) blended over them.
TSR_INLINE void run_group(uint32_t *pixels, int kind, const fill_color *c, u16x16 srb, u16x16 sga, u16x16 alpha) {
    if (kind == RUN_SOLID) TSR_STORE(pixels, (u32x8){0} + c->color);
    else if (kind == RUN_OVER)
        TSR_STORE(pixels, over_pairs(TSR_LOAD(u32x8, pixels), srb, sga, alpha, c->opaque || c->premultiplied));
}

// Groups from x on without edges (the group at x is one) while they last before pixelEnd, drawn
// as `kind`; runs are often long (the inside of a shape), so they are tested four groups at a time
// first. Returns the end of the run: a group with an edge, or the row's last, partial group.
TSR_INLINE ptrdiff_t run_groups(const float *cells, uint32_t *pixels, ptrdiff_t x, ptrdiff_t pixelEnd, int kind,
                                const fill_color *c, u16x16 srb, u16x16 sga, u16x16 alpha) {
    run_group(pixels + x, kind, c, srb, sga, alpha);
    x += 8;
    for (; x + 32 <= pixelEnd && cells_empty_16(cells + x) && cells_empty_16(cells + x + 16); x += 32) {
        for (int k = 0; k < 32; k += 8) run_group(pixels + x + k, kind, c, srb, sga, alpha);
    }
    for (; x + 8 <= pixelEnd && cells_empty(cells + x); x += 8) run_group(pixels + x, kind, c, srb, sga, alpha);
    return x;
}

// The run from x on, whose pixels all have coverage `run`.
TSR_INLINE ptrdiff_t fill_run(const float *cells, uint32_t *pixels, ptrdiff_t x, ptrdiff_t pixelEnd, uint32_t run,
                              const fill_color *c) {
    const u16x16 zero = {0};
    if (run == 0) return run_groups(cells, pixels, x, pixelEnd, RUN_EMPTY, c, zero, zero, zero);
    if (run == 255 && c->opaque) return run_groups(cells, pixels, x, pixelEnd, RUN_SOLID, c, zero, zero, zero);
    const u16x16 f = pairs_factor((u32x8){0} + run);
    const u16x16 srb = pairs_mul(c->rb, f), sga = pairs_mul(c->ga, f);
    return run_groups(cells, pixels, x, pixelEnd, RUN_OVER, c, srb, sga, pairs_alpha(sga));
}

// One row: cells [start, end] to coverage, blended into pixels [start, min(end, width − 1)].
TSR_INLINE void fill_row(float *cells, ptrdiff_t start, ptrdiff_t end, ptrdiff_t width, int evenOdd, int level,
                         const fill_color *c, uint32_t *pixels) {
    const ptrdiff_t pixelEnd = end + 1 < width ? end + 1 : width;   // exclusive
    f32x8 carry = {0};
    i32x8 coverage = {0};
    ptrdiff_t x = start;
    while (x + 8 <= pixelEnd) {
        if (cells_empty(cells + x)) {
            x = fill_run(cells, pixels, x, pixelEnd, (uint32_t)coverage[7], c);
        } else {
            edge_group(cells + x, pixels + x, 8, evenOdd, level, c, &carry, &coverage);
            x += 8;
        }
    }
    if (x < pixelEnd) {
        // The last, partial group nearly always holds the row's last edge: it takes the edge path
        // even when it has none (its windings are then the carry: the run's coverage). Where the
        // row has room it is drawn whole, without the copy: the cells past the last one written
        // are zero, so the pixels past pixelEnd get the coverage of the row's winding sum, which is
        // zero for a closed outline (up to float rounding far below a coverage step), as at the
        // last pixel now: they stay as they are.
        edge_group(cells + x, pixels + x, x + 8 <= width ? 8 : pixelEnd - x, evenOdd, level, c, &carry,
                   &coverage);
        x += 8;
    }
    // Only cells right of the last pixel remain to be cleared.
    for (; x <= end; x += 8) TSR_STORE(cells + x, (f32x8){0});
}

// `evenOdd`, `level`, `opaque` and `premultiplied` are constants where this is inlined: each fill
// rule gets a loop of its own, without the test, and so do opaque colours (most fills), without the
// alpha shifts, and premultiplied ones (all but invalid colours), without the saturation.
TSR_INLINE void fill_rows(int level, float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                          int32_t firstRow, int32_t endRow, uint32_t *pixels, size_t pixelStride, int32_t width,
                          int evenOdd, uint32_t color, int opaque, int premultiplied) {
    const u32x8 c8 = (u32x8){0} + color;
    const fill_color c = {color, pairs_rb(c8), pairs_ga(c8), opaque, premultiplied};
    float *cells = accumulation + (size_t)firstRow * stride;
    pixels += (size_t)firstRow * pixelStride;
    for (int32_t r = firstRow; r < endRow; r++, cells += stride, pixels += pixelStride) {
        if (rowMax[r] < 0) continue;
        fill_row(cells, rowMin[r], rowMax[r], width, evenOdd, level, &c, pixels);
        rowMin[r] = INT32_MAX;
        rowMax[r] = -1;
    }
}

TSR_INLINE void fill_accumulated_rows_body(int level, float *accumulation, size_t stride, int32_t *rowMin,
                                           int32_t *rowMax, int32_t firstRow, int32_t endRow, uint32_t *pixels,
                                           size_t pixelStride, int32_t width, int evenOdd, uint32_t color) {
    const int opaque = (color >> 24) == 255, premultiplied = color_is_premultiplied(color);
#define TSR_FILL_ROWS(e, o, p) \
    fill_rows(level, accumulation, stride, rowMin, rowMax, firstRow, endRow, pixels, pixelStride, width, e, color, o, p)
    if (opaque) {
        if (evenOdd) TSR_FILL_ROWS(1, 1, 1);
        else TSR_FILL_ROWS(0, 1, 1);
    } else if (premultiplied) {
        if (evenOdd) TSR_FILL_ROWS(1, 0, 1);
        else TSR_FILL_ROWS(0, 0, 1);
    } else {
        if (evenOdd) TSR_FILL_ROWS(1, 0, 0);
        else TSR_FILL_ROWS(0, 0, 0);
    }
#undef TSR_FILL_ROWS
}

TSR_LEVELS_KNOWING_LEVEL(fill_accumulated_rows,
           (float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax, int32_t firstRow, int32_t endRow,
            uint32_t *pixels, size_t pixelStride, int32_t width, int evenOdd, uint32_t color),
           (accumulation, stride, rowMin, rowMax, firstRow, endRow, pixels, pixelStride, width, evenOdd, color))

void tsr_fill_accumulated_rows(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                               int32_t firstRow, int32_t endRow, uint32_t *pixels, size_t pixelStride,
                               int32_t width, int evenOdd, uint32_t color) {
    TSR_DISPATCH(fill_accumulated_rows, (accumulation, stride, rowMin, rowMax, firstRow, endRow, pixels, pixelStride,
                                         width, evenOdd, color));
}
