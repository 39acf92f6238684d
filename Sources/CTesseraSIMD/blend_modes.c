// Blend modes: tsr_blend_row and its scalar oracle tsr_blend_row_reference (CTesseraPaint.h).
//
// Pixels are premultiplied RGBA8 (R in the lowest byte, alpha in the highest). Per pixel i:
//
// 1. The factor. m = div255(coverage[i] · opacity), coverage[i] = 255 when coverage is NULL,
//    opacity clamped to 255. (One combined factor, as tsr_composite_row forms mask × opacity;
//    opacity 255 gives m = coverage[i] exactly, coverage NULL gives m = opacity.)
// 2. The scaled source. s = div255(src · m), each of the four channels.
// 3. The mode. R = OP(s, d) with d the destination pixel, by the formulas below.
//
// div255(v) = round(v / 255), exact for 0 ≤ v ≤ 255² (no ties: 255 is odd), computed as
// ((v + 128) · 257) >> 16 in the SIMD lanes (blend_sse2.h) and as ((v + 128) + ((v + 128) >> 8)) >> 8
// here, which is the same integer for those v.
//
// Bounded modes (every mode but clear, copy, sourceIn, sourceOut, destinationIn and
// destinationAtop) leave d exactly as it was where s = 0: a pixel with zero coverage, a zero
// opacity or a transparent source pixel is not touched. Both versions state this as a rule (so
// they agree even on invalid destination pixels, where the clamp below would change them) and the
// SIMD version skips the work for groups of four such pixels. The six unbounded modes change d where
// s = 0: clear and copy make it transparent, sourceIn / sourceOut / destinationIn / destinationAtop
// likewise give OP(0, d) = 0.
//
// Arithmetic per mode, per channel c ∈ {r, g, b, a} of s and d (sa, da: the alphas), integers
// 0–255. The SIMD kernel (SSE2 through SIMDe, 16-bit lanes, two pixels per register) and the
// reference (one channel at a time in plain C) evaluate the same expressions:
//
//   normal           R = min(255, s + div255(d·(255 − sa)))            blend_sse2.h's source-over, byte for byte
//   clear            R = 0
//   copy             R = s
//   sourceIn         R = div255(s·da)
//   sourceOut        R = div255(s·(255 − da))
//   sourceAtop       R = div255(s·da) + div255(d·(255 − sa))
//   destinationOver  R = div255(s·(255 − da)) + d
//   destinationIn    R = div255(d·sa)
//   destinationOut   R = div255(d·(255 − sa))
//   destinationAtop  R = div255(s·(255 − da)) + div255(d·sa)
//   xor              R = div255(s·(255 − da)) + div255(d·(255 − sa))
//   plusLighter      R = min(255, s + d)                               (CGBlendMode: R = MIN(1, S + D))
//   plusDarker       Ra = min(255, sa + da), o = sa + da − Ra = max(0, sa + da − 255),
//                    R = max(0, s + d − o)                             (exact; see below)
//   multiply         R = s + d + div255(s·d) − div255(s·da) − div255(d·sa)
//   screen           R = s + d − div255(s·d)
//   darken           R = s + d − max(div255(s·da), div255(d·sa))
//   lighten          R = s + d − min(div255(s·da), div255(d·sa))
//   difference       t = min(div255(s·da), div255(d·sa)); R = s + d − 2t (colour), s + d − t (alpha)
//   exclusion        t = div255(s·d);                     R = s + d − 2t (colour), s + d − t (alpha)
//
// then, for every mode but normal, each colour channel is clamped to [0, R's alpha] so that the
// output is valid premultiplied even where the roundings add up. (normal is left exactly as the
// source-over kernel computes it; with valid premultiplied inputs its output is valid too.)
//
// The W3C modes above are the premultiplied forms of Compositing and Blending Level 1,
//     co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs),  αo = αs + αb − αs·αb:
// multiply B = Cs·Cb gives co = cs·(1 − αb) + cb·(1 − αs) + cs·cb (bench-scenes.md), written as
// s + d + s·d − s·da − d·sa so that its alpha lane is the union alpha sa + da − div255(sa·da) with
// one rounding; screen B = Cs + Cb − Cs·Cb gives cs + cb − cs·cb; darken / lighten
// B = min / max(Cs, Cb) give cs + cb − max / min(cs·αb, cb·αs); difference B = |Cs − Cb| gives
// cs + cb − 2·min(cs·αb, cb·αs); exclusion B = Cs + Cb − 2·Cs·Cb gives cs + cb − 2·cs·cb. In every one
// the alpha lane is exactly the union alpha sa + da − div255(sa·da) = round(αo·255). screen, darken,
// lighten and the union alpha are correctly rounded (one rounding); multiply (three), difference,
// exclusion, sourceAtop, destinationAtop and xor (two) are within ±1 of the exact value.
//
// plusDarker. Apple documents CGBlendMode.plusDarker as R = MAX(0, 1 − ((1 − D) + (1 − S)))
// (developer.apple.com/documentation/coregraphics/cgblendmode/plusdarker), which is only the
// opaque case: the W3C draft's premultiplied transcription is known to be wrong (w3c/fxtf-drafts
// issue 447). The premultiplied form used here adds the two premultiplied colours and takes off the
// amount by which the two alphas overlap:
//     Ra = min(1, Sa + Da),   R = max(0, S + D − (Sa + Da − Ra))  =  max(0, Ra − ((Sa − S) + (Da − D)))
// i.e. Apple's formula applied to the premultiplied "darkness" a − c, which is Apple's formula
// exactly when both are opaque and leaves D unchanged where S is transparent. It is GNUstep's
// libs-back definition (Source/cairo/CairoGState.m, _plusDarkerRect:, "Ra = MIN(1, Sa + Da) and
// Rp = MAX(0, Sp + Dp − MAX(0, Sa + Da − 1))", measured against AppKit over nine alpha
// combinations in gnustep/libs-back pull request 220). In 8 bits it is exact: no rounding.
//
// Float path: overlay, colorDodge, colorBurn, softLight, hardLight (separable) and hue,
// saturation, color, luminosity (non-separable) use one scalar function in both versions, in
// double: cs = s/255, αs = sa/255 (likewise cb, αb), Cs = cs/αs and Cb = cb/αb (0 where the alpha
// is 0; clamped to [0, 1]), B from W3C Compositing and Blending Level 1 (its SetLum, ClipColor,
// SetSat, Sat, Lum with 0.3 / 0.59 / 0.11), co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B,
// R = floor(co·255 + 0.5) clamped to [0, Ra], and Ra = sa + da − div255(sa·da) as for the
// integer W3C modes.
//
// A mode outside 0–27 composites as normal (as Core Animation ignores a compositingFilter it does
// not know).
#include "CTesseraPaint.h"
#include "blend_sse2.h"
#include <math.h>
#include <string.h>

