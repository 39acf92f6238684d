// Image patterns under a homography (CTesseraPaint.h, tsr_projective_image): the paint of a command
// drawn through a projection (a layer's plane under perspective). Per pixel: W, then the point
// (u, v) = (Û / W, V̂ / W) in level-0 texels, in double; for trilinear the level from the map's local
// stretch at that point; (u, v) scaled into the level, less 0.5 for bilinear, rounded to 32.32 and
// clamped as reference/image.c's coordinates are (tsr_image_fixed32, tsr_image_clamp); then the
// same texel fetch, extend and 7-bit bilinear blend (tsr_image_sample). Only step 1 of
// reference/image.c differs: the coordinates are rounded per pixel from the quotient instead of
// stepped along the row in 32.32, since a projection has no constant step.
//
// The kernel computes W, u and v for blocks of pixels two per SSE2 register (SIMDe), with the
// reference's operations in the same order (so the same doubles), then samples each pixel with the
// reference's code. Behind the eye (W ≤ 0 or NaN) a pixel is transparent: the reference returns 0
// before dividing; the kernel divides such lanes by 1 and skips them.
#include "simd/no_fp_contract.h"
#include "CTesseraPaint.h"
#include "paint/image_row.h"
#include "paint/projective_row.h"
#include <simde/x86/sse2.h>
#include <string.h>

// Levels past 31 cannot be halvings of sides ≤ 2³⁰; the kernel reads at most that many.
#define MAX_LEVELS 31

// What a row needs: the homography along it, and how many levels are usable.
typedef struct {
    const tsr_projective_image *p;
    tsr_affine_row u, v, w;
    int32_t levelCount;
} projective_image_row;

static inline int level_is_valid(const tsr_image_level *level) {
    return level->pixels != NULL && level->width >= 1 && level->height >= 1 && level->width <= TSR_IMAGE_MAX_SIDE &&
           level->height <= TSR_IMAGE_MAX_SIDE;
}

// The row's constants; 0 when its pixels are all transparent (no usable level 0).
static inline int row_make(const tsr_projective_image *p, int32_t x, int32_t y, projective_image_row *r) {
    if (p->levels == NULL || p->levelCount < 1 || !level_is_valid(&p->levels[0])) return 0;
    const tsr_homography *m = &p->map;
    r->p = p;
    r->u = tsr_affine_row_make(m->ux, m->uy, m->u0, x, y);
    r->v = tsr_affine_row_make(m->vx, m->vy, m->v0, x, y);
    r->w = tsr_affine_row_make(m->wx, m->wy, m->w0, x, y);
    // Trilinear reads levels up to the first unusable one.
    const int32_t most = p->filter == TSR_FILTER_NEAREST ? 1 : (p->levelCount < MAX_LEVELS ? p->levelCount : MAX_LEVELS);
    int32_t n = 1;
    while (n < most && level_is_valid(&p->levels[n])) n++;
    r->levelCount = n;
    return 1;
}

// The level of a pixel at (u, v) with weight w > 0: by the quotient rule ∂u/∂px = (ux − u·wx) / w
// (and likewise), ρ² the larger squared length of the steps along px and py; level L where
// ρ² ≥ 2^(2L − 1), up to the last usable level. A NaN ρ² (an underflowed w) takes level 0, an
// infinite one the last.
static inline int32_t pixel_level(const projective_image_row *r, double u, double v, double w) {
    const tsr_homography *m = &r->p->map;
    const double ex = m->ux - u * m->wx, fx = m->vx - v * m->wx;
    const double ey = m->uy - u * m->wy, fy = m->vy - v * m->wy;
    const double alongX = ex * ex + fx * fx, alongY = ey * ey + fy * fy;
    const double rhoSquared = (alongX > alongY ? alongX : alongY) / (w * w);
    int32_t level = 0;
    double threshold = 2.0;
    while (level < r->levelCount - 1 && rhoSquared >= threshold) {
        level++;
        threshold *= 4.0;
    }
    return level;
}

