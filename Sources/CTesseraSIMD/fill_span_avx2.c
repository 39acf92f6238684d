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

TSR_AVX2 static inline __m256i over_2x2px(__m256i dst16, __m256i src16) {
    __m256i inverse = _mm256_sub_epi16(_mm256_set1_epi16(255), alpha_lanes(src16));
    return _mm256_add_epi16(src16, div255_epu16(_mm256_mullo_epi16(dst16, inverse)));
}

// Eight pixels through eight coverages (32-bit lanes). Unpacking works within 128-bit halves, so
// the coverage lanes [c0 c1 | c4 c5] and [c2 c3 | c6 c7] line up with the pixel unpacks.
TSR_AVX2 static inline void blend_8px(uint32_t *pixels, int32_t count, __m256i coverage32, __m256i color16) {
    __m256i zero = _mm256_setzero_si256();
    __m256i c16 = _mm256_packs_epi32(coverage32, coverage32);
    __m256i pairs = _mm256_unpacklo_epi16(c16, c16);
    __m256i covLow = _mm256_unpacklo_epi32(pairs, pairs);
    __m256i covHigh = _mm256_unpackhi_epi32(pairs, pairs);
    __m256i srcLow = div255_epu16(_mm256_mullo_epi16(color16, covLow));
    __m256i srcHigh = div255_epu16(_mm256_mullo_epi16(color16, covHigh));
    __m256i mask = lane_mask(count);
    __m256i dst = count >= 8 ? _mm256_loadu_si256((const __m256i *)pixels) : _mm256_maskload_epi32((const int *)pixels, mask);
    __m256i out = _mm256_packus_epi16(over_2x2px(_mm256_unpacklo_epi8(dst, zero), srcLow),
                                      over_2x2px(_mm256_unpackhi_epi8(dst, zero), srcHigh));
    if (count >= 8) _mm256_storeu_si256((__m256i *)pixels, out);
    else _mm256_maskstore_epi32((int *)pixels, mask, out);
}

// Eight pixels with a constant, already scaled source and its precomputed inverse alpha.
TSR_AVX2 static inline void over_8px(uint32_t *pixels, int32_t count, __m256i src16, __m256i inverse16) {
    __m256i zero = _mm256_setzero_si256();
    __m256i mask = lane_mask(count);
    __m256i dst = count >= 8 ? _mm256_loadu_si256((const __m256i *)pixels) : _mm256_maskload_epi32((const int *)pixels, mask);
    __m256i low = _mm256_add_epi16(src16, div255_epu16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(dst, zero), inverse16)));
    __m256i high = _mm256_add_epi16(src16, div255_epu16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(dst, zero), inverse16)));
    __m256i out = _mm256_packus_epi16(low, high);
    if (count >= 8) _mm256_storeu_si256((__m256i *)pixels, out);
    else _mm256_maskstore_epi32((int *)pixels, mask, out);
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

TSR_AVX2 static inline __m256 abs_ps(__m256 v) { return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), v); }

TSR_AVX2 static inline __m256i coverage_bytes(__m256 w, int evenOdd) {
    const __m256 one = _mm256_set1_ps(1.0f);
    __m256 a = abs_ps(w), c;
    if (evenOdd) {
        __m256 pairs = _mm256_cvtepi32_ps(_mm256_cvttps_epi32(_mm256_mul_ps(a, _mm256_set1_ps(0.5f))));
        __m256 m = _mm256_sub_ps(a, _mm256_add_ps(pairs, pairs));
        c = _mm256_sub_ps(one, abs_ps(_mm256_sub_ps(one, m)));
    } else {
        c = _mm256_min_ps(a, one);
    }
    return _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(c, _mm256_set1_ps(255.0f)), _mm256_set1_ps(0.5f)));
}

TSR_AVX2 void tsr_fill_accumulated_span_avx2(float *accumulation, int32_t start, int32_t end, int32_t width,
                                            int evenOdd, uint32_t color, uint32_t *pixels) {
    const __m256 zero = _mm256_setzero_ps();
    const __m256i color16 = color_lanes(color);
    const __m256i lane3 = _mm256_set1_epi32(3), lane7 = _mm256_set1_epi32(7);
    const int opaque = (color >> 24) == 255;
    const __m256i solid = _mm256_set1_epi32((int32_t)color);
    const int32_t pixelEnd = end + 1 < width ? end + 1 : width;
    __m256 carry = zero;
    uint32_t runCoverage = 0;
    __m256i runSource = _mm256_setzero_si256(), runInverse = _mm256_setzero_si256();
    int runSourceValid = 0;
    for (int32_t x = start; x <= end; x += 8) {
        __m256 deltas = _mm256_loadu_ps(accumulation + x);
        _mm256_storeu_ps(accumulation + x, zero);
        if (x >= pixelEnd) continue;
        const int32_t pixelCount = pixelEnd - x;
        if (_mm256_movemask_ps(_mm256_cmp_ps(deltas, zero, _CMP_NEQ_UQ)) == 0) {
            if (runCoverage == 0) continue;
            if (runCoverage == 255 && opaque && pixelCount >= 8) {
                _mm256_storeu_si256((__m256i *)(pixels + x), solid);   // what the blend gives, without it
                continue;
            }
            if (!runSourceValid) {
                runSource = scaled_color(color, runCoverage);
                runInverse = _mm256_sub_epi16(_mm256_set1_epi16(255), alpha_lanes(runSource));
                runSourceValid = 1;
            }
            over_8px(pixels + x, pixelCount, runSource, runInverse);
            continue;
        }
        // Prefix sum within each half, as the SSE2 kernel does per group of four; then the low half
        // gets the carry and the high half the low half's last sum, in the SSE2 kernel's order.
        __m256 v = _mm256_add_ps(deltas, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(deltas), 4)));
        v = _mm256_add_ps(v, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(v), 8)));
        __m256 low = _mm256_add_ps(v, carry);
        __m256 highCarry = _mm256_permutevar8x32_ps(low, lane3);
        __m256 winding = _mm256_blend_ps(low, _mm256_add_ps(v, highCarry), 0xF0);
        carry = _mm256_permutevar8x32_ps(winding, lane7);
        __m256i coverage = coverage_bytes(winding, evenOdd);
        uint32_t lastCoverage = (uint32_t)_mm256_extract_epi32(coverage, 7);
        if (lastCoverage != runCoverage) {
            runCoverage = lastCoverage;
            runSourceValid = 0;
        }
        if (_mm256_testz_si256(coverage, coverage)) continue;
        blend_8px(pixels + x, pixelCount, coverage, color16);
    }
}
#endif
