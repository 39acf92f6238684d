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
// SIMD versions skip the work for groups of such pixels. The six unbounded modes change d where
// s = 0: clear and copy make it transparent, sourceIn / sourceOut / destinationIn / destinationAtop
// likewise give OP(0, d) = 0.
//
// Arithmetic per mode, per channel c ∈ {r, g, b, a} of s and d (sa, da: the alphas), integers
// 0–255. The SIMD kernels (SSE2 through SIMDe, 16-bit lanes, two pixels per register; AVX2, four
// per register, chosen at run time) and the reference (one channel at a time in plain C) evaluate
// the same expressions:
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
// Float path: overlay, colorDodge, colorBurn, softLight, hardLight (separable), hue,
// saturation, color, luminosity (non-separable) and Core Image's modes below use one scalar
// function in both versions, in double: cs = s/255, αs = sa/255 (likewise cb, αb), Cs = cs/αs and
// Cb = cb/αb (0 where the alpha is 0; clamped to [0, 1]), B from W3C Compositing and Blending Level 1 (its SetLum, ClipColor,
// SetSat, Sat, Lum with 0.3 / 0.59 / 0.11), co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B,
// R = floor(co·255 + 0.5) clamped to [0, Ra], and Ra = sa + da − div255(sa·da) as for the
// integer W3C modes.
//
// Core Image's blend modes (28–37), which Core Animation takes as compositing filters
// (`linearBurnBlendMode`, …) and CGBlendMode lacks, take the float path too, with B as below. Apple
// defines them in Core Image's filter descriptions (CIFilter's localizedDescription for
// CILinearBurnBlendMode, CILinearDodgeBlendMode, CIPinLightBlendMode, CISubtractBlendMode,
// CIDivideBlendMode; the CIFilter reference pages for CILinearLightBlendMode and
// CIVividLightBlendMode): each "unpremultiplies the source and background image sample colors",
// combines them into B, "and then blends the result with the background according to the PDF basic
// compositing formula", the co above. Apple gives words, not equations; the equations are the
// standard ones those words describe (Photoshop's modes of the same names, as Direct2D's blend
// effect and Krita define them), clamped to [0, 1] for 8-bit output:
//
//   linearBurn    B = max(0, Cs + Cb − 1)      "inverts the unpremultiplied source and background
//                                               sample color, inverts the sum": 1 − ((1 − Cs) + (1 − Cb));
//                                               white source: no change
//   linearDodge   B = min(1, Cs + Cb)          "adds them"; black source: no change
//   linearLight   B = clamp(Cb + 2·Cs − 1)     "a combination of linear burn and linear dodge": linear
//                                               burn with 2·Cs below ½, linear dodge with 2·Cs − 1 above,
//                                               which is one expression; ½ grey: no change
//   pinLight      B = min(Cb, 2·Cs) if Cs ≤ ½, else max(Cb, 2·Cs − 1)   "combines them according to the
//                                               relative difference": darken with 2·Cs, lighten with 2·Cs − 1
//   vividLight    B = colorBurn(Cb, 2·Cs) if Cs ≤ ½, else colorDodge(Cb, 2·Cs − 1)   "combines the
//                                               color-dodge and color-burn blend modes (rescaled so that
//                                               neutral colors become middle gray)"; W3C's burn and dodge
//   hardMix       B = 1 if Cs + Cb ≥ 1, else 0   vivid light thresholded at ½, which is this inequality
//                                               (burn: 1 − (1 − Cb)/(2·Cs) ≥ ½ ⇔ Cs + Cb ≥ 1; dodge likewise);
//                                               compared with a margin of 1e-12 so that levels summing to
//                                               255 count as 1 whatever the rounding of the division by alpha
//   subtract      B = max(0, Cb − Cs)          "subtracts the source from the background"
//   divide        B = min(1, Cb / Cs); Cs = 0: 1 where Cb > 0, else 0   "divides the background image color
//                                               values by the color values of the input image"
//   darkerColor   B = Cs if Lum(Cs) < Lum(Cb), else Cb   the whole colour of lower luminosity (W3C's Lum,
//   lighterColor  B = Cs if Lum(Cs) > Lum(Cb), else Cb   as hue … luminosity use; Photoshop compares the
//                                               channel sums instead); a tie keeps the backdrop
//
// Every one leaves d exactly as it is where s = 0 (co = cb when αs = 0): all are bounded.
//
// A mode outside 0–37 composites as normal (as Core Animation ignores a compositingFilter it does
// not know).
//
// Shortcuts of the SIMD versions, each giving the bytes of the full computation: rows go by blocks
// of 16 pixels classified by their coverage (one branch per block): fully covered at opacity 255
// (the factor is 255 and div255(s · 255) = s: the source is not scaled; normal with 16 opaque
// sources is a plain store, s + div255(d · 0) = s), empty (bounded modes skip it), or mixed (each
// group of four or eight scaled). A solid colour (tsr_blend_solid_row) is scaled once per row for
// the fully covered blocks.
#include "CTesseraPaint.h"
#include "CTesseraSIMD.h"
#include "blend_sse2.h"
#include <math.h>
#include <string.h>

