// The per-pixel arithmetic of gradients' double-precision path (the top of gradient.c explains it):
// t of a radial or conic pixel, its extension and table lookup, as plain scalar C (the references)
// and as SSE2 lanes of two doubles through SIMDe (the kernels), the same IEEE operations in the same
// order. Shared by gradient.c (affine rows) and gradient_projective.c (rows under a homography);
// each turns floating-point contraction off before including it. Not part of the public headers.
#ifndef TSR_GRADIENT_LANES_H
#define TSR_GRADIENT_LANES_H
#include "paint/gradient_row.h"
#include <simde/x86/sse2.h>
#include <math.h>

static const double kInvTwoPi = 0.15915494309189535;   // 1 / (2π), rounded to double

// atan(q) for q in [0, 1]: Abramowitz & Stegun 4.4.47, q·(c1 + c3 q² + c5 q⁴ + c7 q⁶ + c9 q⁸),
// max |error| 1.2e-5 rad (A&S state 1e-5 for the exact minimax coefficients; with these 7-digit
// ones GradientKernelTests measures 1.15e-5 over [0, 1]). A table step of a full turn is
// 2π / (tableSize − 1) = 6.1e-3 rad for 1024 entries: the error is under 1/500 of a step, so it
// moves a pixel to the neighbouring entry only where t lies within 2e-6 of a rounding boundary.
static const double kAtanC1 = 0.9998660, kAtanC3 = -0.3302995, kAtanC5 = 0.1801410, kAtanC7 = -0.0851330,
                    kAtanC9 = 0.0208351;
static const double kHalfPi = 1.5707963267948966, kPi = 3.141592653589793;

// MARK: Scalar

// SSE's MINPD / MAXPD (and MINPS / MAXPS): the second operand when either is NaN (or when they
// are equal).
static inline double min_sse(double a, double b) { return a < b ? a : b; }
static inline double max_sse(double a, double b) { return a > b ? a : b; }

// The radial parameter of the pixel at (dx, dy) = (u, v) − p0: the larger root of
// a t² − 2 b t + c = 0 with r(t) = r0 + t·dr ≥ 0, else the smaller one with r ≥ 0; 0 when neither.
static inline int radial_t(const gradient_row *row, double dx, double dy, double *t) {
    const tsr_gradient *p = row->p;
    const double b = dx * p->cdx + dy * p->cdy + row->r0dr;
    const double c = dx * dx + dy * dy - row->r0r0;
    const double disc = b * b - p->a * c;
    if (!(disc >= 0)) return 0;
    const double root = sqrt(disc);
    double high, low;
    int validHigh, validLow;
    if (p->direct) {
        // (b ± √disc) / a, the larger first.
        const double signedRoot = row->hiSign * root;
        high = (b + signedRoot) * p->invA;
        low = (b - signedRoot) * p->invA;
        validHigh = p->r0 + high * p->dr >= 0;
        validLow = p->r0 + low * p->dr >= 0;
    } else {
        // q = b + sign(b)·√disc; the roots q / a and c / q (Vieta: their product is c / a). With
        // a = 0, q = 2b and c / q is the only root, c / (2b) (q / a is ignored); b = 0 leaves none.
        const double q = b + copysign(root, b);
        const double t1 = q / p->a, t2 = c / q;
        const int valid1 = p->r0 + t1 * p->dr >= 0 && p->a != 0;
        const int valid2 = p->r0 + t2 * p->dr >= 0 && q != 0;
        high = valid1 && valid2 ? max_sse(t1, t2) : (valid1 ? t1 : t2);
        low = t2;
        validHigh = valid1 || valid2;
        validLow = 0;
    }
    if (validHigh) *t = high;
    else if (validLow) *t = low;
    else return 0;
    return 1;
}

// The conic parameter of the pixel at (dx, dy): atan2(dy, dx) in turns, from the start angle,
// wrapped into [0, 1] (1 only where rounding reaches it; it is then the last table entry, the
// colour next to the seam).
static inline double conic_t(const tsr_gradient *p, double dx, double dy) {
    const double ax = fabs(dx), ay = fabs(dy);
    const double hi = max_sse(ax, ay), lo = min_sse(ax, ay);
    double q = lo / hi;
    if (!(hi > 0)) q = 0;   // the centre: angle 0
    const double s = q * q;
    double angle = q * ((((kAtanC9 * s + kAtanC7) * s + kAtanC5) * s + kAtanC3) * s + kAtanC1);
    if (ay > ax) angle = kHalfPi - angle;
    if (dx < 0) angle = kPi - angle;
    if (dy < 0) angle = -angle;
    const double t = angle * kInvTwoPi - p->turn0;
    return t - floor(t);
}

