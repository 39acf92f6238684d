// Accumulation cells to coverage, four cells at a time (SSE2 through SIMDe): shared by the fused
// solid-colour fill (fill_span.c), the coverage rows of painted fills (coverage_row.c) and the fused
// painted rows (paint_row.c), so that all give the same coverage bytes.
#ifndef TSR_COVERAGE_SSE2_H
#define TSR_COVERAGE_SSE2_H
#include <simde/x86/sse2.h>
#include <string.h>

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

// Cells [0, 4) (possibly holding an edge) to coverage values (32-bit lanes, 0–255); the cells
// zeroed. `carry` is the winding integral before the group, in every lane, and becomes the one after
// it: lane 3 of the windings, computed as the same addition of the prefix sum's lane 3 (broadcast
// first) and the carry, so that the carry from group to group waits on one addition, not on the
// windings and a shuffle.
static inline simde__m128i cov_edge_group(float *cells, int evenOdd, simde__m128 *carry) {
    simde__m128 deltas = simde_mm_loadu_ps(cells);
    simde_mm_storeu_ps(cells, simde_mm_setzero_ps());
    simde__m128 sums = prefix_sum(deltas);
    simde__m128 winding = simde_mm_add_ps(sums, *carry);
    *carry = simde_mm_add_ps(simde_mm_shuffle_ps(sums, sums, SIMDE_MM_SHUFFLE(3, 3, 3, 3)), *carry);
    return coverage_bytes(winding, evenOdd);
}

// The row's last groups from i on, the last of them partial (fewer than 16 cells in all). Cells past
// `end` are zero (a row's cells are zero outside its extent), and the row has room for them
// (WorkerScratch.stride).
static inline __attribute__((always_inline)) void cov_last_groups(float *row, ptrdiff_t i, ptrdiff_t count,
                                                                  int evenOdd, simde__m128 carry, uint8_t *coverage) {
    for (; i < count; i += 4) {
        simde__m128i bytes16 = simde_mm_packs_epi32(cov_edge_group(row + i, evenOdd, &carry), simde_mm_setzero_si128());
        uint32_t packed = (uint32_t)simde_mm_cvtsi128_si32(simde_mm_packus_epi16(bytes16, bytes16));
        memcpy(coverage + i, &packed, count - i >= 4 ? 4 : (size_t)(count - i));
    }
}

#endif
