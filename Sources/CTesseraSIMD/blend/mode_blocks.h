// The integer blend modes (reference/blend_modes.c gives their formulas) by groups of eight pixels
// and blocks of 16, in channel pairs (simd/vectors.h) with the lane arithmetic of the formulas'
// first SIMD version: 16-bit lanes that wrap, signed min and max, and PACKUSWB's saturation of the
// result to [0, 255]. Shared by the blend rows (blend/blend_modes.c) and the fused painted rows
// (paint/paint_row.c). `mode` is a constant where these are inlined into optimised code.
//
// Shortcuts, each giving the bytes of the full computation: a block of 16 pixels is fully covered
// at opacity 255 (the factor is 255 and div255(s · 255) = s: the source is not scaled; normal with
// 16 opaque sources is a plain store, s + div255(d · 0) = s), empty (bounded modes leave it as it
// is), or mixed (each group of eight scaled). One branch per block rather than per group: coverage
// follows the shape's outline, and a branch per group would be mispredicted at each change.
//
// Normal (source-over, every fill's mode) goes by whole blocks of 16 pixels in 16-pixel vectors
// (normal_block): at the AVX-512 level one instruction per operation where groups of eight took
// two, without the tests per group (a scaled source of 0 gives d exactly anyway). The bench's
// gradient fills took 10% less time with it at 1 and 2 threads.
#ifndef TSR_MODE_BLOCKS_H
#define TSR_MODE_BLOCKS_H
#include "blend/blend_mode_kinds.h"
#include "simd/vectors.h"

// Eight pixels' channels: red and blue, green and alpha (pairs_rb, pairs_ga).
typedef struct {
    i16x16 rb, ga;
} mode_pairs;

TSR_INLINE mode_pairs mode_pairs_of(u32x8 p) { return (mode_pairs){(i16x16)pairs_rb(p), (i16x16)pairs_ga(p)}; }

TSR_INLINE i16x16 mode_mul(i16x16 a, i16x16 b) { return (i16x16)pairs_mul((u16x16)a, (u16x16)b); }
// (By shifts of the 32-bit lanes, not pairs_alpha's shuffle: the compiler folds them into those of
// the pairs and the results around them: fewer instructions on the multiply scene.)
TSR_INLINE i16x16 mode_alpha(i16x16 ga) {
    const u32x8 a = (u32x8)ga >> 16;
    return (i16x16)(a | (a << 16));
}

