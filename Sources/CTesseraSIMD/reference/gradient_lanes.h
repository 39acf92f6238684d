// The per-pixel arithmetic of gradients' double-precision path (the top of paint/gradient.c explains
// it) in plain scalar C: t of a radial or conic pixel, its extension and table lookup. The references
// of the affine and projective rows take it (reference/gradient.c, reference/gradient_projective.c);
// the kernels' lanes do the same IEEE operations in the same order (paint/gradient_double.h). Each
// includer turns floating-point contraction off first.
#ifndef TSR_REFERENCE_GRADIENT_LANES_H
#define TSR_REFERENCE_GRADIENT_LANES_H
#include "paint/gradient_row.h"
#include <math.h>

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

#endif