// MARK: Modes

static inline int bm_is_unbounded(int32_t mode) {
    return mode == TSR_BLEND_CLEAR || mode == TSR_BLEND_COPY || mode == TSR_BLEND_SOURCE_IN ||
           mode == TSR_BLEND_SOURCE_OUT || mode == TSR_BLEND_DESTINATION_IN || mode == TSR_BLEND_DESTINATION_ATOP;
}

static inline int bm_is_float(int32_t mode) {
    switch (mode) {
    case TSR_BLEND_OVERLAY: case TSR_BLEND_COLOR_DODGE: case TSR_BLEND_COLOR_BURN: case TSR_BLEND_SOFT_LIGHT:
    case TSR_BLEND_HARD_LIGHT: case TSR_BLEND_HUE: case TSR_BLEND_SATURATION: case TSR_BLEND_COLOR:
    case TSR_BLEND_LUMINOSITY:
        return 1;
    default:
        return 0;
    }
}

static inline int32_t bm_valid_mode(int32_t mode) {
    return (mode >= TSR_BLEND_NORMAL && mode <= TSR_BLEND_PLUS_LIGHTER) ? mode : TSR_BLEND_NORMAL;
}

// MARK: Scalar arithmetic (the reference, and the float path of both versions)

static inline uint32_t bm_div255(uint32_t v) {
    v += 128;
    return (v + (v >> 8)) >> 8;
}

