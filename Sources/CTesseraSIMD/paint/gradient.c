// Gradients (CTesseraPaint.h): per pixel a parameter t (linear, two-circle radial, conic), extended
// (pad, repeat, reflect) and looked up in the gradient's colour table. tsr_gradient_prepare derives
// what the rows need once per gradient (tsr_gradient); a row then costs only its start. Two kinds
// of loops: single precision for linear gradients and radial ones with the focal point at the
// centre (the common ones: CAGradientLayer's axial and radial), four pixels per SSE2 register;
// double precision for the rest (two-circle radial, conic) and for rows outside the float loops'
// range, two pixels per register. SSE2 through SIMDe; the table lookups are scalar loads (SSE2 has
// no gather; AVX2's VPGATHERDD and an eight-lane AVX2 version were measured no faster here).
// tsr_gradient_row_reference is the plain scalar C oracle, one pixel at a time.
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
// constant t (one colour), and, for the centred radial under pad, four pixels with A² + B² ≥ 1 all
// take the last entry without a square root (√x ≥ 1 wherever x ≥ 1, sqrt being correctly rounded
// and monotonic). The same shortcut for linear pad (four pixels past one end) cost more in branch
// mispredictions than it saved. Measured on this project's 2-core AMD EPYC VM, one thread,
// 1920-pixel rows inside the gradient (no shortcut): linear pad 0.30 ns/pixel (double: 0.52),
// repeat 0.59, reflect 0.78; centred radial pad 0.48 (double: 1.06), repeat 0.93, reflect 1.2;
// general two-circle radial about 3.2; conic 4.4. 74-pixel rows (the bench scenes' mean): linear
// pad 0.36, centred radial pad 0.58.
#pragma STDC FP_CONTRACT OFF
#include "CTesseraPaint.h"
#include <simde/x86/sse2.h>
#include <math.h>
#include <string.h>

#include "paint/gradient_row.h"   // the row setup, shared with paint_row.c
#include "paint/gradient_lanes.h"   // the double path per pixel, shared with gradient_projective.c

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
    p->scale = (float)(g->tableSize - 1);
    return 1;
}

// MARK: Scalar reference

// SSE's MINPS / MAXPS (gradient_lanes.h has the double ones).
static inline float min_ssef(float a, float b) { return a < b ? a : b; }
static inline float max_ssef(float a, float b) { return a > b ? a : b; }

// The float loops' coordinate of pixel i: pixel i lies j = i mod 16 pixels into its block of 16,
// which starts at pixel k = i − j; the block's start is computed in double and rounded to float,
// then j steps are added in float.
static inline float coord_f(double start, double step, size_t i) {
    const size_t j = i & 15;
    return (float)(start + (double)(int64_t)(i - j) * step) + (float)j * (float)step;
}

static inline float extend_f(int32_t extend, float t) {
    switch (extend) {
    case TSR_EXTEND_REPEAT: return t - floorf(t);
    case TSR_EXTEND_REFLECT: {
        const float m = t - 2.0f * floorf(t * 0.5f);
        return 1.0f - fabsf(m - 1.0f);
    }
    default: return t;   // clamped below
    }
}

// Pixel i of a row that takes the float loops.
static inline uint32_t float_pixel(const gradient_row *row, size_t i) {
    float t;
    if (row->path == PATH_LINEAR) {
        t = coord_f(row->a0, row->da, i);
    } else {
        const float a = coord_f(row->a0, row->da, i), b = coord_f(row->b0, row->db, i);
        t = sqrtf(a * a + b * b);
    }
    const float e = min_ssef(max_ssef(extend_f(row->extend, t), 0.0f), 1.0f);
    return row->table[(int32_t)(e * row->p->scale + 0.5f)];
}

