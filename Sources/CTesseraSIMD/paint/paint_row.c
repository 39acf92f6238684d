// Painted rows (CTesseraPaint.h): the one place where a fill's paint becomes pixels. A row span is,
// by definition, three passes over scratch rows: coverage (tsr_coverage_row), the paint's source
// colours (tsr_paint_colors), the blend (tsr_blend_row). That is the SSE2 path, and the path of the
// float blend modes at every level.
//
// With AVX2 and an integer blend mode, one call does the same work in two loops over blocks of 16
// pixels from the span's start: the coverage of every block first (a tight loop whose only
// dependency is the winding carry), then each block's source colours and blend while they are in
// registers or in L1. It differs from the three passes in what it skips, never in the bytes:
// - a block without coverage is not painted at all under a bounded mode (the blend leaves such
//   pixels exactly as they are, CTesseraPaint.h): its source colours are not computed, which is
//   where the three passes spent the most on shapes with holes and notches (a row's span runs from
//   its first to its last edge: 16% of the blocks of the bench's polygons);
// - linear gradients and radial ones with the focal point at the centre, on rows that take
//   gradient.c's float loops, are computed eight lanes at a time in registers with the float loops'
//   operations lane for lane (each block of 16 starts from its own double-precision start, as
//   gradient.c's blocks of 16 do, and the blocks line up since both count them from the span's
//   start); other gradients, images and the projective paints are computed for the whole span first
//   (tsr_paint_colors, the same call the three passes make);
// - the blocks' blend is blend_modes_avx2.h's, which tsr_blend_row uses too, instantiated per mode;
// - the row's last block is drawn whole where the row has room (below), without the copies.
// Fusing all three steps per block measured slower than this (see px_row).
#pragma STDC FP_CONTRACT OFF
#include "CTesseraPaint.h"
#include "CTesseraSIMD.h"
#include "blend/blend_mode_kinds.h"
#include "coverage/coverage_sse2.h"
#include "paint/gradient_row.h"
#include <string.h>

// The projective paints' colours, out of line: with their cases in tsr_paint_colors's switch the
// compiler stopped inlining it into the painted rows (a jump table and a call per row span, 0.8%
// more instructions in the bench's image scene), which a test and a call here do not cost the
// affine paints.
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

static void paint_row_three_passes(float *cells, int32_t start, int32_t end, int evenOdd, int32_t y, size_t count,
                                   const tsr_paint *paint, uint32_t *pixels, uint8_t *coverage, uint32_t *colors) {
    tsr_coverage_row(cells, start, end, evenOdd, coverage);
    tsr_paint_coverage_row(coverage, start, y, count, paint, pixels, colors);
}

void tsr_paint_row_reference(float *cells, int32_t start, int32_t end, int evenOdd, int32_t y, size_t count,
                             const tsr_paint *paint, uint32_t *pixels, uint8_t *coverage, uint32_t *colors) {
    tsr_coverage_row(cells, start, end, evenOdd, coverage);
    if (count == 0) return;
    switch (paint->kind) {
    case TSR_PAINT_GRADIENT: tsr_gradient_row_reference(&paint->gradient, start, y, count, colors); break;
    case TSR_PAINT_IMAGE: tsr_image_row_reference(&paint->image, start, y, count, colors); break;
    case TSR_PAINT_PROJECTIVE_GRADIENT:
        tsr_projective_gradient_row_reference(&paint->projectiveGradient, start, y, count, colors);
        break;
    case TSR_PAINT_PROJECTIVE_IMAGE:
        tsr_projective_image_row_reference(&paint->projectiveImage, start, y, count, colors);
        break;
    default:
        for (size_t i = 0; i < count; i++) colors[i] = paint->color;
        break;
    }
    tsr_blend_row_reference(pixels, colors, coverage, count, paint->opacity, paint->mode);
}

// MARK: AVX2, fused

#include "blend/blend_modes_avx2.h"

#ifdef BM_HAS_AVX2
#include "coverage/coverage_avx2.h"

#define PX_INLINE static inline __attribute__((always_inline, target("avx2")))

// Where a fused row's source colours come from.
enum {
    SOURCE_SOLID,          // the paint's colour
    SOURCE_LINEAR,         // a linear gradient on gradient.c's float loops, computed per block
    SOURCE_RADIAL,         // a centred radial gradient on the float loops, computed per block
    SOURCE_ROW,            // `colors`, computed for the span first
};

