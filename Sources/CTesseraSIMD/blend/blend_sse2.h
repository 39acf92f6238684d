// Source-over blending of premultiplied RGBA8 through 8-bit coverage, four pixels at a time, in
// 16-bit lanes (SSE2 through SIMDe). Per channel, with div255(v) = round(v / 255):
//
//     src' = div255(src × coverage)
//     out  = src' + div255(dst × (255 − src'.alpha))
//
// div255 is exact for v in [0, 255²]: round(v / 255) == ((v + 128) × 257) >> 16, one mulhi.
#ifndef TSR_BLEND_SSE2_H
#define TSR_BLEND_SSE2_H
#include <simde/x86/sse2.h>
#include <stdint.h>

static inline simde__m128i tsr_div255_epu16(simde__m128i v) {
    return simde_mm_mulhi_epu16(simde_mm_add_epi16(v, simde_mm_set1_epi16(128)), simde_mm_set1_epi16(257));
}

// Broadcasts each pixel's alpha lane (lane 3 of each group of four) over its four lanes.
static inline simde__m128i tsr_alpha_lanes(simde__m128i v) {
    return simde_mm_shufflehi_epi16(simde_mm_shufflelo_epi16(v, 0xFF), 0xFF);
}

// Two pixels in 16-bit lanes: out = src' + div255(dst × (255 − src'.alpha)).
static inline simde__m128i tsr_over_2px(simde__m128i dst16, simde__m128i src16) {
    simde__m128i inverse = simde_mm_sub_epi16(simde_mm_set1_epi16(255), tsr_alpha_lanes(src16));
    return simde_mm_add_epi16(src16, tsr_div255_epu16(simde_mm_mullo_epi16(dst16, inverse)));
}

// The color as 16-bit lanes for two pixels: [r g b a r g b a].
static inline simde__m128i tsr_color_lanes(uint32_t color) {
    return simde_mm_unpacklo_epi8(simde_mm_set1_epi32((int32_t)color), simde_mm_setzero_si128());
}

// Blends four pixels at `pixels` through four coverages (32-bit lanes, 0–255).
static inline void tsr_blend_4px(uint32_t *pixels, simde__m128i coverage32, simde__m128i color16) {
    simde__m128i zero = simde_mm_setzero_si128();
    // [c0 c1 c2 c3 ...] → [c0 c0 c1 c1 c2 c2 c3 c3] → [c0×4 c1×4] and [c2×4 c3×4]
    simde__m128i c16 = simde_mm_packs_epi32(coverage32, coverage32);
    simde__m128i pairs = simde_mm_unpacklo_epi16(c16, c16);
    simde__m128i cov01 = simde_mm_unpacklo_epi32(pairs, pairs);
    simde__m128i cov23 = simde_mm_unpackhi_epi32(pairs, pairs);
    simde__m128i src01 = tsr_div255_epu16(simde_mm_mullo_epi16(color16, cov01));
    simde__m128i src23 = tsr_div255_epu16(simde_mm_mullo_epi16(color16, cov23));
    simde__m128i dst = simde_mm_loadu_si128((const simde__m128i *)pixels);
    simde__m128i out01 = tsr_over_2px(simde_mm_unpacklo_epi8(dst, zero), src01);
    simde__m128i out23 = tsr_over_2px(simde_mm_unpackhi_epi8(dst, zero), src23);
    simde_mm_storeu_si128((simde__m128i *)pixels, simde_mm_packus_epi16(out01, out23));
}

// Blends four pixels with an already coverage-scaled source (16-bit lanes for two pixels).
static inline void tsr_over_4px(uint32_t *pixels, simde__m128i src16) {
    simde__m128i zero = simde_mm_setzero_si128();
    simde__m128i dst = simde_mm_loadu_si128((const simde__m128i *)pixels);
    simde__m128i out01 = tsr_over_2px(simde_mm_unpacklo_epi8(dst, zero), src16);
    simde__m128i out23 = tsr_over_2px(simde_mm_unpackhi_epi8(dst, zero), src16);
    simde_mm_storeu_si128((simde__m128i *)pixels, simde_mm_packus_epi16(out01, out23));
}

// The color scaled by one coverage value, as 16-bit lanes for two pixels.
static inline simde__m128i tsr_scaled_color(uint32_t color, uint32_t coverage) {
    return tsr_div255_epu16(simde_mm_mullo_epi16(tsr_color_lanes(color), simde_mm_set1_epi16((int16_t)coverage)));
}
#endif
