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

// MARK: Bilinear blend (step 5 of the reference)

// top = c0·(128 − wx) + c1·wx, at most 32640.
TSR_INLINE u16x16 horizontal(u16x16 c0, u16x16 c1, u16x16 wx) { return c0 * (128 - wx) + c1 * wx; }

// mid = top + (((bottom − top)·wy + 64) >> 7) in 16-bit lanes, wy in both lanes of each pixel. The
// product needs 23 bits; with d = bottom − top = 256·h + l (h = d >> 8 in [−128, 127], l in
// [0, 255]), d·wy = 256·h·wy + l·wy, and the first term is a multiple of 128:
// ((d·wy + 64) >> 7) = 2·h·wy + ((l·wy + 64) >> 7), each product within 16 bits.
TSR_INLINE u16x16 vertical(u16x16 top, u16x16 bottom, u16x16 wy) {
    const i16x16 d = (i16x16)(bottom - top);
    const u16x16 high = (u16x16)((d >> 8) * (i16x16)wy), low = ((u16x16)(d & 255) * wy + 64) >> 7;
    return top + high + high + low;
}

// The bilinear pixels of texels a = (k0, l0), b = (k0 + 1, l0), c = (k0, l0 + 1), d = (k0 + 1,
// l0 + 1) with weights wx and wy (in both lanes of each pixel); with `upperOnly` (wy = 0 for every
// pixel) c and d are not read: mid = top.
TSR_INLINE u32x8 bilinear(u32x8 a, u32x8 b, u32x8 c, u32x8 d, u16x16 wx, u16x16 wy, int upperOnly) {
    u16x16 rb = horizontal(pairs_rb(a), pairs_rb(b), wx), ga = horizontal(pairs_ga(a), pairs_ga(b), wx);
    if (!upperOnly) {
        rb = vertical(rb, horizontal(pairs_rb(c), pairs_rb(d), wx), wy);
        ga = vertical(ga, horizontal(pairs_ga(c), pairs_ga(d), wx), wy);
    }
    return pairs_pixels((rb + 64) >> 7, (ga + 64) >> 7);
}
// MARK: Bilinear blend of texel pairs
//
// The two texels (k0, k0 + 1) of a pixel are neighbours in memory where both lie inside the row:
// one 64-bit load, [c0 | c1]. Its bytes interleaved by channel, [c0.r c1.r c0.g c1.g …], and offset
// by −128 to be signed, the horizontal step is a sum of two byte products per channel,
// (128 − wx)·(c0 − 128) + wx·(c1 − 128) = top − 16384, in [−16384, 16256]: SSSE3's PMADDUBSW. The
// vertical step ((bottom − top)·wy + 64) >> 7 is (x·(wy·256) + 2¹⁴) >> 15: its PMULHRSW. Four pixels
// a vector, in channel order. These two primitives, and the final pack of pairs_pixels_of, are the
// level's (TSR_IMAGE_LEVEL, set by the file that includes the kernel): the instructions from AVX2
// on, and at the baseline level (SSE2 has neither blend step; NEON) the same integers from
// operations that vector types spell.

// The texel pairs of pixels o[0], o[1], o[4], o[5] (offsets from `pixels`): a vector of them in
// this order (a vector's two 128-bit halves are blended apart, and put back together by the final
// pack of pairs_pixels_of). Loaded as doubles, so that each second pair goes straight into the
// high half of its register.
TSR_INLINE u64x4 load_pairs(const uint32_t *pixels, const int32_t *o) {
    double p[4];
    memcpy(&p[0], pixels + o[0], 8);
    memcpy(&p[1], pixels + o[1], 8);
    memcpy(&p[2], pixels + o[4], 8);
    memcpy(&p[3], pixels + o[5], 8);
    return (u64x4)(f64x4){p[0], p[1], p[2], p[3]};
}

// load_pairs of pixels 0, 1, 4, 5 (*first) and 2, 3, 6, 7 (*second) of eight whose texels k0 are
// k, k + 1, …, k + 7 (one texel a pixel): texels k … k + 8 in two loads, their pairs by interleaving
// them with themselves one texel on, rather than eight loads of a pair each.
TSR_INLINE void load_consecutive_pairs(const uint32_t *pixels, int32_t k, u64x4 *first, u64x4 *second) {
    const u32x8 a = TSR_LOAD(u32x8, pixels + k), b = TSR_LOAD(u32x8, pixels + k + 1);
    *first = (u64x4)__builtin_shufflevector(a, b, 0, 8, 1, 9, 4, 12, 5, 13);
    *second = (u64x4)__builtin_shufflevector(a, b, 2, 10, 3, 11, 6, 14, 7, 15);
}

