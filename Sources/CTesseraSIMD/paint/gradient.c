// Gradients (CTesseraPaint.h): per pixel a parameter t (linear, two-circle radial, conic), extended
// (pad, repeat, reflect) and looked up in the gradient's colour table. tsr_gradient_prepare derives
// what the rows need once per gradient (tsr_gradient); a row then costs only its start. Two kinds
// of loops: single precision for linear gradients and radial ones with the focal point at the
// centre (the common ones: CAGradientLayer's axial and radial), eight lanes at a time
// (paint/gradient_float.h); double precision for the rest (two-circle radial, conic) and for rows
// outside the float loops' range, four lanes at a time (paint/gradient_double.h). Vector types,
// compiled per level (simd/targets.h); the table lookups are scalar loads (VPGATHERDD was measured no
// faster here). tsr_gradient_row_reference (reference/gradient.c) is the plain scalar C oracle, one
// pixel at a time.
//
// Both versions give identical bytes: they take the same loop for a row (decided by shared code,
// row_uses_float) and do the same IEEE operations in the same order, which is deterministic:
// floating-point contraction is off in this file (an FMA would round differently), the reference
// spells out SSE's min/max (`a < b ? a : b`) where NaN could reach them, and where the SIMD version
// takes a shortcut it produces the bytes the general computation would.
//
// The row's start and the per-gradient constants are always computed in double (the start as
// A = ax·px + ay·py + a0 from the pixel centre).
//
// Double loops: pixel i is the row's start plus i times the per-pixel step (never an accumulated
// sum), then t, extended and rounded to a table index, all in double. Double keeps t exact to far
// below a table step (1e-3) even for large coordinates and for the radial quadratic, whose terms
// cancel.
//
// Float loops: the row is cut into blocks of 16 pixels; a block's start is computed in double and
// rounded to float, then pixel j of the block adds j times the per-pixel step in float (coord_f).
// t (linear: A; centred radial: √(A² + B²), A and B in end radii), its extension and the index
// t·(tableSize − 1) + 0.5 are float. With u = 2⁻²⁴ and Δ the step of one pixel in gradient
// lengths (linear: |Δt| per pixel; radial: |ΔA| + |ΔB|), the rounding errors add up to at most
//     |error in t| ≤ 2⁻²²·(|t| + 2) + 2⁻¹⁸·Δ
// (block start 2u|t| + 45uΔ; radial squares, sum and root 2u|t|; extend and index 6u); the block
// keeps the Δ term from growing along the row. For t in [0, 1] and a gradient at least 10 pixels
// long (Δ ≤ 0.1) that is under 1.1e-6, 1/900 of a 1024-entry table step: it moves a pixel to the
// neighbouring entry only where t lies that close to a rounding boundary (GradientKernelTests
// measures the bound with a 2²²-entry table: the worst pixel reaches 0.64 of it). The float loops
// take pad rows whose values are finite (t beyond float's range is ±∞, which pad clamps like any
// t past the ends), and repeat and reflect rows with |t| ≤ 64 and Δ ≤ 4 (error ≤ 3.1e-5, 1/30 of a
// step); other rows take the double loops.
//
// The radial roots: where the quadratic's leading coefficient a = |Δc|² − Δr² is well away from 0
// (|a| ≥ 1e-4·(|Δc|² + Δr²): all but circles within 0.005% of touching from inside, |Δc| = |Δr|;
// concentric ones included) they are (b ± √(b² − ac)) · (1/a), with no division per pixel; their
// absolute error, about 1e-16·(|b| + √disc)/|a|, is under 1e-11 times the pixel's distance in
// gradient sizes (|Δc|, |Δr|), so under 1% of a table step up to 10⁶ sizes away. Nearer 0 that
// form cancels digits, so the numerically stable q = b + sign(b)·√disc, roots q / a and c / q, is
// used instead (two divisions). |a| under 1e-12 of that scale is rounding noise of exactly
// touching circles (a focal point on the end circle) and is taken as 0 (the one root c / (2b)):
// otherwise the second root of the rounded a, near 10¹² or beyond, would paint half the plane in
// the end colour or not depending on the last bit of the inputs.
//
// The conic angle is a polynomial atan2 (below), the same in both versions, so that SIMD needs no
// per-lane libm calls.
//
// Shortcuts (SIMD only; the reference computes the same values the general way): a linear row of
// constant t (one colour); on the float loops under pad, a linear block of 16 pixels past one end
// takes that end's entry (paint/gradient_float.h), and for the centred radial eight pixels with
// A² + B² ≥ 1 take the last entry without a square root (√x ≥ 1 wherever x ≥ 1, sqrt being
// correctly rounded and monotonic). The linear test per four pixels on the double loops cost more
// in branch mispredictions than it saved.
#include "simd/no_fp_contract.h"
#include "CTesseraPaint.h"
#include "paint/gradient_double.h"
#include "paint/gradient_float.h"
#include "simd/targets.h"
#include <math.h>
#include <string.h>

// MARK: Preparation, once per gradient

