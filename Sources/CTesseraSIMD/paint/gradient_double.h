// Gradients' double-precision path (the top of paint/gradient.c explains it), four pixels at a time:
// t of a radial or conic pixel, its extension and table lookup, with the IEEE operations of the
// scalar references (reference/gradient_lanes.h) in the same order. Shared by the affine rows
// (paint/gradient.c) and the rows under a homography (paint/gradient_projective.c); each turns
// floating-point contraction off before including it.
#ifndef TSR_GRADIENT_DOUBLE_H
#define TSR_GRADIENT_DOUBLE_H
#include "paint/gradient_row.h"
#include "simd/vectors.h"

// floor, exact for every double: |t| < 2^52 is rounded to an integer by adding and removing 2^52
// (with t's sign), then lowered by one where that rounded up; |t| ≥ 2^52 (and ±∞) is an integer
// already; NaN stays NaN. (SSE2 has no rounding instruction.)
TSR_INLINE f64x4 d_floor(f64x4 t) {
    const f64x4 magic = (f64x4)(((u64x4)t & 0x8000000000000000ull) | (u64x4)f64x4_splat(0x1p52));
    f64x4 r = (t + magic) - magic;
    r = r - (f64x4)((u64x4)(r > t) & (u64x4)f64x4_splat(1.0));
    return f64x4_select(f64x4_abs(t) >= 0x1p52, t, r);
}

TSR_INLINE f64x4 d_extend(int32_t extend, f64x4 t) {
    const f64x4 one = f64x4_splat(1.0);
    switch (extend) {
    case TSR_EXTEND_REPEAT: return t - d_floor(t);
    case TSR_EXTEND_REFLECT: {
        const f64x4 m = t - f64x4_splat(2.0) * d_floor(t * f64x4_splat(0.5));
        return one - f64x4_abs(m - one);
    }
    default: return t;   // clamped with every mode below
    }
}

// Pixels at (dx, dy): their t, and in `valid` all ones where the pixel has one (radial_t).
TSR_INLINE f64x4 d_radial(const gradient_row *row, f64x4 dx, f64x4 dy, i64x4 *valid) {
    const tsr_gradient *p = row->p;
    const f64x4 b = (dx * f64x4_splat(p->cdx) + dy * f64x4_splat(p->cdy)) + f64x4_splat(row->r0dr);
    const f64x4 c = (dx * dx + dy * dy) - f64x4_splat(row->r0r0);
    const f64x4 a = f64x4_splat(p->a), zero = {0};
    const f64x4 disc = b * b - a * c;
    const i64x4 real = disc >= zero;
    // Lanes with disc < 0 (or NaN) take √0 and are masked out at the end.
    const f64x4 root = __builtin_elementwise_sqrt(f64x4_select(real, disc, zero));
    const f64x4 r0 = f64x4_splat(p->r0), dr = f64x4_splat(p->dr);
    if (p->direct) {
        const f64x4 signedRoot = f64x4_splat(row->hiSign) * root, invA = f64x4_splat(p->invA);
        const f64x4 high = (b + signedRoot) * invA, low = (b - signedRoot) * invA;
        const i64x4 validHigh = r0 + high * dr >= zero, validLow = r0 + low * dr >= zero;
        *valid = real & (validHigh | validLow);
        return f64x4_select(validHigh, high, low);
    }
    // copysign(√disc, b)
    const f64x4 q = b + (f64x4)(((u64x4)b & 0x8000000000000000ull) | (u64x4)f64x4_abs(root));
    const f64x4 t1 = q / a, t2 = c / q;
    const i64x4 valid1 = (r0 + t1 * dr >= zero) & (a != zero), valid2 = (r0 + t2 * dr >= zero) & (q != zero);
    *valid = real & (valid1 | valid2);
    return f64x4_select(valid1 & valid2, f64x4_max(t1, t2), f64x4_select(valid1, t1, t2));
}

// The conic parameter (conic_t): a polynomial atan2 in turns, from the start angle, wrapped.
TSR_INLINE f64x4 d_conic(const tsr_gradient *p, f64x4 dx, f64x4 dy) {
    const f64x4 zero = {0};
    const f64x4 ax = f64x4_abs(dx), ay = f64x4_abs(dy);
    const f64x4 hi = f64x4_max(ax, ay), lo = f64x4_min(ax, ay);
    const f64x4 q = f64x4_select(hi > zero, lo / hi, zero);
    const f64x4 s = q * q;
    f64x4 poly = f64x4_splat(kAtanC9) * s + f64x4_splat(kAtanC7);
    poly = poly * s + f64x4_splat(kAtanC5);
    poly = poly * s + f64x4_splat(kAtanC3);
    poly = poly * s + f64x4_splat(kAtanC1);
    f64x4 angle = q * poly;
    angle = f64x4_select(ay > ax, f64x4_splat(kHalfPi) - angle, angle);
    angle = f64x4_select(dx < zero, f64x4_splat(kPi) - angle, angle);
    angle = (f64x4)((u64x4)angle ^ ((u64x4)(dy < zero) & 0x8000000000000000ull));
    const f64x4 t = angle * f64x4_splat(kInvTwoPi) - f64x4_splat(p->turn0);
    return t - d_floor(t);
}

// Four pixels' colours into out[0 … 3]: t extended, clamped to [0, 1] (a no-op where t is valid; it
// turns NaN into 0, so every index is inside the table), looked up, and zeroed where `valid` is not
// set or the extended t is NaN.
TSR_INLINE void d_store4(const gradient_row *row, int32_t extend, f64x4 t, i64x4 valid, uint32_t *out) {
    valid &= t == t;
    f64x4 e = d_extend(extend, t);
    valid &= e == e;
    e = f64x4_min(f64x4_max(e, (f64x4){0}), f64x4_splat(1.0));
    const i32x4 index = __builtin_convertvector(e * f64x4_splat((double)row->p->scale) + f64x4_splat(0.5), i32x4);
    const i32x4 keep = __builtin_convertvector(valid, i32x4);
    for (int k = 0; k < 4; k++) out[k] = row->table[(uint32_t)index[k]] & (uint32_t)keep[k];
}
#endif