static inline uint32_t bm_min(uint32_t a, uint32_t b) { return a < b ? a : b; }
static inline uint32_t bm_max(uint32_t a, uint32_t b) { return a > b ? a : b; }

// The factor m of pixel i (step 1).
static inline uint32_t bm_factor(const uint8_t *coverage, size_t i, uint32_t opacity) {
    return bm_div255((coverage ? coverage[i] : 255u) * opacity);
}

// The source scaled by m (step 2).
static inline uint32_t bm_scale(uint32_t src, uint32_t m) {
    uint32_t out = 0;
    for (int k = 0; k < 32; k += 8) out |= bm_div255(((src >> k) & 255u) * m) << k;
    return out;
}

// One channel of an integer mode; `alpha` is true for the alpha channel.
static inline uint32_t bm_integer_channel(int32_t mode, uint32_t s, uint32_t d, uint32_t sa, uint32_t da, int alpha) {
    switch (mode) {
    case TSR_BLEND_CLEAR: return 0;
    case TSR_BLEND_COPY: return s;
    case TSR_BLEND_SOURCE_IN: return bm_div255(s * da);
    case TSR_BLEND_SOURCE_OUT: return bm_div255(s * (255 - da));
    case TSR_BLEND_SOURCE_ATOP: return bm_div255(s * da) + bm_div255(d * (255 - sa));
    case TSR_BLEND_DESTINATION_OVER: return bm_div255(s * (255 - da)) + d;
    case TSR_BLEND_DESTINATION_IN: return bm_div255(d * sa);
    case TSR_BLEND_DESTINATION_OUT: return bm_div255(d * (255 - sa));
    case TSR_BLEND_DESTINATION_ATOP: return bm_div255(s * (255 - da)) + bm_div255(d * sa);
    case TSR_BLEND_XOR: return bm_div255(s * (255 - da)) + bm_div255(d * (255 - sa));
    case TSR_BLEND_PLUS_LIGHTER: return bm_min(255, s + d);
    case TSR_BLEND_PLUS_DARKER: {
        uint32_t over = sa + da > 255 ? sa + da - 255 : 0;
        return s + d > over ? s + d - over : 0;
    }
    case TSR_BLEND_MULTIPLY: return s + d + bm_div255(s * d) - bm_div255(s * da) - bm_div255(d * sa);
    case TSR_BLEND_SCREEN: return s + d - bm_div255(s * d);
    case TSR_BLEND_DARKEN: return s + d - bm_max(bm_div255(s * da), bm_div255(d * sa));
    case TSR_BLEND_LIGHTEN: return s + d - bm_min(bm_div255(s * da), bm_div255(d * sa));
    case TSR_BLEND_DIFFERENCE: {
        uint32_t t = bm_min(bm_div255(s * da), bm_div255(d * sa));
        return s + d - (alpha ? t : 2 * t);
    }
    case TSR_BLEND_EXCLUSION: {
        uint32_t t = bm_div255(s * d);
        return s + d - (alpha ? t : 2 * t);
    }
    default: /* normal */ return bm_min(255, s + bm_div255(d * (255 - sa)));
    }
}

static uint32_t bm_integer_pixel(int32_t mode, uint32_t s, uint32_t d) {
    uint32_t sa = s >> 24, da = d >> 24;
    uint32_t ra = bm_min(255, bm_integer_channel(mode, sa, da, sa, da, 1));
    uint32_t out = ra << 24;
    for (int k = 0; k < 24; k += 8) {
        uint32_t r = bm_integer_channel(mode, (s >> k) & 255u, (d >> k) & 255u, sa, da, 0);
        r = mode == TSR_BLEND_NORMAL ? bm_min(255, r) : bm_min(ra, r);
        out |= r << k;
    }
    return out;
}

// W3C Compositing and Blending Level 1, separable B(Cb, Cs).
static inline double bm_hard_light(double cb, double cs) {
    if (cs <= 0.5) return cb * 2.0 * cs;                 // Multiply(Cb, 2·Cs)
    double t = 2.0 * cs - 1.0;
    return cb + t - cb * t;                              // Screen(Cb, 2·Cs − 1)
}