// R = OP(s, d) of one half (red-blue or green-alpha), before the clamp; sa and da are the alphas in
// both lanes of each pixel, `colour` is all ones in the lanes of colour channels (all but alpha).
TSR_INLINE i16x16 mode_op(int32_t mode, i16x16 s, i16x16 d, i16x16 sa, i16x16 da, i16x16 colour) {
    const i16x16 c255 = (i16x16){0} + 255;
    switch (mode) {
    case TSR_BLEND_CLEAR: return (i16x16){0};
    case TSR_BLEND_COPY: return s;
    case TSR_BLEND_SOURCE_IN: return mode_mul(s, da);
    case TSR_BLEND_SOURCE_OUT: return mode_mul(s, c255 - da);
    case TSR_BLEND_SOURCE_ATOP: return mode_mul(s, da) + mode_mul(d, c255 - sa);
    case TSR_BLEND_DESTINATION_OVER: return mode_mul(s, c255 - da) + d;
    case TSR_BLEND_DESTINATION_IN: return mode_mul(d, sa);
    case TSR_BLEND_DESTINATION_OUT: return mode_mul(d, c255 - sa);
    case TSR_BLEND_DESTINATION_ATOP: return mode_mul(s, c255 - da) + mode_mul(d, sa);
    case TSR_BLEND_XOR: return mode_mul(s, c255 - da) + mode_mul(d, c255 - sa);
    case TSR_BLEND_PLUS_LIGHTER: return __builtin_elementwise_min(s + d, c255);
    case TSR_BLEND_PLUS_DARKER: {
        // max(0, s + d − max(0, sa + da − 255)), by unsigned saturating subtractions.
        const u16x16 over = __builtin_elementwise_sub_sat((u16x16)(sa + da), (u16x16)c255);
        return (i16x16)__builtin_elementwise_sub_sat((u16x16)(s + d), over);
    }
    case TSR_BLEND_MULTIPLY: {
        // s·(255 − da + d) + d·(255 − sa) regrouped as s·(255 − da) + d·(s + 255 − sa): the same sum
        // modulo 2¹⁶, so the same bytes, and for a solid source s + 255 − sa is made once per call.
        // (255 − x as x ^ 255, every alpha being a byte: a subtraction here became s − sa + 255 in
        // each half, where the exclusive or is made once for both.)
        const u16x16 us = (u16x16)s, ud = (u16x16)d;
        return (i16x16)pairs_div255(us * ((u16x16)da ^ 255) + ud * (us + ((u16x16)sa ^ 255)));
    }
    case TSR_BLEND_SCREEN: return s + d - mode_mul(s, d);
    case TSR_BLEND_DARKEN: return s + d - __builtin_elementwise_max(mode_mul(s, da), mode_mul(d, sa));
    case TSR_BLEND_LIGHTEN: return s + d - __builtin_elementwise_min(mode_mul(s, da), mode_mul(d, sa));
    case TSR_BLEND_DIFFERENCE: {
        const i16x16 t = __builtin_elementwise_min(mode_mul(s, da), mode_mul(d, sa));
        return s + d - t - (t & colour);
    }
    case TSR_BLEND_EXCLUSION: {
        const i16x16 t = mode_mul(s, d);
        return s + d - t - (t & colour);
    }
    default: /* normal */ return s + mode_mul(d, c255 - sa);
    }
}

// Whether the mode's R is one div255 (pairs_div255: ((v + 128) · 257) >> 16 of a 16-bit v), which
// lies in [0, 256]: never negative as a signed lane.
static inline int mode_op_nonnegative(int32_t mode) {
    return mode == TSR_BLEND_MULTIPLY || mode == TSR_BLEND_SOURCE_IN || mode == TSR_BLEND_SOURCE_OUT ||
           mode == TSR_BLEND_DESTINATION_IN || mode == TSR_BLEND_DESTINATION_OUT;
}

// The mode's result for eight pixels: every mode but normal and clear clamps each colour channel to
// the result's alpha (signed), then PACKUSWB's saturation to [0, 255]. As clamp(min(c, ra), 0, 255)
// = max(min(c, min(ra, 255)), 0): the bound of 255 taken once, on the alpha, for both halves, and
// the max only where R can be negative.
TSR_INLINE u32x8 mode_result(int32_t mode, mode_pairs s, mode_pairs d) {
    const i16x16 sa = mode_alpha(s.ga), da = mode_alpha(d.ga), zero = {0}, c255 = zero + 255;
    i16x16 rb = mode_op(mode, s.rb, d.rb, sa, da, zero - 1);
    i16x16 ga = mode_op(mode, s.ga, d.ga, sa, da, (i16x16)((u32x8){0} + 0x0000FFFFu));
    if (mode == TSR_BLEND_NORMAL) {
        // s + div255(d · (255 − sa)) lies in [0, 510]: only the saturation at 255 is left.
        return pairs_pixels(pairs_saturate((u16x16)rb), pairs_saturate((u16x16)ga));
    }
    if (mode == TSR_BLEND_CLEAR) return (u32x8){0};
    // Multiply's alpha needs no bound: with bytes in every lane it is div255(sa · (255 − da) + da ·
    // 255) ≤ div255(255²) = 255.
    i16x16 ra = mode_alpha(ga);
    if (mode != TSR_BLEND_MULTIPLY) ra = __builtin_elementwise_min(ra, c255);
    rb = __builtin_elementwise_min(rb, ra);
    ga = __builtin_elementwise_min(ga, ra);
    if (!mode_op_nonnegative(mode)) {
        rb = __builtin_elementwise_max(rb, zero);
        ga = __builtin_elementwise_max(ga, zero);
    }
    return pairs_pixels((u16x16)rb, (u16x16)ga);
}

