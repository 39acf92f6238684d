// Source-over spans (CTesseraSIMD.h): a constant colour at one coverage (tsr_blend_span), a colour
// through coverage bytes (tsr_blend_mask_row) and a group's pixels composited back
// (tsr_composite_row); rectangles are blend/rect.c's. Eight pixels at a time (blend/over.h); the
// last, partial group of a row is the row's last eight pixels, blended from their values before the
// row (every pixel's result depends on its own values alone, so the pixels blended twice get the
// same bytes twice). Rows of four to seven pixels are one group likewise: their first four and last
// four pixels. Rows under four pixels go one pixel at a time, with the same arithmetic. Oracles:
// reference/blend.c.
#include "CTesseraSIMD.h"
#include "blend/over.h"
#include "simd/targets.h"

// The first four and the last four of `count` (4 … 8) elements from p, as one vector.
TSR_INLINE u32x8 load_ends(const uint32_t *p, size_t count) {
    return __builtin_shufflevector(TSR_LOAD(u32x4, p), TSR_LOAD(u32x4, p + count - 4), 0, 1, 2, 3, 4, 5, 6, 7);
}
TSR_INLINE u8x8 load_ends_bytes(const uint8_t *p, size_t count) {
    return __builtin_shufflevector(TSR_LOAD(u8x4, p), TSR_LOAD(u8x4, p + count - 4), 0, 1, 2, 3, 4, 5, 6, 7);
}

// Stores them back, the last four last.
TSR_INLINE void store_ends(uint32_t *p, size_t count, u32x8 v) {
    TSR_STORE(p, __builtin_shufflevector(v, v, 0, 1, 2, 3));
    TSR_STORE(p + count - 4, __builtin_shufflevector(v, v, 4, 5, 6, 7));
}

// `premultiplied` (every channel of the colour at most its alpha: no saturation) is a constant
// where this is inlined.
TSR_INLINE void blend_span_rows(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage, int premultiplied) {
    const u32x8 c = (u32x8){0} + color;
    const u16x16 f = pairs_factor((u32x8){0} + coverage);
    const u16x16 srb = pairs_mul(pairs_rb(c), f), sga = pairs_mul(pairs_ga(c), f), alpha = pairs_alpha(sga);
    if (count < 8) {
        store_ends(pixels, count, over_pairs(load_ends(pixels, count), srb, sga, alpha, premultiplied));
        return;
    }
    const u32x8 last = TSR_LOAD(u32x8, pixels + count - 8);
    size_t i = 0;
    for (; i + 8 <= count; i += 8)
        TSR_STORE(pixels + i, over_pairs(TSR_LOAD(u32x8, pixels + i), srb, sga, alpha, premultiplied));
    if (i < count) TSR_STORE(pixels + count - 8, over_pairs(last, srb, sga, alpha, premultiplied));
}

TSR_INLINE void blend_span_body(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage, int premultiplied) {
    if (premultiplied) blend_span_rows(pixels, count, color, coverage, 1);
    else blend_span_rows(pixels, count, color, coverage, 0);
}

TSR_LEVELS_TO_AVX2(blend_span, (uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage, int premultiplied),
           (pixels, count, color, coverage, premultiplied))

// tsr_blend_span with the colour tested (color_is_premultiplied) by the caller.
static void blend_span(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage, int premultiplied) {
    if (coverage == 0 || count == 0) return;
    if (coverage > 255) coverage = 255;
    if (coverage == 255 && (color >> 24) == 255) {
        for (size_t i = 0; i < count; i++) pixels[i] = color;   // opaque: a plain store
        return;
    }
    if (count < 4) {
        pixels_over(pixels, count, color, coverage, premultiplied);
        return;
    }
    TSR_DISPATCH_TO_AVX2(blend_span, (pixels, count, color, coverage, premultiplied));
}

void tsr_blend_span(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage) {
    blend_span(pixels, count, color, coverage, color_is_premultiplied(color));
}

// Eight pixels from i through their coverage bytes; a group without coverage is left as it is
// (shadows are mostly empty or faint at their edges).
TSR_INLINE void mask_group(uint32_t *pixels, const uint8_t *coverage, u32x8 d, u16x16 crb, u16x16 cga,
                           int premultiplied) {
    const u8x8 bytes = TSR_LOAD(u8x8, coverage);
    if (__builtin_reduce_or(bytes) == 0) return;
    TSR_STORE(pixels, over_factors(d, crb, cga, __builtin_convertvector(bytes, u32x8), 0, premultiplied));
}

