// The per-row setup shared by the image kernels (paint/image.c) and their reference
// (reference/image.c, whose comment gives the arithmetic), in plain C: the
// fixed-point constants of one row, the per-pixel sampler (the reference itself, and the SIMD
// kernels' path for the rare spans that reach the coordinate clamp), and the row's source rows when
// v is constant along it. Not part of the public headers.
#ifndef TSR_IMAGE_ROW_H
#define TSR_IMAGE_ROW_H
#include "CTesseraPaint.h"

#define TSR_IMAGE_MAX_SIDE (1 << 30)             // wider or taller: transparent, as in the reference
#define TSR_IMAGE_LIMIT ((int64_t)1 << 53)      // the clamp of U and V (±2²¹ texels in 32.32)

typedef struct {
    const uint32_t *pixels;
    size_t stride;
    int32_t width, height;
    int32_t extend, filter;
    int widthPow2, heightPow2;
    int64_t Cu, Cv, dU, dV;   // 32.32, as in reference/image.c: U = Cu + dU·x, V = Cv + dV·x, clamped
} tsr_image_row_setup;

static inline int tsr_image_is_power_of_two(int32_t n) { return n > 0 && (n & (n - 1)) == 0; }

// Step 1 of reference/image.c: times 2³², clamped to ±2⁶¹ (NaN to −2⁶¹), rounded half away from zero.
static inline int64_t tsr_image_fixed32(double v) {
    double s = v * 4294967296.0;
    if (!(s >= -2305843009213693952.0)) return -((int64_t)1 << 61);
    if (s > 2305843009213693952.0) return (int64_t)1 << 61;
    const int64_t r = (int64_t)s;
    const double f = s - (double)r;
    // Without branches: the fraction is as good as random from row to row.
    return r + (int64_t)(f >= 0.5) - (int64_t)(f <= -0.5);
}

// A 32.32 coordinate clamped to ±2⁵³ (±2²¹ texels).
static inline int64_t tsr_image_clamp(int64_t s) {
    return s < -TSR_IMAGE_LIMIT ? -TSR_IMAGE_LIMIT : (s > TSR_IMAGE_LIMIT ? TSR_IMAGE_LIMIT : s);
}

// Step 2 of reference/image.c: c + d·x clamped to ±2⁵³.
static inline int64_t tsr_image_coordinate(int64_t c, int64_t d, int64_t x) {
    int64_t p;
    if (__builtin_mul_overflow(d, x, &p) || p > ((int64_t)1 << 62) || p < -((int64_t)1 << 62))
        p = ((d < 0) != (x < 0)) ? -((int64_t)1 << 62) : ((int64_t)1 << 62);
    return tsr_image_clamp(c + p);
}

// True when c + d·x stays strictly inside the clamp for every x of [x, x + count − 1] (count ≥ 1),
// with *first = c + d·x: then those coordinates are c + d·x exactly, an arithmetic progression a
// SIMD kernel may step. (An overflow means a value past ±2⁶³ − 2⁶¹, far outside the clamp.)
static inline int tsr_image_span(int64_t c, int64_t d, int64_t x, size_t count, int64_t *first) {
    int64_t p, f, q, l;
    if (__builtin_mul_overflow(d, x, &p) || __builtin_add_overflow(c, p, &f)) return 0;
    if (__builtin_mul_overflow(d, (int64_t)count - 1, &q) || __builtin_add_overflow(f, q, &l)) return 0;
    if (f <= -TSR_IMAGE_LIMIT || f >= TSR_IMAGE_LIMIT || l <= -TSR_IMAGE_LIMIT || l >= TSR_IMAGE_LIMIT) return 0;
    *first = f;
    return 1;
}

// The constants of row y; 0 when the parameters give transparent pixels (no pixels, a side below 1
// or above 2³⁰).
static inline int tsr_image_row_setup_make(const tsr_image_pattern *p, int32_t y, tsr_image_row_setup *r) {
    if (p->pixels == NULL || p->width < 1 || p->height < 1 || p->width > TSR_IMAGE_MAX_SIDE ||
        p->height > TSR_IMAGE_MAX_SIDE)
        return 0;
    const double py = (double)y + 0.5;
    const int nearest = p->filter == TSR_FILTER_NEAREST;
    const double h = nearest ? 0.0 : 0.5;
    r->pixels = p->pixels;
    r->stride = p->stride;
    r->width = p->width;
    r->height = p->height;
    r->extend = p->extend;
    r->filter = nearest ? TSR_FILTER_NEAREST : TSR_FILTER_BILINEAR;
    r->widthPow2 = tsr_image_is_power_of_two(p->width);
    r->heightPow2 = tsr_image_is_power_of_two(p->height);
    r->Cu = tsr_image_fixed32(((p->xx * 0.5 + p->xy * py) + p->x0) - h);
    r->Cv = tsr_image_fixed32(((p->yx * 0.5 + p->yy * py) + p->y0) - h);
    r->dU = tsr_image_fixed32(p->xx);
    r->dV = p->yx == 0.0 ? 0 : tsr_image_fixed32(p->yx);   // fixed32(±0) = 0
    return 1;
}

static inline int32_t tsr_image_modulo(int32_t k, int32_t n) {
    int32_t r = k % n;
    return r < 0 ? r + n : r;
}

