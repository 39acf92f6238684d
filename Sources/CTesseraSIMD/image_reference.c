// Image pattern sampling, one pixel at a time in plain C: the oracle that tsr_image_row (image.c)
// matches byte for byte. The arithmetic, shared by both:
//
// 1. Pixel centre → image space, in 24.8 fixed point plus a bias, from scratch for every pixel, in
//    doubles, no fused multiply-add:
//        px = x + i + 0.5,  py = y + 0.5                                  (exact)
//        A  = 256·xx,  B = 256·yx                                         (exact: powers of two)
//        Cu = ((256·xy)·py + 256·x0) + bias,  Cv = ((256·yy)·py + 256·y0) + bias
//        a  = A·px + Cu,  b = B·px + Cv
//    with bias = 2³⁰ − 127.5 for bilinear and 2³⁰ for nearest: a = 256·(u − 0.5) + 0.5 + 2³⁰ for
//    bilinear (the half rounds the 24.8 value to nearest, halves up), a = 256·u + 2³⁰ for nearest,
//    rounded once or twice more than the exact value (to 2⁻²² of a 24.8 unit at most: 2⁻³⁰ texel).
// 2. Clamp: a and b are clamped to [2³⁰ − 2²⁹, 2³⁰ + 2²⁹] (±2²¹ texels about the origin), NaN to
//    the lower end, so that every later step is exact in int32 whatever the transform (a nearly
//    singular one gives huge or infinite values). Repeat and reflect are therefore exact for
//    |u|, |v| < 2²¹ texels and constant beyond.
// 3. t = (int32)a − 2³⁰ (a > 0, so truncation is floor), s likewise from b: 24.8 fixed point.
//    Nearest: texel (t >> 8, s >> 8), i.e. (floor(u), floor(v)).
//    Bilinear: k0 = t >> 8 (floor division), wx = t & 255, so wx is round(fract(u − 0.5)·256)
//    and a fraction that rounds to 256 carries into k0; l0 and wy from s. Texel centres
//    (u = k + 0.5) give wx = 0 exactly, and so do an identity or integer-translation mapping.
//    Parameters without pixels, or a side below 1 or above 2³⁰, give transparent pixels.
// 4. Texel indices are extended one by one: pad clamps to [0, w − 1]; repeat takes k mod w;
//    reflect takes m = k mod 2w, then m or 2w − 1 − m; none gives a transparent texel outside
//    the image. (k0 + 1 is extended on its own, so repeat wraps it to 0 at the right edge.)
// 5. Bilinear blend, per channel, vertical first, in 16-bit then 32-bit integers:
//        left  = (c00·(256 − wy) + c01·wy) >> 1        (≤ 32640)
//        right = (c10·(256 − wy) + c11·wy) >> 1
//        out   = (left·(256 − wx) + right·wx + 2¹⁴) >> 15
//    where c10 is texel (k0 + 1, l0) and c01 is texel (k0, l0 + 1). Weights 0 give the texel
//    back exactly; the result never exceeds 255, and colour ≤ alpha is preserved (every step is
//    monotonic and the same for all four channels).
#include "CTesseraPaint.h"

// No fused multiply-add anywhere: the two files must round every product and sum alike (clang's
// default honours these; -ffp-contract=fast would not).
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#define BIAS 1073741824.0          // 2^30
#define LOW (BIAS - 536870912.0)    // 2^30 - 2^29
#define HIGH (BIAS + 536870912.0)   // 2^30 + 2^29
#define MAX_SIDE (1 << 30)          // wider or taller: transparent (reflect's 2n must fit int32)

static double clamp_fixed(double a) {
    if (!(a >= LOW)) return LOW;   // also NaN
    if (a > HIGH) return HIGH;
    return a;
}

// k mod n in [0, n), for any sign of k.
static int32_t modulo(int32_t k, int32_t n) {
    int32_t r = k % n;
    return r < 0 ? r + n : r;
}

// The texel index for k along an axis of n texels, or -1 for a transparent texel (extend none).
static int32_t extend_index(int32_t k, int32_t n, int32_t extend) {
    switch (extend) {
    case TSR_EXTEND_REPEAT:
        return modulo(k, n);
    case TSR_EXTEND_REFLECT: {
        int32_t m = modulo(k, 2 * n);
        return m < n ? m : 2 * n - 1 - m;
    }
    case TSR_EXTEND_NONE:
        return (k >= 0 && k < n) ? k : -1;
    default:   // pad
        return k < 0 ? 0 : (k >= n ? n - 1 : k);
    }
}

static uint32_t fetch(const tsr_image_pattern *p, int32_t k, int32_t l) {
    int32_t column = extend_index(k, p->width, p->extend);
    int32_t row = extend_index(l, p->height, p->extend);
    if (column < 0 || row < 0) return 0;
    return p->pixels[(size_t)row * p->stride + (size_t)column];
}

static uint32_t bilinear(uint32_t c00, uint32_t c10, uint32_t c01, uint32_t c11, uint32_t wx, uint32_t wy) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t left = (((c00 >> shift) & 255) * (256 - wy) + ((c01 >> shift) & 255) * wy) >> 1;
        uint32_t right = (((c10 >> shift) & 255) * (256 - wy) + ((c11 >> shift) & 255) * wy) >> 1;
        uint32_t channel = (left * (256 - wx) + right * wx + (1u << 14)) >> 15;
        out |= channel << shift;
    }
    return out;
}

void tsr_image_row_reference(const tsr_image_pattern *pattern, int32_t x, int32_t y, size_t count, uint32_t *out) {
    const tsr_image_pattern *p = pattern;
    if (p->pixels == NULL || p->width < 1 || p->height < 1 || p->width > MAX_SIDE || p->height > MAX_SIDE) {
        for (size_t i = 0; i < count; i++) out[i] = 0;
        return;
    }
    const double py = (double)y + 0.5;
    const double bias = p->filter == TSR_FILTER_NEAREST ? BIAS : BIAS - 127.5;
    const double A = 256.0 * p->xx, B = 256.0 * p->yx;
    const double Cu = (256.0 * p->xy * py + 256.0 * p->x0) + bias;
    const double Cv = (256.0 * p->yy * py + 256.0 * p->y0) + bias;
    for (size_t i = 0; i < count; i++) {
        const double px = (double)((int64_t)x + (int64_t)i) + 0.5;
        const int32_t t = (int32_t)clamp_fixed(A * px + Cu) - (int32_t)BIAS;
        const int32_t s = (int32_t)clamp_fixed(B * px + Cv) - (int32_t)BIAS;
        const int32_t k0 = t >> 8, l0 = s >> 8;   // arithmetic shifts: floor division by 256
        if (p->filter == TSR_FILTER_NEAREST) {
            out[i] = fetch(p, k0, l0);
            continue;
        }
        const uint32_t wx = (uint32_t)t & 255, wy = (uint32_t)s & 255;
        out[i] = bilinear(fetch(p, k0, l0), fetch(p, k0 + 1, l0), fetch(p, k0, l0 + 1), fetch(p, k0 + 1, l0 + 1), wx,
                          wy);
    }
}