// Eight pixels of scaled source composited onto dst. With `select`, the pixels whose lane of
// `keep` is set (a scaled source of 0) keep d exactly.
TSR_INLINE void mode_composite(int32_t mode, uint32_t *dst, mode_pairs s, int select, i32x8 keep) {
    const u32x8 d = TSR_LOAD(u32x8, dst);
    u32x8 out = mode_result(mode, s, mode_pairs_of(d));
    if (select) out = u32x8_select(keep, d, out);
    TSR_STORE(dst, out);
}

// The factors of eight pixels from their coverage (0–255 in each 32-bit lane): div255(coverage ·
// opacity) in both lanes of each pixel.
TSR_INLINE u16x16 mode_lane_factors(u32x8 coverage, uint32_t opacity) {
    u16x16 f = pairs_factor(coverage);
    if (opacity != 255) f = pairs_mul(f, (u16x16){0} + (uint16_t)opacity);
    return f;
}

// The same from their coverage bytes.
TSR_INLINE u16x16 mode_factors(u8x8 coverage, uint32_t opacity) {
    return mode_lane_factors(__builtin_convertvector(coverage, u32x8), opacity);
}

// Eight source pixels `sp` scaled by factors `f`, then composited. Bounded modes leave d where
// every scaled source is 0, which a group of zero sources is.
TSR_INLINE void mode_scaled_group(int32_t mode, uint32_t *dst, u32x8 sp, u16x16 f) {
    if (!bm_is_unbounded(mode) && u32x8_none(sp)) return;
    const mode_pairs s = {(i16x16)pairs_mul(pairs_rb(sp), f), (i16x16)pairs_mul(pairs_ga(sp), f)};
    i32x8 keep = {0};
    if (bm_selects(mode)) keep = pairs_pixels((u16x16)s.rb, (u16x16)s.ga) == 0;
    mode_composite(mode, dst, s, bm_selects(mode), keep);
}

// Eight pixels through their coverage bytes: bounded modes leave d where the coverage is 0.
TSR_INLINE void mode_covered_group(int32_t mode, uint32_t *dst, const uint32_t *src, u8x8 coverage, uint32_t opacity) {
    if (!bm_is_unbounded(mode) && __builtin_reduce_or(coverage) == 0) return;
    mode_scaled_group(mode, dst, TSR_LOAD(u32x8, src), mode_factors(coverage, opacity));
}

// Eight pixels whose factors are all 255: the source as it is.
TSR_INLINE void mode_full_group(int32_t mode, uint32_t *dst, u32x8 sp) {
    if (!bm_is_unbounded(mode) && u32x8_none(sp)) return;
    mode_composite(mode, dst, mode_pairs_of(sp), bm_selects(mode), sp == 0);
}

// MARK: Normal, sixteen pixels at once