// top − 16384 per channel of four pixels from their texel pairs and weight bytes
// [128 − wx, wx] × 4 per pixel.
TSR_INLINE i16x16 pairs_horizontal(u64x4 pairs, u8x32 weights) {
    const u8x32 t = __builtin_shufflevector((u8x32)pairs, (u8x32)pairs, 0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14,
                                            11, 15, 16, 20, 17, 21, 18, 22, 19, 23, 24, 28, 25, 29, 26, 30, 27, 31);
    const i8x32 c = (i8x32)(t ^ 0x80);
#if TSR_IMAGE_LEVEL >= 2   // AVX2
    return (i16x16)__builtin_ia32_pmaddubsw256((u8x32)weights, c);
#else
    const u16x16 w = (u16x16)weights, cw = (u16x16)c;
    const i16x16 c0 = ((i16x16)(cw << 8)) >> 8, c1 = ((i16x16)cw) >> 8;   // the signed bytes, sign-extended
    return c0 * (i16x16)(w & 0xFF) + c1 * (i16x16)(w >> 8);
#endif
}

// The vertical step on offset values (the offset cancels in bottom − top), per channel; wy in every
// lane of its pixel.
TSR_INLINE i16x16 pairs_vertical(i16x16 top, i16x16 bottom, i16x16 wy) {
#if TSR_IMAGE_LEVEL >= 2   // AVX2
    return top + (i16x16)__builtin_ia32_pmulhrsw256(bottom - top, wy << 8);
#else
    return (i16x16)vertical((u16x16)top, (u16x16)bottom, (u16x16)wy);
#endif
}

// Eight pixels from two vectors of four (mid − 16384 per channel; pixels 0, 1, 4, 5 and 2, 3, 6, 7,
// as load_pairs takes them): the rounding (mid + 64) >> 7 and the bytes, in pixel order (each half
// of the result from the same halves of both: one in-lane pack).
TSR_INLINE u32x8 pairs_pixels_of(i16x16 low, i16x16 high) {
#if TSR_IMAGE_LEVEL >= 2   // AVX2: VPACKUSWB (the lanes are below 512: its saturation is the min with 255)
    return (u32x8)__builtin_ia32_packuswb256((i16x16)(((u16x16)low + (16384 + 64)) >> 7),
                                             (i16x16)(((u16x16)high + (16384 + 64)) >> 7));
#else
    const u16x16 top = (u16x16){0} + 255;
    const u8x16 a = __builtin_convertvector(__builtin_elementwise_min(((u16x16)low + (16384 + 64)) >> 7, top), u8x16);
    const u8x16 b = __builtin_convertvector(__builtin_elementwise_min(((u16x16)high + (16384 + 64)) >> 7, top), u8x16);
    return (u32x8)__builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 8, 9, 10, 11, 12,
                                          13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
#endif
}

// A 16-bit value per pixel (32-bit lanes) in the four 16-bit lanes of its pixel, in load_pairs'
// order: pixels 0, 1, 4, 5 in *low, 2, 3, 6, 7 in *high.
TSR_INLINE void pair_lanes(u32x8 v, u16x16 *low, u16x16 *high) {
    const u16x16 w = (u16x16)v;
    *low = __builtin_shufflevector(w, w, 0, 0, 0, 0, 2, 2, 2, 2, 8, 8, 8, 8, 10, 10, 10, 10);
    *high = __builtin_shufflevector(w, w, 4, 4, 4, 4, 6, 6, 6, 6, 12, 12, 12, 12, 14, 14, 14, 14);
}

// The weight bytes of eight pixels for pairs_horizontal, [128 − wx, wx] four times per pixel, from
// wx in each pixel's 32-bit lane, in load_pairs' order.
TSR_INLINE void pair_weights(i32x8 wx, u8x32 *low, u8x32 *high) {
    u16x16 l, h;
    pair_lanes((u32x8)((128 - wx) | (wx << 8)), &l, &h);
    *low = (u8x32)l;
    *high = (u8x32)h;
}
#endif
