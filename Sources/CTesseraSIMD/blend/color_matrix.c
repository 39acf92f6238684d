// tsr_color_matrix_row: a colour matrix on straight components, four pixels at a time in float
// lanes (SSE2 through SIMDe). Its oracle, one pixel at a time, is reference/color_matrix.c; both
// round once per operation in the same order (no contraction), so they agree bit for bit.
#include "CTesseraSIMD.h"
#include "simd/no_fp_contract.h"
#include <simde/x86/sse2.h>

// round(x × 255) for x in [0, 1] as the integer lanes of the result: x × 255 + 0.5, truncated.
static inline simde__m128i byte_lanes(simde__m128 x, simde__m128 scale) {
    return simde_mm_cvttps_epi32(simde_mm_add_ps(simde_mm_mul_ps(x, scale), simde_mm_set1_ps(0.5f)));
}

// min(max(x, 0), 1): the lanes are never NaN (finite coefficients, inputs at most 255).
static inline simde__m128 unit(simde__m128 x) {
    return simde_mm_min_ps(simde_mm_max_ps(x, simde_mm_setzero_ps()), simde_mm_set1_ps(1.0f));
}

// Output component `c` of four pixels: (((m₀·r + m₁·g) + m₂·b) + m₃·a) + bias, clamped to [0, 1].
static inline simde__m128 component(const tsr_color_matrix *matrix, int c, simde__m128 r, simde__m128 g,
                                    simde__m128 b, simde__m128 a) {
    const float *m = matrix->m + 4 * c;
    simde__m128 sum = simde_mm_mul_ps(simde_mm_set1_ps(m[0]), r);
    sum = simde_mm_add_ps(sum, simde_mm_mul_ps(simde_mm_set1_ps(m[1]), g));
    sum = simde_mm_add_ps(sum, simde_mm_mul_ps(simde_mm_set1_ps(m[2]), b));
    sum = simde_mm_add_ps(sum, simde_mm_mul_ps(simde_mm_set1_ps(m[3]), a));
    return unit(simde_mm_add_ps(sum, simde_mm_set1_ps(matrix->m[16 + c])));
}

static void color_matrix_4px(uint32_t *pixels, const tsr_color_matrix *matrix) {
    const simde__m128i px = simde_mm_loadu_si128((const simde__m128i *)pixels);
    const simde__m128i low = simde_mm_set1_epi32(255);
    const simde__m128i alpha = simde_mm_srli_epi32(px, 24);
    const simde__m128 a = simde_mm_cvtepi32_ps(alpha);
    // Straight components: premultiplied / alpha (a transparent lane divides by 1 and is kept below).
    const simde__m128 divisor = simde_mm_max_ps(a, simde_mm_set1_ps(1.0f));
    const simde__m128 r = simde_mm_div_ps(simde_mm_cvtepi32_ps(simde_mm_and_si128(px, low)), divisor);
    const simde__m128 g = simde_mm_div_ps(simde_mm_cvtepi32_ps(simde_mm_and_si128(simde_mm_srli_epi32(px, 8), low)), divisor);
    const simde__m128 b = simde_mm_div_ps(simde_mm_cvtepi32_ps(simde_mm_and_si128(simde_mm_srli_epi32(px, 16), low)), divisor);
    const simde__m128 sa = simde_mm_div_ps(a, simde_mm_set1_ps(255.0f));
    // The new alpha byte, then each colour premultiplied by it: round(c′ × alpha′).
    const simde__m128i outA = byte_lanes(component(matrix, 3, r, g, b, sa), simde_mm_set1_ps(255.0f));
    const simde__m128 scale = simde_mm_cvtepi32_ps(outA);
    const simde__m128i outR = byte_lanes(component(matrix, 0, r, g, b, sa), scale);
    const simde__m128i outG = byte_lanes(component(matrix, 1, r, g, b, sa), scale);
    const simde__m128i outB = byte_lanes(component(matrix, 2, r, g, b, sa), scale);
    const simde__m128i out = simde_mm_or_si128(simde_mm_or_si128(outR, simde_mm_slli_epi32(outG, 8)),
                                               simde_mm_or_si128(simde_mm_slli_epi32(outB, 16), simde_mm_slli_epi32(outA, 24)));
    const simde__m128i transparent = simde_mm_cmpeq_epi32(alpha, simde_mm_setzero_si128());
    const simde__m128i kept = simde_mm_or_si128(simde_mm_and_si128(transparent, px), simde_mm_andnot_si128(transparent, out));
    simde_mm_storeu_si128((simde__m128i *)pixels, kept);
}

void tsr_color_matrix_row(uint32_t *pixels, size_t count, const tsr_color_matrix *matrix) {
    size_t i = 0;
    for (; i + 4 <= count; i += 4) color_matrix_4px(pixels + i, matrix);
    if (i == count) return;
    // Fewer than four left: through a copy, so that nothing past the row is read or written.
    uint32_t scratch[4] = {0, 0, 0, 0};
    for (size_t k = 0; i + k < count; k++) scratch[k] = pixels[i + k];
    color_matrix_4px(scratch, matrix);
    for (size_t k = 0; i + k < count; k++) pixels[i + k] = scratch[k];
}
