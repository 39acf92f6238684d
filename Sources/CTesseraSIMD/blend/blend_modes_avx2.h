// The AVX2 blend of blend_modes.c by blocks of 16 pixels (see its comment for the arithmetic): shared
// by its row kernels and the fused painted rows (paint_row.c). Defines BM_HAS_AVX2 where the target
// is x86-64. Not part of the public headers.
#ifndef TSR_BLEND_MODES_AVX2_H
#define TSR_BLEND_MODES_AVX2_H
#include "blend/blend_mode_kinds.h"
#include <string.h>

// MARK: AVX2, 16-bit lanes: [r g b a r g b a | r g b a r g b a] for four pixels
//
// The SSE2 kernels eight pixels at a time, with the same integer arithmetic lane for lane (so the
// same bytes), chosen at run time by tsr_kernel_level() as the span kernels are. Native
// intrinsics under a per-function target attribute, as in fill_span_avx2.c (SIMDe decides at compile
// time). Eight pixels [p0 … p7] unpack within 128-bit halves: the low unpack holds [p0 p1 | p4 p5],
// the high one [p2 p3 | p6 p7], and packing them gives [p0 … p7] back. Rows go by blocks of 16
// pixels as in SSE2, the last one overlapping; rows under 16 pixels (and a source that is the
// destination) take the SSE2 kernel.

#if defined(__x86_64__) || defined(_M_X64)
#define BM_HAS_AVX2 1
#include <immintrin.h>

#ifdef __OPTIMIZE__
#define BMX_INLINE static inline __attribute__((always_inline, target("avx2")))
#else
#define BMX_INLINE static inline __attribute__((target("avx2")))
#endif

BMX_INLINE __m256i bmx_mul_div255(__m256i a, __m256i b) {
    __m256i v = _mm256_mullo_epi16(a, b);
    return _mm256_mulhi_epu16(_mm256_add_epi16(v, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

BMX_INLINE __m256i bmx_alpha_lanes(__m256i v) {
    return _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(v, 0xFF), 0xFF);
}

// bm_op_2px for four pixels.
BMX_INLINE __m256i bmx_op(int32_t mode, __m256i s, __m256i d) {
    const __m256i c255 = _mm256_set1_epi16(255);
    __m256i sa = bmx_alpha_lanes(s), da = bmx_alpha_lanes(d);
    switch (mode) {
    case TSR_BLEND_CLEAR: return _mm256_setzero_si256();
    case TSR_BLEND_COPY: return s;
    case TSR_BLEND_SOURCE_IN: return bmx_mul_div255(s, da);
    case TSR_BLEND_SOURCE_OUT: return bmx_mul_div255(s, _mm256_sub_epi16(c255, da));
    case TSR_BLEND_SOURCE_ATOP:
        return _mm256_add_epi16(bmx_mul_div255(s, da), bmx_mul_div255(d, _mm256_sub_epi16(c255, sa)));
    case TSR_BLEND_DESTINATION_OVER: return _mm256_add_epi16(bmx_mul_div255(s, _mm256_sub_epi16(c255, da)), d);
    case TSR_BLEND_DESTINATION_IN: return bmx_mul_div255(d, sa);
    case TSR_BLEND_DESTINATION_OUT: return bmx_mul_div255(d, _mm256_sub_epi16(c255, sa));
    case TSR_BLEND_DESTINATION_ATOP:
        return _mm256_add_epi16(bmx_mul_div255(s, _mm256_sub_epi16(c255, da)), bmx_mul_div255(d, sa));
    case TSR_BLEND_XOR:
        return _mm256_add_epi16(bmx_mul_div255(s, _mm256_sub_epi16(c255, da)),
                                bmx_mul_div255(d, _mm256_sub_epi16(c255, sa)));
    case TSR_BLEND_PLUS_LIGHTER: return _mm256_min_epi16(_mm256_add_epi16(s, d), c255);
    case TSR_BLEND_PLUS_DARKER: {
        __m256i sum = _mm256_add_epi16(s, d);
        __m256i over = _mm256_subs_epu16(bmx_alpha_lanes(sum), c255);
        return _mm256_subs_epu16(sum, over);
    }
    case TSR_BLEND_MULTIPLY: {
        __m256i plus = _mm256_add_epi16(_mm256_add_epi16(s, d), bmx_mul_div255(s, d));
        return _mm256_sub_epi16(_mm256_sub_epi16(plus, bmx_mul_div255(s, da)), bmx_mul_div255(d, sa));
    }
    case TSR_BLEND_SCREEN: return _mm256_sub_epi16(_mm256_add_epi16(s, d), bmx_mul_div255(s, d));
    case TSR_BLEND_DARKEN:
        return _mm256_sub_epi16(_mm256_add_epi16(s, d), _mm256_max_epi16(bmx_mul_div255(s, da), bmx_mul_div255(d, sa)));
    case TSR_BLEND_LIGHTEN:
        return _mm256_sub_epi16(_mm256_add_epi16(s, d), _mm256_min_epi16(bmx_mul_div255(s, da), bmx_mul_div255(d, sa)));
    case TSR_BLEND_DIFFERENCE: {
        __m256i t = _mm256_min_epi16(bmx_mul_div255(s, da), bmx_mul_div255(d, sa));
        __m256i r = _mm256_sub_epi16(_mm256_add_epi16(s, d), t);
        return _mm256_sub_epi16(r, _mm256_and_si256(t, _mm256_set1_epi64x(0x0000FFFFFFFFFFFFll)));
    }
    case TSR_BLEND_EXCLUSION: {
        __m256i t = bmx_mul_div255(s, d);
        __m256i r = _mm256_sub_epi16(_mm256_add_epi16(s, d), t);
        return _mm256_sub_epi16(r, _mm256_and_si256(t, _mm256_set1_epi64x(0x0000FFFFFFFFFFFFll)));
    }
    default: /* normal */
        return _mm256_add_epi16(s, bmx_mul_div255(d, _mm256_sub_epi16(c255, sa)));
    }
}

BMX_INLINE __m256i bmx_result(int32_t mode, __m256i s, __m256i d) {
    __m256i r = bmx_op(mode, s, d);
    if (mode == TSR_BLEND_NORMAL || mode == TSR_BLEND_CLEAR) return r;
    return _mm256_min_epi16(r, bmx_alpha_lanes(r));
}

// bm_composite_4px for eight pixels (sLow: pixels 0, 1, 4, 5; sHigh: 2, 3, 6, 7).
BMX_INLINE void bmx_composite_8px(int32_t mode, uint32_t *dst, __m256i sLow, __m256i sHigh, int select, __m256i keep) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i dp = _mm256_loadu_si256((const __m256i *)dst);
    __m256i out = _mm256_packus_epi16(bmx_result(mode, sLow, _mm256_unpacklo_epi8(dp, zero)),
                                      bmx_result(mode, sHigh, _mm256_unpackhi_epi8(dp, zero)));
    if (select) out = _mm256_blendv_epi8(out, dp, keep);
    _mm256_storeu_si256((__m256i *)dst, out);
}

// The factors of eight pixels from their coverage bytes (pixel 0 in the low byte), spread over the
// channel lanes of the low and high unpacks.
BMX_INLINE void bmx_factors(uint64_t eight, uint32_t opacity, __m256i *low, __m256i *high) {
    __m256i c32 = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)eight));
    __m256i pairs = _mm256_or_si256(c32, _mm256_slli_epi32(c32, 16));   // (c, c) in each 32-bit lane
    if (opacity != 255) pairs = bmx_mul_div255(pairs, _mm256_set1_epi16((int16_t)opacity));
    *low = _mm256_unpacklo_epi32(pairs, pairs);
    *high = _mm256_unpackhi_epi32(pairs, pairs);
}

