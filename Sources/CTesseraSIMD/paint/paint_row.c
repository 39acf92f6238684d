// Painted rows (CTesseraPaint.h): the one place where a fill's paint becomes pixels. A row span is,
// by definition, three passes over scratch rows: coverage (tsr_coverage_row), the paint's source
// colours (tsr_paint_colors), the blend (tsr_blend_row). That is the path of the float blend modes.
//
// With an integer blend mode, one call does the same work in two loops over blocks of 16 pixels
// from the span's start: the coverage of every block first (a tight loop whose only dependency is
// the winding carry), then each block's source colours and blend while they are in registers or in
// L1. It differs from the three passes in what it skips, never in the bytes:
// - a block without coverage is not painted at all under a bounded mode (the blend leaves such
//   pixels exactly as they are, CTesseraPaint.h): its source colours are not computed, which is
//   where the three passes spent the most on shapes with holes and notches (a row's span runs from
//   its first to its last edge: 16% of the blocks of the bench's polygons);
// - linear gradients and radial ones with the focal point at the centre, under pad, on rows that
//   take the gradients' float loops, are computed per block (paint/gradient_float.h, the blocks of
//   the gradient rows, which line up since both count them from the span's start), with pad a
//   constant there; other gradients (repeat and reflect included: no extend switch per block, and
//   their rows are instantiated per extend mode), images and the projective paints are computed for
//   the whole span first (tsr_paint_colors, the same call the three passes make);
// - the blocks' coverage and blend are those of the coverage and blend rows (coverage/coverage_row.h,
//   blend/mode_blocks.h), instantiated per mode;
// - the row's last block is drawn whole where the row has room (below), without the copies.
// Computing a gradient's colours in the coverage loop instead (into `colors`, for the slots the
// coverage's carry chain leaves idle) measured 2.5% slower on fill-linear-gradient at AVX-512; the
// table indices of linear and centred radial gradients alone are made there, at AVX2 and AVX-512
// (fused_row).
// Fusing all three steps per block measured slower than this (see fused_row), but for a solid
// colour under a bounded mode, whose row goes by edges and runs of groups, branching on cells only
// (paint/solid_mode_row.h).
//
// tsr_paint_rows paints a band's rows in one call, and tsr_paint_row is the same loop over one row
// (paint_rows_job): the mode, the opacity and the source are decided and the level dispatched once
// per call, and the instantiation's row loop keeps its constants (cheaper than a call per row).
#include "simd/no_fp_contract.h"
#include "CTesseraPaint.h"
#include "blend/mode_blocks.h"
#include "coverage/coverage_row.h"
#include "paint/gradient_float.h"
#include "paint/solid_mode_row.h"
#include "simd/targets.h"

// The projective paints' colours, out of line: with their cases in tsr_paint_colors's switch the
// compiler stopped inlining it into the painted rows (a jump table and a call per row span), which
// a test and a call here do not cost the affine paints.
__attribute__((noinline, cold)) static void projective_colors(const tsr_paint *paint, int32_t x, int32_t y, size_t count,
                                                              uint32_t *out) {
    if (paint->kind == TSR_PAINT_PROJECTIVE_GRADIENT)
        tsr_projective_gradient_row(&paint->projectiveGradient, x, y, count, out);
    else
        tsr_projective_image_row(&paint->projectiveImage, x, y, count, out);
}

void tsr_paint_colors(const tsr_paint *paint, int32_t x, int32_t y, size_t count, uint32_t *out) {
    switch (paint->kind) {
    case TSR_PAINT_GRADIENT: tsr_gradient_row(&paint->gradient, x, y, count, out); return;
    case TSR_PAINT_IMAGE: tsr_image_row(&paint->image, x, y, count, out); return;
    case TSR_PAINT_PROJECTIVE_GRADIENT:
    case TSR_PAINT_PROJECTIVE_IMAGE: projective_colors(paint, x, y, count, out); return;
    default:
        for (size_t i = 0; i < count; i++) out[i] = paint->color;
        return;
    }
}