#include "blend_mode_kinds.h"

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

static inline double bm_color_dodge(double cb, double cs) {
    if (cb == 0.0) return 0.0;
    if (cs >= 1.0) return 1.0;
    return fmin(1.0, cb / (1.0 - cs));
}

static inline double bm_color_burn(double cb, double cs) {
    if (cb >= 1.0) return 1.0;
    if (cs == 0.0) return 0.0;
    return 1.0 - fmin(1.0, (1.0 - cb) / cs);
}

static inline double bm_separable(int32_t mode, double cb, double cs) {
    switch (mode) {
    case TSR_BLEND_OVERLAY: return bm_hard_light(cs, cb);
    case TSR_BLEND_COLOR_DODGE: return bm_color_dodge(cb, cs);
    case TSR_BLEND_COLOR_BURN: return bm_color_burn(cb, cs);
    case TSR_BLEND_SOFT_LIGHT: {
        if (cs <= 0.5) return cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb);
        double dcb = cb <= 0.25 ? ((16.0 * cb - 12.0) * cb + 4.0) * cb : sqrt(cb);
        return cb + (2.0 * cs - 1.0) * (dcb - cb);
    }
    // Core Image's modes (the table above).
    case TSR_BLEND_LINEAR_BURN: return fmax(0.0, cs + cb - 1.0);
    case TSR_BLEND_LINEAR_DODGE: return fmin(1.0, cs + cb);
    case TSR_BLEND_LINEAR_LIGHT: return fmin(1.0, fmax(0.0, cb + 2.0 * cs - 1.0));
    case TSR_BLEND_PIN_LIGHT: return cs <= 0.5 ? fmin(cb, 2.0 * cs) : fmax(cb, 2.0 * cs - 1.0);
    case TSR_BLEND_VIVID_LIGHT: return cs <= 0.5 ? bm_color_burn(cb, 2.0 * cs) : bm_color_dodge(cb, 2.0 * cs - 1.0);
    case TSR_BLEND_HARD_MIX: return cs + cb >= 1.0 - 1e-12 ? 1.0 : 0.0;
    case TSR_BLEND_SUBTRACT: return fmax(0.0, cb - cs);
    case TSR_BLEND_DIVIDE:
        if (cs > 0.0) return fmin(1.0, cb / cs);
        return cb > 0.0 ? 1.0 : 0.0;
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
    case TSR_BLEND_DARKER_COLOR: {
        const double *pick = bm_lum(Cs) < bm_lum(Cb) ? Cs : Cb;
        for (int k = 0; k < 3; k++) B[k] = pick[k];
        break;
    }
    case TSR_BLEND_LIGHTER_COLOR: {
        const double *pick = bm_lum(Cs) > bm_lum(Cb) ? Cs : Cb;
        for (int k = 0; k < 3; k++) B[k] = pick[k];
        break;
    }
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

// Forced inlining makes a copy of the kernel per mode with the mode a constant. Only in optimised
// builds: unoptimised (swift test's debug build) it would give each dispatching function a stack
// frame of megabytes, more than a test thread has, as nothing is folded away.
#ifdef __OPTIMIZE__
#define BM_INLINE static inline __attribute__((always_inline))
#else
#define BM_INLINE static inline
#endif

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


// Four pixels of scaled source (16-bit lanes: s01 pixels 0 and 1, s23 pixels 2 and 3) composited
// onto dst. With `select`, the pixels whose 32-bit lane of `keep` is set (a scaled source of 0)
// keep d exactly.
BM_INLINE void bm_composite_4px(int32_t mode, uint32_t *dst, simde__m128i s01, simde__m128i s23, int select,
                                simde__m128i keep) {
    const simde__m128i zero = simde_mm_setzero_si128();
    simde__m128i dp = simde_mm_loadu_si128((const simde__m128i *)dst);
    simde__m128i out = simde_mm_packus_epi16(bm_result_2px(mode, s01, simde_mm_unpacklo_epi8(dp, zero)),
                                             bm_result_2px(mode, s23, simde_mm_unpackhi_epi8(dp, zero)));
    if (select) out = simde_mm_or_si128(simde_mm_and_si128(keep, dp), simde_mm_andnot_si128(keep, out));
    simde_mm_storeu_si128((simde__m128i *)dst, out);
}

// The factors of four pixels from their four coverage bytes (`four`, pixel 0 in the low byte) in
// 16-bit lanes 0–3.
BM_INLINE simde__m128i bm_factors(uint32_t four, uint32_t opacity) {
    simde__m128i f = simde_mm_unpacklo_epi8(simde_mm_cvtsi32_si128((int32_t)four), simde_mm_setzero_si128());
    if (opacity != 255) f = bm_mul_div255(f, simde_mm_set1_epi16((int16_t)opacity));
    return f;
}

// [m0 m1 m2 m3 …] (16-bit lanes) → [m0×4 m1×4] (*lo) and [m2×4 m3×4] (*hi), the factors of the
// channel lanes of pixels 0 and 1, 2 and 3.
BM_INLINE void bm_spread_factors(simde__m128i factor16, simde__m128i *lo, simde__m128i *hi) {
    simde__m128i pairs = simde_mm_unpacklo_epi16(factor16, factor16);
    *lo = simde_mm_unpacklo_epi32(pairs, pairs);
    *hi = simde_mm_unpackhi_epi32(pairs, pairs);
}

// True when all four pixels of `p` have alpha 255.
BM_INLINE int bm_opaque_4px(simde__m128i p) {
    simde__m128i ones = simde_mm_cmpeq_epi32(p, p);
    return (simde_mm_movemask_epi8(simde_mm_cmpeq_epi8(p, ones)) & 0x8888) == 0x8888;
}

// Four pixels with factors `factor16` (16-bit lanes 0–3): the source scaled, then composited.
// Bounded modes leave d where every scaled source is 0, which a group of zero sources is.
BM_INLINE void bm_scaled_group(int32_t mode, uint32_t *dst, simde__m128i sp, simde__m128i factor16) {
    const simde__m128i zero = simde_mm_setzero_si128();
    if (!bm_is_unbounded(mode) && simde_mm_movemask_epi8(simde_mm_cmpeq_epi32(sp, zero)) == 0xFFFF) return;
    simde__m128i m01, m23;
    bm_spread_factors(factor16, &m01, &m23);
    simde__m128i s01 = bm_mul_div255(simde_mm_unpacklo_epi8(sp, zero), m01);
    simde__m128i s23 = bm_mul_div255(simde_mm_unpackhi_epi8(sp, zero), m23);
    simde__m128i keep = zero;
    if (bm_selects(mode)) keep = simde_mm_cmpeq_epi32(simde_mm_packus_epi16(s01, s23), zero);
    bm_composite_4px(mode, dst, s01, s23, bm_selects(mode), keep);
}

// Four pixels through coverage bytes `four` (pixel 0 in the low byte): bounded modes leave d where
// the coverage is 0.
BM_INLINE void bm_covered_group(int32_t mode, uint32_t *dst, const uint32_t *src, uint32_t four, uint32_t opacity) {
    if (!bm_is_unbounded(mode) && four == 0) return;
    bm_scaled_group(mode, dst, simde_mm_loadu_si128((const simde__m128i *)src), bm_factors(four, opacity));
}

// Four pixels whose factors are all 255: the source as it is (div255(s · 255) = s).
BM_INLINE void bm_full_group(int32_t mode, uint32_t *dst, simde__m128i sp) {
    const simde__m128i zero = simde_mm_setzero_si128();
    simde__m128i zeroSources = simde_mm_cmpeq_epi32(sp, zero);
    if (!bm_is_unbounded(mode) && simde_mm_movemask_epi8(zeroSources) == 0xFFFF) return;
    bm_composite_4px(mode, dst, simde_mm_unpacklo_epi8(sp, zero), simde_mm_unpackhi_epi8(sp, zero), bm_selects(mode),
                     zeroSources);
}

// 16 pixels whose factors are all 255. Normal onto any d gives an opaque source exactly
// (s + div255(d · 0) = s): where all 16 are opaque, a plain store.
BM_INLINE void bm_full_block(int32_t mode, uint32_t *dst, const uint32_t *src) {
    simde__m128i p0 = simde_mm_loadu_si128((const simde__m128i *)src);
    simde__m128i p1 = simde_mm_loadu_si128((const simde__m128i *)(src + 4));
    simde__m128i p2 = simde_mm_loadu_si128((const simde__m128i *)(src + 8));
    simde__m128i p3 = simde_mm_loadu_si128((const simde__m128i *)(src + 12));
    if (mode == TSR_BLEND_NORMAL &&
        bm_opaque_4px(simde_mm_and_si128(simde_mm_and_si128(p0, p1), simde_mm_and_si128(p2, p3)))) {
        simde_mm_storeu_si128((simde__m128i *)dst, p0);
        simde_mm_storeu_si128((simde__m128i *)(dst + 4), p1);
        simde_mm_storeu_si128((simde__m128i *)(dst + 8), p2);
        simde_mm_storeu_si128((simde__m128i *)(dst + 12), p3);
        return;
    }
    bm_full_group(mode, dst, p0);
    bm_full_group(mode, dst + 4, p1);
    bm_full_group(mode, dst + 8, p2);
    bm_full_group(mode, dst + 12, p3);
}

// Whether 16 coverage bytes are all 255, all 0.
BM_INLINE int bm_all_full(simde__m128i c) {
    return simde_mm_movemask_epi8(simde_mm_cmpeq_epi8(c, simde_mm_cmpeq_epi8(c, c))) == 0xFFFF;
}
BM_INLINE int bm_all_empty(simde__m128i c) {
    return simde_mm_movemask_epi8(simde_mm_cmpeq_epi8(c, simde_mm_setzero_si128())) == 0xFFFF;
}

// 16 pixels from dst on. With coverage, a block is fully covered (factors 255 with opacity 255),
// empty (left as it is by the bounded modes), or mixed, each group of a mixed block scaled. One
// branch per block rather than per group: coverage follows the shape's outline, and a branch per
// group would be mispredicted at each change.
BM_INLINE void bm_block(int32_t mode, uint32_t *dst, const uint32_t *src, const uint8_t *coverage, uint32_t opacity) {
    if (!coverage) {
        if (opacity == 255) {
            bm_full_block(mode, dst, src);
        } else {
#pragma clang loop unroll(full)
            for (size_t k = 0; k < 16; k += 4) {
                bm_scaled_group(mode, dst + k, simde_mm_loadu_si128((const simde__m128i *)(src + k)),
                                simde_mm_set1_epi16((int16_t)opacity));
            }
        }
        return;
    }
    simde__m128i c = simde_mm_loadu_si128((const simde__m128i *)coverage);
    if (opacity == 255 && bm_all_full(c)) {
        bm_full_block(mode, dst, src);
        return;
    }
    if (!bm_is_unbounded(mode) && bm_all_empty(c)) return;
#pragma clang loop unroll(full)
    for (size_t k = 0; k < 16; k += 4) {
        uint32_t four;
        memcpy(&four, coverage + k, 4);
        bm_covered_group(mode, dst + k, src + k, four, opacity);
    }
}

// A row: blocks of 16 pixels, the last one overlapping the one before it where the count is not a
// multiple of 16. That one is blended from a copy of the destination taken first: every pixel's
// result depends only on its own destination, source and coverage, so the pixels blended twice get
// the same bytes twice (unless the source is the destination: then, and for rows under 16 pixels,
// the row goes by groups of four, the last one to three pixels through scratch copies, so nothing
// past the row is touched).
BM_INLINE void bm_row_sse2(int32_t mode, uint32_t *dst, const uint32_t *src, const uint8_t *coverage, size_t count,
                           uint32_t opacity) {
    const uintptr_t dstAt = (uintptr_t)dst, srcAt = (uintptr_t)src, bytes = count * sizeof(uint32_t);
    if (count >= 16 && (dstAt >= srcAt + bytes || srcAt >= dstAt + bytes)) {
        uint32_t last[16];
        memcpy(last, dst + count - 16, sizeof last);
        size_t i = 0;
        if (coverage) {
            for (; i + 16 <= count; i += 16) bm_block(mode, dst + i, src + i, coverage + i, opacity);
        } else {
            for (; i + 16 <= count; i += 16) bm_block(mode, dst + i, src + i, NULL, opacity);
        }
        if (i < count) {
            bm_block(mode, last, src + count - 16, coverage ? coverage + count - 16 : NULL, opacity);
            memcpy(dst + count - 16, last, sizeof last);
        }
        return;
    }
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        uint32_t four = 0xFFFFFFFFu;
        if (coverage) memcpy(&four, coverage + i, 4);
        bm_covered_group(mode, dst + i, src + i, four, opacity);
    }
    if (i < count) {
        // The padding (source 0, coverage 0) changes only the padding.
        size_t n = count - i;
        uint32_t d[4] = {0, 0, 0, 0}, s[4] = {0, 0, 0, 0};
        uint8_t c[4] = {255, 255, 255, 255};
        for (size_t k = 0; k < n; k++) {
            d[k] = dst[i + k];
            s[k] = src[i + k];
        }
        if (coverage) {
            for (size_t k = 0; k < 4; k++) c[k] = k < n ? coverage[i + k] : 0;
        }
        uint32_t four;
        memcpy(&four, c, 4);
        bm_covered_group(mode, d, s, four, opacity);
        for (size_t k = 0; k < n; k++) dst[i + k] = d[k];
    }
}


