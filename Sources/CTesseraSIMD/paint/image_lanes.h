// Image sampling eight pixels at a time (paint/image.c), with the arithmetic of the reference
// (reference/image.c): coordinates stepped exactly in 32.32, texel indices extended lane by lane,
// and the 7-bit bilinear blend in channel pairs (simd/vectors.h).
#ifndef TSR_IMAGE_LANES_H
#define TSR_IMAGE_LANES_H
#include "paint/image_row.h"
#include "simd/vectors.h"

// MARK: Coordinates

// The 32.32 coordinates of eight pixels, plus a rounding term: pixels 0–3 in `low`, 4–7 in `high`,
// stepped by 8·d. Wrapping arithmetic: lanes past a span's end may leave the linear range, and are
// only sampled, never stored.
typedef struct {
    u64x4 low, high, step;
} axis_lanes;

TSR_INLINE axis_lanes axis_start(int64_t first, int64_t d, int64_t round) {
    const uint64_t a = (uint64_t)first + (uint64_t)round, ud = (uint64_t)d;
    const u64x4 steps = (u64x4){0, 1, 2, 3} * ud;
    return (axis_lanes){(u64x4){0} + a + steps, (u64x4){0} + a + 4 * ud + steps, (u64x4){0} + 8 * ud};
}

TSR_INLINE void axis_next(axis_lanes *l) {
    l->low += l->step;
    l->high += l->step;
}

// Bits shift … shift + 31 of the eight lanes as int32: t = (U + 2²⁴) >> 25 with shift 25 (the
// rounding is in the lanes), U >> 32 with shift 32 (the low halves, whichever the shift's kind).
TSR_INLINE i32x8 axis_bits(const axis_lanes *l, int shift) {
    return __builtin_shufflevector((i32x8)(l->low >> shift), (i32x8)(l->high >> shift), 0, 2, 4, 6, 8, 10, 12, 14);
}

// MARK: Extend (step 4 of the reference)

TSR_INLINE i32x8 clamp_index(i32x8 k, int32_t n) {
    return __builtin_elementwise_min(__builtin_elementwise_max(k, (i32x8){0}), (i32x8){0} + (n - 1));
}

// k mod n in [0, n) for |k| ≤ 2²² and 1 ≤ n < 2¹⁸: q = floor(k / n) in doubles is exact (k / n is
// never within 2⁻⁴⁷ of an integer it is not equal to, far above the rounding error), and so is
// k − q·n. The last two lines are a safety net that never fires.
TSR_INLINE i32x8 mod_index(i32x8 k, int32_t n) {
    const f64x8 kd = __builtin_convertvector(k, f64x8), nd = (f64x8){0} + (double)n;
    const f64x8 quotient = kd / nd;
    i32x8 q = __builtin_convertvector(quotient, i32x8);   // towards zero, then down where that went up
    q += __builtin_convertvector(quotient < __builtin_convertvector(q, f64x8), i32x8);
    i32x8 r = __builtin_convertvector(kd - __builtin_convertvector(q, f64x8) * nd, i32x8);
    r += (r < 0) & n;
    return r - ((r > n - 1) & n);
}

// k mod n, with a mask when n is a power of two (two's complement: exact for negative k too).
TSR_INLINE i32x8 wrap_index(i32x8 k, int32_t n, int pow2) { return pow2 ? k & (n - 1) : mod_index(k, n); }

// m in [0, 2n) to the mirrored index: m or 2n − 1 − m.
TSR_INLINE i32x8 mirror_index(i32x8 m, int32_t n) {
    const i32x8 flip = m > n - 1;
    return (flip & ((2 * n - 1) - m)) | (~flip & m);
}

// One axis of texel indices, extended: `index` always lies in [0, n); `valid` is all ones except
// for transparent texels (extend none).
typedef struct {
    i32x8 index, valid;
} axis_index;

// The extended index of k (nearest).
TSR_INLINE axis_index extend_one(i32x8 k, int32_t n, int pow2, int extend) {
    switch (extend) {
    case TSR_EXTEND_REPEAT: return (axis_index){wrap_index(k, n, pow2), (i32x8){0} - 1};
    case TSR_EXTEND_REFLECT: return (axis_index){mirror_index(wrap_index(k, 2 * n, pow2), n), (i32x8){0} - 1};
    case TSR_EXTEND_NONE: return (axis_index){clamp_index(k, n), (k > -1) & (k < n)};
    default: return (axis_index){clamp_index(k, n), (i32x8){0} - 1};   // pad
    }
}

