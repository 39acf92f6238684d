// AVX2 versions of the span kernels: eight cells and pixels per step instead of four. Compiled with
// a per-function target attribute (no global -mavx2, which a library target cannot set) and called
// only after a run-time CPU check (dispatch.c). Native intrinsics, not SIMDe: SIMDe decides at
// compile time, so under a per-function attribute it would emulate AVX2 with SSE2.
//
// Every float operation happens in the same order as in the SSE2 kernel (fill_span.c), so both
// produce identical bytes.
#if defined(__x86_64__) || defined(_M_X64)
#include "CTesseraSIMD.h"
#include <immintrin.h>
#include "coverage_avx2.h"

#define TSR_AVX2 __attribute__((target("avx2")))

TSR_AVX2 static inline __m256i div255_epu16(__m256i v) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(v, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

TSR_AVX2 static inline __m256i alpha_lanes(__m256i v) {
    return _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(v, 0xFF), 0xFF);
}

// Lanes [0, count) set: masks the loads and stores of a row's last, partial group of eight pixels.
TSR_AVX2 static inline __m256i lane_mask(int32_t count) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(count), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

// Eight pixels, or the first `count` of them (the others read as 0, left unwritten) through `mask`
// = lane_mask(count).
TSR_AVX2 static inline __m256i load_8px(const uint32_t *p, int32_t count, __m256i mask) {
    return count >= 8 ? _mm256_loadu_si256((const __m256i *)p) : _mm256_maskload_epi32((const int *)p, mask);
}

TSR_AVX2 static inline void store_8px(uint32_t *p, int32_t count, __m256i mask, __m256i v) {
    if (count >= 8) _mm256_storeu_si256((__m256i *)p, v);
    else _mm256_maskstore_epi32((int *)p, mask, v);
}

// Eight per-pixel factors (32-bit lanes, 0-255) spread over the 16-bit channel lanes of the pixel
// unpacks. Unpacking works within 128-bit halves, so the lanes are [c0 c1 | c4 c5] (low) and
// [c2 c3 | c6 c7] (high), lining up with _mm256_unpacklo/hi_epi8 of eight pixels.
TSR_AVX2 static inline void factor_lanes(__m256i factor32, __m256i *low, __m256i *high) {
    __m256i c16 = _mm256_packs_epi32(factor32, factor32);
    __m256i pairs = _mm256_unpacklo_epi16(c16, c16);
    *low = _mm256_unpacklo_epi32(pairs, pairs);
    *high = _mm256_unpackhi_epi32(pairs, pairs);
}

// srcAlpha16: each pixel's source alpha in its four lanes.
TSR_AVX2 static inline __m256i over_2x2px(__m256i dst16, __m256i src16, __m256i srcAlpha16) {
    __m256i inverse = _mm256_sub_epi16(_mm256_set1_epi16(255), srcAlpha16);
    return _mm256_add_epi16(src16, div255_epu16(_mm256_mullo_epi16(dst16, inverse)));
}

// Eight pixels, or the first `count` through `mask` = lane_mask(count), through eight coverages
// (32-bit lanes). An opaque color scaled by coverage c has alpha div255(255 c) = c exactly: its
// alpha lanes are the coverage lanes, without the shuffles.
TSR_AVX2 static inline void blend_8px(uint32_t *pixels, int32_t count, __m256i mask, __m256i coverage32,
                                      __m256i color16, int opaque) {
    __m256i zero = _mm256_setzero_si256();
    __m256i covLow, covHigh;
    factor_lanes(coverage32, &covLow, &covHigh);
    __m256i srcLow = div255_epu16(_mm256_mullo_epi16(color16, covLow));
    __m256i srcHigh = div255_epu16(_mm256_mullo_epi16(color16, covHigh));
    __m256i dst = load_8px(pixels, count, mask);
    __m256i out = _mm256_packus_epi16(
        over_2x2px(_mm256_unpacklo_epi8(dst, zero), srcLow, opaque ? covLow : alpha_lanes(srcLow)),
        over_2x2px(_mm256_unpackhi_epi8(dst, zero), srcHigh, opaque ? covHigh : alpha_lanes(srcHigh)));
    store_8px(pixels, count, mask, out);
}