BMX_INLINE int bmx_opaque_8px(__m256i p) {
    __m256i ones = _mm256_cmpeq_epi32(p, p);
    return ((uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(p, ones)) & 0x88888888u) == 0x88888888u;
}

BMX_INLINE int bmx_all_zero(__m256i v) { return _mm256_testz_si256(v, v); }

// bm_scaled_group for eight pixels.
BMX_INLINE void bmx_scaled_group(int32_t mode, uint32_t *dst, __m256i sp, __m256i low, __m256i high) {
    const __m256i zero = _mm256_setzero_si256();
    if (!bm_is_unbounded(mode) && bmx_all_zero(sp)) return;
    __m256i sLow = bmx_mul_div255(_mm256_unpacklo_epi8(sp, zero), low);
    __m256i sHigh = bmx_mul_div255(_mm256_unpackhi_epi8(sp, zero), high);
    __m256i keep = zero;
    if (bm_selects(mode)) keep = _mm256_cmpeq_epi32(_mm256_packus_epi16(sLow, sHigh), zero);
    bmx_composite_8px(mode, dst, sLow, sHigh, bm_selects(mode), keep);
}

// bm_covered_group for eight pixels.
BMX_INLINE void bmx_covered_group(int32_t mode, uint32_t *dst, const uint32_t *src, uint64_t eight, uint32_t opacity) {
    if (!bm_is_unbounded(mode) && eight == 0) return;
    __m256i low, high;
    bmx_factors(eight, opacity, &low, &high);
    bmx_scaled_group(mode, dst, _mm256_loadu_si256((const __m256i *)src), low, high);
}

// bm_full_group for eight pixels.
BMX_INLINE void bmx_full_group(int32_t mode, uint32_t *dst, __m256i sp) {
    const __m256i zero = _mm256_setzero_si256();
    if (!bm_is_unbounded(mode) && bmx_all_zero(sp)) return;
    bmx_composite_8px(mode, dst, _mm256_unpacklo_epi8(sp, zero), _mm256_unpackhi_epi8(sp, zero), bm_selects(mode),
                      _mm256_cmpeq_epi32(sp, zero));
}