TSR_INLINE void mask_rows(uint32_t *pixels, const uint8_t *coverage, size_t count, uint32_t color, int premultiplied) {
    const u32x8 c = (u32x8){0} + color;
    const u16x16 crb = pairs_rb(c), cga = pairs_ga(c);
    if (count < 8) {
        const u32x8 factors = __builtin_convertvector(load_ends_bytes(coverage, count), u32x8);
        store_ends(pixels, count, over_factors(load_ends(pixels, count), crb, cga, factors, 0, premultiplied));
        return;
    }
    const u32x8 last = TSR_LOAD(u32x8, pixels + count - 8);
    size_t i = 0;
    for (; i + 8 <= count; i += 8)
        mask_group(pixels + i, coverage + i, TSR_LOAD(u32x8, pixels + i), crb, cga, premultiplied);
    if (i < count) mask_group(pixels + count - 8, coverage + count - 8, last, crb, cga, premultiplied);
}

TSR_INLINE void blend_mask_row_body(uint32_t *pixels, const uint8_t *coverage, size_t count, uint32_t color) {
    if (color_is_premultiplied(color)) mask_rows(pixels, coverage, count, color, 1);
    else mask_rows(pixels, coverage, count, color, 0);
}

TSR_LEVELS_TO_AVX2(blend_mask_row, (uint32_t *pixels, const uint8_t *coverage, size_t count, uint32_t color),
           (pixels, coverage, count, color))

void tsr_blend_mask_row(uint32_t *pixels, const uint8_t *coverage, size_t count, uint32_t color) {
    if (count < 4) {
        const int premultiplied = color_is_premultiplied(color);
        for (size_t i = 0; i < count; i++) pixels[i] = pixel_over(pixels[i], color, coverage[i], premultiplied);
        return;
    }
    TSR_DISPATCH_TO_AVX2(blend_mask_row, (pixels, coverage, count, color));
}

// round(alpha × opacity / 255) for the mask pixel's alpha, or the opacity without a mask.
static inline uint32_t composite_factor(const uint32_t *mask, size_t i, uint32_t opacity) {
    if (!mask) return opacity;
    return word_div255((mask[i] >> 24) * opacity);
}

// The factors of eight pixels from their mask pixels: round(alpha × opacity / 255).
TSR_INLINE u32x8 mask_factors(u32x8 mask, uint32_t opacity) {
    return (u32x8)pairs_mul((u16x16)(mask >> 24), (u16x16)((u32x8){0} + opacity));
}

// Eight pixels from i, `d` their values: transparent sources change nothing, so such groups (most
// of a group's rows) are skipped.
TSR_INLINE void composite_group(uint32_t *dst, const uint32_t *src, const uint32_t *mask, u32x8 d, uint32_t opacity) {
    const u32x8 s = TSR_LOAD(u32x8, src);
    if (u32x8_none(s)) return;
    u32x8 factors = (u32x8){0} + opacity;
    if (mask) factors = mask_factors(TSR_LOAD(u32x8, mask), opacity);
    TSR_STORE(dst, over_sources(d, s, factors));
}

TSR_INLINE void composite_row_body(uint32_t *dst, const uint32_t *src, const uint32_t *mask, size_t count,
                                   uint32_t opacity) {
    if (count < 8) {
        const u32x8 factors = mask ? mask_factors(load_ends(mask, count), opacity) : (u32x8){0} + opacity;
        store_ends(dst, count, over_sources(load_ends(dst, count), load_ends(src, count), factors));
        return;
    }
    const u32x8 last = TSR_LOAD(u32x8, dst + count - 8);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) composite_group(dst + i, src + i, mask ? mask + i : NULL, TSR_LOAD(u32x8, dst + i), opacity);
    if (i < count) composite_group(dst + count - 8, src + count - 8, mask ? mask + count - 8 : NULL, last, opacity);
}

TSR_LEVELS_TO_AVX2(composite_row, (uint32_t *dst, const uint32_t *src, const uint32_t *mask, size_t count, uint32_t opacity),
           (dst, src, mask, count, opacity))

void tsr_composite_row(uint32_t *dst, const uint32_t *src, const uint32_t *mask, size_t count, uint32_t opacity) {
    if (opacity > 255) opacity = 255;
    if (count < 4) {
        for (size_t i = 0; i < count; i++) dst[i] = pixel_over(dst[i], src[i], composite_factor(mask, i, opacity), 0);
        return;
    }
    TSR_DISPATCH_TO_AVX2(composite_row, (dst, src, mask, count, opacity));
}
