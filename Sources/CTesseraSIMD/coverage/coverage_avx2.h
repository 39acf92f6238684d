// Windings to coverage bytes, eight at a time (AVX2 under a per-function target attribute): shared
// by the fused solid-colour fill (fill_span_avx2.c), the coverage rows of painted fills
// (coverage_row.c) and the fused painted rows (paint_row.c), so that all give the coverage of
// coverage_sse2.h's arithmetic. Include it only where the target is x86-64.
#ifndef TSR_COVERAGE_AVX2_H
#define TSR_COVERAGE_AVX2_H
#include <immintrin.h>

__attribute__((target("avx2"))) static inline __m256 tsr_abs_ps_avx2(__m256 v) {
    return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), v);
}

// Non-zero: min(|w|, 1); even-odd: the triangle wave 1 − |1 − (|w| mod 2)|; then round(c · 255).
__attribute__((target("avx2"))) static inline __m256i tsr_coverage_bytes_avx2(__m256 w, int evenOdd) {
    const __m256 one = _mm256_set1_ps(1.0f);
    __m256 a = tsr_abs_ps_avx2(w), c;
    if (evenOdd) {
        __m256 pairs = _mm256_cvtepi32_ps(_mm256_cvttps_epi32(_mm256_mul_ps(a, _mm256_set1_ps(0.5f))));
        __m256 m = _mm256_sub_ps(a, _mm256_add_ps(pairs, pairs));
        c = _mm256_sub_ps(one, tsr_abs_ps_avx2(_mm256_sub_ps(one, m)));
    } else {
        c = _mm256_min_ps(a, one);
    }
    return _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(c, _mm256_set1_ps(255.0f)), _mm256_set1_ps(0.5f)));
}

// cov_edge_group for cells [0, 8): the low half's windings are its sums plus the carry, the high
// half's its sums plus the low half's last winding; the carries are computed off the windings as in
// cov_edge_group, two additions from group to group.
__attribute__((target("avx2"), always_inline)) static inline __m256i covx_edge_group(float *cells, int evenOdd,
                                                                                     __m256 *carry) {
    __m256 deltas = _mm256_loadu_ps(cells);
    _mm256_storeu_ps(cells, _mm256_setzero_ps());
    __m256 v = _mm256_add_ps(deltas, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(deltas), 4)));
    v = _mm256_add_ps(v, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(v), 8)));
    __m256 middle = _mm256_add_ps(_mm256_permutevar8x32_ps(v, _mm256_set1_epi32(3)), *carry);
    __m256 winding = _mm256_add_ps(v, _mm256_blend_ps(*carry, middle, 0xF0));
    *carry = _mm256_add_ps(_mm256_permutevar8x32_ps(v, _mm256_set1_epi32(7)), middle);
    return tsr_coverage_bytes_avx2(winding, evenOdd);
}

#endif
