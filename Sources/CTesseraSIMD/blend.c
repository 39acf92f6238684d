#include "CTesseraSIMD.h"
#include "blend_sse2.h"
#include "rect_row.h"
#include <math.h>
#include <string.h>

// Blends fewer than four pixels through a scratch copy, so the SIMD kernel never touches memory
// past the end of the row.
static void blend_tail(uint32_t *pixels, size_t count, simde__m128i coverage32, simde__m128i color16) {
    uint32_t scratch[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < count; i++) scratch[i] = pixels[i];
    tsr_blend_4px(scratch, coverage32, color16);
    for (size_t i = 0; i < count; i++) pixels[i] = scratch[i];
}

static void over_tail(uint32_t *pixels, size_t count, simde__m128i src16) {
    uint32_t scratch[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < count; i++) scratch[i] = pixels[i];
    tsr_over_4px(scratch, src16);
    for (size_t i = 0; i < count; i++) pixels[i] = scratch[i];
}

// Called by tsr_blend_span (dispatch.c) with 0 < coverage <= 255.
void tsr_blend_span_sse2(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage) {
    simde__m128i src16 = tsr_scaled_color(color, coverage);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) tsr_over_4px(pixels + i, src16);
    if (i < count) over_tail(pixels + i, count - i, src16);
}

void tsr_fill_rect_row(uint32_t *pixels, int32_t width, float left, float right, float rowCoverage,
                       uint32_t color) {
    const tsr_rect_row_spans s = tsr_rect_row(width, left, right, rowCoverage);
    for (int k = 0; k < s.spans; k++) tsr_blend_span(pixels + s.start[k], s.count[k], color, s.coverage[k]);
}

void tsr_blend_mask_row(uint32_t *pixels, const uint8_t *coverage, size_t count, uint32_t color) {
    const simde__m128i zero = simde_mm_setzero_si128();
    const simde__m128i color16 = tsr_color_lanes(color);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        uint32_t four;
        memcpy(&four, coverage + i, 4);
        if (four == 0) continue;   // shadows are mostly empty or faint at their edges: skip the empty runs
        simde__m128i bytes = simde_mm_cvtsi32_si128((int32_t)four);
        tsr_blend_4px(pixels + i, simde_mm_unpacklo_epi16(simde_mm_unpacklo_epi8(bytes, zero), zero), color16);
    }
    if (i < count) {
        int32_t tail[4] = {0, 0, 0, 0};
        for (size_t k = 0; k < count - i; k++) tail[k] = coverage[i + k];
        blend_tail(pixels + i, count - i, simde_mm_set_epi32(tail[3], tail[2], tail[1], tail[0]), color16);
    }
}

// Shared with fill_span.c for its row tails.
void tsr_blend_tail_sse2(uint32_t *pixels, size_t count, simde__m128i coverage32, simde__m128i color16) {
    blend_tail(pixels, count, coverage32, color16);
}

// Four pixels of a group: coverage32 holds each pixel's factor (0–255) in 32-bit lanes.
static inline void composite_4px(uint32_t *dst, const uint32_t *src, simde__m128i coverage32) {
    simde__m128i zero = simde_mm_setzero_si128();
    simde__m128i c16 = simde_mm_packs_epi32(coverage32, coverage32);
    simde__m128i pairs = simde_mm_unpacklo_epi16(c16, c16);
    simde__m128i cov01 = simde_mm_unpacklo_epi32(pairs, pairs);
    simde__m128i cov23 = simde_mm_unpackhi_epi32(pairs, pairs);
    simde__m128i s = simde_mm_loadu_si128((const simde__m128i *)src);
    simde__m128i src01 = tsr_div255_epu16(simde_mm_mullo_epi16(simde_mm_unpacklo_epi8(s, zero), cov01));
    simde__m128i src23 = tsr_div255_epu16(simde_mm_mullo_epi16(simde_mm_unpackhi_epi8(s, zero), cov23));
    simde__m128i d = simde_mm_loadu_si128((const simde__m128i *)dst);
    simde__m128i out01 = tsr_over_2px(simde_mm_unpacklo_epi8(d, zero), src01);
    simde__m128i out23 = tsr_over_2px(simde_mm_unpackhi_epi8(d, zero), src23);
    simde_mm_storeu_si128((simde__m128i *)dst, simde_mm_packus_epi16(out01, out23));
}

// The factor of pixel i: the opacity, times the mask's alpha when there is a mask.
static inline uint32_t composite_factor(const uint32_t *mask, size_t i, uint32_t opacity) {
    if (!mask) return opacity;
    uint32_t v = (mask[i] >> 24) * opacity;
    return (v + 128 + ((v + 128) >> 8)) >> 8;   // round(v / 255), exact for v <= 255²
}

void tsr_composite_row_sse2(uint32_t *dst, const uint32_t *src, const uint32_t *mask, size_t count, uint32_t opacity) {
    if (opacity > 255) opacity = 255;
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        // Transparent source pixels change nothing: skip runs of them (most of a group's rows).
        if ((src[i] | src[i + 1] | src[i + 2] | src[i + 3]) == 0) continue;
        simde__m128i coverage32 = simde_mm_set_epi32(
            (int32_t)composite_factor(mask, i + 3, opacity), (int32_t)composite_factor(mask, i + 2, opacity),
            (int32_t)composite_factor(mask, i + 1, opacity), (int32_t)composite_factor(mask, i, opacity));
        composite_4px(dst + i, src + i, coverage32);
    }
    if (i < count) {
        uint32_t d[4] = {0, 0, 0, 0}, s[4] = {0, 0, 0, 0}, f[4] = {0, 0, 0, 0};
        for (size_t k = 0; k < count - i; k++) {
            d[k] = dst[i + k];
            s[k] = src[i + k];
            f[k] = composite_factor(mask, i + k, opacity);
        }
        composite_4px(d, s, simde_mm_set_epi32((int32_t)f[3], (int32_t)f[2], (int32_t)f[1], (int32_t)f[0]));
        for (size_t k = 0; k < count - i; k++) dst[i + k] = d[k];
    }
}
