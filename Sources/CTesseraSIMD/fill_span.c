// Accumulation row → coverage → source-over blend, four cells at a time.
#include "CTesseraSIMD.h"
#include "blend_sse2.h"
#include "coverage_sse2.h"

void tsr_blend_tail_sse2(uint32_t *pixels, size_t count, simde__m128i coverage32, simde__m128i color16);

static inline int is_zero(simde__m128i v) {
    return simde_mm_movemask_epi8(simde_mm_cmpeq_epi32(v, simde_mm_setzero_si128())) == 0xFFFF;
}

static inline simde__m128i load_cells(const float *cells) {
    return simde_mm_loadu_si128((const simde__m128i *)cells);
}

// True when all four cells are +0.0. A bit test, not a comparison: a group of -0.0 cells takes the
// edge path, which gives the same bytes (its windings are the carry itself, so its coverage is the
// run's) and clears the cells.
static inline int all_zero(const float *cells) { return is_zero(load_cells(cells)); }

// The same for four groups (16 cells).
static inline int all_zero_4(const float *cells) {
    return is_zero(simde_mm_or_si128(simde_mm_or_si128(load_cells(cells), load_cells(cells + 4)),
                                     simde_mm_or_si128(load_cells(cells + 8), load_cells(cells + 12))));
}

// Cells [0, 4), holding an edge, to coverage blended into pixels [0, count) (count <= 4); the cells
// zeroed. `carry` is the winding integral before the group, in every lane, and becomes the one after
// it; `coverage` becomes the group's coverage bytes, lane 3 that of the run of cells after it.
static inline void fill_edge_group(float *cells, uint32_t *pixels, ptrdiff_t count, int evenOdd,
                                   simde__m128i color16, simde__m128 *carry, simde__m128i *coverage) {
    simde__m128 deltas = simde_mm_loadu_ps(cells);
    simde_mm_storeu_ps(cells, simde_mm_setzero_ps());
    simde__m128 winding = simde_mm_add_ps(prefix_sum(deltas), *carry);
    *carry = simde_mm_shuffle_ps(winding, winding, SIMDE_MM_SHUFFLE(3, 3, 3, 3));
    *coverage = coverage_bytes(winding, evenOdd);
    if (is_zero(*coverage)) return;
    if (count >= 4) tsr_blend_4px(pixels, *coverage, color16);
    else tsr_blend_tail_sse2(pixels, (size_t)count, *coverage, color16);
}

// How a run of pixels without edges is drawn.
enum { RUN_EMPTY, RUN_SOLID, RUN_OVER };

// Four pixels of a run: untouched (coverage 0), `source` stored (coverage 255 and an opaque color:
// what the blend gives, without it), or `source` (the scaled color) blended over them.
static inline void run_group(uint32_t *pixels, int kind, simde__m128i source) {
    if (kind == RUN_SOLID) simde_mm_storeu_si128((simde__m128i *)pixels, source);
    else if (kind == RUN_OVER) tsr_over_4px(pixels, source);
}

// Whole groups of cells from x on without edges (+0.0, nothing to clear; the group at x is one)
// while they last before pixelEnd, drawn as `kind`. Runs are often long (the inside of a shape, or
// of a thin outline), so they are tested four groups at a time first. Returns the end of the run: a
// group with an edge or the row's last, partial group.
static inline ptrdiff_t run_groups(const float *cells, uint32_t *pixels, ptrdiff_t x, ptrdiff_t pixelEnd, int kind,
                                   simde__m128i source) {
    run_group(pixels + x, kind, source);
    x += 4;
    for (; x + 16 <= pixelEnd && all_zero_4(cells + x); x += 16) {
        for (int k = 0; k < 16; k += 4) run_group(pixels + x + k, kind, source);
    }
    for (; x + 4 <= pixelEnd && all_zero(cells + x); x += 4) run_group(pixels + x, kind, source);
    return x;
}

// The run from x on, whose pixels all have coverage `run`, that of the cells before it.
static inline ptrdiff_t fill_run(const float *cells, uint32_t *pixels, ptrdiff_t x, ptrdiff_t pixelEnd, uint32_t run,
                                 uint32_t color) {
    if (run == 0) return run_groups(cells, pixels, x, pixelEnd, RUN_EMPTY, simde_mm_setzero_si128());
    if (run == 255 && (color >> 24) == 255) {
        return run_groups(cells, pixels, x, pixelEnd, RUN_SOLID, simde_mm_set1_epi32((int32_t)color));
    }
    return run_groups(cells, pixels, x, pixelEnd, RUN_OVER, tsr_scaled_color(color, run));
}

// One accumulation row: cells [start, end] to coverage, blended into pixels [start, min(end, width - 1)].
static inline void fill_row(float *cells, ptrdiff_t start, ptrdiff_t end, ptrdiff_t width, int evenOdd,
                            uint32_t color, uint32_t *pixels) {
    const simde__m128i color16 = tsr_color_lanes(color);
    const ptrdiff_t pixelEnd = end + 1 < width ? end + 1 : width;   // exclusive
    simde__m128 carry = simde_mm_setzero_ps();
    simde__m128i coverage = simde_mm_setzero_si128();
    ptrdiff_t x = start;
    while (x + 4 <= pixelEnd) {
        if (all_zero(cells + x)) {
            uint32_t run = (uint32_t)simde_mm_cvtsi128_si32(simde_mm_shuffle_epi32(coverage, 0xFF));
            x = fill_run(cells, pixels, x, pixelEnd, run, color);
        } else {
            fill_edge_group(cells + x, pixels + x, 4, evenOdd, color16, &carry, &coverage);
            x += 4;
        }
    }
    if (x < pixelEnd) {
        // The last, partial group takes the edge path even when it has none (its windings are then
        // the carry: the run's coverage, as above). Drawn whole where the row has room, as the
        // AVX2 kernel does (see there): the pixels past pixelEnd stay as they are.
        fill_edge_group(cells + x, pixels + x, x + 4 <= width ? 4 : pixelEnd - x, evenOdd, color16, &carry, &coverage);
        x += 4;
    }
    // Only cells right of the last pixel remain to be cleared.
    for (; x <= end; x += 4) simde_mm_storeu_ps(cells + x, simde_mm_setzero_ps());
}

void tsr_fill_accumulated_rows_sse2(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                                    int32_t firstRow, int32_t endRow, uint32_t *pixels, size_t pixelStride,
                                    int32_t width, int evenOdd, uint32_t color) {
    float *cells = accumulation + (size_t)firstRow * stride;
    pixels += (size_t)firstRow * pixelStride;
    for (int32_t r = firstRow; r < endRow; r++, cells += stride, pixels += pixelStride) {
        if (rowMax[r] < 0) continue;
        fill_row(cells, rowMin[r], rowMax[r], width, evenOdd, color, pixels);
        rowMin[r] = INT32_MAX;
        rowMax[r] = -1;
    }
}