static inline double bm_separable(int32_t mode, double cb, double cs) {
    switch (mode) {
    case TSR_BLEND_OVERLAY: return bm_hard_light(cs, cb);
    case TSR_BLEND_COLOR_DODGE:
        if (cb == 0.0) return 0.0;
        if (cs >= 1.0) return 1.0;
        return fmin(1.0, cb / (1.0 - cs));
    case TSR_BLEND_COLOR_BURN:
        if (cb >= 1.0) return 1.0;
        if (cs == 0.0) return 0.0;
        return 1.0 - fmin(1.0, (1.0 - cb) / cs);
    case TSR_BLEND_SOFT_LIGHT: {
        if (cs <= 0.5) return cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb);
        double dcb = cb <= 0.25 ? ((16.0 * cb - 12.0) * cb + 4.0) * cb : sqrt(cb);
        return cb + (2.0 * cs - 1.0) * (dcb - cb);
    }
    default: /* hard light */ return bm_hard_light(cb, cs);
    }
}

static inline double bm_lum(const double c[3]) { return 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]; }

static inline void bm_clip_color(double c[3]) {
    double l = bm_lum(c);
    double n = fmin(c[0], fmin(c[1], c[2]));
    double x = fmax(c[0], fmax(c[1], c[2]));
    if (n < 0.0) {
        for (int k = 0; k < 3; k++) c[k] = l + (c[k] - l) * l / (l - n);
    }
    if (x > 1.0) {
        for (int k = 0; k < 3; k++) c[k] = l + (c[k] - l) * (1.0 - l) / (x - l);
    }
}

static inline void bm_set_lum(double c[3], double l) {
    double d = l - bm_lum(c);
    for (int k = 0; k < 3; k++) c[k] += d;
    bm_clip_color(c);
}

static inline double bm_sat(const double c[3]) {
    return fmax(c[0], fmax(c[1], c[2])) - fmin(c[0], fmin(c[1], c[2]));
}

// SetSat: the largest component becomes s, the smallest 0, the middle one in proportion.
static inline void bm_set_sat(double c[3], double s) {
    int mx = 0, mn = 0;
    for (int k = 1; k < 3; k++) {
        if (c[k] > c[mx]) mx = k;
        if (c[k] < c[mn]) mn = k;
    }
    if (mx == mn) { c[0] = c[1] = c[2] = 0.0; return; }
    int mid = 3 - mx - mn;
    if (c[mx] > c[mn]) {
        c[mid] = (c[mid] - c[mn]) * s / (c[mx] - c[mn]);
        c[mx] = s;
    } else {
        c[mid] = c[mx] = 0.0;
    }
    c[mn] = 0.0;
}

static uint32_t bm_float_pixel(int32_t mode, uint32_t s, uint32_t d) {
    uint32_t sa = s >> 24, da = d >> 24;
    uint32_t ra = sa + da - bm_div255(sa * da);
    double as = sa / 255.0, ab = da / 255.0;
    double cs[3], cb[3], Cs[3], Cb[3], B[3];
    for (int k = 0; k < 3; k++) {
        cs[k] = ((s >> (8 * k)) & 255u) / 255.0;
        cb[k] = ((d >> (8 * k)) & 255u) / 255.0;
        Cs[k] = sa ? fmin(1.0, cs[k] / as) : 0.0;
        Cb[k] = da ? fmin(1.0, cb[k] / ab) : 0.0;
    }
    switch (mode) {
    case TSR_BLEND_HUE:
        for (int k = 0; k < 3; k++) B[k] = Cs[k];
        bm_set_sat(B, bm_sat(Cb));
        bm_set_lum(B, bm_lum(Cb));
        break;
    case TSR_BLEND_SATURATION:
        for (int k = 0; k < 3; k++) B[k] = Cb[k];
        bm_set_sat(B, bm_sat(Cs));
        bm_set_lum(B, bm_lum(Cb));
        break;
    case TSR_BLEND_COLOR:
        for (int k = 0; k < 3; k++) B[k] = Cs[k];
        bm_set_lum(B, bm_lum(Cb));
        break;
    case TSR_BLEND_LUMINOSITY:
        for (int k = 0; k < 3; k++) B[k] = Cb[k];
        bm_set_lum(B, bm_lum(Cs));
        break;
    default:
        for (int k = 0; k < 3; k++) B[k] = bm_separable(mode, Cb[k], Cs[k]);
        break;
    }
    uint32_t out = ra << 24;
    for (int k = 0; k < 3; k++) {
        double co = cs[k] * (1.0 - ab) + cb[k] * (1.0 - as) + as * ab * B[k];
        double v = floor(co * 255.0 + 0.5);
        uint32_t r = !(v > 0.0) ? 0u : (v >= (double)ra ? ra : (uint32_t)v);   // NaN-safe
        out |= r << (8 * k);
    }
    return out;
}