void tsr_gradient_row_reference(const tsr_gradient *gradient, int32_t x, int32_t y, size_t count, uint32_t *out) {
    gradient_row row;
    if (!gradient_row_setup(gradient, x, y, count, &row)) {
        memset(out, 0, count * sizeof *out);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        if (row.useFloat) {
            out[i] = float_pixel(&row, i);
            continue;
        }
        const double k = (double)i;
        const double a = row.a0 + k * row.da, b = row.b0 + k * row.db;
        double t;
        switch (row.path) {
        case PATH_LINEAR:
            t = a;
            break;
        case PATH_RADIAL_CENTRED:
            t = sqrt(a * a + b * b);
            break;
        case PATH_RADIAL:
            if (!radial_t(&row, a, b, &t)) t = NAN;
            break;
        default:
            t = conic_t(row.p, a, b);
            break;
        }
        out[i] = lookup(&row, t);
    }
}

// MARK: SSE2

typedef simde__m128 v4f;

// MARK: Float loops

TSR_INLINE v4f f_set1(float v) { return simde_mm_set1_ps(v); }
TSR_INLINE v4f f_select(v4f mask, v4f a, v4f b) {
    return simde_mm_or_ps(simde_mm_and_ps(mask, a), simde_mm_andnot_ps(mask, b));
}

// floorf, exact for every float (as v_floor below, with 2^23).
TSR_INLINE v4f f_floor(v4f t) {
    const v4f sign = f_set1(-0.0f);
    const v4f magic = simde_mm_or_ps(simde_mm_and_ps(t, sign), f_set1(0x1p23f));
    v4f r = simde_mm_sub_ps(simde_mm_add_ps(t, magic), magic);
    r = simde_mm_sub_ps(r, simde_mm_and_ps(simde_mm_cmpgt_ps(r, t), f_set1(1.0f)));
    const v4f big = simde_mm_cmpge_ps(simde_mm_andnot_ps(sign, t), f_set1(0x1p23f));
    return f_select(big, t, r);
}

TSR_INLINE v4f f_extend(int32_t extend, v4f t) {
    switch (extend) {
    case TSR_EXTEND_REPEAT: return simde_mm_sub_ps(t, f_floor(t));
    case TSR_EXTEND_REFLECT: {
        const v4f m = simde_mm_sub_ps(t, simde_mm_mul_ps(f_set1(2.0f), f_floor(simde_mm_mul_ps(t, f_set1(0.5f)))));
        const v4f folded = simde_mm_andnot_ps(f_set1(-0.0f), simde_mm_sub_ps(m, f_set1(1.0f)));
        return simde_mm_sub_ps(f_set1(1.0f), folded);
    }
    default: return t;
    }
}

// Four pixels from their coordinates (A alone for linear): t, extended, clamped, looked up. Under
// pad, four centred-radial pixels with A² + B² ≥ 1 all take `last`, the table's last entry four
// times, in one store: the same bytes, as √x ≥ 1 wherever x ≥ 1 and t ≥ 1 clamps to that entry.
TSR_INLINE void f_quad(const uint32_t *table, int32_t path, int32_t extend, v4f a, v4f b, v4f scale,
                       simde__m128i last, uint32_t *out) {
    const v4f one = f_set1(1.0f), zero = simde_mm_setzero_ps();
    v4f t = a;
    if (path == PATH_RADIAL_CENTRED) {
        const v4f d = simde_mm_add_ps(simde_mm_mul_ps(a, a), simde_mm_mul_ps(b, b));
        if (extend == TSR_EXTEND_PAD && simde_mm_movemask_ps(simde_mm_cmplt_ps(d, one)) == 0) {
            simde_mm_storeu_si128((simde__m128i *)out, last);
            return;
        }
        t = simde_mm_sqrt_ps(d);
    }
    v4f e = f_extend(extend, t);
    e = simde_mm_min_ps(simde_mm_max_ps(e, zero), one);
    const simde__m128i index = simde_mm_cvttps_epi32(simde_mm_add_ps(simde_mm_mul_ps(e, scale), f_set1(0.5f)));
    const uint64_t lo = (uint64_t)simde_mm_cvtsi128_si64(index);
    const uint64_t hi = (uint64_t)simde_mm_cvtsi128_si64(simde_mm_unpackhi_epi64(index, index));
    out[0] = table[(uint32_t)lo];
    out[1] = table[(uint32_t)(lo >> 32)];
    out[2] = table[(uint32_t)hi];
    out[3] = table[(uint32_t)(hi >> 32)];
}

