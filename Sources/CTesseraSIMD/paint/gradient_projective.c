// Gradients under a homography (CTesseraPaint.h, tsr_projective_gradient): the paint of a command
// drawn through a projection (a layer's plane under perspective). A gradient's A and B are affine
// in the gradient-space point (u, v) = (Û / W, V̂ / W), so they are Â / W and B̂ / W with Â, B̂ and
// W affine in the device pixel centre: each pixel divides in double, then takes gradient.c's double
// path for t, its extension and lookup (paint/gradient_double.h). Not the float loops: their error bound
// rests on a constant step along the row, which a projection does not have.
//
// The kernel computes four pixels at a time (paint/gradient_double.h, compiled per level) with the
// operations of the scalar reference (reference/gradient_projective.c) in the same order, so both
// give the same bytes. A pixel with W ≤ 0 (or NaN) is behind
// the eye: the reference returns 0 before dividing; the kernel divides such lanes by 1 instead and
// zeroes them, so no lane divides by zero or a NaN.
#include "simd/no_fp_contract.h"
#include "CTesseraPaint.h"
#include "paint/gradient_double.h"
#include "paint/projective_row.h"
#include "simd/targets.h"
#include <math.h>
#include <string.h>

static inline int all_finite(const double *v, int n) {
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i])) return 0;
    return 1;
}

int tsr_projective_gradient_prepare(const tsr_gradient_spec *spec, const tsr_homography *m,
                                    tsr_projective_gradient *out) {
    memset(out, 0, sizeof *out);
    // The gradient with gradient space as its "device": A = ax·u + ay·v + a0, B likewise.
    tsr_gradient_spec inPlace = *spec;
    inPlace.xx = 1; inPlace.yx = 0; inPlace.xy = 0; inPlace.yy = 1; inPlace.x0 = 0; inPlace.y0 = 0;
    tsr_gradient g;
    if (!tsr_gradient_prepare(&inPlace, &g)) return 0;
    // Â = ax·Û + ay·V̂ + a0·W, each of Û, V̂, W affine in (px, py): the coefficients compose.
    const double a[3] = {g.ax * m->ux + g.ay * m->vx + g.a0 * m->wx, g.ax * m->uy + g.ay * m->vy + g.a0 * m->wy,
                         g.ax * m->u0 + g.ay * m->v0 + g.a0 * m->w0};
    const double b[3] = {g.bx * m->ux + g.by * m->vx + g.b0 * m->wx, g.bx * m->uy + g.by * m->vy + g.b0 * m->wy,
                         g.bx * m->u0 + g.by * m->v0 + g.b0 * m->w0};
    const double w[3] = {m->wx, m->wy, m->w0};
    if (!all_finite(a, 3) || !all_finite(b, 3) || !all_finite(w, 3)) return 0;
    g.ax = a[0]; g.ay = a[1]; g.a0 = a[2];
    g.bx = b[0]; g.by = b[1]; g.b0 = b[2];
    out->gradient = g;
    out->wx = w[0]; out->wy = w[1]; out->w0 = w[2];
    return 1;
}

// Pixels k … k + 3 of the row (lanes of `k`) into out[0 … 3]; W's start and step in w0, dw.
TSR_INLINE void p_quad(const gradient_row *row, int32_t path, int32_t extend, f64x4 w0, f64x4 dw, f64x4 k,
                       uint32_t *out) {
    const f64x4 w = w0 + k * dw;
    const i64x4 front = w > (f64x4){0};
    const f64x4 divisor = f64x4_select(front, w, f64x4_splat(1.0));
    const f64x4 a = (f64x4_splat(row->a0) + k * f64x4_splat(row->da)) / divisor;
    if (path == PATH_LINEAR) {
        d_store4(row, extend, a, front, out);
        return;
    }
    const f64x4 b = (f64x4_splat(row->b0) + k * f64x4_splat(row->db)) / divisor;
    switch (path) {
    case PATH_RADIAL_CENTRED: d_store4(row, extend, __builtin_elementwise_sqrt(a * a + b * b), front, out); break;
    case PATH_RADIAL: {
        i64x4 valid;
        const f64x4 t = d_radial(row, a, b, &valid);
        d_store4(row, extend, t, valid & front, out);
        break;
    }
    default: d_store4(row, extend, d_conic(row->p, a, b), front, out); break;
    }
}

// The row four pixels at a time; the last one to three through a scratch quad.
TSR_INLINE void p_row(const gradient_row *row, int32_t path, int32_t extend, tsr_affine_row w, size_t count,
                      uint32_t *out) {
    const f64x4 w0 = f64x4_splat(w.start), dw = f64x4_splat(w.step), four = f64x4_splat(4.0);
    f64x4 k = {0.0, 1.0, 2.0, 3.0};
    size_t i = 0;
    for (; i + 4 <= count; i += 4, k += four) p_quad(row, path, extend, w0, dw, k, out + i);
    if (i < count) {
        uint32_t quad[4];
        p_quad(row, path, extend, w0, dw, k, quad);
        memcpy(out + i, quad, (count - i) * sizeof *out);
    }
}

TSR_INLINE void projective_gradient_row_body(const gradient_row *row, tsr_affine_row w, size_t count, uint32_t *out) {
    // One instantiation per path and extend mode.
    switch ((row->path - 1) * 3 + row->extend) {
    case 0: p_row(row, PATH_LINEAR, TSR_EXTEND_PAD, w, count, out); break;
    case 1: p_row(row, PATH_LINEAR, TSR_EXTEND_REPEAT, w, count, out); break;
    case 2: p_row(row, PATH_LINEAR, TSR_EXTEND_REFLECT, w, count, out); break;
    case 3: p_row(row, PATH_RADIAL, TSR_EXTEND_PAD, w, count, out); break;
    case 4: p_row(row, PATH_RADIAL, TSR_EXTEND_REPEAT, w, count, out); break;
    case 5: p_row(row, PATH_RADIAL, TSR_EXTEND_REFLECT, w, count, out); break;
    case 6: p_row(row, PATH_RADIAL_CENTRED, TSR_EXTEND_PAD, w, count, out); break;
    case 7: p_row(row, PATH_RADIAL_CENTRED, TSR_EXTEND_REPEAT, w, count, out); break;
    case 8: p_row(row, PATH_RADIAL_CENTRED, TSR_EXTEND_REFLECT, w, count, out); break;
    case 9: p_row(row, PATH_CONIC, TSR_EXTEND_PAD, w, count, out); break;
    case 10: p_row(row, PATH_CONIC, TSR_EXTEND_REPEAT, w, count, out); break;
    default: p_row(row, PATH_CONIC, TSR_EXTEND_REFLECT, w, count, out); break;
    }
}

TSR_LEVELS_TO_AVX2(projective_gradient_row, (const gradient_row *row, tsr_affine_row w, size_t count, uint32_t *out),
           (row, w, count, out))

void tsr_projective_gradient_row(const tsr_projective_gradient *gradient, int32_t x, int32_t y, size_t count,
                                 uint32_t *out) {
    gradient_row row;
    if (!gradient_row_setup(&gradient->gradient, x, y, count, &row)) {
        memset(out, 0, count * sizeof *out);
        return;
    }
    const tsr_affine_row w = tsr_affine_row_make(gradient->wx, gradient->wy, gradient->w0, x, y);
    TSR_DISPATCH_TO_AVX2(projective_gradient_row, (&row, w, count, out));
}