// The extended indices of k0 and k0 + 1 (bilinear): k0 + 1 extended on its own.
TSR_INLINE void extend_two(i32x8 k0, int32_t n, int pow2, int extend, axis_index *first, axis_index *second) {
    switch (extend) {
    case TSR_EXTEND_REPEAT: {
        const i32x8 r0 = wrap_index(k0, n, pow2), r1 = r0 + 1;
        *first = (axis_index){r0, (i32x8){0} - 1};
        *second = (axis_index){r1 & ~(r1 == n), (i32x8){0} - 1};   // n → 0
        break;
    }
    case TSR_EXTEND_REFLECT: {
        const i32x8 m0 = wrap_index(k0, 2 * n, pow2), m1 = m0 + 1;
        *first = (axis_index){mirror_index(m0, n), (i32x8){0} - 1};
        *second = (axis_index){mirror_index(m1 & ~(m1 == 2 * n), n), (i32x8){0} - 1};   // 2n → 0
        break;
    }
    default:
        *first = extend_one(k0, n, pow2, extend);
        *second = extend_one(k0 + 1, n, pow2, extend);
        break;
    }
}

// MARK: Texels

// Eight texels, each at its own offset from `pixels` (a lane's row and column).
TSR_INLINE u32x8 gather(const uint32_t *pixels, i32x8 offset) {
    const u32x8 o = (u32x8)offset;
    return (u32x8){pixels[o[0]], pixels[o[1]], pixels[o[2]], pixels[o[3]],
                   pixels[o[4]], pixels[o[5]], pixels[o[6]], pixels[o[7]]};
}

// Eight texels, lane j from row rows[j] at index k[j].
TSR_INLINE u32x8 gather_rows(const uint32_t *const rows[8], i32x8 k) {
    return (u32x8){rows[0][k[0]], rows[1][k[1]], rows[2][k[2]], rows[3][k[3]],
                   rows[4][k[4]], rows[5][k[5]], rows[6][k[6]], rows[7][k[7]]};
}

// The texels at offsets o[j] and o[j] + 1 of eight pixels, read as pairs (one 64-bit load each),
// split into the first texels (*a) and the second (*b).
TSR_INLINE void gather_pairs(const uint32_t *pixels, const int32_t *o, u32x8 *a, u32x8 *b) {
    uint64_t p[8];
    for (int j = 0; j < 8; j++) memcpy(&p[j], pixels + o[j], 8);
    const u32x8 low = (u32x8)(u64x4){p[0], p[1], p[2], p[3]}, high = (u32x8)(u64x4){p[4], p[5], p[6], p[7]};
    *a = __builtin_shufflevector(low, high, 0, 2, 4, 6, 8, 10, 12, 14);
    *b = __builtin_shufflevector(low, high, 1, 3, 5, 7, 9, 11, 13, 15);
}

// MARK: Bilinear blend (step 5 of the reference)

// The vertical weight wy of each pixel in the forms the vertical step takes, in both lanes of the
// pixel's channel pairs: wy · 512 and wy · 256.
typedef struct {
    u16x16 w512, w256;
} vertical_weights;

TSR_INLINE vertical_weights vertical_weights_of(u32x8 wy) {
    const u16x16 w = pairs_factor(wy);
    return (vertical_weights){w << 9, w << 8};
}

// top = c0·(128 − wx) + c1·wx, at most 32640.
TSR_INLINE u16x16 horizontal(u16x16 c0, u16x16 c1, u16x16 wx) { return c0 * (128 - wx) + c1 * wx; }

// mid = top + (((bottom − top)·wy + 64) >> 7), in 16-bit lanes: with x = bottom − top + 2¹⁵ (in
// [128, 65408]), x·wy + 64 = (bottom − top)·wy + 64 + 2⁸·wy·128, so the step is
// floor((x·wy + 64) / 128) − 256·wy, and floor((x·wy + 64) / 128) = floor((x·wy·512 + 2¹⁵) / 2¹⁶) is
// the high half of x·(wy·512) plus the top bit of its low half.
TSR_INLINE u16x16 vertical(u16x16 top, u16x16 bottom, vertical_weights w) {
    const u16x16 x = bottom - top + 0x8000;
    return top + pairs_mulhi(x, w.w512) + ((x * w.w512) >> 15) - w.w256;
}

// The bilinear pixels of texels a = (k0, l0), b = (k0 + 1, l0), c = (k0, l0 + 1), d = (k0 + 1,
// l0 + 1) with weights wx and w (pairs); with `upperOnly` (wy = 0 for every pixel) c and d are not
// read: mid = top.
TSR_INLINE u32x8 bilinear(u32x8 a, u32x8 b, u32x8 c, u32x8 d, u16x16 wx, vertical_weights w, int upperOnly) {
    u16x16 rb = horizontal(pairs_rb(a), pairs_rb(b), wx), ga = horizontal(pairs_ga(a), pairs_ga(b), wx);
    if (!upperOnly) {
        rb = vertical(rb, horizontal(pairs_rb(c), pairs_rb(d), wx), w);
        ga = vertical(ga, horizontal(pairs_ga(c), pairs_ga(d), wx), w);
    }
    return pairs_pixels((rb + 64) >> 7, (ga + 64) >> 7);
}
#endif