// Normal's result (mode_result) for 16 pixels of source `s`, scaled by factors `f` where `scaled`
// (else factor 255: `s` as it is), onto dst: s' + div255(d · (255 − s'.alpha)), saturated. On all
// 16 at once (simd/vectors.h), one instruction per operation at the AVX-512 level. Where the scaled
// source is 0 (coverage 0), this gives d exactly (div255(d · 255) = d): no test per group. With
// `premultiplied` (every colour channel of `s` at most its alpha) no channel passes 255 (over.h's
// over_pairs): no saturation.
TSR_INLINE void normal_pixels16(uint32_t *dst, u32x16 s, int scaled, u16x32 f, int premultiplied) {
    u16x32 rb = pairs32_rb(s), ga = pairs32_ga(s);
    if (scaled) rb = pairs32_mul(rb, f), ga = pairs32_mul(ga, f);
    const u16x32 inverse = 255 - pairs32_alpha(ga), c255 = (u16x32){0} + 255;
    const u32x16 d = TSR_LOAD(u32x16, dst);
    rb = rb + pairs32_mul(pairs32_rb(d), inverse);
    ga = ga + pairs32_mul(pairs32_ga(d), inverse);
    if (!premultiplied) rb = __builtin_elementwise_min(rb, c255), ga = __builtin_elementwise_min(ga, c255);
    TSR_STORE(dst, pairs32_pixels(rb, ga));
}

// mode_factors of 16 pixels, in both lanes of each.
TSR_INLINE u16x32 mode_factors16(u8x16 coverage, uint32_t opacity) {
    const u32x16 c = __builtin_convertvector(coverage, u32x16);
    u16x32 f = (u16x32)(c | (c << 16));
    if (opacity != 255) f = pairs32_mul(f, (u16x32){0} + (uint16_t)opacity);
    return f;
}

// mode_block under normal, the 16 sources in a vector: the same cases, the same bytes.
// `premultiplied` as in normal_pixels16 (scaling by div255 keeps a colour premultiplied: it is
// monotonic).
TSR_INLINE void normal_block(uint32_t *dst, u32x16 s, const uint8_t *coverage, uint32_t opacity, int premultiplied) {
    if (coverage) {
        const u8x16 c = TSR_LOAD(u8x16, coverage);
        if (opacity != 255 || !u8x16_all_ones(c)) {
            if (!u8x16_none(c)) normal_pixels16(dst, s, 1, mode_factors16(c, opacity), premultiplied);
            return;
        }
    }
    if (opacity != 255) {
        normal_pixels16(dst, s, 1, (u16x32){0} + (uint16_t)opacity, premultiplied);
        return;
    }
    // Fully covered: an opaque source is the result (s + div255(d · 0) = s).
    if (__builtin_reduce_or(~s & 0xFF000000u) == 0) TSR_STORE(dst, s);
    else normal_pixels16(dst, s, 0, (u16x32){0}, premultiplied);
}

// 16 pixels from dst on, their sources at src and coverage bytes at `coverage` (NULL: 255).
TSR_INLINE void mode_block(int32_t mode, uint32_t *dst, const uint32_t *src, const uint8_t *coverage,
                           uint32_t opacity) {
    if (mode == TSR_BLEND_NORMAL) {
        normal_block(dst, TSR_LOAD(u32x16, src), coverage, opacity, 0);
        return;
    }
    if (coverage) {
        const u8x16 c = TSR_LOAD(u8x16, coverage);
        if (opacity != 255 || !u8x16_all_ones(c)) {
            if (!bm_is_unbounded(mode) && u8x16_none(c)) return;
            mode_covered_group(mode, dst, src, TSR_LOAD(u8x8, coverage), opacity);
            mode_covered_group(mode, dst + 8, src + 8, TSR_LOAD(u8x8, coverage + 8), opacity);
            return;
        }
    }
    const u32x8 p0 = TSR_LOAD(u32x8, src), p1 = TSR_LOAD(u32x8, src + 8);
    if (opacity != 255) {
        // No coverage, opacity < 255: every factor is div255(255 · opacity) = opacity.
        const u16x16 f = pairs_factor((u32x8){0} + opacity);
        mode_scaled_group(mode, dst, p0, f);
        mode_scaled_group(mode, dst + 8, p1, f);
        return;
    }
    mode_full_group(mode, dst, p0);
    mode_full_group(mode, dst + 8, p1);
}

// MARK: One solid colour

