// Alpha-target kernels (CTesseraAlpha.h): 8-bit rows, 16 pixels per step in 16-bit lanes (SSE2
// through SIMDe), with a scalar reference.
//
// The alpha lane of each blend mode: blend_modes.c's channel formula with both operands alphas
// (s: the scaled source alpha, d: the destination alpha). Several modes share one:
//
//   normal                                     R = min(255, s + div255(d·(255 − s)))
//   clear                                      R = 0
//   copy                                       R = s
//   sourceIn, destinationIn                    R = div255(s·d)
//   sourceOut                                  R = div255(s·(255 − d))
//   sourceAtop                                 R = div255(s·d) + div255(d·(255 − s))
//   destinationOver                            R = div255(s·(255 − d)) + d
//   destinationOut                             R = div255(d·(255 − s))
//   destinationAtop                            R = div255(s·(255 − d)) + div255(d·s)
//   xor                                        R = div255(s·(255 − d)) + div255(d·(255 − s))
//   plusLighter, plusDarker                    R = min(255, s + d)   (plusDarker: s + d − max(0, s + d − 255))
//   multiply … luminosity (the W3C modes),     R = s + d − div255(s·d)   (the union alpha: multiply's
//   linearBurn … lighterColor (Core Image's)   s + d + div255(s·d) − div255(s·d) − div255(d·s), darken's
//                                              and lighten's s + d − max/min of two equal terms, …)
//
// normal is also the alpha lane of the source-over kernels (tsr_fill_accumulated_rows,
// tsr_fill_rect, tsr_blend_span, tsr_blend_mask_row: s = div255(alpha · coverage)) and of
// tsr_composite_row (s = div255(alpha · div255(maskAlpha · opacity)), or div255(alpha · opacity)
// without a mask, which is m = div255(255 · opacity) = opacity here).
//
// tsr_blend_row leaves d untouched where the whole scaled source pixel is 0 under a bounded mode;
// each bounded formula above gives exactly d where s = 0, so the alpha kernels need no select
// (they still skip the work for empty blocks).
#include "CTesseraAlpha.h"
#include "CTesseraPaint.h"
#include "blend/blend_sse2.h"
#include "blend/rect_row.h"
#include <math.h>
#include <string.h>

// Forced inlining makes a copy of the row loop per operator (a constant there); only in optimised
// builds, as in blend_modes.c.
#ifdef __OPTIMIZE__
#define AT_INLINE static inline __attribute__((always_inline))
#else
#define AT_INLINE static inline
#endif

// The distinct alpha formulas of the blend modes (the table above).
enum at_op {
    AT_OVER, AT_CLEAR, AT_COPY, AT_IN, AT_SOURCE_OUT, AT_SOURCE_ATOP, AT_DESTINATION_OVER, AT_DESTINATION_OUT,
    AT_DESTINATION_ATOP, AT_XOR, AT_PLUS, AT_UNION,
};

static int at_op_of(int32_t mode) {
    switch (mode) {
    case TSR_BLEND_CLEAR: return AT_CLEAR;
    case TSR_BLEND_COPY: return AT_COPY;
    case TSR_BLEND_SOURCE_IN: case TSR_BLEND_DESTINATION_IN: return AT_IN;
    case TSR_BLEND_SOURCE_OUT: return AT_SOURCE_OUT;
    case TSR_BLEND_SOURCE_ATOP: return AT_SOURCE_ATOP;
    case TSR_BLEND_DESTINATION_OVER: return AT_DESTINATION_OVER;
    case TSR_BLEND_DESTINATION_OUT: return AT_DESTINATION_OUT;
    case TSR_BLEND_DESTINATION_ATOP: return AT_DESTINATION_ATOP;
    case TSR_BLEND_XOR: return AT_XOR;
    case TSR_BLEND_PLUS_LIGHTER: case TSR_BLEND_PLUS_DARKER: return AT_PLUS;
    default:
        // The W3C and Core Image modes; normal and unknown modes composite as normal.
        return (mode >= TSR_BLEND_MULTIPLY && mode <= TSR_BLEND_LUMINOSITY) ||
                       (mode >= TSR_BLEND_LINEAR_BURN && mode <= TSR_BLEND_LIGHTER_COLOR)
                   ? AT_UNION
                   : AT_OVER;
    }
}