void tsr_paint_coverage_row(const uint8_t *coverage, int32_t x, int32_t y, size_t count, const tsr_paint *paint,
                            uint32_t *pixels, uint32_t *colors) {
    if (count == 0) return;
    if (paint->kind == TSR_PAINT_SOLID) {
        tsr_blend_solid_row(pixels, paint->color, coverage, count, paint->opacity, paint->mode);
    } else {
        tsr_paint_colors(paint, x, y, count, colors);
        tsr_blend_row(pixels, colors, coverage, count, paint->opacity, paint->mode);
    }
}

// MARK: Fused

// Where a fused row's source colours come from.
enum {
    SOURCE_SOLID,          // the paint's colour
    SOURCE_LINEAR,         // a linear gradient under pad on the float loops, computed per block
    SOURCE_RADIAL,         // a centred radial gradient under pad on the float loops, computed per block
    SOURCE_ROW,            // `colors`, computed for the span first
};

// One block of 16 pixels at pixel i: source colours, then the blend through `coverage`. When
// `indexed`, `colors` holds the gradient's table indices for the block (fused_row).
TSR_INLINE void fused_block(int source, int32_t mode, uint32_t opacity, int indexed, const gradient_lanes *g,
                            const gradient_row *row, const mode_solid *solid, const uint32_t *colors, size_t i,
                            const uint8_t *coverage, uint32_t *dst) {
    uint32_t src[16];
    switch (source) {
    case SOURCE_SOLID:
        mode_solid_block(mode, dst, coverage, opacity, solid);
        return;
    case SOURCE_LINEAR:
    case SOURCE_RADIAL:
        // Under normal the colours stay in registers (mode_block would load them back), and a
        // premultiplied table's need no saturation (a branch the same for every block).
        if (mode == TSR_BLEND_NORMAL) {
            const u32x16 colors16 =
                !indexed                 ? gradient_colors16(g, row, source == SOURCE_RADIAL, TSR_EXTEND_PAD, i)
                : source == SOURCE_RADIAL ? gradient_radial_colors16_indexed(g, colors)
                                          : gradient_colors16_indexed(g, colors);
            if (g->premultiplied) normal_block(dst, colors16, coverage, opacity, 1);
            else normal_block(dst, colors16, coverage, opacity, 0);
            return;
        }
        gradient_block(g, row, source == SOURCE_RADIAL, TSR_EXTEND_PAD, i, src);
        mode_block(mode, dst, src, coverage, opacity);
        return;
    default:
        mode_block(mode, dst, colors, coverage, opacity);
        return;
    }
}

// The table indices of the block at pixel i of a linear or centred radial gradient's row (`source`, a
// constant where this is inlined), into out[0 … 15], for fused_block's indexed colours.
TSR_INLINE void block_indices(int source, const gradient_lanes *g, const gradient_row *row, size_t i, uint32_t *out) {
    if (source == SOURCE_RADIAL) gradient_radial_indices16(g, row, i, out);
    else gradient_linear_indices16(g, row, i, out);
}

// n < 16 pixels from `from` to `to` by pieces of fixed sizes: moves, where a memcpy of n would be a
// call (below).
TSR_INLINE void copy_pixels(uint32_t *to, const uint32_t *from, size_t n) {
    size_t k = 0;
    if (n & 8) memcpy(to + k, from + k, 32), k += 8;
    if (n & 4) memcpy(to + k, from + k, 16), k += 4;
    if (n & 2) memcpy(to + k, from + k, 8), k += 2;
    if (n & 1) to[k] = from[k];
}