// Eight pixels with a constant, already scaled source and its precomputed inverse alpha.
TSR_AVX2 static inline void over_8px(uint32_t *pixels, int32_t count, __m256i src16, __m256i inverse16) {
    __m256i zero = _mm256_setzero_si256();
    __m256i mask = lane_mask(count);
    __m256i dst = load_8px(pixels, count, mask);
    __m256i low = _mm256_add_epi16(src16, div255_epu16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(dst, zero), inverse16)));
    __m256i high = _mm256_add_epi16(src16, div255_epu16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(dst, zero), inverse16)));
    store_8px(pixels, count, mask, _mm256_packus_epi16(low, high));
}

TSR_AVX2 static inline __m256i color_lanes(uint32_t color) {
    return _mm256_unpacklo_epi8(_mm256_set1_epi32((int32_t)color), _mm256_setzero_si256());
}

TSR_AVX2 static inline __m256i scaled_color(uint32_t color, uint32_t coverage) {
    return div255_epu16(_mm256_mullo_epi16(color_lanes(color), _mm256_set1_epi16((int16_t)coverage)));
}

TSR_AVX2 void tsr_blend_span_avx2(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage) {
    __m256i src16 = scaled_color(color, coverage);
    __m256i inverse16 = _mm256_sub_epi16(_mm256_set1_epi16(255), alpha_lanes(src16));
    size_t i = 0;
    for (; i < count; i += 8) over_8px(pixels + i, (int32_t)(count - i), src16, inverse16);
}

// True when all eight cells are +0.0. A bit test, not a comparison: a group of -0.0 cells takes the
// edge path, which gives the same bytes (its windings are the carry itself, so its coverage is the
// run's) and clears the cells.
TSR_AVX2 static inline int all_zero(const float *cells) {
    __m256i v = _mm256_loadu_si256((const __m256i *)cells);
    return _mm256_testz_si256(v, v);
}

// The same for four groups (32 cells).
TSR_AVX2 static inline int all_zero_4(const float *cells) {
    __m256i v = _mm256_or_si256(_mm256_or_si256(_mm256_loadu_si256((const __m256i *)cells),
                                                _mm256_loadu_si256((const __m256i *)(cells + 8))),
                                _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(cells + 16)),
                                                _mm256_loadu_si256((const __m256i *)(cells + 24))));
    return _mm256_testz_si256(v, v);
}

// Cells [0, 8), holding an edge, to coverage blended into pixels [0, count) (count <= 8; `mask` =
// lane_mask(count)); the cells zeroed. `carry` is the winding integral before the group, in every
// lane, and becomes the one after it; `coverage` becomes the group's coverage bytes, lane 7 that of
// the run of cells after it. Always inlined, so that whole groups (count 8) lose the masking.
// `opaque`: the color's alpha is 255.
TSR_AVX2 __attribute__((always_inline))
static inline void fill_edge_group(float *cells, uint32_t *pixels, int32_t count, __m256i mask, int evenOdd,
                                   __m256i color16, int opaque, __m256 *carry, __m256i *coverage) {
    __m256 deltas = _mm256_loadu_ps(cells);
    _mm256_storeu_ps(cells, _mm256_setzero_ps());
    // Prefix sum within each half, as the SSE2 kernel does per group of four; then the low half
    // gets the carry and the high half the low half's last sum, in the SSE2 kernel's order.
    __m256 v = _mm256_add_ps(deltas, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(deltas), 4)));
    v = _mm256_add_ps(v, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(v), 8)));
    __m256 low = _mm256_add_ps(v, *carry);
    __m256 highCarry = _mm256_permutevar8x32_ps(low, _mm256_set1_epi32(3));
    __m256 winding = _mm256_blend_ps(low, _mm256_add_ps(v, highCarry), 0xF0);
    *carry = _mm256_permutevar8x32_ps(winding, _mm256_set1_epi32(7));
    *coverage = tsr_coverage_bytes_avx2(winding, evenOdd);
    // Blended even when every coverage is 0 (which leaves the pixels as they are): skipping those
    // groups was a branch the processor mispredicted often enough to cost more than the blend.
    blend_8px(pixels, count, mask, *coverage, color16, opaque);
}

// How a run of pixels without edges is drawn.
enum { RUN_EMPTY, RUN_SOLID, RUN_OVER };