// An integer mode (or normal), opacity ≤ 255, count > 0.
static void bm_blend_row_sse2(uint32_t *dst, const uint32_t *src, const uint8_t *coverage, size_t count,
                              uint32_t opacity, int32_t mode) {
    switch (mode) {
#define BM_CASE(m) case m: bm_row_sse2(m, dst, src, coverage, count, opacity); return;
    BM_INTEGER_MODES(BM_CASE)
#undef BM_CASE
    default: bm_row_sse2(TSR_BLEND_NORMAL, dst, src, coverage, count, opacity); return;
    }
}

// MARK: One solid colour

// The solid colour scaled by factor 255 (coverage 255) is `full16`, the colour at the opacity, in
// both halves (m = div255(255 · opacity) = opacity); `fullPacked` holds it in each 32-bit lane. A
// bounded mode gets here only with it non-zero (see bm_solid_row_sse2), so that no select is needed
// for fully covered pixels.
typedef struct bm_solid {
    simde__m128i color16, full16, fullPacked;
    int fullOpaque;
} bm_solid;

// Four fully covered pixels.
BM_INLINE void bm_solid_full_group(int32_t mode, uint32_t *dst, const bm_solid *solid) {
    if (mode == TSR_BLEND_NORMAL && solid->fullOpaque) {
        simde_mm_storeu_si128((simde__m128i *)dst, solid->fullPacked);
    } else {
        bm_composite_4px(mode, dst, solid->full16, solid->full16, 0, simde_mm_setzero_si128());
    }
}