// t extended into [0, 1], or NaN (for t NaN, or ±∞ under repeat or reflect).
static inline double extend_t(int32_t extend, double t) {
    switch (extend) {
    case TSR_EXTEND_REPEAT: return t - floor(t);
    case TSR_EXTEND_REFLECT: {
        const double m = t - 2.0 * floor(t * 0.5);   // t mod 2, in [0, 2]
        return 1.0 - fabs(m - 1.0);
    }
    default: return t < 0 ? 0 : (t > 1 ? 1 : t);
    }
}

static inline uint32_t lookup(const gradient_row *row, double t) {
    if (isnan(t)) return 0;
    const double e = extend_t(row->extend, t);
    if (isnan(e)) return 0;
    return row->table[(int32_t)(e * (double)row->p->scale + 0.5)];
}

// MARK: SSE2, two doubles per register

typedef simde__m128d v2d;

TSR_INLINE v2d v_set1(double v) { return simde_mm_set1_pd(v); }
TSR_INLINE v2d v_select(v2d mask, v2d a, v2d b) {
    return simde_mm_or_pd(simde_mm_and_pd(mask, a), simde_mm_andnot_pd(mask, b));
}

// floor, exact for every double: |t| < 2^52 is rounded to an integer by adding and removing 2^52
// (with t's sign), then lowered by one where that rounded up; |t| ≥ 2^52 (and ±∞) is an integer
// already; NaN stays NaN. (SSE2 has no rounding instruction; this is SSE4.1's ROUNDPD.)
TSR_INLINE v2d v_floor(v2d t) {
    const v2d sign = v_set1(-0.0);
    const v2d magic = simde_mm_or_pd(simde_mm_and_pd(t, sign), v_set1(0x1p52));
    v2d r = simde_mm_sub_pd(simde_mm_add_pd(t, magic), magic);
    r = simde_mm_sub_pd(r, simde_mm_and_pd(simde_mm_cmpgt_pd(r, t), v_set1(1.0)));
    const v2d big = simde_mm_cmpge_pd(simde_mm_andnot_pd(sign, t), v_set1(0x1p52));
    return v_select(big, t, r);
}

TSR_INLINE v2d v_extend(int32_t extend, v2d t) {
    switch (extend) {
    case TSR_EXTEND_REPEAT: return simde_mm_sub_pd(t, v_floor(t));
    case TSR_EXTEND_REFLECT: {
        const v2d m = simde_mm_sub_pd(t, simde_mm_mul_pd(v_set1(2.0), v_floor(simde_mm_mul_pd(t, v_set1(0.5)))));
        const v2d folded = simde_mm_andnot_pd(v_set1(-0.0), simde_mm_sub_pd(m, v_set1(1.0)));
        return simde_mm_sub_pd(v_set1(1.0), folded);
    }
    default: return t;   // clamped with every mode below
    }
}

// Pixels at (dx, dy) (two lanes): their t, and in `valid` all ones where the pixel has one.
TSR_INLINE v2d v_radial(const gradient_row *row, v2d dx, v2d dy, v2d *valid) {
    const tsr_gradient *p = row->p;
    const v2d b = simde_mm_add_pd(
        simde_mm_add_pd(simde_mm_mul_pd(dx, v_set1(p->cdx)), simde_mm_mul_pd(dy, v_set1(p->cdy))), v_set1(row->r0dr));
    const v2d c = simde_mm_sub_pd(simde_mm_add_pd(simde_mm_mul_pd(dx, dx), simde_mm_mul_pd(dy, dy)), v_set1(row->r0r0));
    const v2d a = v_set1(p->a), zero = simde_mm_setzero_pd();
    const v2d disc = simde_mm_sub_pd(simde_mm_mul_pd(b, b), simde_mm_mul_pd(a, c));
    const v2d real = simde_mm_cmpge_pd(disc, zero);
    // Lanes with disc < 0 (or NaN) take √0 and are masked out at the end.
    const v2d root = simde_mm_sqrt_pd(simde_mm_and_pd(disc, real));
    const v2d r0 = v_set1(p->r0), dr = v_set1(p->dr);
    if (p->direct) {
        const v2d signedRoot = simde_mm_mul_pd(v_set1(row->hiSign), root), invA = v_set1(p->invA);
        const v2d high = simde_mm_mul_pd(simde_mm_add_pd(b, signedRoot), invA);
        const v2d low = simde_mm_mul_pd(simde_mm_sub_pd(b, signedRoot), invA);
        const v2d validHigh = simde_mm_cmpge_pd(simde_mm_add_pd(r0, simde_mm_mul_pd(high, dr)), zero);
        const v2d validLow = simde_mm_cmpge_pd(simde_mm_add_pd(r0, simde_mm_mul_pd(low, dr)), zero);
        *valid = simde_mm_and_pd(real, simde_mm_or_pd(validHigh, validLow));
        return v_select(validHigh, high, low);
    }
    // copysign(√disc, b)
    const v2d sign = v_set1(-0.0);
    const v2d q = simde_mm_add_pd(b, simde_mm_or_pd(simde_mm_andnot_pd(sign, root), simde_mm_and_pd(b, sign)));
    const v2d t1 = simde_mm_div_pd(q, a), t2 = simde_mm_div_pd(c, q);
    const v2d valid1 = simde_mm_and_pd(simde_mm_cmpge_pd(simde_mm_add_pd(r0, simde_mm_mul_pd(t1, dr)), zero),
                                       simde_mm_cmpneq_pd(a, zero));
    const v2d valid2 = simde_mm_and_pd(simde_mm_cmpge_pd(simde_mm_add_pd(r0, simde_mm_mul_pd(t2, dr)), zero),
                                       simde_mm_cmpneq_pd(q, zero));
    const v2d both = simde_mm_and_pd(valid1, valid2);
    *valid = simde_mm_and_pd(real, simde_mm_or_pd(valid1, valid2));
    return v_select(both, simde_mm_max_pd(t1, t2), v_select(valid1, t1, t2));
}

