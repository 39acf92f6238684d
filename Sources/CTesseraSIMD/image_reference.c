// Image pattern sampling, one pixel at a time in plain C: the oracle that tsr_image_row (image.c,
// image_avx2.c) matches byte for byte. The arithmetic, shared by all of them:
//
// 1. Per row, in doubles, no fused multiply-add, in this order (h = 0.5 for bilinear, 0 for nearest):
//        py = y + 0.5
//        cu = ((xx·0.5 + xy·py) + x0) − h,   cv = ((yx·0.5 + yy·py) + y0) − h
//    so that pixel x (centre x + 0.5) maps to u − h = cu + xx·x and v − h = cv + yx·x. Each of xx,
//    yx, cu and cv goes to 32.32 fixed point (fixed32): times 2³², clamped to ±2⁶¹ (NaN to −2⁶¹),
//    rounded to the nearest integer (halves away from zero).
// 2. Per pixel, exact integers: U = Cu + dU·x and V = Cv + dV·x (dU = fixed32(xx), …), clamped to
//    ±2⁵³ (±2²¹ texels about the origin). A product past ±2⁶² saturates there first, which does not
//    change the clamped value. So a pixel's coordinates depend on x and y alone, however a row is
//    split, and a span's are an arithmetic progression until the clamp: the SIMD kernels add dU.
//    Repeat and reflect are therefore exact for |u|, |v| < 2²¹ texels and constant beyond.
// 3. Nearest: texel (U >> 32, V >> 32), i.e. (floor(u), floor(v)) up to the 2⁻³² rounding.
//    Bilinear: t = (U + 2²⁴) >> 25, u − 0.5 in 25.7 fixed point rounded to the nearest 1/128
//    (halves up); k0 = t >> 7 (floor division), wx = t & 127; l0 and wy from V likewise. Texel
//    centres, an identity or an integer translation give wx = wy = 0 exactly (their cu, xx are
//    exact in 32.32).
//    Parameters without pixels, or a side below 1 or above 2³⁰, give transparent pixels.
// 4. Texel indices are extended one by one: pad clamps to [0, w − 1]; repeat takes k mod w;
//    reflect takes m = k mod 2w, then m or 2w − 1 − m; none gives a transparent texel outside
//    the image. (k0 + 1 is extended on its own, so repeat wraps it to 0 at the right edge.)
// 5. Bilinear blend, per channel, horizontal first, 7-bit weights (as pixman's), 16-bit values:
//        top    = c00·(128 − wx) + c10·wx                       (≤ 32640)
//        bottom = c01·(128 − wx) + c11·wx
//        mid    = top + (((bottom − top)·wy + 64) >> 7)         (arithmetic shift: floor)
//        out    = (mid + 64) >> 7
//    where c10 is texel (k0 + 1, l0) and c01 is texel (k0, l0 + 1). mid lies between top and
//    bottom (wy ≤ 127), so out ≤ 255; weights 0 give the texel back exactly; every step is
//    monotonic in every texel and the same for all four channels, so colour ≤ alpha is preserved.
//    (With bytes offset by −128, top − 16384 is SSSE3's pmaddubsw and the vertical step its
//    pmulhrsw by wy·256.)
#include "CTesseraPaint.h"

// No fused multiply-add anywhere: the kernels must round every product and sum alike (clang's
// default honours these; -ffp-contract=fast would not).
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#define MAX_SIDE (1 << 30)   // wider or taller: transparent (reflect's 2n must fit int32)
#define LIMIT ((int64_t)1 << 53)

// v in 32.32 fixed point: v·2³² clamped to ±2⁶¹ (NaN to −2⁶¹), rounded to nearest, halves away
// from zero. (The truncation r and the remainder s − r are exact.)
static int64_t fixed32(double v) {
    double s = v * 4294967296.0;
    if (!(s >= -2305843009213693952.0)) return -((int64_t)1 << 61);   // also NaN
    if (s > 2305843009213693952.0) return (int64_t)1 << 61;
    int64_t r = (int64_t)s;
    double f = s - (double)r;
    if (f >= 0.5) r += 1;
    else if (f <= -0.5) r -= 1;
    return r;
}

// c + d·x clamped to ±2⁵³, exactly (|c|, |d| ≤ 2⁶¹).
static int64_t coordinate(int64_t c, int64_t d, int64_t x) {
    int64_t p;
    if (__builtin_mul_overflow(d, x, &p) || p > ((int64_t)1 << 62) || p < -((int64_t)1 << 62))
        p = ((d < 0) != (x < 0)) ? -((int64_t)1 << 62) : ((int64_t)1 << 62);
    int64_t s = c + p;
    return s < -LIMIT ? -LIMIT : (s > LIMIT ? LIMIT : s);
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

static uint32_t bilinear(uint32_t c00, uint32_t c10, uint32_t c01, uint32_t c11, int32_t wx, int32_t wy) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        int32_t top = (int32_t)((c00 >> shift) & 255) * (128 - wx) + (int32_t)((c10 >> shift) & 255) * wx;
        int32_t bottom = (int32_t)((c01 >> shift) & 255) * (128 - wx) + (int32_t)((c11 >> shift) & 255) * wx;
        int32_t mid = top + (((bottom - top) * wy + 64) >> 7);
        out |= (uint32_t)((mid + 64) >> 7) << shift;
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
    const int nearest = p->filter == TSR_FILTER_NEAREST;
    const double h = nearest ? 0.0 : 0.5;
    const int64_t Cu = fixed32(((p->xx * 0.5 + p->xy * py) + p->x0) - h);
    const int64_t Cv = fixed32(((p->yx * 0.5 + p->yy * py) + p->y0) - h);
    const int64_t dU = fixed32(p->xx), dV = fixed32(p->yx);
    for (size_t i = 0; i < count; i++) {
        const int64_t px = (int64_t)x + (int64_t)i;
        const int64_t U = coordinate(Cu, dU, px), V = coordinate(Cv, dV, px);
        if (nearest) {
            out[i] = fetch(p, (int32_t)(U >> 32), (int32_t)(V >> 32));   // arithmetic shifts: floor
            continue;
        }
        const int32_t t = (int32_t)((U + (1 << 24)) >> 25), s = (int32_t)((V + (1 << 24)) >> 25);
        const int32_t k0 = t >> 7, l0 = s >> 7, wx = t & 127, wy = s & 127;
        out[i] = bilinear(fetch(p, k0, l0), fetch(p, k0 + 1, l0), fetch(p, k0, l0 + 1), fetch(p, k0 + 1, l0 + 1), wx,
                          wy);
    }
}