// The operators that change d where s = 0 (blend_modes.c's unbounded modes).
static inline int at_is_unbounded(int op) {
    return op == AT_CLEAR || op == AT_COPY || op == AT_IN || op == AT_SOURCE_OUT || op == AT_DESTINATION_ATOP;
}

// MARK: Reference

static inline uint32_t at_div255(uint32_t v) {
    v += 128;
    return (v + (v >> 8)) >> 8;
}

static uint32_t at_op_scalar(int op, uint32_t s, uint32_t d) {
    switch (op) {
    case AT_CLEAR: return 0;
    case AT_COPY: return s;
    case AT_IN: return at_div255(s * d);
    case AT_SOURCE_OUT: return at_div255(s * (255 - d));
    case AT_SOURCE_ATOP: return at_div255(s * d) + at_div255(d * (255 - s));
    case AT_DESTINATION_OVER: return at_div255(s * (255 - d)) + d;
    case AT_DESTINATION_OUT: return at_div255(d * (255 - s));
    case AT_DESTINATION_ATOP: return at_div255(s * (255 - d)) + at_div255(d * s);
    case AT_XOR: return at_div255(s * (255 - d)) + at_div255(d * (255 - s));
    case AT_PLUS: return s + d < 255 ? s + d : 255;
    case AT_UNION: return s + d - at_div255(s * d);
    default: { uint32_t r = s + at_div255(d * (255 - s)); return r < 255 ? r : 255; }
    }
}

void tsr_alpha_blend_row_reference(uint8_t *dst, const uint8_t *src, const uint8_t *coverage, size_t count,
                                   uint32_t opacity, int32_t mode) {
    const int op = at_op_of(mode);
    if (opacity > 255) opacity = 255;
    for (size_t i = 0; i < count; i++) {
        uint32_t m = at_div255((coverage ? coverage[i] : 255u) * opacity);
        dst[i] = (uint8_t)at_op_scalar(op, at_div255(src[i] * m), dst[i]);
    }
}

void tsr_alpha_of_pixels_reference(const uint32_t *pixels, size_t count, uint8_t *alpha) {
    for (size_t i = 0; i < count; i++) alpha[i] = (uint8_t)(pixels[i] >> 24);
}

// MARK: SSE2 (SIMDe): eight alphas per register, in 16-bit lanes

AT_INLINE simde__m128i at_mul(simde__m128i a, simde__m128i b) { return tsr_div255_epu16(simde_mm_mullo_epi16(a, b)); }

// R = OP(s, d) for eight pixels; `op` is a constant where this is inlined.
AT_INLINE simde__m128i at_op_8(int op, simde__m128i s, simde__m128i d) {
    const simde__m128i c255 = simde_mm_set1_epi16(255);
    switch (op) {
    case AT_CLEAR: return simde_mm_setzero_si128();
    case AT_COPY: return s;
    case AT_IN: return at_mul(s, d);
    case AT_SOURCE_OUT: return at_mul(s, simde_mm_sub_epi16(c255, d));
    case AT_SOURCE_ATOP: return simde_mm_add_epi16(at_mul(s, d), at_mul(d, simde_mm_sub_epi16(c255, s)));
    case AT_DESTINATION_OVER: return simde_mm_add_epi16(at_mul(s, simde_mm_sub_epi16(c255, d)), d);
    case AT_DESTINATION_OUT: return at_mul(d, simde_mm_sub_epi16(c255, s));
    case AT_DESTINATION_ATOP: return simde_mm_add_epi16(at_mul(s, simde_mm_sub_epi16(c255, d)), at_mul(d, s));
    case AT_XOR:
        return simde_mm_add_epi16(at_mul(s, simde_mm_sub_epi16(c255, d)), at_mul(d, simde_mm_sub_epi16(c255, s)));
    case AT_PLUS: return simde_mm_min_epi16(simde_mm_add_epi16(s, d), c255);
    case AT_UNION: return simde_mm_sub_epi16(simde_mm_add_epi16(s, d), at_mul(s, d));
    default: return simde_mm_min_epi16(simde_mm_add_epi16(s, at_mul(d, simde_mm_sub_epi16(c255, s))), c255);
    }
}