void tsr_blend_row_reference(uint32_t *dst, const uint32_t *src, const uint8_t *coverage, size_t count,
                             uint32_t opacity, int32_t mode) {
    mode = bm_valid_mode(mode);
    if (opacity > 255) opacity = 255;
    int bounded = !bm_is_unbounded(mode);
    int useFloat = bm_is_float(mode);
    for (size_t i = 0; i < count; i++) {
        uint32_t s = bm_scale(src[i], bm_factor(coverage, i, opacity));
        if (bounded && s == 0) continue;   // R = d exactly
        dst[i] = useFloat ? bm_float_pixel(mode, s, dst[i]) : bm_integer_pixel(mode, s, dst[i]);
    }
}

// MARK: SSE2 (SIMDe), 16-bit lanes: [r g b a r g b a] for two pixels

#define BM_INLINE static inline __attribute__((always_inline))

// −1 in the colour lanes, 0 in the alpha lanes.
BM_INLINE simde__m128i bm_colour_lanes(void) { return simde_mm_set_epi16(0, -1, -1, -1, 0, -1, -1, -1); }

BM_INLINE simde__m128i bm_mul_div255(simde__m128i a, simde__m128i b) {
    return tsr_div255_epu16(simde_mm_mullo_epi16(a, b));
}

// R = OP(s, d) for two pixels, before the clamp to alpha; `mode` is a constant where this is inlined.
BM_INLINE simde__m128i bm_op_2px(int32_t mode, simde__m128i s, simde__m128i d) {
    const simde__m128i c255 = simde_mm_set1_epi16(255);
    simde__m128i sa = tsr_alpha_lanes(s), da = tsr_alpha_lanes(d);
    switch (mode) {
    case TSR_BLEND_CLEAR: return simde_mm_setzero_si128();
    case TSR_BLEND_COPY: return s;
    case TSR_BLEND_SOURCE_IN: return bm_mul_div255(s, da);
    case TSR_BLEND_SOURCE_OUT: return bm_mul_div255(s, simde_mm_sub_epi16(c255, da));
    case TSR_BLEND_SOURCE_ATOP:
        return simde_mm_add_epi16(bm_mul_div255(s, da), bm_mul_div255(d, simde_mm_sub_epi16(c255, sa)));
    case TSR_BLEND_DESTINATION_OVER: return simde_mm_add_epi16(bm_mul_div255(s, simde_mm_sub_epi16(c255, da)), d);
    case TSR_BLEND_DESTINATION_IN: return bm_mul_div255(d, sa);
    case TSR_BLEND_DESTINATION_OUT: return bm_mul_div255(d, simde_mm_sub_epi16(c255, sa));
    case TSR_BLEND_DESTINATION_ATOP:
        return simde_mm_add_epi16(bm_mul_div255(s, simde_mm_sub_epi16(c255, da)), bm_mul_div255(d, sa));
    case TSR_BLEND_XOR:
        return simde_mm_add_epi16(bm_mul_div255(s, simde_mm_sub_epi16(c255, da)),
                                  bm_mul_div255(d, simde_mm_sub_epi16(c255, sa)));
    case TSR_BLEND_PLUS_LIGHTER: return simde_mm_min_epi16(simde_mm_add_epi16(s, d), c255);
    case TSR_BLEND_PLUS_DARKER: {
        simde__m128i sum = simde_mm_add_epi16(s, d);
        simde__m128i over = simde_mm_subs_epu16(tsr_alpha_lanes(sum), c255);   // max(0, sa + da − 255)
        return simde_mm_subs_epu16(sum, over);                                  // max(0, s + d − over)
    }
    case TSR_BLEND_MULTIPLY: {
        simde__m128i plus = simde_mm_add_epi16(simde_mm_add_epi16(s, d), bm_mul_div255(s, d));
        return simde_mm_sub_epi16(simde_mm_sub_epi16(plus, bm_mul_div255(s, da)), bm_mul_div255(d, sa));
    }
    case TSR_BLEND_SCREEN: return simde_mm_sub_epi16(simde_mm_add_epi16(s, d), bm_mul_div255(s, d));
    case TSR_BLEND_DARKEN:
        return simde_mm_sub_epi16(simde_mm_add_epi16(s, d),
                                  simde_mm_max_epi16(bm_mul_div255(s, da), bm_mul_div255(d, sa)));
    case TSR_BLEND_LIGHTEN:
        return simde_mm_sub_epi16(simde_mm_add_epi16(s, d),
                                  simde_mm_min_epi16(bm_mul_div255(s, da), bm_mul_div255(d, sa)));
    case TSR_BLEND_DIFFERENCE: {
        simde__m128i t = simde_mm_min_epi16(bm_mul_div255(s, da), bm_mul_div255(d, sa));
        simde__m128i r = simde_mm_sub_epi16(simde_mm_add_epi16(s, d), t);
        return simde_mm_sub_epi16(r, simde_mm_and_si128(t, bm_colour_lanes()));
    }
    case TSR_BLEND_EXCLUSION: {
        simde__m128i t = bm_mul_div255(s, d);
        simde__m128i r = simde_mm_sub_epi16(simde_mm_add_epi16(s, d), t);
        return simde_mm_sub_epi16(r, simde_mm_and_si128(t, bm_colour_lanes()));
    }
    default: /* normal */ return tsr_over_2px(d, s);
    }
}

