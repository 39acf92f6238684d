// Accumulation cells to coverage, four cells at a time (SSE2 through SIMDe): shared by the fused
// solid-colour fill (fill_span.c) and the coverage rows of painted fills (coverage_row.c), so that
// both give the same coverage bytes.
#ifndef TSR_COVERAGE_SSE2_H
#define TSR_COVERAGE_SSE2_H
#include <simde/x86/sse2.h>

static inline simde__m128 abs_ps(simde__m128 v) {
    return simde_mm_andnot_ps(simde_mm_set1_ps(-0.0f), v);
}

// Non-zero: coverage = min(|winding integral|, 1).
static inline simde__m128 coverage_nonzero(simde__m128 w) {
    return simde_mm_min_ps(abs_ps(w), simde_mm_set1_ps(1.0f));
}

// Even-odd: the winding integral folded into a triangle wave, m = |w| mod 2, coverage = 1 − |1 − m|.
static inline simde__m128 coverage_evenodd(simde__m128 w) {
    simde__m128 a = abs_ps(w);
    simde__m128 pairs = simde_mm_cvtepi32_ps(simde_mm_cvttps_epi32(simde_mm_mul_ps(a, simde_mm_set1_ps(0.5f))));
    simde__m128 m = simde_mm_sub_ps(a, simde_mm_add_ps(pairs, pairs));
    return simde_mm_sub_ps(simde_mm_set1_ps(1.0f), abs_ps(simde_mm_sub_ps(simde_mm_set1_ps(1.0f), m)));
}

static inline simde__m128i coverage_bytes(simde__m128 winding, int evenOdd) {
    simde__m128 c = evenOdd ? coverage_evenodd(winding) : coverage_nonzero(winding);
    return simde_mm_cvttps_epi32(simde_mm_add_ps(simde_mm_mul_ps(c, simde_mm_set1_ps(255.0f)), simde_mm_set1_ps(0.5f)));
}

// In-register inclusive prefix sum of four floats.
static inline simde__m128 prefix_sum(simde__m128 v) {
    v = simde_mm_add_ps(v, simde_mm_castsi128_ps(simde_mm_slli_si128(simde_mm_castps_si128(v), 4)));
    return simde_mm_add_ps(v, simde_mm_castsi128_ps(simde_mm_slli_si128(simde_mm_castps_si128(v), 8)));
}

#endif