// The fused row; `level`, `source`, `mode` and `windowed` are constants where it is instantiated. `g`
// (the gradient sources) and `solid` (the solid one) hold what every row of the paint shares.
// When `windowed`, only the blocks holding pixels [shownFrom, shownTo) of the span get their colours
// and blend; the coverage runs over the whole span all the same, since it is a running sum from the
// span's start and zeroes the cells on the way.
TSR_INLINE void fused_row(int level, int source, int32_t mode, int windowed, uint32_t opacity, float *cells,
                          int32_t start, int32_t end, int32_t width, int evenOdd, size_t count, size_t shownFrom,
                          size_t shownTo, const gradient_lanes *g, const mode_solid *solid, const gradient_row *row,
                          uint32_t *pixels, uint8_t *coverage, uint32_t *colors) {
    float *rowCells = cells + start;
    const size_t cellCount = (size_t)(end - start + 1);
    // A solid colour under a bounded mode goes by edges and runs (paint/solid_mode_row.h), but one
    // that is 0 at full coverage: the blocks blend it with a select or without one by where the
    // block's edges are, which only they give.
    if (source == SOURCE_SOLID && !bm_is_unbounded(mode) && solid->fullPixel != 0) {
        solid_mode_row(mode, opacity, solid, rowCells, (ptrdiff_t)cellCount, (ptrdiff_t)count,
                       (size_t)start + count + 8 <= (size_t)width, evenOdd, level, pixels);
        return;
    }
    // Where the row has room for a whole last block (its cells and pixels exist), a bounded mode
    // draws it whole, as the solid fills do: the cells past the span's end are zero, so the pixels
    // past it get the coverage of the row's winding sum, which is zero for a closed outline (up to
    // float rounding far below a coverage step), and stay as they are. Otherwise the last, partial
    // block goes by groups (coverage_last_groups, as the coverage rows end) into copies of its
    // pixels and source colours.
    const size_t whole = !bm_is_unbounded(mode) && (size_t)start + count + 16 <= (size_t)width ? count + 15 : count;
    // 1. The coverage, in a loop of its own: fused with the blend, each block's branches waited on
    //    its coverage's long dependency chain and cost more than the pass saved.
    f32x8 carry = {0};
    uint8_t run = 0;
    size_t i = 0;
    // At the AVX2 and AVX-512 levels a gradient's table indices are computed here too, in the slots
    // the coverage's carry chain leaves idle, into `colors` (which these sources do not use
    // otherwise): its blocks below then load them from memory, where the indices of a vector they
    // had just made waited on that vector's store (at AVX-512, 4% less time on fill-linear-gradient
    // at 1 and 2 threads, 5% on fill-radial-gradient, square roots and all; at AVX2 9% and 4%). The
    // colours themselves made here measured slower (the top of this file).
    const int indexed =
        level >= TSR_LEVEL_AVX2 && (source == SOURCE_LINEAR || source == SOURCE_RADIAL) && mode == TSR_BLEND_NORMAL;
    if (level == TSR_LEVEL_AVX512) {
        for (; i + 16 <= whole; i += 16) {
            TSR_STORE(coverage + i, coverage_block_wide(rowCells + i, evenOdd, &carry, &run));
            if (indexed) block_indices(source, g, row, i, colors + i);
        }
    } else {
        for (; i + 16 <= whole; i += 16) {
            TSR_STORE(coverage + i, coverage_block(rowCells + i, evenOdd, level, &carry, &run));
            if (indexed) block_indices(source, g, row, i, colors + i);
        }
    }
    // The last groups as coverage_last_groups makes them, each stored whole (no memcpy of a length:
    // a call), the bytes past the row's cells reaching no pixel that is copied back.
    uint8_t lastCoverage[24] = {0};   // cellCount − i ≤ 17: up to 15 pixels and the two cells past the last one
    for (size_t k = i; k < cellCount; k += 8)
        TSR_STORE(lastCoverage + (k - i), i32x8_bytes(cell_coverage(rowCells + k, evenOdd, level, &carry)));
    // 2. Source colours and blend, block by block (windowed: from the block holding the first shown
    //    pixel to the one holding the last; blocks start at multiples of 16).
    size_t blocksEnd = whole, partialEnd = count;
    i = 0;
    if (windowed) {
        const size_t shownBlocksEnd = (shownTo + 15) & ~(size_t)15;
        if (shownBlocksEnd < blocksEnd) blocksEnd = shownBlocksEnd;
        if (shownTo < partialEnd) partialEnd = shownTo;
        i = shownFrom & ~(size_t)15;
    }
    for (; i + 16 <= blocksEnd; i += 16) {
        // Without coverage a bounded mode leaves the pixels as they are: nothing to compute.
        if (!bm_is_unbounded(mode) && u8x16_none(TSR_LOAD(u8x16, coverage + i))) continue;
        fused_block(source, mode, opacity, indexed, g, row, solid, colors + i, i, coverage + i, pixels + i);
    }
    if (i < partialEnd) {
        const size_t n = count - i;
        uint32_t block[16] = {0}, blockColors[16] = {0};
        copy_pixels(block, pixels + i, n);
        if (source == SOURCE_ROW) copy_pixels(blockColors, colors + i, n);
        fused_block(source, mode, opacity, 0, g, row, solid, blockColors, i, lastCoverage, block);
        copy_pixels(pixels + i, block, n);
    }
}