// bm_block: 16 pixels.
BMX_INLINE void bmx_block(int32_t mode, uint32_t *dst, const uint32_t *src, const uint8_t *coverage, uint32_t opacity) {
    int full = opacity == 255;
    if (coverage) {
        __m128i c = _mm_loadu_si128((const __m128i *)coverage);
        full = full && _mm_movemask_epi8(_mm_cmpeq_epi8(c, _mm_cmpeq_epi8(c, c))) == 0xFFFF;
        if (!full) {
            if (!bm_is_unbounded(mode) && _mm_movemask_epi8(_mm_cmpeq_epi8(c, _mm_setzero_si128())) == 0xFFFF) return;
            uint64_t eight0, eight1;
            memcpy(&eight0, coverage, 8);
            memcpy(&eight1, coverage + 8, 8);
            bmx_covered_group(mode, dst, src, eight0, opacity);
            bmx_covered_group(mode, dst + 8, src + 8, eight1, opacity);
            return;
        }
    }
    if (full) {
        __m256i p0 = _mm256_loadu_si256((const __m256i *)src);
        __m256i p1 = _mm256_loadu_si256((const __m256i *)(src + 8));
        if (mode == TSR_BLEND_NORMAL && bmx_opaque_8px(_mm256_and_si256(p0, p1))) {
            _mm256_storeu_si256((__m256i *)dst, p0);
            _mm256_storeu_si256((__m256i *)(dst + 8), p1);
            return;
        }
        bmx_full_group(mode, dst, p0);
        bmx_full_group(mode, dst + 8, p1);
        return;
    }
    // No coverage, opacity < 255.
    __m256i low, high;
    bmx_factors(0xFFFFFFFFFFFFFFFFull, opacity, &low, &high);
    bmx_scaled_group(mode, dst, _mm256_loadu_si256((const __m256i *)src), low, high);
    bmx_scaled_group(mode, dst + 8, _mm256_loadu_si256((const __m256i *)(src + 8)), low, high);
}


// The solid colour for eight pixels, as bm_solid.
typedef struct bmx_solid {
    __m256i color16, full16, fullPacked;
    int fullOpaque;
} bmx_solid;

// The solid colour `color` at `opacity`; returns it so scaled (as a pixel).
BMX_INLINE uint32_t bmx_solid_make(uint32_t color, uint32_t opacity, bmx_solid *solid) {
    solid->color16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int32_t)color), _mm256_setzero_si256());
    solid->full16 =
        opacity == 255 ? solid->color16 : bmx_mul_div255(solid->color16, _mm256_set1_epi16((int16_t)opacity));
    const uint32_t full =
        (uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(_mm256_packus_epi16(solid->full16, solid->full16)));
    solid->fullPacked = _mm256_set1_epi32((int32_t)full);
    solid->fullOpaque = (full >> 24) == 255;
    return full;
}

BMX_INLINE void bmx_solid_full_group(int32_t mode, uint32_t *dst, const bmx_solid *solid) {
    if (mode == TSR_BLEND_NORMAL && solid->fullOpaque) {
        _mm256_storeu_si256((__m256i *)dst, solid->fullPacked);
    } else {
        bmx_composite_8px(mode, dst, solid->full16, solid->full16, 0, _mm256_setzero_si256());
    }
}

BMX_INLINE void bmx_solid_covered_group(int32_t mode, uint32_t *dst, uint64_t eight, uint32_t opacity,
                                        const bmx_solid *solid) {
    const __m256i zero = _mm256_setzero_si256();
    if (!bm_is_unbounded(mode) && eight == 0) return;
    __m256i low, high;
    bmx_factors(eight, opacity, &low, &high);
    __m256i sLow = bmx_mul_div255(solid->color16, low), sHigh = bmx_mul_div255(solid->color16, high);
    __m256i keep = zero;
    if (bm_selects(mode)) keep = _mm256_cmpeq_epi32(_mm256_packus_epi16(sLow, sHigh), zero);
    bmx_composite_8px(mode, dst, sLow, sHigh, bm_selects(mode), keep);
}

BMX_INLINE void bmx_solid_block(int32_t mode, uint32_t *dst, const uint8_t *coverage, uint32_t opacity,
                                const bmx_solid *solid) {
    if (coverage) {
        __m128i c = _mm_loadu_si128((const __m128i *)coverage);
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(c, _mm_cmpeq_epi8(c, c))) != 0xFFFF) {
            if (!bm_is_unbounded(mode) && _mm_movemask_epi8(_mm_cmpeq_epi8(c, _mm_setzero_si128())) == 0xFFFF) return;
            uint64_t eight0, eight1;
            memcpy(&eight0, coverage, 8);
            memcpy(&eight1, coverage + 8, 8);
            bmx_solid_covered_group(mode, dst, eight0, opacity, solid);
            bmx_solid_covered_group(mode, dst + 8, eight1, opacity, solid);
            return;
        }
    }
    bmx_solid_full_group(mode, dst, solid);
    bmx_solid_full_group(mode, dst + 8, solid);
}

#endif
#endif