// Four pixels through coverage bytes `four`.
BM_INLINE void bm_solid_covered_group(int32_t mode, uint32_t *dst, uint32_t four, uint32_t opacity,
                                      const bm_solid *solid) {
    const simde__m128i zero = simde_mm_setzero_si128();
    if (!bm_is_unbounded(mode) && four == 0) return;
    simde__m128i m01, m23;
    bm_spread_factors(bm_factors(four, opacity), &m01, &m23);
    simde__m128i s01 = bm_mul_div255(solid->color16, m01), s23 = bm_mul_div255(solid->color16, m23);
    simde__m128i keep = zero;
    if (bm_selects(mode)) keep = simde_mm_cmpeq_epi32(simde_mm_packus_epi16(s01, s23), zero);
    bm_composite_4px(mode, dst, s01, s23, bm_selects(mode), keep);
}

// As bm_block, for a solid colour.
BM_INLINE void bm_solid_block(int32_t mode, uint32_t *dst, const uint8_t *coverage, uint32_t opacity,
                              const bm_solid *solid) {
    if (coverage) {
        simde__m128i c = simde_mm_loadu_si128((const simde__m128i *)coverage);
        if (!bm_all_full(c)) {
            if (!bm_is_unbounded(mode) && bm_all_empty(c)) return;
#pragma clang loop unroll(full)
            for (size_t k = 0; k < 16; k += 4) {
                uint32_t four;
                memcpy(&four, coverage + k, 4);
                bm_solid_covered_group(mode, dst + k, four, opacity, solid);
            }
            return;
        }
    }
#pragma clang loop unroll(full)
    for (size_t k = 0; k < 16; k += 4) bm_solid_full_group(mode, dst + k, solid);
}