#define FUSED_SOURCES(X, mode) X(SOURCE_SOLID, mode) X(SOURCE_LINEAR, mode) X(SOURCE_RADIAL, mode) X(SOURCE_ROW, mode)

// MARK: Rows

// The rows tsr_paint_rows and tsr_paint_row paint, and what holds for all of them (decided once per
// call, so that the row loop below runs without the per-row checks and level dispatch).
typedef struct {
    float *cells;             // row r's cells: cells + r · stride (cell x at index x)
    size_t stride;
    int32_t *rowMin, *rowMax; // row r's span, reset as the row is painted
    int32_t firstRow, endRow, bandY, width;
    int evenOdd;
    ptrdiff_t count;          // ≥ 0: the pixel count of the one row (tsr_paint_row); < 0: each row's own
    int32_t windowLeft, windowRight;   // the columns that must be painted
    int windowed;             // whether they are not all the columns
    uint32_t *pixels;         // row r's pixel x: pixels + r · pixelStride + (x − origin)
    size_t pixelStride;
    int32_t origin;
    const tsr_paint *paint;
    int32_t mode;             // checked (bm_valid_mode)
    uint32_t opacity;         // ≤ 255
    int source;               // SOURCE_ROW for every paint but the solid and the pad gradients on the float loops
    uint8_t *coverage;
    uint32_t *colors;
} paint_rows_job;

// Row r's span and pixel count; 0 for a row the shape does not touch (tsr_paint_rows only).
TSR_INLINE int row_span(const paint_rows_job *job, int32_t r, int32_t *start, int32_t *end, size_t *count) {
    *start = job->rowMin[r];
    *end = job->rowMax[r];
    if (job->count >= 0) {
        *count = (size_t)job->count;
        return 1;
    }
    if (*end < 0) return 0;
    job->rowMin[r] = INT32_MAX;
    job->rowMax[r] = -1;
    // The cell right of the last pixel may hold coverage (a line on the right border): it has no pixel.
    const int32_t last = *end < job->width - 1 ? *end : job->width - 1;
    *count = last >= *start ? (size_t)(last - *start + 1) : 0;
    return 1;
}

// Whether a row's span [start, start + count) holds pixels of the job's window, and which (*from …
// *to − 1 of the span). When it holds none, nothing is painted and the row's cells [start, end] are
// zeroed, as painting it would have left them.
TSR_INLINE int span_shown(const paint_rows_job *job, float *cells, int32_t start, int32_t end, size_t count,
                          size_t *from, size_t *to) {
    const int64_t left = (int64_t)job->windowLeft - start, right = (int64_t)job->windowRight - start;
    const int64_t first = left > 0 ? left : 0, past = right < (int64_t)count ? right : (int64_t)count;
    if (first >= past) {
        memset(cells + start, 0, (size_t)(end - start + 1) * sizeof(float));
        return 0;
    }
    *from = (size_t)first;
    *to = (size_t)past;
    return 1;
}

// The three passes (CTesseraPaint.h): the float modes' row, and the rare gradient row of a fused
// source off the float loops. Cold and out of line: then the register allocator puts what the
// fused rows' loops keep in registers (their constants) aside around this call only.
__attribute__((noinline, cold)) static void three_passes(float *cells, int32_t start, int32_t end, int evenOdd,
                                                        int32_t y, size_t count, const tsr_paint *paint,
                                                        uint32_t *pixels, uint8_t *coverage, uint32_t *colors) {
    tsr_coverage_row(cells, start, end, evenOdd, coverage);
    tsr_paint_coverage_row(coverage, start, y, count, paint, pixels, colors);
}