// The colour's pairs, and scaled by factor 255 (coverage 255): `full`, the colour at the opacity
// (m = div255(255 · opacity) = opacity), and as a pixel. A bounded mode gets here only with `full`
// not 0, so that no select is needed for fully covered pixels.
//
// `zeroFactors` tells, from a factor alone, where the scaled colour is 0 (mode_solid_scaled_group):
// div255(v) = ((v + 128) · 257) >> 16 is 0 exactly for v ≤ 127, so every channel c · f is, exactly
// when f ≤ 127 / c_max (floored; every f when the colour is 0). As a bound on factor pairs (f in both
// halves of a 32-bit lane): f · 65537 ≤ bound · 65536 + 65535 exactly when f ≤ bound.
typedef struct {
    mode_pairs color, full;
    uint32_t fullPixel;
    u32x8 zeroFactors;
} mode_solid;

TSR_INLINE mode_solid mode_solid_make(uint32_t color, uint32_t opacity) {
    mode_solid solid;
    solid.color = mode_pairs_of((u32x8){0} + color);
    solid.full = solid.color;
    if (opacity != 255) {
        const i16x16 o = (i16x16){0} + (int16_t)opacity;
        solid.full = (mode_pairs){mode_mul(solid.color.rb, o), mode_mul(solid.color.ga, o)};
    }
    solid.fullPixel = pairs_pixels((u16x16)solid.full.rb, (u16x16)solid.full.ga)[0];
    uint32_t largest = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const uint32_t channel = (color >> shift) & 0xFF;
        largest = channel > largest ? channel : largest;
    }
    solid.zeroFactors = (u32x8){0} + (largest == 0 ? UINT32_MAX : ((127 / largest) << 16) | 0xFFFFu);
    return solid;
}

TSR_INLINE void mode_solid_full_group(int32_t mode, uint32_t *dst, const mode_solid *solid) {
    if (mode == TSR_BLEND_NORMAL && (solid->fullPixel >> 24) == 255) TSR_STORE(dst, (u32x8){0} + solid->fullPixel);
    else mode_composite(mode, dst, solid->full, 0, (i32x8){0});
}

// Eight pixels of the colour scaled by factors `f`: a bounded mode leaves d where the scaled colour
// is 0 (by the select, those pixels told by their factors: mode_solid).
TSR_INLINE void mode_solid_scaled_group(int32_t mode, uint32_t *dst, u16x16 f, const mode_solid *solid) {
    const mode_pairs s = {(i16x16)pairs_mul((u16x16)solid->color.rb, f), (i16x16)pairs_mul((u16x16)solid->color.ga, f)};
    i32x8 keep = {0};
    if (bm_selects(mode)) keep = (i32x8)((u32x8)f <= solid->zeroFactors);
    mode_composite(mode, dst, s, bm_selects(mode), keep);
}

TSR_INLINE void mode_solid_covered_group(int32_t mode, uint32_t *dst, u8x8 coverage, uint32_t opacity,
                                         const mode_solid *solid) {
    if (!bm_is_unbounded(mode) && __builtin_reduce_or(coverage) == 0) return;
    mode_solid_scaled_group(mode, dst, mode_factors(coverage, opacity), solid);
}

// As mode_block, for a solid colour.
TSR_INLINE void mode_solid_block(int32_t mode, uint32_t *dst, const uint8_t *coverage, uint32_t opacity,
                                 const mode_solid *solid) {
    if (coverage) {
        const u8x16 c = TSR_LOAD(u8x16, coverage);
        if (!u8x16_all_ones(c)) {
            if (!bm_is_unbounded(mode) && u8x16_none(c)) return;
            mode_solid_covered_group(mode, dst, TSR_LOAD(u8x8, coverage), opacity, solid);
            mode_solid_covered_group(mode, dst + 8, TSR_LOAD(u8x8, coverage + 8), opacity, solid);
            return;
        }
    }
    mode_solid_full_group(mode, dst, solid);
    mode_solid_full_group(mode, dst + 8, solid);
}
#endif