// As bm_row_sse2, for a solid colour.
BM_INLINE void bm_solid_row_sse2(int32_t mode, uint32_t *dst, uint32_t color, const uint8_t *coverage, size_t count,
                                 uint32_t opacity) {
    bm_solid solid;
    solid.color16 = tsr_color_lanes(color);
    solid.full16 = opacity == 255 ? solid.color16 : bm_mul_div255(solid.color16, simde_mm_set1_epi16((int16_t)opacity));
    const uint32_t full = (uint32_t)simde_mm_cvtsi128_si32(simde_mm_packus_epi16(solid.full16, solid.full16));
    // Every factor is at most the opacity and div255 is monotonic: where the fully covered colour
    // is 0, so is every scaled one, and a bounded mode leaves the row as it is.
    if (!bm_is_unbounded(mode) && full == 0) return;
    solid.fullPacked = simde_mm_set1_epi32((int32_t)full);
    solid.fullOpaque = (full >> 24) == 255;
    if (count >= 16) {
        uint32_t last[16];
        memcpy(last, dst + count - 16, sizeof last);
        size_t i = 0;
        if (coverage) {
            for (; i + 16 <= count; i += 16) bm_solid_block(mode, dst + i, coverage + i, opacity, &solid);
        } else {
            for (; i + 16 <= count; i += 16) bm_solid_block(mode, dst + i, NULL, opacity, &solid);
        }
        if (i < count) {
            bm_solid_block(mode, last, coverage ? coverage + count - 16 : NULL, opacity, &solid);
            memcpy(dst + count - 16, last, sizeof last);
        }
        return;
    }
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        uint32_t four = 0xFFFFFFFFu;
        if (coverage) memcpy(&four, coverage + i, 4);
        bm_solid_covered_group(mode, dst + i, four, opacity, &solid);
    }
    if (i < count) {
        size_t n = count - i;
        uint32_t d[4] = {0, 0, 0, 0};
        uint8_t c[4] = {0, 0, 0, 0};
        for (size_t k = 0; k < n; k++) {
            d[k] = dst[i + k];
            c[k] = coverage ? coverage[i + k] : 255;
        }
        uint32_t four;
        memcpy(&four, c, 4);
        bm_solid_covered_group(mode, d, four, opacity, &solid);
        for (size_t k = 0; k < n; k++) dst[i + k] = d[k];
    }
}