// The job's rows with an integer mode; `source`, `mode` and `windowed` (paint only the window's blocks)
// are constants where it is instantiated.
TSR_INLINE void fused_rows(int level, int source, int32_t mode, int windowed, const paint_rows_job *shared) {
    // A copy, which the row loop's stores (the spans reset, the pixels) cannot alias: its fields are
    // not loaded again after each of them.
    const paint_rows_job copy = *shared, *job = &copy;
    const tsr_paint *paint = job->paint;
    float *cells = job->cells + (size_t)job->firstRow * job->stride;
    uint32_t *pixels = job->pixels + (size_t)job->firstRow * job->pixelStride;
    // What every row shares, made once for the call.
    // A pad gradient's path and extend mode are those paint_rows chose the source by: constants here.
    const int32_t path = source == SOURCE_RADIAL ? PATH_RADIAL_CENTRED : PATH_LINEAR;
    gradient_lanes g;
    gradient_row row;
    // Where every row's setup would take the float loops (gradient_pad_rows_use_float), `row` is set
    // up once here and each row only places it.
    int rowsFloat = 0;
    if (source == SOURCE_LINEAR || source == SOURCE_RADIAL) {
        g = gradient_lanes_make(&paint->gradient);
        rowsFloat = gradient_pad_rows_use_float(&paint->gradient, path) &&
                    gradient_row_setup_as(&paint->gradient, path, TSR_EXTEND_PAD, 0, 0, 1, &row);
    }
    mode_solid solid;
    if (source == SOURCE_SOLID) solid = mode_solid_make(paint->color, job->opacity);
    for (int32_t r = job->firstRow; r < job->endRow; r++, cells += job->stride, pixels += job->pixelStride) {
        int32_t start, end;
        size_t count;
        if (!row_span(job, r, &start, &end, &count)) continue;
        uint32_t *span = pixels + (start - job->origin);
        const int32_t y = job->bandY + r;
        size_t shownFrom = 0, shownTo = count;
        if (windowed && !span_shown(job, cells, start, end, count, &shownFrom, &shownTo)) continue;
        if (source == SOURCE_LINEAR || source == SOURCE_RADIAL) {
            // A pad gradient's rows take the float loops but where its values are absurd (gradient_row.h).
            if (count > 0 && rowsFloat) {
                gradient_row_place(&paint->gradient, path, start, y, &row);
            } else if (!(count > 0 &&
                         gradient_row_setup_as(&paint->gradient, path, TSR_EXTEND_PAD, start, y, count, &row) &&
                         row.useFloat)) {
                three_passes(cells, start, end, job->evenOdd, y, count, paint, span, job->coverage, job->colors);
                continue;
            }
        }
        if (source == SOURCE_ROW && count > 0) tsr_paint_colors(paint, start, y, count, job->colors);
        // One call: unoptimised, every inlined copy keeps its own stack (several megabytes a copy).
        fused_row(level, source, mode, windowed, job->opacity, cells, start, end, job->width, job->evenOdd, count,
                  shownFrom, shownTo, &g, &solid, &row, span, job->coverage, job->colors);
    }
}

// Optimised, instantiated per source and integer mode, as the blend rows are (blend/blend_modes.c):
// with the mode a constant the blend's switches go. Unoptimised, one copy per source. A windowed job
// under normal, but for a solid colour, has its own instantiations, which paint only the window's
// blocks; the others paint their whole spans (no per-row checks where there is no window).
TSR_INLINE void fused_rows_body(int level, const paint_rows_job *job) {
    const int source = job->source;
    const int windowed = job->windowed && job->mode == TSR_BLEND_NORMAL && source != SOURCE_SOLID;
#ifdef __OPTIMIZE__
    if (windowed) {
        switch (source) {
        case SOURCE_LINEAR: fused_rows(level, SOURCE_LINEAR, TSR_BLEND_NORMAL, 1, job); return;
        case SOURCE_RADIAL: fused_rows(level, SOURCE_RADIAL, TSR_BLEND_NORMAL, 1, job); return;
        default: fused_rows(level, SOURCE_ROW, TSR_BLEND_NORMAL, 1, job); return;
        }
    }
#define FUSED_CASE(s, m) \
    case s: fused_rows(level, s, m, 0, job); return;
#else
#define FUSED_CASE(s, m) \
    case s: fused_rows(level, s, m, windowed, job); return;
#endif
#ifdef __OPTIMIZE__
#define FUSED_MODE(m) \
    case m: switch (source) { FUSED_SOURCES(FUSED_CASE, m) } return;
    switch (job->mode) {
    BM_INTEGER_MODES(FUSED_MODE)
    default: switch (source) { FUSED_SOURCES(FUSED_CASE, TSR_BLEND_NORMAL) } return;
    }
#undef FUSED_MODE
#else
    switch (source) { FUSED_SOURCES(FUSED_CASE, job->mode) }
#endif
#undef FUSED_CASE
}