// gradient.c's f_floor, eight lanes.
PX_INLINE __m256 px_floor(__m256 t) {
    const __m256 sign = _mm256_set1_ps(-0.0f);
    const __m256 magic = _mm256_or_ps(_mm256_and_ps(t, sign), _mm256_set1_ps(0x1p23f));
    __m256 r = _mm256_sub_ps(_mm256_add_ps(t, magic), magic);
    r = _mm256_sub_ps(r, _mm256_and_ps(_mm256_cmp_ps(r, t, _CMP_GT_OQ), _mm256_set1_ps(1.0f)));
    const __m256 big = _mm256_cmp_ps(_mm256_andnot_ps(sign, t), _mm256_set1_ps(0x1p23f), _CMP_GE_OQ);
    return _mm256_blendv_ps(r, t, big);
}

// gradient.c's f_extend, eight lanes.
PX_INLINE __m256 px_extend(int32_t extend, __m256 t) {
    switch (extend) {
    case TSR_EXTEND_REPEAT: return _mm256_sub_ps(t, px_floor(t));
    case TSR_EXTEND_REFLECT: {
        const __m256 m = _mm256_sub_ps(t, _mm256_mul_ps(_mm256_set1_ps(2.0f), px_floor(_mm256_mul_ps(t, _mm256_set1_ps(0.5f)))));
        const __m256 folded = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), _mm256_sub_ps(m, _mm256_set1_ps(1.0f)));
        return _mm256_sub_ps(_mm256_set1_ps(1.0f), folded);
    }
    default: return t;
    }
}

// A gradient row on the float loops, for blocks of 16 pixels.
typedef struct {
    const gradient_row *row;
    const int *table;
    __m256 stepA[2], stepB[2];   // j · step for j = 0 … 15 (gradient.c's ja, jb), in two halves
    __m256 scale;
    __m256i last;                // the table's last entry, in every lane
} px_gradient;

PX_INLINE void px_gradient_make(const gradient_row *row, px_gradient *g) {
    g->row = row;
    g->table = (const int *)row->table;
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7), eight = _mm256_set1_ps(8.0f);
    const __m256 stepA = _mm256_set1_ps((float)row->da), stepB = _mm256_set1_ps((float)row->db);
    g->stepA[0] = _mm256_mul_ps(lanes, stepA);
    g->stepA[1] = _mm256_mul_ps(_mm256_add_ps(lanes, eight), stepA);
    g->stepB[0] = _mm256_mul_ps(lanes, stepB);
    g->stepB[1] = _mm256_mul_ps(_mm256_add_ps(lanes, eight), stepB);
    g->scale = _mm256_set1_ps(row->p->scale);
    g->last = _mm256_set1_epi32((int32_t)row->table[(int32_t)row->p->scale]);
}

// table[index] for the eight lanes: scalar loads put together in registers (VPGATHERDD was slower
// here; and eight scalar stores read back as one vector would stall store forwarding).
PX_INLINE __m256i px_lookup(const int *table, __m256i index) {
    int32_t k[8];
    _mm256_storeu_si256((__m256i *)k, index);
    __m128i low = _mm_cvtsi32_si128(table[k[0]]), high = _mm_cvtsi32_si128(table[k[4]]);
    low = _mm_insert_epi32(low, table[k[1]], 1);
    high = _mm_insert_epi32(high, table[k[5]], 1);
    low = _mm_insert_epi32(low, table[k[2]], 2);
    high = _mm_insert_epi32(high, table[k[6]], 2);
    low = _mm_insert_epi32(low, table[k[3]], 3);
    high = _mm_insert_epi32(high, table[k[7]], 3);
    return _mm256_inserti128_si256(_mm256_castsi128_si256(low), high, 1);
}

// gradient.c's f_quad for the eight lanes of A (and B), as two quads: the same operations lane for
// lane, including the centred radial's shortcut under pad, which gradient.c takes per quad.
PX_INLINE __m256i px_gradient_8px(const px_gradient *g, int radial, int32_t extend, __m256 a, __m256 b) {
    const __m256 one = _mm256_set1_ps(1.0f), zero = _mm256_setzero_ps();
    __m256 t = a;
    int outside = 0;   // bit 0: the low quad takes the last entry, bit 1: the high quad
    if (radial) {
        const __m256 d = _mm256_add_ps(_mm256_mul_ps(a, a), _mm256_mul_ps(b, b));
        if (extend == TSR_EXTEND_PAD) {
            const int inside = _mm256_movemask_ps(_mm256_cmp_ps(d, one, _CMP_LT_OQ));
            outside = ((inside & 0x0F) == 0) | (((inside & 0xF0) == 0) << 1);
            if (outside == 3) return g->last;
        }
        t = _mm256_sqrt_ps(d);
    }
    __m256 e = px_extend(extend, t);
    e = _mm256_min_ps(_mm256_max_ps(e, zero), one);
    const __m256i index = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(e, g->scale), _mm256_set1_ps(0.5f)));
    __m256i colors = px_lookup(g->table, index);
    if (outside == 1) colors = _mm256_blend_epi32(colors, g->last, 0x0F);
    else if (outside == 2) colors = _mm256_blend_epi32(colors, g->last, 0xF0);
    return colors;
}