BM_INLINE simde__m128i bm_result_2px(int32_t mode, simde__m128i s, simde__m128i d) {
    simde__m128i r = bm_op_2px(mode, s, d);
    if (mode == TSR_BLEND_NORMAL || mode == TSR_BLEND_CLEAR) return r;
    // Colour ≤ alpha; alpha ≤ 255 (only plusLighter and plusDarker, clamped already, could pass it).
    return simde_mm_min_epi16(r, tsr_alpha_lanes(r));
}

// Four pixels: src scaled by the factors (16-bit lanes 0–3 of factor16), composited onto dst.
// `scaled` is false when every factor is 255 (the source is used as it is).
BM_INLINE void bm_blend_4px(int32_t mode, uint32_t *dst, const uint32_t *src, simde__m128i factor16, int scaled) {
    const simde__m128i zero = simde_mm_setzero_si128();
    simde__m128i sp = simde_mm_loadu_si128((const simde__m128i *)src);
    simde__m128i s01 = simde_mm_unpacklo_epi8(sp, zero), s23 = simde_mm_unpackhi_epi8(sp, zero);
    if (scaled) {
        // [m0 m1 m2 m3 …] → [m0 m0 m1 m1 m2 m2 m3 m3] → [m0×4 m1×4] and [m2×4 m3×4]
        simde__m128i pairs = simde_mm_unpacklo_epi16(factor16, factor16);
        s01 = bm_mul_div255(s01, simde_mm_unpacklo_epi32(pairs, pairs));
        s23 = bm_mul_div255(s23, simde_mm_unpackhi_epi32(pairs, pairs));
    }
    simde__m128i dp = simde_mm_loadu_si128((const simde__m128i *)dst);
    simde__m128i out = simde_mm_packus_epi16(bm_result_2px(mode, s01, simde_mm_unpacklo_epi8(dp, zero)),
                                             bm_result_2px(mode, s23, simde_mm_unpackhi_epi8(dp, zero)));
    if (mode != TSR_BLEND_NORMAL && !bm_is_unbounded(mode)) {
        // Bounded modes keep d where the scaled source is 0 (normal computes exactly d there).
        simde__m128i keep = simde_mm_cmpeq_epi32(simde_mm_packus_epi16(s01, s23), zero);
        out = simde_mm_or_si128(simde_mm_and_si128(keep, dp), simde_mm_andnot_si128(keep, out));
    }
    simde_mm_storeu_si128((simde__m128i *)dst, out);
}