// At the AVX-512 level too: with 32 registers and no call in the row loop but the cold ones, the
// loops keep their constants and the paint's in registers, where at AVX2 they are broadcast again
// per group (simd/targets.h); and there the coverage goes by 16 lanes (coverage_block_wide).
TSR_LEVELS_KNOWING_LEVEL(fused_rows, (const paint_rows_job *job), (job))

// MARK: Entry points

// Fills in what holds for every row of `job`, then paints them.
static void paint_rows(paint_rows_job *job) {
    const tsr_paint *paint = job->paint;
    job->mode = bm_valid_mode(paint->mode);
    if (bm_is_float(job->mode)) {
        float *cells = job->cells + (size_t)job->firstRow * job->stride;
        uint32_t *pixels = job->pixels + (size_t)job->firstRow * job->pixelStride;
        for (int32_t r = job->firstRow; r < job->endRow; r++, cells += job->stride, pixels += job->pixelStride) {
            int32_t start, end;
            size_t count;
            size_t shownFrom, shownTo;
            if (!row_span(job, r, &start, &end, &count) ||
                (job->windowed && !span_shown(job, cells, start, end, count, &shownFrom, &shownTo)))
                continue;
            three_passes(cells, start, end, job->evenOdd, job->bandY + r, count, paint, pixels + (start - job->origin),
                         job->coverage, job->colors);
        }
        return;
    }
    job->opacity = paint->opacity > 255 ? 255 : paint->opacity;
    job->source = SOURCE_ROW;
    if (paint->kind == TSR_PAINT_SOLID) {
        job->source = SOURCE_SOLID;
    } else if (paint->kind == TSR_PAINT_GRADIENT && paint->gradient.extend == TSR_EXTEND_PAD) {
        if (paint->gradient.path == PATH_LINEAR && paint->gradient.ax != 0) job->source = SOURCE_LINEAR;
        if (paint->gradient.path == PATH_RADIAL_CENTRED) job->source = SOURCE_RADIAL;
    }
    TSR_DISPATCH(fused_rows, (job));
}

void tsr_paint_rows(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax, int32_t firstRow,
                    int32_t endRow, int32_t bandY, int32_t width, int evenOdd, const tsr_paint *paint, uint32_t *pixels,
                    size_t pixelStride, uint8_t *coverage, uint32_t *colors, int32_t windowLeft,
                    int32_t windowRight) {
    paint_rows_job job = {accumulation, stride, rowMin, rowMax, firstRow, endRow, bandY, width, evenOdd, -1,
                          windowLeft, windowRight, windowLeft != INT32_MIN || windowRight != INT32_MAX,
                          pixels, pixelStride, 0, paint, 0, 0, 0, coverage, colors};
    paint_rows(&job);
}

void tsr_paint_row(float *cells, int32_t start, int32_t end, int32_t width, int evenOdd, int32_t y, size_t count,
                   const tsr_paint *paint, uint32_t *pixels, uint8_t *coverage, uint32_t *colors) {
    int32_t rowMin = start, rowMax = end;
    paint_rows_job job = {cells, 0, &rowMin, &rowMax, 0, 1, y, width, evenOdd, (ptrdiff_t)count,
                          INT32_MIN, INT32_MAX, 0,
                          pixels, 0, start, paint, 0, 0, 0, coverage, colors};
    paint_rows(&job);
}