// The 16 source colours of the block at pixel i of the row into out.
PX_INLINE void px_gradient_block(const px_gradient *g, int radial, int32_t extend, size_t i, uint32_t *out) {
    const gradient_row *row = g->row;
    const double k = (double)(int64_t)i;
    const __m256 a = _mm256_set1_ps((float)(row->a0 + k * row->da));
    const __m256 b = radial ? _mm256_set1_ps((float)(row->b0 + k * row->db)) : _mm256_setzero_ps();
    for (int h = 0; h < 2; h++) {
        const __m256 bh = radial ? _mm256_add_ps(b, g->stepB[h]) : b;
        _mm256_storeu_si256((__m256i *)(out + 8 * h),
                            px_gradient_8px(g, radial, extend, _mm256_add_ps(a, g->stepA[h]), bh));
    }
}

// The 16 coverage bytes of the block of cells at `cells` (cells zeroed), from the carry; `run` is
// the coverage of the carry (each byte) and becomes that after the block. A block without an edge
// (all +0.0, tested as bits) is the run, as in coverage_row.c.
PX_INLINE __m128i px_coverage_block(float *cells, int evenOdd, __m256 *carry, uint32_t *run) {
    const __m256i both = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)cells),
                                         _mm256_loadu_si256((const __m256i *)(cells + 8)));
    if (_mm256_testz_si256(both, both)) return _mm_set1_epi32((int32_t)*run);
    const __m256i low = covx_edge_group(cells, evenOdd, carry);
    const __m256i high = covx_edge_group(cells + 8, evenOdd, carry);
    const __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(low, high), _mm256_setzero_si256());
    const __m128i ordered =
        _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 0, 4, 1, 5)));
    *run = ((uint32_t)_mm_extract_epi32(ordered, 3) >> 24) * 0x01010101u;
    return ordered;
}

// One block of n ≤ 16 pixels at pixel i: source colours, then the blend through `coverage`.
PX_INLINE void px_paint_block(int source, int32_t mode, uint32_t opacity, int radial, int32_t extend,
                              const px_gradient *g, const bmx_solid *solid, const uint32_t *colors, size_t i,
                              const uint8_t *coverage, uint32_t *dst) {
    uint32_t src[16];
    switch (source) {
    case SOURCE_SOLID:
        bmx_solid_block(mode, dst, coverage, opacity, solid);
        return;
    case SOURCE_LINEAR:
    case SOURCE_RADIAL:
        px_gradient_block(g, radial, extend, i, src);
        bmx_block(mode, dst, src, coverage, opacity);
        return;
    default:
        bmx_block(mode, dst, colors, coverage, opacity);
        return;
    }
}

// The fused row; `source` and `mode` are constants where it is instantiated.
PX_INLINE void px_row(int source, int32_t mode, uint32_t opacity, float *cells, int32_t start, int32_t end,
                      int32_t width, int evenOdd, size_t count, uint32_t color, const gradient_row *row,
                      uint32_t *pixels, uint8_t *coverage, uint32_t *colors) {
    const int radial = source == SOURCE_RADIAL;
    const int32_t extend = row ? row->extend : TSR_EXTEND_PAD;
    px_gradient g;
    if (source == SOURCE_LINEAR || source == SOURCE_RADIAL) px_gradient_make(row, &g);
    bmx_solid solid;
    if (source == SOURCE_SOLID) bmx_solid_make(color, opacity, &solid);
    float *rowCells = cells + start;
    const size_t cellCount = (size_t)(end - start + 1);
    // Where the row has room for a whole last block (its cells and pixels exist), a bounded mode
    // draws it whole, as fill_span_avx2.c does: the cells past the span's end are zero, so the
    // pixels past it get the coverage of the row's winding sum, which is zero for a closed outline
    // (up to float rounding far below a coverage step), and stay as they are. Otherwise the last,
    // partial block goes by groups of four (cov_last_groups, as coverage_row.c ends a row) into
    // copies of its pixels and source colours.
    const size_t whole = !bm_is_unbounded(mode) && (size_t)start + count + 16 <= (size_t)width ? count + 15 : count;
    // 1. The coverage, in a loop of its own: fused with the blend, each block's branches waited on
    //    its coverage's long dependency chain and cost more than the pass saved.
    __m256 carry = _mm256_setzero_ps();
    uint32_t run = 0;
    size_t i = 0;
    for (; i + 16 <= whole; i += 16)
        _mm_storeu_si128((__m128i *)(coverage + i), px_coverage_block(rowCells + i, evenOdd, &carry, &run));
    uint8_t lastCoverage[20] = {0};   // cellCount − i ≤ 17: up to 15 pixels and the two cells past the last one
    if (i < cellCount)
        cov_last_groups(rowCells + i, 0, (ptrdiff_t)(cellCount - i), evenOdd, _mm256_castps256_ps128(carry),
                        lastCoverage);
    // 2. Source colours and blend, block by block.
    for (i = 0; i + 16 <= whole; i += 16) {
        // Without coverage a bounded mode leaves the pixels as they are: nothing to compute.
        if (!bm_is_unbounded(mode)) {
            const __m128i c = _mm_loadu_si128((const __m128i *)(coverage + i));
            if (_mm_testz_si128(c, c)) continue;
        }
        px_paint_block(source, mode, opacity, radial, extend, &g, &solid, colors + i, i, coverage + i, pixels + i);
    }
    if (i < count) {
        const size_t n = count - i;
        uint32_t block[16] = {0}, blockColors[16] = {0};
        memcpy(block, pixels + i, n * sizeof *block);
        if (source == SOURCE_ROW) memcpy(blockColors, colors + i, n * sizeof *blockColors);
        px_paint_block(source, mode, opacity, radial, extend, &g, &solid, blockColors, i, lastCoverage, block);
        memcpy(pixels + i, block, n * sizeof *block);
    }
}