// Eight pixels of a run: untouched (coverage 0), `source` stored (coverage 255 and an opaque color:
// what the blend gives, without it), or `source` (the scaled color) blended over them with
// `inverse` (its inverse alpha).
TSR_AVX2 __attribute__((always_inline))
static inline void run_group(uint32_t *pixels, int kind, __m256i source, __m256i inverse) {
    if (kind == RUN_SOLID) _mm256_storeu_si256((__m256i *)pixels, source);
    else if (kind == RUN_OVER) over_8px(pixels, 8, source, inverse);
}

// Whole groups of cells from x on without edges (+0.0, nothing to clear; the group at x is one)
// while they last before pixelEnd, drawn as `kind`. Runs are often long (the inside of a shape, or
// of a thin outline), so they are tested four groups at a time first. Returns the end of the run: a
// group with an edge or the row's last, partial group.
TSR_AVX2 __attribute__((always_inline))
static inline ptrdiff_t run_groups(const float *cells, uint32_t *pixels, ptrdiff_t x, ptrdiff_t pixelEnd, int kind,
                                   __m256i source, __m256i inverse) {
    run_group(pixels + x, kind, source, inverse);
    x += 8;
    for (; x + 32 <= pixelEnd && all_zero_4(cells + x); x += 32) {
        for (int k = 0; k < 32; k += 8) run_group(pixels + x + k, kind, source, inverse);
    }
    for (; x + 8 <= pixelEnd && all_zero(cells + x); x += 8) run_group(pixels + x, kind, source, inverse);
    return x;
}

// The run from x on, whose pixels all have coverage `run`, that of the cells before it.
TSR_AVX2 __attribute__((always_inline))
static inline ptrdiff_t fill_run(const float *cells, uint32_t *pixels, ptrdiff_t x, ptrdiff_t pixelEnd, uint32_t run,
                                 uint32_t color, int opaque) {
    const __m256i zero = _mm256_setzero_si256();
    if (run == 0) return run_groups(cells, pixels, x, pixelEnd, RUN_EMPTY, zero, zero);
    if (run == 255 && opaque) {
        return run_groups(cells, pixels, x, pixelEnd, RUN_SOLID, _mm256_set1_epi32((int32_t)color), zero);
    }
    const __m256i source = scaled_color(color, run);
    const __m256i inverse = _mm256_sub_epi16(_mm256_set1_epi16(255), alpha_lanes(source));
    return run_groups(cells, pixels, x, pixelEnd, RUN_OVER, source, inverse);
}

// One accumulation row: cells [start, end] to coverage, blended into pixels [start, min(end, width - 1)].
TSR_AVX2 __attribute__((always_inline))
static inline void fill_row(float *cells, ptrdiff_t start, ptrdiff_t end, ptrdiff_t width, int evenOdd,
                            uint32_t color, __m256i color16, int opaque, uint32_t *pixels) {
    const ptrdiff_t pixelEnd = end + 1 < width ? end + 1 : width;   // exclusive
    const __m256i all = _mm256_set1_epi32(-1);
    __m256 carry = _mm256_setzero_ps();
    __m256i coverage = _mm256_setzero_si256();
    ptrdiff_t x = start;
    while (x + 8 <= pixelEnd) {
        if (all_zero(cells + x)) {
            x = fill_run(cells, pixels, x, pixelEnd, (uint32_t)_mm256_extract_epi32(coverage, 7), color, opaque);
        } else {
            fill_edge_group(cells + x, pixels + x, 8, all, evenOdd, color16, opaque, &carry, &coverage);
            x += 8;
        }
    }
    if (x < pixelEnd) {
        // The last, partial group nearly always holds the row's last edge: it takes the edge path
        // even when it has none (its windings are then the carry: the run's coverage, as above).
        // Where the row has room, it is drawn whole, without the masked load and store (slow on
        // AMD): the cells past the last one written are zero, so the pixels past pixelEnd get the
        // coverage of the row's winding sum, which is zero for a closed outline (up to float
        // rounding far below a coverage step), as at the last pixel now: they stay as they are.
        if (x + 8 <= width) {
            fill_edge_group(cells + x, pixels + x, 8, all, evenOdd, color16, opaque, &carry, &coverage);
        } else {
            const int32_t count = (int32_t)(pixelEnd - x);
            fill_edge_group(cells + x, pixels + x, count, lane_mask(count), evenOdd, color16, opaque, &carry, &coverage);
        }
        x += 8;
    }
    // Only cells right of the last pixel remain to be cleared.
    for (; x <= end; x += 8) _mm256_storeu_ps(cells + x, _mm256_setzero_ps());
}