static void bm_blend_solid_row_sse2(uint32_t *dst, uint32_t color, const uint8_t *coverage, size_t count,
                                    uint32_t opacity, int32_t mode) {
    switch (mode) {
#define BM_CASE(m) case m: bm_solid_row_sse2(m, dst, color, coverage, count, opacity); return;
    BM_INTEGER_MODES(BM_CASE)
#undef BM_CASE
    default: bm_solid_row_sse2(TSR_BLEND_NORMAL, dst, color, coverage, count, opacity); return;
    }
}

// MARK: AVX2 rows (the blocks: blend_modes_avx2.h)

#include "blend_modes_avx2.h"

#ifdef BM_HAS_AVX2
// bm_row_sse2 for rows of 16 pixels and more whose source is not the destination.
BMX_INLINE void bmx_row(int32_t mode, uint32_t *dst, const uint32_t *src, const uint8_t *coverage, size_t count,
                        uint32_t opacity) {
    uint32_t last[16];
    memcpy(last, dst + count - 16, sizeof last);
    size_t i = 0;
    if (coverage) {
        for (; i + 16 <= count; i += 16) bmx_block(mode, dst + i, src + i, coverage + i, opacity);
    } else {
        for (; i + 16 <= count; i += 16) bmx_block(mode, dst + i, src + i, NULL, opacity);
    }
    if (i < count) {
        bmx_block(mode, last, src + count - 16, coverage ? coverage + count - 16 : NULL, opacity);
        memcpy(dst + count - 16, last, sizeof last);
    }
}

