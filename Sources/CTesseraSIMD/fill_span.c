// Accumulation row → coverage → source-over blend, four cells at a time.
#include "CTesseraSIMD.h"
#include "blend_sse2.h"

void tsr_blend_tail_sse2(uint32_t *pixels, size_t count, simde__m128i coverage32, simde__m128i color16);

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

// One accumulation row: cells [start, end] to coverage, blended into pixels [start, min(end, width - 1)].
static inline void fill_row(float *accumulation, int32_t start, int32_t end, int32_t width,
                            int evenOdd, uint32_t color, uint32_t *pixels) {
    const simde__m128 zero = simde_mm_setzero_ps();
    const simde__m128i color16 = tsr_color_lanes(color);
    const int opaque = (color >> 24) == 255;
    const int32_t pixelEnd = end + 1 < width ? end + 1 : width;   // exclusive
    simde__m128 carry = zero;          // the running winding integral, in every lane
    uint32_t runCoverage = 0;          // coverage byte of `carry`
    simde__m128i runSource = simde_mm_setzero_si128();
    int runSourceValid = 0;
    for (int32_t x = start; x <= end; x += 4) {
        simde__m128 deltas = simde_mm_loadu_ps(accumulation + x);
        simde_mm_storeu_ps(accumulation + x, zero);
        if (x >= pixelEnd) continue;   // only cells right of the last pixel remain to be cleared
        const int32_t pixelCount = pixelEnd - x;
        if (simde_mm_movemask_ps(simde_mm_cmpneq_ps(deltas, zero)) == 0) {
            // No edge in these four cells: their coverage is the running one (a solid or empty run).
            if (runCoverage == 0) continue;
            if (runCoverage == 255 && opaque && pixelCount >= 4) {
                pixels[x] = pixels[x + 1] = pixels[x + 2] = pixels[x + 3] = color;
                continue;
            }
            if (!runSourceValid) {
                runSource = tsr_scaled_color(color, runCoverage);
                runSourceValid = 1;
            }
            if (pixelCount >= 4) {
                tsr_over_4px(pixels + x, runSource);
            } else {
                simde__m128i c = simde_mm_set1_epi32((int32_t)runCoverage);
                tsr_blend_tail_sse2(pixels + x, (size_t)pixelCount, c, color16);
            }
            continue;
        }
        simde__m128 winding = simde_mm_add_ps(prefix_sum(deltas), carry);
        carry = simde_mm_shuffle_ps(winding, winding, SIMDE_MM_SHUFFLE(3, 3, 3, 3));
        simde__m128i coverage = coverage_bytes(winding, evenOdd);
        uint32_t lastCoverage = (uint32_t)simde_mm_cvtsi128_si32(simde_mm_shuffle_epi32(coverage, 0xFF));
        if (lastCoverage != runCoverage) {
            runCoverage = lastCoverage;
            runSourceValid = 0;
        }
        if (simde_mm_movemask_epi8(simde_mm_cmpeq_epi32(coverage, simde_mm_setzero_si128())) == 0xFFFF) continue;
        if (pixelCount >= 4) tsr_blend_4px(pixels + x, coverage, color16);
        else tsr_blend_tail_sse2(pixels + x, (size_t)pixelCount, coverage, color16);
    }
}

void tsr_fill_accumulated_rows_sse2(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                                    int32_t firstRow, int32_t endRow, uint32_t *pixels, size_t pixelStride,
                                    int32_t width, int evenOdd, uint32_t color) {
    for (int32_t r = firstRow; r < endRow; r++) {
        if (rowMax[r] < 0) continue;
        fill_row(accumulation + (size_t)r * stride, rowMin[r], rowMax[r], width, evenOdd, color,
                 pixels + (size_t)r * pixelStride);
        rowMin[r] = INT32_MAX;
        rowMax[r] = -1;
    }
}
