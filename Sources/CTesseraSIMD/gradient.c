// Gradients (CTesseraPaint.h): per pixel a parameter t (linear, two-circle radial, conic), extended
// (pad, repeat, reflect) and looked up in the gradient's colour table. tsr_gradient_row works in
// SSE2 through SIMDe, two pixels per register (double lanes), four per loop iteration; the table
// lookups are scalar loads (SSE2 has no gather). tsr_gradient_row_reference is the plain scalar C
// oracle, one pixel at a time.
//
// Precision: everything is computed in double, from the pixel's gradient-space position to the
// table index, in both versions, with the same operations in the same order (the row's values at
// its first pixel are computed once by shared code; pixel i adds i times the per-pixel step, never
// an accumulated sum). IEEE double arithmetic is deterministic, so both give identical bytes:
// floating-point contraction is off in this file (an FMA would round differently), and the
// reference spells out SSE's min/max (`a < b ? a : b`) where NaN could reach them. Double keeps t
// exact to far below a table step (1e-3) even for large coordinates and for the radial quadratic,
// whose terms cancel; single precision would have been within a step for most scenes but not all.
//
// The radial roots: where the quadratic's leading coefficient a = |Δc|² − Δr² is well away from 0
// (|a| ≥ 1e-4·(|Δc|² + Δr²): all but circles within 0.005% of touching from inside, |Δc| = |Δr|;
// focal = centre and concentric ones included) they are (b ± √(b² − ac)) · (1/a), with no
// division per pixel; their absolute error, about 1e-16·(|b| + √disc)/|a|, is under 1e-11 times
// the pixel's distance in gradient sizes (|Δc|, |Δr|), so under 1% of a table step up to 10⁶
// sizes away. Nearer 0 that form cancels digits, so the numerically stable q = b + sign(b)·√disc,
// roots q / a and c / q, is used instead (two divisions). |a| under 1e-12 of that scale is
// rounding noise of exactly touching circles (a focal point on the end circle) and is taken as 0
// (the one root c / (2b)): otherwise the second root of the rounded a, near 10¹² or beyond, would
// paint half the plane in the end colour or not depending on the last bit of the inputs.
//
// The conic angle is a polynomial atan2 (below), the same in both versions, so that SIMD needs no
// per-lane libm calls.
//
// Fast paths (SIMD only; the reference computes the same values the general way): a linear row
// whose t cannot be NaN or infinite under pad (no validity masks), a linear row of constant t (one
// colour), and the radial gradient with the focal point at its centre (t = √(dx² + dy²) / r1, one
// square root per pixel, in both versions). Measured on this project's 2-core AMD EPYC VM, one
// thread, 1920-pixel rows: linear pad 0.5 ns/pixel (reference 1.4), repeat 1.1, reflect 1.5;
// centred radial pad 1.05 (bound by SQRTPD), general two-circle radial about 3; conic 4.3.
#pragma STDC FP_CONTRACT OFF
#include "CTesseraPaint.h"
#include <simde/x86/sse2.h>
#include <math.h>
#include <string.h>

// MARK: The row, shared by both versions

// What a row needs, computed once per row by the same code for both versions.
typedef struct {
    int32_t kind, extend;
    const uint32_t *table;
    double scale;               // tableSize − 1
    // Linear: t at the row's first pixel and per pixel.
    double t0, dt;
    // Radial and conic: (u, v) − p0 at the row's first pixel and per pixel.
    double dx0, ddx, dy0, ddy;
    // Radial: a = |p1 − p0|² − (r1 − r0)², p1 − p0, r1 − r0, r0 (r0 · dr and r0² precomputed);
    // with `direct`, 1 / a and the sign of a (the larger root is (b + hiSign·√disc) / a).
    double a, cdx, cdy, dr, r0, r0dr, r0r0, invA, hiSign;
    int direct;
    // Radial with the focal point at the centre (p0 = p1, r0 = 0 < r1: CAGradientLayer's radial,
    // the bench's): t = |(u, v) − p0| / r1, computed as √(dx² + dy²) · (1 / r1). Never NaN (1 / r1
    // is finite and positive), so under pad no pixel is transparent.
    int centred;
    double invR1;
    // Conic: the start angle in turns (angle / 2π).
    double turn0;
} gradient_row;