// The texel index for k along an axis of n texels, or -1 for a transparent texel (extend none): as
// extend_index in the reference.
static inline int32_t tsr_image_extend_index(int32_t k, int32_t n, int32_t extend) {
    switch (extend) {
    case TSR_EXTEND_REPEAT: return tsr_image_modulo(k, n);
    case TSR_EXTEND_REFLECT: {
        int32_t m = tsr_image_modulo(k, 2 * n);
        return m < n ? m : 2 * n - 1 - m;
    }
    case TSR_EXTEND_NONE: return (k >= 0 && k < n) ? k : -1;
    default: return k < 0 ? 0 : (k >= n ? n - 1 : k);
    }
}

static inline uint32_t tsr_image_fetch(const tsr_image_row_setup *r, int32_t k, int32_t l) {
    const int32_t column = tsr_image_extend_index(k, r->width, r->extend);
    const int32_t row = tsr_image_extend_index(l, r->height, r->extend);
    if (column < 0 || row < 0) return 0;
    return r->pixels[(size_t)row * r->stride + (size_t)column];
}

// The 7-bit bilinear blend (step 3 of reference/image.c), one pixel: horizontal, then vertical.
static inline uint32_t tsr_image_bilinear(uint32_t c00, uint32_t c10, uint32_t c01, uint32_t c11, int32_t wx,
                                          int32_t wy) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        int32_t top = (int32_t)((c00 >> shift) & 255) * (128 - wx) + (int32_t)((c10 >> shift) & 255) * wx;
        int32_t bottom = (int32_t)((c01 >> shift) & 255) * (128 - wx) + (int32_t)((c11 >> shift) & 255) * wx;
        int32_t mid = top + (((bottom - top) * wy + 64) >> 7);
        out |= (uint32_t)((mid + 64) >> 7) << shift;
    }
    return out;
}

// The texel colour at 32.32 coordinates (U, V) within the clamp: step 3 of reference/image.c and
// what follows it. (Only the texels, size, extend and filter of `r` are read.)
static inline uint32_t tsr_image_sample(const tsr_image_row_setup *r, int64_t U, int64_t V) {
    if (r->filter == TSR_FILTER_NEAREST) return tsr_image_fetch(r, (int32_t)(U >> 32), (int32_t)(V >> 32));
    const int32_t t = (int32_t)((U + (1 << 24)) >> 25), s = (int32_t)((V + (1 << 24)) >> 25);
    const int32_t k0 = t >> 7, l0 = s >> 7;
    return tsr_image_bilinear(tsr_image_fetch(r, k0, l0), tsr_image_fetch(r, k0 + 1, l0),
                              tsr_image_fetch(r, k0, l0 + 1), tsr_image_fetch(r, k0 + 1, l0 + 1), t & 127, s & 127);
}

// Pixels x … x + count − 1 one at a time: the reference, and the SIMD kernels' path for spans whose
// coordinates reach the clamp (transforms that send pixels over 2²¹ texels away).
static inline void tsr_image_row_scalar(const tsr_image_row_setup *r, int32_t x, size_t count, uint32_t *out) {
    for (size_t i = 0; i < count; i++) {
        const int64_t px = (int64_t)x + (int64_t)i;
        out[i] = tsr_image_sample(r, tsr_image_coordinate(r->Cu, r->dU, px), tsr_image_coordinate(r->Cv, r->dV, px));
    }
}

// The source rows of a row whose V is the same for every pixel (dV = 0): upper (l0) and lower
// (l0 + 1, extended on its own; the same row for nearest) and the vertical weight wy (0 for
// nearest). A row pointer is NULL for a transparent row (extend none). Always inlined: the
// caller's filter and extend mode (pad, bilinear in the kernels' row loop) then fold its switches.
typedef struct {
    const uint32_t *upper, *lower;
    int32_t wy;
} tsr_image_source_rows;

static inline __attribute__((always_inline)) tsr_image_source_rows tsr_image_rows(const tsr_image_row_setup *r) {
    const int64_t V = tsr_image_clamp(r->Cv);
    tsr_image_source_rows rows;
    int32_t l0, lower;
    if (r->filter == TSR_FILTER_NEAREST) {
        l0 = (int32_t)(V >> 32);
        rows.wy = 0;
    } else {
        const int32_t s = (int32_t)((V + (1 << 24)) >> 25);
        l0 = s >> 7;
        rows.wy = s & 127;
    }
    const int32_t upper = tsr_image_extend_index(l0, r->height, r->extend);
    rows.upper = upper < 0 ? NULL : r->pixels + (size_t)upper * r->stride;
    if (r->filter == TSR_FILTER_NEAREST) {
        rows.lower = rows.upper;
    } else {
        lower = tsr_image_extend_index(l0 + 1, r->height, r->extend);
        rows.lower = lower < 0 ? NULL : r->pixels + (size_t)lower * r->stride;
    }
    return rows;
}

// The span of tsr_image_row whose coordinates are linear (tsr_image_span: U = u, V = v at its first
// pixel), at each level (paint/image.c).
void tsr_image_row_baseline(const tsr_image_row_setup *r, int64_t u, int64_t v, size_t count, uint32_t *out);
#if defined(__x86_64__) || defined(_M_X64)
void tsr_image_row_avx2(const tsr_image_row_setup *r, int64_t u, int64_t v, size_t count, uint32_t *out);
#endif

// Up to eight pixels (n ≤ 8) at 32.32 coordinates of their own, clamped (tsr_image_clamp), each as
// tsr_image_sample gives it, at each level (paint/image.c): a projection's pixels.
void tsr_image_pixels_baseline(const tsr_image_row_setup *r, const int64_t *u, const int64_t *v, size_t n, uint32_t *out);
#if defined(__x86_64__) || defined(_M_X64)
void tsr_image_pixels_avx2(const tsr_image_row_setup *r, const int64_t *u, const int64_t *v, size_t n, uint32_t *out);
#endif

#endif
