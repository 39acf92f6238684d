// The Gaussian blur's conversions to and from fixed point and its sampled kernel (σ < 2) on
// fixed-point lines (CTesseraBlur.h), SSE2 through SIMDe: eight or four lanes of a step at once,
// lanes past them one at a time with the same arithmetic. The three boxes of σ ≥ 2 are
// blur_boxes.c's. Oracles: reference/blur.c.
#include "CTesseraBlur.h"
#include <simde/x86/sse2.h>

void tsr_blur_widen(const uint8_t *in, int16_t *out, size_t count) {
    const simde__m128i zero = simde_mm_setzero_si128();
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        const simde__m128i v = simde_mm_loadu_si128((const simde__m128i *)(in + i));
        simde_mm_storeu_si128((simde__m128i *)(out + i), simde_mm_slli_epi16(simde_mm_unpacklo_epi8(v, zero), 7));
        simde_mm_storeu_si128((simde__m128i *)(out + i + 8), simde_mm_slli_epi16(simde_mm_unpackhi_epi8(v, zero), 7));
    }
    for (; i < count; i++) out[i] = (int16_t)(in[i] << 7);
}

void tsr_blur_narrow(const int16_t *in, uint8_t *out, size_t count) {
    const simde__m128i half = simde_mm_set1_epi16(64);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        // At most 32640 + 64: no int16 overflow, and the pack never saturates.
        const simde__m128i a = simde_mm_srai_epi16(
            simde_mm_add_epi16(simde_mm_loadu_si128((const simde__m128i *)(in + i)), half), 7);
        const simde__m128i b = simde_mm_srai_epi16(
            simde_mm_add_epi16(simde_mm_loadu_si128((const simde__m128i *)(in + i + 8)), half), 7);
        simde_mm_storeu_si128((simde__m128i *)(out + i), simde_mm_packus_epi16(a, b));
    }
    for (; i < count; i++) out[i] = (uint8_t)((in[i] + 64) >> 7);
}

void tsr_blur_convolve(const int16_t *in, ptrdiff_t inStep, int16_t *out, ptrdiff_t outStep, size_t lanes,
                       size_t count, const int16_t *weights, size_t radius) {
    const ptrdiff_t r = (ptrdiff_t)radius;
    const simde__m128i rounding = simde_mm_set1_epi32(8192);
    for (size_t i = 0; i < count; i++) {
        const int16_t *center = in + (ptrdiff_t)i * inStep;
        int16_t *o = out + (ptrdiff_t)i * outStep;
        size_t lane = 0;
        // Eight lanes: each 16 × 16-bit product whole, from its low (mullo) and high (mulhi)
        // halves interleaved into int32.
        for (; lane + 8 <= lanes; lane += 8) {
            simde__m128i low = rounding, high = rounding;
            for (ptrdiff_t k = -r; k <= r; k++) {
                const simde__m128i x = simde_mm_loadu_si128((const simde__m128i *)(center + k * inStep + lane));
                const simde__m128i w = simde_mm_set1_epi16(weights[k + r]);
                const simde__m128i lo = simde_mm_mullo_epi16(x, w), hi = simde_mm_mulhi_epi16(x, w);
                low = simde_mm_add_epi32(low, simde_mm_unpacklo_epi16(lo, hi));
                high = simde_mm_add_epi32(high, simde_mm_unpackhi_epi16(lo, hi));
            }
            simde_mm_storeu_si128((simde__m128i *)(o + lane),
                                  simde_mm_packs_epi32(simde_mm_srai_epi32(low, 14), simde_mm_srai_epi32(high, 14)));
        }
        for (; lane + 4 <= lanes; lane += 4) {
            simde__m128i low = rounding;
            for (ptrdiff_t k = -r; k <= r; k++) {
                const simde__m128i x = simde_mm_loadl_epi64((const simde__m128i *)(center + k * inStep + lane));
                const simde__m128i w = simde_mm_set1_epi16(weights[k + r]);
                const simde__m128i lo = simde_mm_mullo_epi16(x, w), hi = simde_mm_mulhi_epi16(x, w);
                low = simde_mm_add_epi32(low, simde_mm_unpacklo_epi16(lo, hi));
            }
            const simde__m128i q = simde_mm_srai_epi32(low, 14);
            simde_mm_storel_epi64((simde__m128i *)(o + lane), simde_mm_packs_epi32(q, q));
        }
        for (; lane < lanes; lane++) {
            int32_t sum = 8192;
            for (ptrdiff_t k = -r; k <= r; k++) sum += (int32_t)weights[k + r] * center[k * inStep + (ptrdiff_t)lane];
            o[lane] = (int16_t)(sum >> 14);
        }
    }
}