// The row in blocks of 16 pixels (coord_f), four per step.
TSR_INLINE void f_row(const gradient_row *row, int32_t path, int32_t extend, size_t count, uint32_t *out) {
    const uint32_t *table = row->table;
    const v4f scale = f_set1(row->p->scale);
    const v4f stepA = f_set1((float)row->da), stepB = f_set1((float)row->db);
    const simde__m128i last = simde_mm_set1_epi32((int32_t)table[(int32_t)row->p->scale]);
    v4f ja[4], jb[4];   // j · step for j = 0 … 15
    for (int m = 0; m < 4; m++) {
        const float j = (float)(4 * m);
        const v4f lanes = simde_mm_set_ps(j + 3, j + 2, j + 1, j);
        ja[m] = simde_mm_mul_ps(lanes, stepA);
        jb[m] = simde_mm_mul_ps(lanes, stepB);
    }
    const int radial = path == PATH_RADIAL_CENTRED;
    for (size_t i = 0; i < count; i += 16) {
        const double k = (double)(int64_t)i;
        const v4f a = f_set1((float)(row->a0 + k * row->da));
        const v4f b = radial ? f_set1((float)(row->b0 + k * row->db)) : simde_mm_setzero_ps();
        const size_t n = count - i;
        if (n >= 16) {
            for (int m = 0; m < 4; m++)
                f_quad(table, path, extend, simde_mm_add_ps(a, ja[m]), simde_mm_add_ps(b, jb[m]), scale, last,
                       out + i + 4 * m);
        } else {
            // The last, partial block: whole quads, then up to three pixels through a scratch quad.
            int m = 0;
            for (; 4 * (size_t)m + 4 <= n; m++)
                f_quad(table, path, extend, simde_mm_add_ps(a, ja[m]), simde_mm_add_ps(b, jb[m]), scale, last,
                       out + i + 4 * m);
            const size_t rest = n - 4 * (size_t)m;
            if (rest > 0) {
                uint32_t quad[4];
                f_quad(table, path, extend, simde_mm_add_ps(a, ja[m]), simde_mm_add_ps(b, jb[m]), scale, last, quad);
                uint32_t *o = out + i + 4 * m;
                o[0] = quad[0];
                if (rest > 1) o[1] = quad[1];
                if (rest > 2) o[2] = quad[2];
            }
        }
    }
}

// MARK: Double loops (their per-pixel lanes: gradient_lanes.h)

// Pixels k and k + 1 of the row (lanes of `k`) into out[0], out[1].
TSR_INLINE void v_pair(const gradient_row *row, int32_t path, int32_t extend, v2d k, uint32_t *out) {
    const v2d all = simde_mm_castsi128_pd(simde_mm_set1_epi32(-1));
    const v2d a = simde_mm_add_pd(v_set1(row->a0), simde_mm_mul_pd(k, v_set1(row->da)));
    if (path == PATH_LINEAR) {
        v_store2(row, extend, a, all, out);
        return;
    }
    const v2d b = simde_mm_add_pd(v_set1(row->b0), simde_mm_mul_pd(k, v_set1(row->db)));
    switch (path) {
    case PATH_RADIAL_CENTRED:
        v_store2(row, extend, simde_mm_sqrt_pd(simde_mm_add_pd(simde_mm_mul_pd(a, a), simde_mm_mul_pd(b, b))), all,
                 out);
        break;
    case PATH_RADIAL: {
        v2d valid;
        const v2d t = v_radial(row, a, b, &valid);
        v_store2(row, extend, t, valid, out);
        break;
    }
    default:
        v_store2(row, extend, v_conic(row->p, a, b), all, out);
        break;
    }
}