static inline int finite6(const tsr_gradient_spec *g) {
    return isfinite(g->xx) && isfinite(g->yx) && isfinite(g->xy) && isfinite(g->yy) && isfinite(g->x0) &&
           isfinite(g->y0);
}

// Degenerate geometry needs no test here: it makes t NaN (a zero-length linear axis gives 0 / 0,
// caught below as a non-finite coefficient) or leaves no valid radial root, and such pixels are
// transparent one by one.
int tsr_gradient_prepare(const tsr_gradient_spec *g, tsr_gradient *p) {
    memset(p, 0, sizeof *p);
    if (g->table == NULL || g->tableSize < 2 || g->tableSize > (1 << 23) || !finite6(g)) return 0;
    if (g->extend < TSR_EXTEND_PAD || g->extend > TSR_EXTEND_REFLECT) return 0;
    int32_t path;
    switch (g->kind) {
    case TSR_GRADIENT_LINEAR: {
        if (!(isfinite(g->p0x) && isfinite(g->p0y) && isfinite(g->p1x) && isfinite(g->p1y))) return 0;
        const double ax = g->p1x - g->p0x, ay = g->p1y - g->p0y;
        const double len2 = ax * ax + ay * ay;
        p->ax = (g->xx * ax + g->yx * ay) / len2;
        p->ay = (g->xy * ax + g->yy * ay) / len2;
        p->a0 = ((g->x0 - g->p0x) * ax + (g->y0 - g->p0y) * ay) / len2;
        path = PATH_LINEAR;
        break;
    }
    case TSR_GRADIENT_RADIAL: {
        if (!(isfinite(g->p0x) && isfinite(g->p0y) && isfinite(g->p1x) && isfinite(g->p1y) && isfinite(g->r0) &&
              isfinite(g->r1)))
            return 0;
        const double cdx = g->p1x - g->p0x, cdy = g->p1y - g->p0y, dr = g->r1 - g->r0;
        const double axis2 = cdx * cdx + cdy * cdy, dr2 = dr * dr;
        const double a = axis2 - dr2, size = axis2 + dr2;
        path = PATH_RADIAL;
        if (cdx == 0 && cdy == 0 && g->r0 == 0 && g->r1 > 0) {
            // The circles r1·t about p0 (CAGradientLayer's radial, the bench's): t = |(u, v) − p0| / r1.
            const double r1 = g->r1;
            p->ax = g->xx / r1; p->ay = g->xy / r1; p->a0 = (g->x0 - g->p0x) / r1;
            p->bx = g->yx / r1; p->by = g->yy / r1; p->b0 = (g->y0 - g->p0y) / r1;
            if (isfinite(p->ax) && isfinite(p->ay) && isfinite(p->a0) && isfinite(p->bx) && isfinite(p->by) &&
                isfinite(p->b0)) {
                path = PATH_RADIAL_CENTRED;
                break;
            }
        }
        p->cdx = cdx;
        p->cdy = cdy;
        p->dr = dr;
        p->r0 = g->r0;
        p->a = fabs(a) <= 1e-12 * size ? 0.0 : a;
        p->direct = fabs(a) >= 1e-4 * size;
        p->invA = p->direct ? 1.0 / a : 0.0;
        p->ax = g->xx; p->ay = g->xy; p->a0 = g->x0 - g->p0x;
        p->bx = g->yx; p->by = g->yy; p->b0 = g->y0 - g->p0y;
        break;
    }
    case TSR_GRADIENT_CONIC:
        if (!(isfinite(g->p0x) && isfinite(g->p0y) && isfinite(g->angle))) return 0;
        p->ax = g->xx; p->ay = g->xy; p->a0 = g->x0 - g->p0x;
        p->bx = g->yx; p->by = g->yy; p->b0 = g->y0 - g->p0y;
        p->turn0 = g->angle * kInvTwoPi;
        path = PATH_CONIC;
        break;
    default:
        return 0;
    }
    if (!(isfinite(p->ax) && isfinite(p->ay) && isfinite(p->a0) && isfinite(p->bx) && isfinite(p->by) &&
          isfinite(p->b0))) {
        memset(p, 0, sizeof *p);
        return 0;
    }
    p->table = g->table;
    p->path = path;
    p->extend = g->extend;
    p->premultiplied = g->premultiplied != 0;
    p->scale = (float)(g->tableSize - 1);
    return 1;
}

// MARK: Float loops (their lanes: paint/gradient_float.h)

// The row in blocks of 16 pixels; the last, partial block through a scratch block.
TSR_INLINE void f_row(const gradient_row *row, int32_t path, int32_t extend, size_t count, uint32_t *out) {
    const gradient_lanes g = gradient_lanes_make(row->p);
    const int radial = path == PATH_RADIAL_CENTRED;
    size_t i = 0;
    for (; i + 16 <= count; i += 16) gradient_block(&g, row, radial, extend, i, out + i);
    if (i < count) {
        uint32_t block[16];
        gradient_block(&g, row, radial, extend, i, block);
        memcpy(out + i, block, (count - i) * sizeof *out);
    }
}

// MARK: Double loops (their lanes: paint/gradient_double.h)

