// Blend modes: the scalar oracle tsr_blend_row_reference of tsr_blend_row (CTesseraPaint.h; the
// kernels: blend/blend_modes.c, blend/mode_blocks.h), and the arithmetic both follow.
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
// ((v + 128) · 257) >> 16 in the SIMD lanes (simd/vectors.h) and as ((v + 128) + ((v + 128) >> 8)) >> 8
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
// 0–255. The SIMD kernels (16-bit lanes of channel pairs, eight pixels a vector, at every level) and
// the reference (one channel at a time in plain C) evaluate the same expressions:
//
//   normal           R = min(255, s + div255(d·(255 − sa)))            blend/over.h's source-over, byte for byte
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
//   multiply         R = div255(s·(255 − da + d) + d·(255 − sa))           (16-bit lanes; see below)
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
// multiply B = Cs·Cb gives co = cs·(1 − αb) + cb·(1 − αs) + cs·cb (bench-scenes.md), the sum of
// the three products rounded once: s·(255 − da + d) + d·(255 − sa) ≤ 255·s + da·(255 − sa) ≤ 255²
// for valid pixels (s ≤ sa, d ≤ da), so it fits a 16-bit lane and div255 is exact; its alpha lane
// 255·(sa + da) − sa·da gives the union alpha sa + da − div255(sa·da). For invalid pixels the
// sum may pass 2¹⁶: both versions keep its low 16 bits and divide as the lanes do
// (bm_div255_lane), which gives at most 256, clamped below like any result. screen
// B = Cs + Cb − Cs·Cb gives cs + cb − cs·cb; darken / lighten B = min / max(Cs, Cb) give
// cs + cb − max / min(cs·αb, cb·αs); difference B = |Cs − Cb| gives cs + cb − 2·min(cs·αb, cb·αs);
// exclusion B = Cs + Cb − 2·Cs·Cb gives cs + cb − 2·cs·cb. In every one the alpha lane is exactly
// the union alpha sa + da − div255(sa·da) = round(αo·255). screen, darken, lighten, multiply and the
// union alpha are correctly rounded (one rounding); difference, exclusion, sourceAtop,
// destinationAtop and xor (two) are within ±1 of the exact value.
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
#include "CTesseraPaint.h"
#include "blend/blend_mode_kinds.h"
#include <math.h>

#include "simd/no_fp_contract.h"

static inline uint32_t bm_div255(uint32_t v) {
    v += 128;
    return (v + (v >> 8)) >> 8;
}

// div255 as the SIMD kernels' 16-bit lanes compute it (pairs_div255, simd/vectors.h), of the low 16
// bits of v: ((v + 128 mod 2¹⁶) · 257) >> 16, which is div255(v) for v ≤ 255².
static inline uint32_t bm_div255_lane(uint32_t v) { return (((v + 128) & 0xFFFFu) * 257) >> 16; }

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
    case TSR_BLEND_MULTIPLY: return bm_div255_lane(s * (255 - da + d) + d * (255 - sa));
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