static inline int finite6(const tsr_gradient *g) {
    return isfinite(g->xx) && isfinite(g->yx) && isfinite(g->xy) && isfinite(g->yy) && isfinite(g->x0) &&
           isfinite(g->y0);
}

static const double kInvTwoPi = 0.15915494309189535;   // 1 / (2π), rounded to double

// Fills `row` for pixels (x …, y). Returns 0 when the whole row is transparent: a parameter the
// kind uses is NaN or infinite, or the gradient breaks the header's contract (no table, fewer than
// two entries, an unknown kind or extend). Degenerate geometry needs no test here: it makes t NaN
// (a zero-length linear axis gives 0 / 0) or leaves no valid radial root, and such pixels are
// transparent one by one.
static int gradient_row_setup(const tsr_gradient *g, int32_t x, int32_t y, gradient_row *row) {
    if (g->table == NULL || g->tableSize < 2 || !finite6(g)) return 0;
    if (g->extend < TSR_EXTEND_PAD || g->extend > TSR_EXTEND_REFLECT) return 0;
    row->kind = g->kind;
    row->extend = g->extend;
    row->table = g->table;
    row->scale = (double)(g->tableSize - 1);
    const double px = (double)x + 0.5, py = (double)y + 0.5;
    const double u0 = g->xx * px + g->xy * py + g->x0;
    const double v0 = g->yx * px + g->yy * py + g->y0;
    switch (g->kind) {
    case TSR_GRADIENT_LINEAR: {
        if (!(isfinite(g->p0x) && isfinite(g->p0y) && isfinite(g->p1x) && isfinite(g->p1y))) return 0;
        const double ax = g->p1x - g->p0x, ay = g->p1y - g->p0y;
        const double len2 = ax * ax + ay * ay;
        row->t0 = ((u0 - g->p0x) * ax + (v0 - g->p0y) * ay) / len2;
        row->dt = (g->xx * ax + g->yx * ay) / len2;
        return 1;
    }
    case TSR_GRADIENT_RADIAL: {
        if (!(isfinite(g->p0x) && isfinite(g->p0y) && isfinite(g->p1x) && isfinite(g->p1y) && isfinite(g->r0) &&
              isfinite(g->r1)))
            return 0;
        row->dx0 = u0 - g->p0x;
        row->dy0 = v0 - g->p0y;
        row->ddx = g->xx;
        row->ddy = g->yx;
        row->cdx = g->p1x - g->p0x;
        row->cdy = g->p1y - g->p0y;
        row->dr = g->r1 - g->r0;
        row->r0 = g->r0;
        const double axis2 = row->cdx * row->cdx + row->cdy * row->cdy, dr2 = row->dr * row->dr;
        const double a = axis2 - dr2, scale = axis2 + dr2;
        row->a = fabs(a) <= 1e-12 * scale ? 0.0 : a;
        row->direct = fabs(a) >= 1e-4 * scale;
        row->invA = row->direct ? 1.0 / a : 0.0;
        row->hiSign = a > 0 ? 1.0 : -1.0;
        row->r0dr = g->r0 * row->dr;
        row->r0r0 = g->r0 * g->r0;
        row->invR1 = g->r1 > 0 ? 1.0 / g->r1 : 0.0;
        row->centred = row->cdx == 0 && row->cdy == 0 && g->r0 == 0 && g->r1 > 0 && isfinite(row->invR1);
        return 1;
    }
    case TSR_GRADIENT_CONIC:
        if (!(isfinite(g->p0x) && isfinite(g->p0y) && isfinite(g->angle))) return 0;
        row->dx0 = u0 - g->p0x;
        row->dy0 = v0 - g->p0y;
        row->ddx = g->xx;
        row->ddy = g->yx;
        row->turn0 = g->angle * kInvTwoPi;
        return 1;
    default:
        return 0;
    }
}