// The row, two pixels at a time (four per iteration); an odd last pixel through a scratch pair.
TSR_INLINE void v_row(const gradient_row *row, int32_t path, int32_t extend, size_t count, uint32_t *out) {
    v2d k01 = simde_mm_set_pd(1.0, 0.0), k23 = simde_mm_set_pd(3.0, 2.0);
    const v2d four = v_set1(4.0), two = v_set1(2.0);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        v_pair(row, path, extend, k01, out + i);
        v_pair(row, path, extend, k23, out + i + 2);
        k01 = simde_mm_add_pd(k01, four);
        k23 = simde_mm_add_pd(k23, four);
    }
    if (i + 2 <= count) {
        v_pair(row, path, extend, k01, out + i);
        k01 = simde_mm_add_pd(k01, two);
        i += 2;
    }
    if (i < count) {
        uint32_t pair[2];
        v_pair(row, path, extend, k01, pair);
        out[i] = pair[0];
    }
}

// MARK: Dispatch

void tsr_gradient_row(const tsr_gradient *gradient, int32_t x, int32_t y, size_t count, uint32_t *out) {
    gradient_row row;
    if (!gradient_row_setup(gradient, x, y, count, &row)) {
        memset(out, 0, count * sizeof *out);
        return;
    }
    if (row.useFloat) {
        switch ((row.path == PATH_RADIAL_CENTRED) * 3 + row.extend) {
        case 0: f_row(&row, PATH_LINEAR, TSR_EXTEND_PAD, count, out); return;
        case 1: f_row(&row, PATH_LINEAR, TSR_EXTEND_REPEAT, count, out); return;
        case 2: f_row(&row, PATH_LINEAR, TSR_EXTEND_REFLECT, count, out); return;
        case 3: f_row(&row, PATH_RADIAL_CENTRED, TSR_EXTEND_PAD, count, out); return;
        case 4: f_row(&row, PATH_RADIAL_CENTRED, TSR_EXTEND_REPEAT, count, out); return;
        default: f_row(&row, PATH_RADIAL_CENTRED, TSR_EXTEND_REFLECT, count, out); return;
        }
    }
    if (row.path == PATH_LINEAR && row.da == 0) {
        // t is the same along the row (a vertical axis, CAGradientLayer's default): one colour.
        // a0 + i·0 is a0 for every pixel (up to the sign of a zero, which picks the same entry).
        uint32_t pair[2];
        v_pair(&row, PATH_LINEAR, row.extend, simde_mm_setzero_pd(), pair);
        for (size_t i = 0; i < count; i++) out[i] = pair[0];
        return;
    }
    // One instantiation per path and extend mode.
    switch ((row.path - 1) * 3 + row.extend) {
    case 0: v_row(&row, PATH_LINEAR, TSR_EXTEND_PAD, count, out); break;
    case 1: v_row(&row, PATH_LINEAR, TSR_EXTEND_REPEAT, count, out); break;
    case 2: v_row(&row, PATH_LINEAR, TSR_EXTEND_REFLECT, count, out); break;
    case 3: v_row(&row, PATH_RADIAL, TSR_EXTEND_PAD, count, out); break;
    case 4: v_row(&row, PATH_RADIAL, TSR_EXTEND_REPEAT, count, out); break;
    case 5: v_row(&row, PATH_RADIAL, TSR_EXTEND_REFLECT, count, out); break;
    case 6: v_row(&row, PATH_RADIAL_CENTRED, TSR_EXTEND_PAD, count, out); break;
    case 7: v_row(&row, PATH_RADIAL_CENTRED, TSR_EXTEND_REPEAT, count, out); break;
    case 8: v_row(&row, PATH_RADIAL_CENTRED, TSR_EXTEND_REFLECT, count, out); break;
    case 9: v_row(&row, PATH_CONIC, TSR_EXTEND_PAD, count, out); break;
    case 10: v_row(&row, PATH_CONIC, TSR_EXTEND_REPEAT, count, out); break;
    default: v_row(&row, PATH_CONIC, TSR_EXTEND_REFLECT, count, out); break;
    }
}

