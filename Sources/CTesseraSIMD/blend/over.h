// Source-over of premultiplied RGBA8 through 8-bit factors (coverage, opacity), eight pixels in
// channel pairs (simd/vectors.h) or one pixel in a 32-bit word, with the same arithmetic per channel
// (reference/lanes.h, ref_over_scaled), div255(v) = round(v / 255):
//
//     src' = div255(src × factor)
//     out  = min(255, src' + div255(dst × (255 − src'.alpha)))
//
// Shared by the spans (blend/spans.c), the rectangles (blend/rect.c) and the fills
// (coverage/fill_span.c).
#ifndef TSR_OVER_H
#define TSR_OVER_H
#include "simd/vectors.h"

// Eight pixels `d` under a source already scaled (pairs srb, sga) whose alpha is `alpha` (both
// lanes of each pixel). Where every source channel is at most its alpha (`premultiplied`), no
// channel passes 255: d·(255 − a) ≤ 255·(255 − a), so s + div255(d·(255 − a)) ≤ a + 255 − a. Only
// other sources need the saturation.
TSR_INLINE u32x8 over_pairs(u32x8 d, u16x16 srb, u16x16 sga, u16x16 alpha, int premultiplied) {
    const u16x16 inverse = 255 - alpha;
    u16x16 rb = srb + pairs_mul(pairs_rb(d), inverse), ga = sga + pairs_mul(pairs_ga(d), inverse);
    if (!premultiplied) rb = pairs_saturate(rb), ga = pairs_saturate(ga);
    return pairs_pixels(rb, ga);
}

// Eight pixels under `color` (its pairs crb, cga) scaled by a factor per pixel (32-bit lanes,
// 0–255). An opaque colour scaled by f has alpha div255(255 · f) = f: with `opaque` its alpha
// pairs are the factors themselves. A premultiplied colour stays so when scaled (div255 is
// monotonic).
TSR_INLINE u32x8 over_factors(u32x8 d, u16x16 crb, u16x16 cga, u32x8 factors, int opaque, int premultiplied) {
    const u16x16 f = pairs_factor(factors);
    const u16x16 srb = pairs_mul(crb, f), sga = pairs_mul(cga, f);
    return over_pairs(d, srb, sga, opaque ? f : pairs_alpha(sga), opaque || premultiplied);
}

// Eight source pixels `s` (any values) scaled by a factor per pixel, over `d`.
TSR_INLINE u32x8 over_sources(u32x8 d, u32x8 s, u32x8 factors) {
    const u16x16 f = pairs_factor(factors);
    const u16x16 sga = pairs_mul(pairs_ga(s), f);
    return over_pairs(d, pairs_mul(pairs_rb(s), f), sga, pairs_alpha(sga), 0);
}

// Whether every colour channel of `color` is at most its alpha. Red and blue at once: a + 256 − c
// has bit 8 set exactly where c ≤ a, in both 16-bit halves (no borrow crosses them).
static inline int color_is_premultiplied(uint32_t color) {
    const uint32_t a = color >> 24, rb = ((a * 0x00010001u) | 0x01000100u) - (color & 0x00FF00FFu);
    return (rb & 0x01000100u) == 0x01000100u && ((color >> 8) & 0xFFu) <= a;
}

// MARK: One pixel, two channels per 32-bit word

// div255 of both 16-bit halves (each ≤ 255²): ((v + 128) · 257) >> 16 == (w + (w >> 8)) >> 8 for
// the integer w = v + 128, and the sum stays below 2¹⁶ (no carry into the other half).
static inline uint32_t word_div255(uint32_t v) {
    const uint32_t w = v + 0x00800080u;
    return ((w + ((w >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
}

// min(255, v) of both halves (each ≤ 510): bit 8 is set exactly where a half passes 255.
static inline uint32_t word_saturate(uint32_t v) { return (v | ((v >> 8) & 0x00010001u) * 0xFFu) & 0x00FF00FFu; }

// One pixel `d` under `s` scaled by `factor` (0–255); `premultiplied` as in over_pairs.
static inline uint32_t pixel_over(uint32_t d, uint32_t s, uint32_t factor, int premultiplied) {
    const uint32_t srb = word_div255((s & 0x00FF00FFu) * factor), sga = word_div255(((s >> 8) & 0x00FF00FFu) * factor);
    const uint32_t inverse = 255 - (sga >> 16);
    uint32_t rb = srb + word_div255((d & 0x00FF00FFu) * inverse), ga = sga + word_div255(((d >> 8) & 0x00FF00FFu) * inverse);
    if (!premultiplied) rb = word_saturate(rb), ga = word_saturate(ga);
    return rb | (ga << 8);
}

// The pixels of a span under one colour, one at a time.
static inline void pixels_over(uint32_t *pixels, size_t count, uint32_t color, uint32_t factor, int premultiplied) {
    if (premultiplied) {
        for (size_t i = 0; i < count; i++) pixels[i] = pixel_over(pixels[i], color, factor, 1);
    } else {
        for (size_t i = 0; i < count; i++) pixels[i] = pixel_over(pixels[i], color, factor, 0);
    }
}
#endif