__attribute__((target("avx2"))) static void bm_blend_row_avx2(uint32_t *dst, const uint32_t *src,
                                                             const uint8_t *coverage, size_t count, uint32_t opacity,
                                                             int32_t mode) {
    const uintptr_t dstAt = (uintptr_t)dst, srcAt = (uintptr_t)src, bytes = count * sizeof(uint32_t);
    if (count < 16 || !(dstAt >= srcAt + bytes || srcAt >= dstAt + bytes)) {
        bm_blend_row_sse2(dst, src, coverage, count, opacity, mode);
        return;
    }
    switch (mode) {
#define BM_CASE(m) case m: bmx_row(m, dst, src, coverage, count, opacity); return;
    BM_INTEGER_MODES(BM_CASE)
#undef BM_CASE
    default: bmx_row(TSR_BLEND_NORMAL, dst, src, coverage, count, opacity); return;
    }
}

BMX_INLINE void bmx_solid_row(int32_t mode, uint32_t *dst, uint32_t color, const uint8_t *coverage, size_t count,
                              uint32_t opacity) {
    bmx_solid solid;
    const uint32_t full = bmx_solid_make(color, opacity, &solid);
    if (!bm_is_unbounded(mode) && full == 0) return;   // as in bm_solid_row_sse2
    uint32_t last[16];
    memcpy(last, dst + count - 16, sizeof last);
    size_t i = 0;
    if (coverage) {
        for (; i + 16 <= count; i += 16) bmx_solid_block(mode, dst + i, coverage + i, opacity, &solid);
    } else {
        for (; i + 16 <= count; i += 16) bmx_solid_block(mode, dst + i, NULL, opacity, &solid);
    }
    if (i < count) {
        bmx_solid_block(mode, last, coverage ? coverage + count - 16 : NULL, opacity, &solid);
        memcpy(dst + count - 16, last, sizeof last);
    }
}

__attribute__((target("avx2"))) static void bm_blend_solid_row_avx2(uint32_t *dst, uint32_t color,
                                                                   const uint8_t *coverage, size_t count,
                                                                   uint32_t opacity, int32_t mode) {
    if (count < 16) {
        bm_blend_solid_row_sse2(dst, color, coverage, count, opacity, mode);
        return;
    }
    switch (mode) {
#define BM_CASE(m) case m: bmx_solid_row(m, dst, color, coverage, count, opacity); return;
    BM_INTEGER_MODES(BM_CASE)
#undef BM_CASE
    default: bmx_solid_row(TSR_BLEND_NORMAL, dst, color, coverage, count, opacity); return;
    }
}
#endif

// MARK: Entry points

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
#ifdef BM_HAS_AVX2
    if (tsr_kernel_level() == 2) {
        bm_blend_row_avx2(dst, src, coverage, count, opacity, mode);
        return;
    }
#endif
    bm_blend_row_sse2(dst, src, coverage, count, opacity, mode);
}

void tsr_blend_solid_row(uint32_t *dst, uint32_t color, const uint8_t *coverage, size_t count, uint32_t opacity,
                         int32_t mode) {
    mode = bm_valid_mode(mode);
    if (opacity > 255) opacity = 255;
    if (count == 0) return;
    if (bm_is_float(mode)) {
        // The scalar path of tsr_blend_row, a few colours at a time.
        uint32_t colors[64];
        for (size_t k = 0; k < 64; k++) colors[k] = color;
        for (size_t i = 0; i < count; i += 64) {
            size_t n = count - i < 64 ? count - i : 64;
            tsr_blend_row_reference(dst + i, colors, coverage ? coverage + i : NULL, n, opacity, mode);
        }
        return;
    }
    if (opacity == 0 && !bm_is_unbounded(mode)) return;
#ifdef BM_HAS_AVX2
    if (tsr_kernel_level() == 2) {
        bm_blend_solid_row_avx2(dst, color, coverage, count, opacity, mode);
        return;
    }
#endif
    bm_blend_solid_row_sse2(dst, color, coverage, count, opacity, mode);
}