TSR_INLINE v2d v_conic(const tsr_gradient *p, v2d dx, v2d dy) {
    const v2d sign = v_set1(-0.0), zero = simde_mm_setzero_pd();
    const v2d ax = simde_mm_andnot_pd(sign, dx), ay = simde_mm_andnot_pd(sign, dy);
    const v2d hi = simde_mm_max_pd(ax, ay), lo = simde_mm_min_pd(ax, ay);
    const v2d q = simde_mm_and_pd(simde_mm_div_pd(lo, hi), simde_mm_cmpgt_pd(hi, zero));
    const v2d s = simde_mm_mul_pd(q, q);
    v2d poly = simde_mm_add_pd(simde_mm_mul_pd(v_set1(kAtanC9), s), v_set1(kAtanC7));
    poly = simde_mm_add_pd(simde_mm_mul_pd(poly, s), v_set1(kAtanC5));
    poly = simde_mm_add_pd(simde_mm_mul_pd(poly, s), v_set1(kAtanC3));
    poly = simde_mm_add_pd(simde_mm_mul_pd(poly, s), v_set1(kAtanC1));
    v2d angle = simde_mm_mul_pd(q, poly);
    angle = v_select(simde_mm_cmpgt_pd(ay, ax), simde_mm_sub_pd(v_set1(kHalfPi), angle), angle);
    angle = v_select(simde_mm_cmplt_pd(dx, zero), simde_mm_sub_pd(v_set1(kPi), angle), angle);
    angle = simde_mm_xor_pd(angle, simde_mm_and_pd(simde_mm_cmplt_pd(dy, zero), sign));
    const v2d t = simde_mm_sub_pd(simde_mm_mul_pd(angle, v_set1(kInvTwoPi)), v_set1(p->turn0));
    return simde_mm_sub_pd(t, v_floor(t));
}

// Two pixels' colours into out[0], out[1]: t extended, clamped to [0, 1] (a no-op where t is
// valid; it turns NaN into 0, so every index is inside the table), looked up, and zeroed where
// `valid` is not set or the extended t is NaN.
TSR_INLINE void v_store2(const gradient_row *row, int32_t extend, v2d t, v2d valid, uint32_t *out) {
    valid = simde_mm_and_pd(valid, simde_mm_cmpord_pd(t, t));
    v2d e = v_extend(extend, t);
    valid = simde_mm_and_pd(valid, simde_mm_cmpord_pd(e, e));
    e = simde_mm_min_pd(simde_mm_max_pd(e, simde_mm_setzero_pd()), v_set1(1.0));
    const simde__m128i i =
        simde_mm_cvttpd_epi32(simde_mm_add_pd(simde_mm_mul_pd(e, v_set1((double)row->p->scale)), v_set1(0.5)));
    const uint64_t index = (uint64_t)simde_mm_cvtsi128_si64(i);
    const unsigned mask = (unsigned)simde_mm_movemask_pd(valid);
    out[0] = row->table[(uint32_t)index] & (0u - (mask & 1u));
    out[1] = row->table[(uint32_t)(index >> 32)] & (0u - (mask >> 1));
}

#endif
