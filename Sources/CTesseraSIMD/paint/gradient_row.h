// The per-row setup of gradients and the constants of their arithmetic (explained at the top of
// paint/gradient.c), shared by the row kernels (paint/gradient.c, paint/gradient_projective.c), the
// fused painted rows (paint/paint_row.c) and the references, so that all take the same path for a
// row with the same constants. Not part of the public headers.
#ifndef TSR_GRADIENT_ROW_H
#define TSR_GRADIENT_ROW_H
#include "CTesseraPaint.h"
#include <math.h>

// The row loops are instantiated per path and extend mode (the compiler then keeps the row's
// constants in registers and drops the switches); the helpers are forced inline for that, and so is
// the row's setup, which runs once per call.
#if defined(__GNUC__) || defined(__clang__)
#define TSR_INLINE static inline __attribute__((always_inline))
#else
#define TSR_INLINE static inline
#endif

// How a gradient's rows are computed (tsr_gradient.path).
enum {
    PATH_NONE = 0,              // paints nothing
    PATH_LINEAR = 1,            // A = t
    PATH_RADIAL = 2,            // (A, B) = (u, v) − p0, the two-circle quadratic
    PATH_RADIAL_CENTRED = 3,    // focal point at the centre: (A, B) = ((u, v) − p0) / r1, t = √(A² + B²)
    PATH_CONIC = 4,             // (A, B) = (u, v) − p0, t = atan2(B, A) in turns
};

static const double kInvTwoPi = 0.15915494309189535;   // 1 / (2π), rounded to double

// atan(q) for q in [0, 1]: Abramowitz & Stegun 4.4.47, q·(c1 + c3 q² + c5 q⁴ + c7 q⁶ + c9 q⁸),
// max |error| 1.2e-5 rad (A&S state 1e-5 for the exact minimax coefficients; with these 7-digit
// ones GradientKernelTests measures 1.15e-5 over [0, 1]). A table step of a full turn is
// 2π / (tableSize − 1) = 6.1e-3 rad for 1024 entries: the error is under 1/500 of a step, so it
// moves a pixel to the neighbouring entry only where t lies within 2e-6 of a rounding boundary.
static const double kAtanC1 = 0.9998660, kAtanC3 = -0.3302995, kAtanC5 = 0.1801410, kAtanC7 = -0.0851330,
                    kAtanC9 = 0.0208351;
static const double kHalfPi = 1.5707963267948966, kPi = 3.141592653589793;

// What a row needs, computed once per row by the same code for every version.
typedef struct {
    const tsr_gradient *p;
    const uint32_t *table;
    int32_t path, extend;
    // A and B (see tsr_gradient) at the row's first pixel, and their steps per pixel.
    double a0, da, b0, db;
    // The row's pixels are computed in single precision (see the top of the file).
    int useFloat;
    // Radial: r0·(r1 − r0), r0², and with `direct` the sign of a (the larger root is
    // (b + hiSign·√disc) / a).
    double r0dr, r0r0, hiSign;
} gradient_row;

// Where the float loops stay within their error bound (the top of the file): pad with every value
// finite (t may overflow float to ±∞, which pad clamps like any t beyond the ends), repeat and
// reflect where |t| ≤ 64 along the row and a pixel moves t (linear) or the position (radial, in
// end radii) by at most 4. Elsewhere, and for the other kinds, double.
TSR_INLINE int row_uses_float(const gradient_row *row, size_t count) {
    const double n = (double)count;
    switch (row->path) {
    case PATH_LINEAR:
        if (row->da == 0) return 0;   // one colour along the row: the double path's constant row
        if (row->extend == TSR_EXTEND_PAD) return fabs(row->a0) < 1e290 && fabs(row->da) < 1e30;
        return fabs(row->a0) <= 64 && fabs(row->a0 + n * row->da) <= 64 && fabs(row->da) <= 4;
    case PATH_RADIAL_CENTRED:
        if (row->extend == TSR_EXTEND_PAD)
            return fabs(row->a0) < 1e290 && fabs(row->b0) < 1e290 && fabs(row->da) < 1e30 && fabs(row->db) < 1e30;
        return fmax(fabs(row->a0), fabs(row->a0 + n * row->da)) + fmax(fabs(row->b0), fabs(row->b0 + n * row->db)) <=
                   64 &&
               fabs(row->da) + fabs(row->db) <= 4;
    default:
        return 0;
    }
}

// A and B at pixel (x, y)'s centre into row->a0 and row->b0 (B is 0 for a linear gradient).
TSR_INLINE void gradient_row_place(const tsr_gradient *p, int32_t path, int32_t x, int32_t y, gradient_row *row) {
    const double px = (double)x + 0.5, py = (double)y + 0.5;
    row->a0 = p->ax * px + p->ay * py + p->a0;
    row->b0 = path != PATH_LINEAR ? p->bx * px + p->by * py + p->b0 : 0;
}

// Whether row_uses_float holds under pad for every row of `p` (linear or centred radial) at any
// int32 pixel: its steps under 1e30 (row_uses_float's own bound), and A and B bounded at every
// pixel with a wide margin (|ax · px| + |ay · py| < 2 · 1e30 · 2^32, far under 1e290 with the
// constant under 1e200, rounding included). Then a caller with many rows only places each
// (gradient_row_place); where it fails, NaN included, each row checks its own values.
TSR_INLINE int gradient_pad_rows_use_float(const tsr_gradient *p, int32_t path) {
    const int a = fabs(p->ax) < 1e30 && fabs(p->ay) < 1e30 && fabs(p->a0) < 1e200;
    if (path == PATH_LINEAR) return a && p->ax != 0;
    return a && fabs(p->bx) < 1e30 && fabs(p->by) < 1e30 && fabs(p->b0) < 1e200;
}

// Fills `row` for the `count` pixels (x …, y) of `p`, whose path and extend mode are `path` and
// `extend` (constants where a caller knows them: the row's tests on them then go). Returns 0 when
// the whole row is transparent (the gradient paints nothing: tsr_gradient_prepare said so).
TSR_INLINE int gradient_row_setup_as(const tsr_gradient *p, int32_t path, int32_t extend, int32_t x, int32_t y,
                                     size_t count, gradient_row *row) {
    if (path == PATH_NONE || p->table == NULL) return 0;
    row->p = p;
    row->table = p->table;
    row->path = path;
    row->extend = extend;
    gradient_row_place(p, path, x, y, row);
    row->da = p->ax;
    row->db = path != PATH_LINEAR ? p->bx : 0;
    if (path == PATH_RADIAL) {
        row->r0dr = p->r0 * p->dr;
        row->r0r0 = p->r0 * p->r0;
        row->hiSign = p->a > 0 ? 1.0 : -1.0;
    }
    row->useFloat = row_uses_float(row, count);
    return 1;
}

// Fills `row` for the `count` pixels (x …, y) (gradient_row_setup_as).
TSR_INLINE int gradient_row_setup(const tsr_gradient *p, int32_t x, int32_t y, size_t count, gradient_row *row) {
    return gradient_row_setup_as(p, p->path, p->extend, x, y, count, row);
}

#endif