// atan(q) for q in [0, 1]: Abramowitz & Stegun 4.4.47, q·(c1 + c3 q² + c5 q⁴ + c7 q⁶ + c9 q⁸),
// max |error| 1.2e-5 rad (A&S state 1e-5 for the exact minimax coefficients; with these 7-digit
// ones GradientKernelTests measures 1.15e-5 over [0, 1]). A table step of a full turn is
// 2π / (tableSize − 1) = 6.1e-3 rad for 1024 entries: the error is under 1/500 of a step, so it
// moves a pixel to the neighbouring entry only where t lies within 2e-6 of a rounding boundary.
static const double kAtanC1 = 0.9998660, kAtanC3 = -0.3302995, kAtanC5 = 0.1801410, kAtanC7 = -0.0851330,
                    kAtanC9 = 0.0208351;
static const double kHalfPi = 1.5707963267948966, kPi = 3.141592653589793;

// MARK: Scalar reference

// SSE's MINPD / MAXPD: the second operand when either is NaN (or when they are equal).
static inline double min_sse(double a, double b) { return a < b ? a : b; }
static inline double max_sse(double a, double b) { return a > b ? a : b; }

// The radial parameter of the pixel at (dx, dy) = (u, v) − p0: the larger root of
// a t² − 2 b t + c = 0 with r(t) = r0 + t·dr ≥ 0, else the smaller one with r ≥ 0; 0 when neither.
static inline int radial_t(const gradient_row *row, double dx, double dy, double *t) {
    if (row->centred) {
        // The circles r1·t about p0: the one root |(dx, dy)| / r1, r ≥ 0 always.
        *t = sqrt(dx * dx + dy * dy) * row->invR1;
        return 1;
    }
    const double b = dx * row->cdx + dy * row->cdy + row->r0dr;
    const double c = dx * dx + dy * dy - row->r0r0;
    const double disc = b * b - row->a * c;
    if (!(disc >= 0)) return 0;
    const double root = sqrt(disc);
    double high, low;
    int validHigh, validLow;
    if (row->direct) {
        // (b ± √disc) / a, the larger first.
        const double signedRoot = row->hiSign * root;
        high = (b + signedRoot) * row->invA;
        low = (b - signedRoot) * row->invA;
        validHigh = row->r0 + high * row->dr >= 0;
        validLow = row->r0 + low * row->dr >= 0;
    } else {
        // q = b + sign(b)·√disc; the roots q / a and c / q (Vieta: their product is c / a). With
        // a = 0, q = 2b and c / q is the only root, c / (2b) (q / a is ignored); b = 0 leaves none.
        const double q = b + copysign(root, b);
        const double t1 = q / row->a, t2 = c / q;
        const int valid1 = row->r0 + t1 * row->dr >= 0 && row->a != 0;
        const int valid2 = row->r0 + t2 * row->dr >= 0 && q != 0;
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
static inline double conic_t(const gradient_row *row, double dx, double dy) {
    const double ax = fabs(dx), ay = fabs(dy);
    const double hi = max_sse(ax, ay), lo = min_sse(ax, ay);
    double q = lo / hi;
    if (!(hi > 0)) q = 0;   // the centre: angle 0
    const double s = q * q;
    double angle = q * ((((kAtanC9 * s + kAtanC7) * s + kAtanC5) * s + kAtanC3) * s + kAtanC1);
    if (ay > ax) angle = kHalfPi - angle;
    if (dx < 0) angle = kPi - angle;
    if (dy < 0) angle = -angle;
    const double t = angle * kInvTwoPi - row->turn0;
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
    return row->table[(int32_t)(e * row->scale + 0.5)];
}

void tsr_gradient_row_reference(const tsr_gradient *gradient, int32_t x, int32_t y, size_t count, uint32_t *out) {
    gradient_row row;
    if (!gradient_row_setup(gradient, x, y, &row)) {
        memset(out, 0, count * sizeof *out);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        const double k = (double)i;
        double t;
        switch (row.kind) {
        case TSR_GRADIENT_LINEAR:
            t = row.t0 + k * row.dt;
            break;
        case TSR_GRADIENT_RADIAL:
            if (!radial_t(&row, row.dx0 + k * row.ddx, row.dy0 + k * row.ddy, &t)) t = NAN;
            break;
        default:
            t = conic_t(&row, row.dx0 + k * row.ddx, row.dy0 + k * row.ddy);
            break;
        }
        out[i] = lookup(&row, t);
    }
}

// MARK: SSE2

typedef simde__m128d v2d;

// A radial gradient with the focal point at the centre, as its own kind for the row loops.
enum { TSR_GRADIENT_RADIAL_CENTRED = 3 };

// The row loops below are instantiated per kind and extend mode (the compiler then keeps the row's
// constants in registers and drops the switches); the helpers are forced inline for that.
#if defined(__GNUC__) || defined(__clang__)
#define TSR_INLINE static inline __attribute__((always_inline))
#else
#define TSR_INLINE static inline
#endif

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

// Pixels k and k + 1 (lanes of `k`): their t, and in `valid` all ones where the pixel has one.
TSR_INLINE v2d v_radial(const gradient_row *row, v2d k, v2d *valid) {
    const v2d dx = simde_mm_add_pd(v_set1(row->dx0), simde_mm_mul_pd(k, v_set1(row->ddx)));
    const v2d dy = simde_mm_add_pd(v_set1(row->dy0), simde_mm_mul_pd(k, v_set1(row->ddy)));
    const v2d b = simde_mm_add_pd(
        simde_mm_add_pd(simde_mm_mul_pd(dx, v_set1(row->cdx)), simde_mm_mul_pd(dy, v_set1(row->cdy))),
        v_set1(row->r0dr));
    const v2d c = simde_mm_sub_pd(simde_mm_add_pd(simde_mm_mul_pd(dx, dx), simde_mm_mul_pd(dy, dy)),
                                  v_set1(row->r0r0));
    const v2d a = v_set1(row->a), zero = simde_mm_setzero_pd();
    const v2d disc = simde_mm_sub_pd(simde_mm_mul_pd(b, b), simde_mm_mul_pd(a, c));
    const v2d real = simde_mm_cmpge_pd(disc, zero);
    // Lanes with disc < 0 (or NaN) take √0 and are masked out at the end.
    const v2d root = simde_mm_sqrt_pd(simde_mm_and_pd(disc, real));
    const v2d r0 = v_set1(row->r0), dr = v_set1(row->dr);
    if (row->direct) {
        const v2d signedRoot = simde_mm_mul_pd(v_set1(row->hiSign), root), invA = v_set1(row->invA);
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

TSR_INLINE v2d v_conic(const gradient_row *row, v2d k) {
    const v2d sign = v_set1(-0.0), zero = simde_mm_setzero_pd();
    const v2d dx = simde_mm_add_pd(v_set1(row->dx0), simde_mm_mul_pd(k, v_set1(row->ddx)));
    const v2d dy = simde_mm_add_pd(v_set1(row->dy0), simde_mm_mul_pd(k, v_set1(row->ddy)));
    const v2d ax = simde_mm_andnot_pd(sign, dx), ay = simde_mm_andnot_pd(sign, dy);
    const v2d hi = simde_mm_max_pd(ax, ay), lo = simde_mm_min_pd(ax, ay);
    const v2d q = simde_mm_and_pd(simde_mm_div_pd(lo, hi), simde_mm_cmpgt_pd(hi, zero));
    const v2d s = simde_mm_mul_pd(q, q);
    v2d p = simde_mm_add_pd(simde_mm_mul_pd(v_set1(kAtanC9), s), v_set1(kAtanC7));
    p = simde_mm_add_pd(simde_mm_mul_pd(p, s), v_set1(kAtanC5));
    p = simde_mm_add_pd(simde_mm_mul_pd(p, s), v_set1(kAtanC3));
    p = simde_mm_add_pd(simde_mm_mul_pd(p, s), v_set1(kAtanC1));
    v2d angle = simde_mm_mul_pd(q, p);
    angle = v_select(simde_mm_cmpgt_pd(ay, ax), simde_mm_sub_pd(v_set1(kHalfPi), angle), angle);
    angle = v_select(simde_mm_cmplt_pd(dx, zero), simde_mm_sub_pd(v_set1(kPi), angle), angle);
    angle = simde_mm_xor_pd(angle, simde_mm_and_pd(simde_mm_cmplt_pd(dy, zero), sign));
    const v2d t = simde_mm_sub_pd(simde_mm_mul_pd(angle, v_set1(kInvTwoPi)), v_set1(row->turn0));
    return simde_mm_sub_pd(t, v_floor(t));
}

// Table indices of two pixels from their extended t, clamped to [0, 1] first (a no-op where t is
// valid; it turns NaN into 0, so every index is inside the table): two int32 in one int64.
TSR_INLINE uint64_t v_indices(const gradient_row *row, v2d e) {
    e = simde_mm_min_pd(simde_mm_max_pd(e, simde_mm_setzero_pd()), v_set1(1.0));
    const simde__m128i i = simde_mm_cvttpd_epi32(simde_mm_add_pd(simde_mm_mul_pd(e, v_set1(row->scale)), v_set1(0.5)));
    return (uint64_t)simde_mm_cvtsi128_si64(i);
}

// Two pixels' colours into out[0], out[1]: t extended, looked up, and zeroed where `valid` is not
// set or the extended t is NaN. `checked` 0: t is known valid and not NaN (and extend is pad).
TSR_INLINE void v_store2(const gradient_row *row, int32_t extend, v2d t, v2d valid, uint32_t *out, int checked) {
    if (!checked) {
        const uint64_t index = v_indices(row, t);
        out[0] = row->table[(uint32_t)index];
        out[1] = row->table[(uint32_t)(index >> 32)];
        return;
    }
    valid = simde_mm_and_pd(valid, simde_mm_cmpord_pd(t, t));
    const v2d e = v_extend(extend, t);
    valid = simde_mm_and_pd(valid, simde_mm_cmpord_pd(e, e));
    const uint64_t index = v_indices(row, e);
    const unsigned mask = (unsigned)simde_mm_movemask_pd(valid);
    out[0] = row->table[(uint32_t)index] & (0u - (mask & 1u));
    out[1] = row->table[(uint32_t)(index >> 32)] & (0u - (mask >> 1));
}

// Pixels k and k + 1 of the row (lanes of `k`) into out[0], out[1].
TSR_INLINE void v_pair(const gradient_row *row, int32_t kind, int32_t extend, v2d k, uint32_t *out) {
    const v2d all = simde_mm_castsi128_pd(simde_mm_set1_epi32(-1));
    switch (kind) {
    case TSR_GRADIENT_RADIAL_CENTRED: {
        const v2d dx = simde_mm_add_pd(v_set1(row->dx0), simde_mm_mul_pd(k, v_set1(row->ddx)));
        const v2d dy = simde_mm_add_pd(v_set1(row->dy0), simde_mm_mul_pd(k, v_set1(row->ddy)));
        const v2d d = simde_mm_sqrt_pd(simde_mm_add_pd(simde_mm_mul_pd(dx, dx), simde_mm_mul_pd(dy, dy)));
        v_store2(row, extend, simde_mm_mul_pd(d, v_set1(row->invR1)), all, out, extend != TSR_EXTEND_PAD);
        break;
    }
    case TSR_GRADIENT_LINEAR:
        v_store2(row, extend, simde_mm_add_pd(v_set1(row->t0), simde_mm_mul_pd(k, v_set1(row->dt))), all, out, 1);
        break;
    case TSR_GRADIENT_RADIAL: {
        v2d valid;
        const v2d t = v_radial(row, k, &valid);
        v_store2(row, extend, t, valid, out, 1);
        break;
    }
    default:
        v_store2(row, extend, v_conic(row, k), all, out, 1);
        break;
    }
}

// The row, two pixels at a time (four per iteration); an odd last pixel through a scratch pair.
TSR_INLINE void v_row(const gradient_row *row, int32_t kind, int32_t extend, size_t count, uint32_t *out) {
    v2d k01 = simde_mm_set_pd(1.0, 0.0), k23 = simde_mm_set_pd(3.0, 2.0);
    const v2d four = v_set1(4.0), two = v_set1(2.0);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        v_pair(row, kind, extend, k01, out + i);
        v_pair(row, kind, extend, k23, out + i + 2);
        k01 = simde_mm_add_pd(k01, four);
        k23 = simde_mm_add_pd(k23, four);
    }
    if (i + 2 <= count) {
        v_pair(row, kind, extend, k01, out + i);
        k01 = simde_mm_add_pd(k01, two);
        i += 2;
    }
    if (i < count) {
        uint32_t pair[2];
        v_pair(row, kind, extend, k01, pair);
        out[i] = pair[0];
    }
}

// Linear, pad, with t finite along the whole row (the common case): no validity to track.
TSR_INLINE void v_linear_pad_row(const gradient_row *row, size_t count, uint32_t *out) {
    const v2d t0 = v_set1(row->t0), dt = v_set1(row->dt), two = v_set1(2.0);
    v2d k = simde_mm_set_pd(1.0, 0.0);
    const uint32_t *table = row->table;
    size_t i = 0;
    for (; i + 2 <= count; i += 2) {
        const uint64_t index = v_indices(row, simde_mm_add_pd(t0, simde_mm_mul_pd(k, dt)));
        out[i] = table[(uint32_t)index];
        out[i + 1] = table[(uint32_t)(index >> 32)];
        k = simde_mm_add_pd(k, two);
    }
    if (i < count) out[i] = table[(uint32_t)v_indices(row, simde_mm_add_pd(t0, simde_mm_mul_pd(k, dt)))];
}

void tsr_gradient_row(const tsr_gradient *gradient, int32_t x, int32_t y, size_t count, uint32_t *out) {
    gradient_row row;
    if (!gradient_row_setup(gradient, x, y, &row)) {
        memset(out, 0, count * sizeof *out);
        return;
    }
    if (row.kind == TSR_GRADIENT_LINEAR) {
        if (row.dt == 0) {
            // t is the same along the row (a vertical axis, CAGradientLayer's default): one colour.
            // t0 + i·0 is t0 for every pixel (up to the sign of a zero, which picks the same entry).
            uint32_t pair[2];
            v_pair(&row, TSR_GRADIENT_LINEAR, row.extend, simde_mm_setzero_pd(), pair);
            for (size_t i = 0; i < count; i++) out[i] = pair[0];
            return;
        }
        // t0 + i·dt stays finite for any row when both are below 1e290 (count < 2^53).
        if (row.extend == TSR_EXTEND_PAD && fabs(row.t0) < 1e290 && fabs(row.dt) < 1e290) {
            v_linear_pad_row(&row, count, out);
            return;
        }
    }
    if (row.kind == TSR_GRADIENT_RADIAL && row.centred) {
        switch (row.extend) {
        case TSR_EXTEND_PAD: v_row(&row, TSR_GRADIENT_RADIAL_CENTRED, TSR_EXTEND_PAD, count, out); return;
        case TSR_EXTEND_REPEAT: v_row(&row, TSR_GRADIENT_RADIAL_CENTRED, TSR_EXTEND_REPEAT, count, out); return;
        default: v_row(&row, TSR_GRADIENT_RADIAL_CENTRED, TSR_EXTEND_REFLECT, count, out); return;
        }
    }
    // One instantiation per kind and extend mode.
    switch (row.kind * 3 + row.extend) {
    case 0: v_row(&row, TSR_GRADIENT_LINEAR, TSR_EXTEND_PAD, count, out); break;
    case 1: v_row(&row, TSR_GRADIENT_LINEAR, TSR_EXTEND_REPEAT, count, out); break;
    case 2: v_row(&row, TSR_GRADIENT_LINEAR, TSR_EXTEND_REFLECT, count, out); break;
    case 3: v_row(&row, TSR_GRADIENT_RADIAL, TSR_EXTEND_PAD, count, out); break;
    case 4: v_row(&row, TSR_GRADIENT_RADIAL, TSR_EXTEND_REPEAT, count, out); break;
    case 5: v_row(&row, TSR_GRADIENT_RADIAL, TSR_EXTEND_REFLECT, count, out); break;
    case 6: v_row(&row, TSR_GRADIENT_CONIC, TSR_EXTEND_PAD, count, out); break;
    case 7: v_row(&row, TSR_GRADIENT_CONIC, TSR_EXTEND_REPEAT, count, out); break;
    default: v_row(&row, TSR_GRADIENT_CONIC, TSR_EXTEND_REFLECT, count, out); break;
    }
}