AT_INLINE int at_all_zero(simde__m128i v) {
    return simde_mm_movemask_epi8(simde_mm_cmpeq_epi8(v, simde_mm_setzero_si128())) == 0xFFFF;
}

// 16 pixels from dst on: source alphas `src` (16 bytes), coverage bytes (NULL: 255), opacity ≤ 255.
// Bounded operators leave d as it is where every coverage or every source is 0: skipped.
AT_INLINE void at_block(int op, uint8_t *dst, simde__m128i src, const uint8_t *coverage, uint32_t opacity) {
    const simde__m128i zero = simde_mm_setzero_si128();
    simde__m128i mLow, mHigh;
    if (!at_is_unbounded(op) && at_all_zero(src)) return;
    if (coverage) {
        simde__m128i c = simde_mm_loadu_si128((const simde__m128i *)coverage);
        if (!at_is_unbounded(op) && at_all_zero(c)) return;
        mLow = simde_mm_unpacklo_epi8(c, zero);
        mHigh = simde_mm_unpackhi_epi8(c, zero);
        if (opacity != 255) {   // div255(c · 255) = c
            const simde__m128i o = simde_mm_set1_epi16((int16_t)opacity);
            mLow = at_mul(mLow, o);
            mHigh = at_mul(mHigh, o);
        }
    } else {
        mLow = mHigh = simde_mm_set1_epi16((int16_t)opacity);   // div255(255 · opacity) = opacity
    }
    simde__m128i d = simde_mm_loadu_si128((const simde__m128i *)dst);
    simde__m128i sLow = at_mul(simde_mm_unpacklo_epi8(src, zero), mLow);
    simde__m128i sHigh = at_mul(simde_mm_unpackhi_epi8(src, zero), mHigh);
    simde__m128i out = simde_mm_packus_epi16(at_op_8(op, sLow, simde_mm_unpacklo_epi8(d, zero)),
                                             at_op_8(op, sHigh, simde_mm_unpackhi_epi8(d, zero)));
    simde_mm_storeu_si128((simde__m128i *)dst, out);
}

// A row of source alphas `src`, or of `solid` everywhere when src is NULL. The last, partial block
// goes through copies, so nothing past the row is touched.
AT_INLINE void at_row(int op, uint8_t *dst, const uint8_t *src, uint32_t solid, const uint8_t *coverage, size_t count,
                      uint32_t opacity) {
    const simde__m128i solid8 = simde_mm_set1_epi8((int8_t)(uint8_t)solid);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        at_block(op, dst + i, src ? simde_mm_loadu_si128((const simde__m128i *)(src + i)) : solid8,
                 coverage ? coverage + i : NULL, opacity);
    }
    if (i < count) {
        const size_t n = count - i;
        uint8_t d[16] = {0}, s[16] = {0}, c[16] = {0};
        if (src) memcpy(s, src + i, n);
        if (coverage) memcpy(c, coverage + i, n);
        memcpy(d, dst + i, n);
        at_block(op, d, src ? simde_mm_loadu_si128((const simde__m128i *)s) : solid8, coverage ? c : NULL, opacity);
        memcpy(dst + i, d, n);
    }
}

// One copy of the row loop per operator.
static void at_row_dispatch(int32_t mode, uint8_t *dst, const uint8_t *src, uint32_t solid, const uint8_t *coverage,
                            size_t count, uint32_t opacity) {
    if (opacity > 255) opacity = 255;
    const int op = at_op_of(mode);
    // A transparent solid source or a zero opacity leaves d under the bounded operators.
    if (!at_is_unbounded(op) && (opacity == 0 || (!src && solid == 0))) return;
    switch (op) {
#define AT_CASE(OP) case OP: at_row(OP, dst, src, solid, coverage, count, opacity); break;
    AT_CASE(AT_CLEAR) AT_CASE(AT_COPY) AT_CASE(AT_IN) AT_CASE(AT_SOURCE_OUT) AT_CASE(AT_SOURCE_ATOP)
    AT_CASE(AT_DESTINATION_OVER) AT_CASE(AT_DESTINATION_OUT) AT_CASE(AT_DESTINATION_ATOP) AT_CASE(AT_XOR)
    AT_CASE(AT_PLUS) AT_CASE(AT_UNION)
#undef AT_CASE
    default: at_row(AT_OVER, dst, src, solid, coverage, count, opacity); break;
    }
}