TSR_AVX2 __attribute__((always_inline))
static inline void fill_rows(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                             int32_t firstRow, int32_t endRow, uint32_t *pixels, size_t pixelStride,
                             int32_t width, int evenOdd, uint32_t color, int opaque) {
    const __m256i color16 = color_lanes(color);
    float *cells = accumulation + (size_t)firstRow * stride;
    pixels += (size_t)firstRow * pixelStride;
    for (int32_t r = firstRow; r < endRow; r++, cells += stride, pixels += pixelStride) {
        if (rowMax[r] < 0) continue;
        fill_row(cells, rowMin[r], rowMax[r], width, evenOdd, color, color16, opaque, pixels);
        rowMin[r] = INT32_MAX;
        rowMax[r] = -1;
    }
}

TSR_AVX2 void tsr_fill_accumulated_rows_avx2(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                                            int32_t firstRow, int32_t endRow, uint32_t *pixels, size_t pixelStride,
                                            int32_t width, int evenOdd, uint32_t color) {
    // Each fill rule gets a loop of its own, without the test, and so do opaque colors (most fills),
    // without the alpha tests and shuffles.
    const int opaque = (color >> 24) == 255;
    if (evenOdd && opaque) {
        fill_rows(accumulation, stride, rowMin, rowMax, firstRow, endRow, pixels, pixelStride, width, 1, color, 1);
    } else if (evenOdd) {
        fill_rows(accumulation, stride, rowMin, rowMax, firstRow, endRow, pixels, pixelStride, width, 1, color, 0);
    } else if (opaque) {
        fill_rows(accumulation, stride, rowMin, rowMax, firstRow, endRow, pixels, pixelStride, width, 0, color, 1);
    } else {
        fill_rows(accumulation, stride, rowMin, rowMax, firstRow, endRow, pixels, pixelStride, width, 0, color, 0);
    }
}

// Eight pixels of a group's row, `src` (already loaded), over `dst` through eight factors (32-bit
// lanes, 0-255): the arithmetic of the SSE2 kernel's composite_4px, eight pixels at a time.
TSR_AVX2 static inline void composite_8px(uint32_t *dst, __m256i src, int32_t count, __m256i mask, __m256i factor32) {
    __m256i zero = _mm256_setzero_si256();
    __m256i covLow, covHigh;
    factor_lanes(factor32, &covLow, &covHigh);
    __m256i srcLow = div255_epu16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(src, zero), covLow));
    __m256i srcHigh = div255_epu16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(src, zero), covHigh));
    __m256i d = load_8px(dst, count, mask);
    __m256i out = _mm256_packus_epi16(over_2x2px(_mm256_unpacklo_epi8(d, zero), srcLow, alpha_lanes(srcLow)),
                                      over_2x2px(_mm256_unpackhi_epi8(d, zero), srcHigh, alpha_lanes(srcHigh)));
    store_8px(dst, count, mask, out);
}

TSR_AVX2 void tsr_composite_row_avx2(uint32_t *dst, const uint32_t *src, const uint32_t *mask, size_t count,
                                     uint32_t opacity) {
    if (opacity > 255) opacity = 255;
    const __m256i constant = _mm256_set1_epi32((int32_t)opacity);
    for (size_t i = 0; i < count; i += 8) {
        const int32_t n = count - i < 8 ? (int32_t)(count - i) : 8;
        const __m256i lanes = lane_mask(n);
        __m256i s = load_8px(src + i, n, lanes);
        // Transparent source pixels change nothing: skip runs of them (most of a group's rows).
        if (_mm256_testz_si256(s, s)) continue;
        __m256i factor = constant;
        if (mask) {
            // round(alpha × opacity / 255), as composite_factor: exact for products up to 255².
            __m256i v = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srli_epi32(load_8px(mask + i, n, lanes), 24), constant),
                                         _mm256_set1_epi32(128));
            factor = _mm256_srli_epi32(_mm256_add_epi32(v, _mm256_srli_epi32(v, 8)), 8);
        }
        composite_8px(dst + i, s, n, lanes, factor);
    }
}
#endif