// Pixels k … k + 3 of the row (lanes of `k`) into out[0 … 3].
TSR_INLINE void d_quad(const gradient_row *row, int32_t path, int32_t extend, f64x4 k, uint32_t *out) {
    const i64x4 all = (i64x4){0} - 1;
    const f64x4 a = f64x4_splat(row->a0) + k * f64x4_splat(row->da);
    if (path == PATH_LINEAR) {
        d_store4(row, extend, a, all, out);
        return;
    }
    const f64x4 b = f64x4_splat(row->b0) + k * f64x4_splat(row->db);
    switch (path) {
    case PATH_RADIAL_CENTRED: d_store4(row, extend, __builtin_elementwise_sqrt(a * a + b * b), all, out); break;
    case PATH_RADIAL: {
        i64x4 valid;
        const f64x4 t = d_radial(row, a, b, &valid);
        d_store4(row, extend, t, valid, out);
        break;
    }
    default: d_store4(row, extend, d_conic(row->p, a, b), all, out); break;
    }
}

// The row four pixels at a time; the last one to three through a scratch quad.
TSR_INLINE void d_row(const gradient_row *row, int32_t path, int32_t extend, size_t count, uint32_t *out) {
    f64x4 k = {0.0, 1.0, 2.0, 3.0};
    const f64x4 four = f64x4_splat(4.0);
    size_t i = 0;
    for (; i + 4 <= count; i += 4, k += four) d_quad(row, path, extend, k, out + i);
    if (i < count) {
        uint32_t quad[4];
        d_quad(row, path, extend, k, quad);
        memcpy(out + i, quad, (count - i) * sizeof *out);
    }
}

// MARK: Dispatch

TSR_INLINE void gradient_row_body(const gradient_row *row, size_t count, uint32_t *out) {
    if (row->useFloat) {
        switch ((row->path == PATH_RADIAL_CENTRED) * 3 + row->extend) {
        case 0: f_row(row, PATH_LINEAR, TSR_EXTEND_PAD, count, out); return;
        case 1: f_row(row, PATH_LINEAR, TSR_EXTEND_REPEAT, count, out); return;
        case 2: f_row(row, PATH_LINEAR, TSR_EXTEND_REFLECT, count, out); return;
        case 3: f_row(row, PATH_RADIAL_CENTRED, TSR_EXTEND_PAD, count, out); return;
        case 4: f_row(row, PATH_RADIAL_CENTRED, TSR_EXTEND_REPEAT, count, out); return;
        default: f_row(row, PATH_RADIAL_CENTRED, TSR_EXTEND_REFLECT, count, out); return;
        }
    }
    if (row->path == PATH_LINEAR && row->da == 0) {
        // t is the same along the row (a vertical axis, CAGradientLayer's default): one colour.
        // a0 + i·0 is a0 for every pixel (up to the sign of a zero, which picks the same entry).
        uint32_t quad[4];
        d_quad(row, PATH_LINEAR, row->extend, (f64x4){0}, quad);
        for (size_t i = 0; i < count; i++) out[i] = quad[0];
        return;
    }
    // One instantiation per path and extend mode.
    switch ((row->path - 1) * 3 + row->extend) {
    case 0: d_row(row, PATH_LINEAR, TSR_EXTEND_PAD, count, out); break;
    case 1: d_row(row, PATH_LINEAR, TSR_EXTEND_REPEAT, count, out); break;
    case 2: d_row(row, PATH_LINEAR, TSR_EXTEND_REFLECT, count, out); break;
    case 3: d_row(row, PATH_RADIAL, TSR_EXTEND_PAD, count, out); break;
    case 4: d_row(row, PATH_RADIAL, TSR_EXTEND_REPEAT, count, out); break;
    case 5: d_row(row, PATH_RADIAL, TSR_EXTEND_REFLECT, count, out); break;
    case 6: d_row(row, PATH_RADIAL_CENTRED, TSR_EXTEND_PAD, count, out); break;
    case 7: d_row(row, PATH_RADIAL_CENTRED, TSR_EXTEND_REPEAT, count, out); break;
    case 8: d_row(row, PATH_RADIAL_CENTRED, TSR_EXTEND_REFLECT, count, out); break;
    case 9: d_row(row, PATH_CONIC, TSR_EXTEND_PAD, count, out); break;
    case 10: d_row(row, PATH_CONIC, TSR_EXTEND_REPEAT, count, out); break;
    default: d_row(row, PATH_CONIC, TSR_EXTEND_REFLECT, count, out); break;
    }
}

TSR_LEVELS_TO_AVX2(gradient_row, (const gradient_row *row, size_t count, uint32_t *out), (row, count, out))

void tsr_gradient_row(const tsr_gradient *gradient, int32_t x, int32_t y, size_t count, uint32_t *out) {
    gradient_row row;
    if (!gradient_row_setup(gradient, x, y, count, &row)) {
        memset(out, 0, count * sizeof *out);
        return;
    }
    TSR_DISPATCH_TO_AVX2(gradient_row, (&row, count, out));
}