#define PX_SOURCES(X, mode) \
    X(SOURCE_SOLID, mode) X(SOURCE_LINEAR, mode) X(SOURCE_RADIAL, mode) X(SOURCE_ROW, mode)

// Instantiated per source and integer mode, as blend_modes.c's rows are: with the mode a constant the
// blend's switches go (a switch per eight pixels read at run time cost multiply 7% of its frame).
__attribute__((target("avx2"))) static void px_row_avx2(int source, int32_t mode, uint32_t opacity, float *cells,
                                                        int32_t start, int32_t end, int32_t width, int evenOdd,
                                                        size_t count, uint32_t color, const gradient_row *row,
                                                        uint32_t *pixels, uint8_t *coverage, uint32_t *colors) {
#define PX_CASE(s, m) \
    case s: px_row(s, m, opacity, cells, start, end, width, evenOdd, count, color, row, pixels, coverage, colors); return;
#define PX_MODE(m) \
    case m: switch (source) { PX_SOURCES(PX_CASE, m) } return;
    switch (mode) {
    BM_INTEGER_MODES(PX_MODE)
    default: switch (source) { PX_SOURCES(PX_CASE, TSR_BLEND_NORMAL) } return;
    }
#undef PX_MODE
#undef PX_CASE
}

// Runs the fused pass where it applies; 0 when the three passes must.
static int paint_row_fused(float *cells, int32_t start, int32_t end, int32_t width, int evenOdd, int32_t y,
                           size_t count, const tsr_paint *paint, int32_t mode, uint32_t opacity, uint32_t *pixels,
                           uint8_t *coverage, uint32_t *colors) {
    if (tsr_kernel_level() < TSR_LEVEL_AVX2 || bm_is_float(mode)) return 0;
    int source = SOURCE_ROW;
    gradient_row row;
    const gradient_row *rowUsed = NULL;
    switch (paint->kind) {
    case TSR_PAINT_SOLID:
        source = SOURCE_SOLID;
        break;
    case TSR_PAINT_GRADIENT:
        if (count > 0 && gradient_row_setup(&paint->gradient, start, y, count, &row) && row.useFloat) {
            source = row.path == PATH_RADIAL_CENTRED ? SOURCE_RADIAL : SOURCE_LINEAR;
            rowUsed = &row;
        }
        break;
    default:
        break;
    }
    if (source == SOURCE_ROW && count > 0) tsr_paint_colors(paint, start, y, count, colors);
    px_row_avx2(source, mode, opacity, cells, start, end, width, evenOdd, count, paint->color, rowUsed, pixels,
                coverage, colors);
    return 1;
}
#endif

// MARK: Entry point

void tsr_paint_row(float *cells, int32_t start, int32_t end, int32_t width, int evenOdd, int32_t y, size_t count,
                   const tsr_paint *paint, uint32_t *pixels, uint8_t *coverage, uint32_t *colors) {
#ifdef BM_HAS_AVX2
    const int32_t mode = bm_valid_mode(paint->mode);
    const uint32_t opacity = paint->opacity > 255 ? 255 : paint->opacity;
    if (paint_row_fused(cells, start, end, width, evenOdd, y, count, paint, mode, opacity, pixels, coverage, colors))
        return;
#endif
    paint_row_three_passes(cells, start, end, evenOdd, y, count, paint, pixels, coverage, colors);
}