// The factors of four pixels from four coverage bytes (NULL: 255) in 16-bit lanes 0–3.
BM_INLINE simde__m128i bm_factors(const uint8_t *coverage, uint32_t opacity) {
    simde__m128i f;
    if (coverage) {
        uint32_t four;
        memcpy(&four, coverage, 4);
        f = simde_mm_unpacklo_epi8(simde_mm_cvtsi32_si128((int32_t)four), simde_mm_setzero_si128());
        if (opacity != 255) f = bm_mul_div255(f, simde_mm_set1_epi16((int16_t)opacity));
    } else {
        f = simde_mm_set1_epi16((int16_t)opacity);
    }
    return f;
}

BM_INLINE void bm_row_sse2(int32_t mode, uint32_t *dst, const uint32_t *src, const uint8_t *coverage, size_t count,
                           uint32_t opacity) {
    const int bounded = !bm_is_unbounded(mode);
    const int scaled = coverage != NULL || opacity != 255;
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        if (bounded) {
            // Groups whose scaled source is 0 throughout stay as they are.
            if (coverage) {
                uint32_t four;
                memcpy(&four, coverage + i, 4);
                if (four == 0) continue;
            }
            if ((src[i] | src[i + 1] | src[i + 2] | src[i + 3]) == 0) continue;
        }
        bm_blend_4px(mode, dst + i, src + i, bm_factors(coverage ? coverage + i : NULL, opacity), scaled);
    }
    if (i < count) {
        // The last one to three pixels through scratch copies, so nothing past the row is touched.
        size_t n = count - i;
        uint32_t d[4] = {0, 0, 0, 0}, s[4] = {0, 0, 0, 0};
        uint8_t c[4] = {0, 0, 0, 0};
        for (size_t k = 0; k < n; k++) {
            d[k] = dst[i + k];
            s[k] = src[i + k];
            if (coverage) c[k] = coverage[i + k];
        }
        bm_blend_4px(mode, d, s, bm_factors(coverage ? c : NULL, opacity), scaled);
        for (size_t k = 0; k < n; k++) dst[i + k] = d[k];
    }
}

void tsr_blend_row(uint32_t *dst, const uint32_t *src, const uint8_t *coverage, size_t count, uint32_t opacity,
                   int32_t mode) {
    mode = bm_valid_mode(mode);
    if (opacity > 255) opacity = 255;
    if (count == 0) return;
    if (bm_is_float(mode)) {
        tsr_blend_row_reference(dst, src, coverage, count, opacity, mode);   // one scalar path for both
        return;
    }
    if (opacity == 0 && !bm_is_unbounded(mode)) return;
    switch (mode) {
#define BM_CASE(m) case m: bm_row_sse2(m, dst, src, coverage, count, opacity); break;
    BM_CASE(TSR_BLEND_MULTIPLY)
    BM_CASE(TSR_BLEND_SCREEN)
    BM_CASE(TSR_BLEND_DARKEN)
    BM_CASE(TSR_BLEND_LIGHTEN)
    BM_CASE(TSR_BLEND_DIFFERENCE)
    BM_CASE(TSR_BLEND_EXCLUSION)
    BM_CASE(TSR_BLEND_CLEAR)
    BM_CASE(TSR_BLEND_COPY)
    BM_CASE(TSR_BLEND_SOURCE_IN)
    BM_CASE(TSR_BLEND_SOURCE_OUT)
    BM_CASE(TSR_BLEND_SOURCE_ATOP)
    BM_CASE(TSR_BLEND_DESTINATION_OVER)
    BM_CASE(TSR_BLEND_DESTINATION_IN)
    BM_CASE(TSR_BLEND_DESTINATION_OUT)
    BM_CASE(TSR_BLEND_DESTINATION_ATOP)
    BM_CASE(TSR_BLEND_XOR)
    BM_CASE(TSR_BLEND_PLUS_DARKER)
    BM_CASE(TSR_BLEND_PLUS_LIGHTER)
    default: BM_CASE(TSR_BLEND_NORMAL)
#undef BM_CASE
    }
}