// The colour of a pixel in front of the eye: its point (u, v) in level-0 texels, its weight w > 0.
static inline uint32_t pixel_color(const projective_image_row *r, double u, double v, double w) {
    const tsr_projective_image *p = r->p;
    const int32_t level = r->levelCount > 1 ? pixel_level(r, u, v, w) : 0;
    const tsr_image_level *l = &p->levels[level];
    if (level > 0) {
        // The level covers the same image space in fewer texels.
        u *= (double)l->width / (double)p->levels[0].width;
        v *= (double)l->height / (double)p->levels[0].height;
    }
    tsr_image_row_setup s;
    s.pixels = l->pixels;
    s.stride = (size_t)l->width;
    s.width = l->width;
    s.height = l->height;
    s.extend = p->extend;
    s.filter = p->filter == TSR_FILTER_NEAREST ? TSR_FILTER_NEAREST : TSR_FILTER_BILINEAR;
    const double h = s.filter == TSR_FILTER_NEAREST ? 0.0 : 0.5;
    return tsr_image_sample(&s, tsr_image_clamp(tsr_image_fixed32(u - h)), tsr_image_clamp(tsr_image_fixed32(v - h)));
}

// MARK: Scalar reference

void tsr_projective_image_row_reference(const tsr_projective_image *image, int32_t x, int32_t y, size_t count,
                                        uint32_t *out) {
    projective_image_row r;
    if (!row_make(image, x, y, &r)) {
        memset(out, 0, count * sizeof *out);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        const double k = (double)i;
        const double w = r.w.start + k * r.w.step;
        if (!(w > 0)) {
            out[i] = 0;
            continue;
        }
        const double u = (r.u.start + k * r.u.step) / w, v = (r.v.start + k * r.v.step) / w;
        out[i] = pixel_color(&r, u, v, w);
    }
}

// MARK: SSE2

typedef simde__m128d v2d;

void tsr_projective_image_row(const tsr_projective_image *image, int32_t x, int32_t y, size_t count, uint32_t *out) {
    projective_image_row r;
    if (!row_make(image, x, y, &r)) {
        memset(out, 0, count * sizeof *out);
        return;
    }
    const v2d u0 = simde_mm_set1_pd(r.u.start), du = simde_mm_set1_pd(r.u.step);
    const v2d v0 = simde_mm_set1_pd(r.v.start), dv = simde_mm_set1_pd(r.v.step);
    const v2d w0 = simde_mm_set1_pd(r.w.start), dw = simde_mm_set1_pd(r.w.step);
    const v2d zero = simde_mm_setzero_pd(), one = simde_mm_set1_pd(1.0), two = simde_mm_set1_pd(2.0);
    v2d k = simde_mm_set_pd(1.0, 0.0);
    for (size_t i = 0; i < count; i += 2) {
        const v2d w = simde_mm_add_pd(w0, simde_mm_mul_pd(k, dw));
        const v2d front = simde_mm_cmpgt_pd(w, zero);
        const v2d divisor = simde_mm_or_pd(simde_mm_and_pd(front, w), simde_mm_andnot_pd(front, one));
        double us[2], vs[2], ws[2];
        simde_mm_storeu_pd(us, simde_mm_div_pd(simde_mm_add_pd(u0, simde_mm_mul_pd(k, du)), divisor));
        simde_mm_storeu_pd(vs, simde_mm_div_pd(simde_mm_add_pd(v0, simde_mm_mul_pd(k, dv)), divisor));
        simde_mm_storeu_pd(ws, w);
        const int mask = simde_mm_movemask_pd(front);
        out[i] = mask & 1 ? pixel_color(&r, us[0], vs[0], ws[0]) : 0;
        if (i + 1 < count) out[i + 1] = mask & 2 ? pixel_color(&r, us[1], vs[1], ws[1]) : 0;
        k = simde_mm_add_pd(k, two);
    }
}