void tsr_alpha_blend_row(uint8_t *dst, const uint8_t *src, const uint8_t *coverage, size_t count, uint32_t opacity,
                         int32_t mode) {
    at_row_dispatch(mode, dst, src, 0, coverage, count, opacity);
}

void tsr_alpha_blend_solid_row(uint8_t *dst, uint32_t alpha, const uint8_t *coverage, size_t count, uint32_t opacity,
                               int32_t mode) {
    at_row_dispatch(mode, dst, NULL, alpha & 255u, coverage, count, opacity);
}

// MARK: Fills

void tsr_alpha_fill_accumulated_rows(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                                     int32_t firstRow, int32_t endRow, uint8_t *target, size_t targetStride,
                                     int32_t width, int evenOdd, uint32_t alpha, uint8_t *coverage) {
    for (int32_t r = firstRow; r < endRow; r++) {
        if (rowMax[r] < 0) continue;
        const int32_t start = rowMin[r], end = rowMax[r];
        tsr_coverage_row(accumulation + (size_t)r * stride, start, end, evenOdd, coverage);
        // The cell right of the last pixel may hold coverage (a line on the right border): no pixel.
        const int32_t last = end < width - 1 ? end : width - 1;
        if (last >= start) {
            at_row(AT_OVER, target + (size_t)r * targetStride + start, NULL, alpha & 255u, coverage,
                   (size_t)(last - start + 1), 255);
        }
        rowMin[r] = INT32_MAX;
        rowMax[r] = -1;
    }
}

// tsr_blend_span's alpha lane: coverage 0 draws nothing, coverage above 255 counts as 255. A
// constant coverage is the opacity of a row without coverage (m = div255(255 · c) = c).
static void at_span(uint8_t *target, size_t count, uint32_t alpha, uint32_t coverage) {
    if (coverage == 0 || count == 0) return;
    if (coverage > 255) coverage = 255;
    at_row(AT_OVER, target, NULL, alpha & 255u, NULL, count, coverage);
}

void tsr_alpha_fill_rect(uint8_t *target, size_t stride, int32_t width, int32_t firstRow, int32_t endRow, float left,
                         float top, float right, float bottom, uint32_t alpha) {
    for (int32_t y = firstRow; y < endRow; y++, target += stride) {
        const tsr_rect_row_spans s = tsr_rect_row(width, left, right, tsr_rect_row_coverage(y, top, bottom));
        if (s.last < s.first) continue;
        at_span(target + s.first, 1, alpha, s.firstCoverage);
        if (s.last == s.first) continue;
        at_span(target + s.first + 1, (size_t)(s.last - s.first - 1), alpha, s.middleCoverage);
        at_span(target + s.last, 1, alpha, s.lastCoverage);
    }
}

// MARK: Alpha of RGBA pixels

void tsr_alpha_of_pixels(const uint32_t *pixels, size_t count, uint8_t *alpha) {
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        simde__m128i a0 = simde_mm_srli_epi32(simde_mm_loadu_si128((const simde__m128i *)(pixels + i)), 24);
        simde__m128i a1 = simde_mm_srli_epi32(simde_mm_loadu_si128((const simde__m128i *)(pixels + i + 4)), 24);
        simde__m128i a2 = simde_mm_srli_epi32(simde_mm_loadu_si128((const simde__m128i *)(pixels + i + 8)), 24);
        simde__m128i a3 = simde_mm_srli_epi32(simde_mm_loadu_si128((const simde__m128i *)(pixels + i + 12)), 24);
        simde__m128i bytes = simde_mm_packus_epi16(simde_mm_packs_epi32(a0, a1), simde_mm_packs_epi32(a2, a3));
        simde_mm_storeu_si128((simde__m128i *)(alpha + i), bytes);
    }
    tsr_alpha_of_pixels_reference(pixels + i, count - i, alpha + i);
}
