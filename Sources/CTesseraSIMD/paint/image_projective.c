// Image patterns under a homography (CTesseraPaint.h, tsr_projective_image): the paint of a command
// drawn through a projection (a layer's plane under perspective). Per pixel: W, then the point
// (u, v) = (Û / W, V̂ / W) in level-0 texels, in double; for trilinear the level from the map's local
// stretch at that point; (u, v) scaled into the level, less 0.5 for bilinear, rounded to 32.32 and
// clamped as reference/image.c's coordinates are (tsr_image_fixed32, tsr_image_clamp); then the
// same texel fetch, extend and 7-bit bilinear blend (tsr_image_sample). Only step 1 of
// reference/image.c differs: the coordinates are rounded per pixel from the quotient instead of
// stepped along the row in 32.32, since a projection has no constant step.
//
// The kernel works out each pixel's level and coordinates with the reference's code (the same
// doubles), then samples eight pixels at a time where all eight are in front of the eye and read
// the same level (the image kernel's sampling, paint/image_kernel.h, at the CPU's level), and any
// other group pixel by pixel. Behind the eye (W ≤ 0 or NaN) a pixel is transparent.
#include "simd/no_fp_contract.h"
#include "CTesseraPaint.h"
#include "paint/image_row.h"
#include "paint/projective_row.h"
#include "simd/level.h"
#include "simd/vectors.h"
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

// The sampling constants of level `level` (those tsr_image_sample and the image kernel read).
static inline void level_setup(const projective_image_row *r, int32_t level, tsr_image_row_setup *s) {
    const tsr_projective_image *p = r->p;
    const tsr_image_level *l = &p->levels[level];
    s->pixels = l->pixels;
    s->stride = (size_t)l->width;
    s->width = l->width;
    s->height = l->height;
    s->extend = p->extend;
    s->filter = p->filter == TSR_FILTER_NEAREST ? TSR_FILTER_NEAREST : TSR_FILTER_BILINEAR;
    s->widthPow2 = tsr_image_is_power_of_two(l->width);
    s->heightPow2 = tsr_image_is_power_of_two(l->height);
}

// The level a pixel in front of the eye reads (its point (u, v) in level-0 texels, its weight
// w > 0), and its 32.32 coordinates in that level, in *U and *V.
static inline int32_t pixel_coordinates(const projective_image_row *r, double u, double v, double w, int64_t *U,
                                        int64_t *V) {
    const tsr_projective_image *p = r->p;
    const int32_t level = r->levelCount > 1 ? pixel_level(r, u, v, w) : 0;
    if (level > 0) {
        // The level covers the same image space in fewer texels.
        const tsr_image_level *l = &p->levels[level];
        u *= (double)l->width / (double)p->levels[0].width;
        v *= (double)l->height / (double)p->levels[0].height;
    }
    const double h = p->filter == TSR_FILTER_NEAREST ? 0.0 : 0.5;
    *U = tsr_image_clamp(tsr_image_fixed32(u - h));
    *V = tsr_image_clamp(tsr_image_fixed32(v - h));
    return level;
}

// The colour of a pixel in front of the eye: its point (u, v) in level-0 texels, its weight w > 0.
static inline uint32_t pixel_color(const projective_image_row *r, double u, double v, double w) {
    int64_t U, V;
    tsr_image_row_setup s;
    level_setup(r, pixel_coordinates(r, u, v, w, &U, &V), &s);
    return tsr_image_sample(&s, U, V);
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

// MARK: Kernel

typedef void (*sample_pixels_fn)(const tsr_image_row_setup *r, const int64_t *u, const int64_t *v, size_t n,
                                 uint32_t *out);

// The image kernel's sampling of pixels at coordinates of their own, at the CPU's level (as
// tsr_image_row picks its span: AVX-512 does not pay there, simd/targets.h).
static sample_pixels_fn sample_pixels_now(void) {
#if defined(__x86_64__) || defined(_M_X64)
    if (tsr_level_now() >= TSR_LEVEL_AVX2) return tsr_image_pixels_avx2;
#endif
    return tsr_image_pixels_baseline;
}

// clamp(fixed32(x)) of four lanes: tsr_image_clamp(tsr_image_fixed32(x)) of each. Clamping s = x·2³²
// to ±2⁵³ first gives the same: there s is an integer (a double's step is 2 from 2⁵³ on), so
// rounding keeps it, and rounding any s beyond goes beyond; NaN gives −2⁵³ as it gives −2⁶¹ there.
// Within ±2⁵³ the conversion to int64 and the fraction are exact.
static inline i64x4 clamped_fixed32(f64x4 x) {
    const f64x4 limit = (f64x4){0} + 9007199254740992.0;   // 2⁵³
    f64x4 s = x * 4294967296.0;
    const i64x4 below = ~(i64x4)(s >= -limit);   // NaN too
    s = (f64x4)((below & (i64x4)(-limit)) | (~below & (i64x4)s));
    s = __builtin_elementwise_min(s, limit);
    const i64x4 r = __builtin_convertvector(s, i64x4);
    const f64x4 f = s - __builtin_convertvector(r, f64x4);
    return r - (i64x4)(f >= 0.5) + (i64x4)(f <= -0.5);   // a true comparison is −1
}

// The 32.32 coordinates of four pixels k (level 0, one level only), in U and V, as
// pixel_coordinates computes them; whether all four are in front of the eye.
static inline int four_front(const projective_image_row *r, f64x4 k, double h, int64_t *U, int64_t *V) {
    const f64x4 w = r->w.start + k * r->w.step;
    const i64x4 front = (i64x4)(w > 0);
    if (__builtin_reduce_and(front) == 0) return 0;
    const f64x4 u = (r->u.start + k * r->u.step) / w, v = (r->v.start + k * r->v.step) / w;
    const i64x4 u32 = clamped_fixed32(u - h), v32 = clamped_fixed32(v - h);
    memcpy(U, &u32, sizeof u32);
    memcpy(V, &v32, sizeof v32);
    return 1;
}

void tsr_projective_image_row(const tsr_projective_image *image, int32_t x, int32_t y, size_t count, uint32_t *out) {
    projective_image_row r;
    if (!row_make(image, x, y, &r)) {
        memset(out, 0, count * sizeof *out);
        return;
    }
    const sample_pixels_fn sample = sample_pixels_now();
    // Level 0's constants, made once for the row: most groups read it.
    tsr_image_row_setup level0;
    level_setup(&r, 0, &level0);
    const double h = image->filter == TSR_FILTER_NEAREST ? 0.0 : 0.5;
    for (size_t start = 0; start < count; start += 8) {
        const size_t n = count - start < 8 ? count - start : 8;
        int64_t U[8], V[8];
        if (n == 8 && r.levelCount == 1) {
            // One level: eight pixels' coordinates four at a time, when all are in front.
            const f64x4 k = (double)start + (f64x4){0, 1, 2, 3};
            if (four_front(&r, k, h, U, V) && four_front(&r, k + 4, h, U + 4, V + 4)) {
                sample(&level0, U, V, 8, out + start);
                continue;
            }
        }
        int32_t level[8];   // −1: behind the eye
        int uniform = 1;
        for (size_t j = 0; j < n; j++) {
            // The reference's arithmetic, pixel for pixel.
            const double k = (double)(start + j);
            const double w = r.w.start + k * r.w.step;
            if (!(w > 0)) {
                level[j] = -1;
                uniform = 0;
                continue;
            }
            const double u = (r.u.start + k * r.u.step) / w, v = (r.v.start + k * r.v.step) / w;
            level[j] = pixel_coordinates(&r, u, v, w, &U[j], &V[j]);
            uniform &= level[j] == level[0];
        }
        tsr_image_row_setup s;
        if (uniform) {
            if (level[0] > 0) level_setup(&r, level[0], &s);
            sample(level[0] > 0 ? &s : &level0, U, V, n, out + start);
            continue;
        }
        for (size_t j = 0; j < n; j++) {
            if (level[j] < 0) {
                out[start + j] = 0;
                continue;
            }
            level_setup(&r, level[j], &s);
            out[start + j] = tsr_image_sample(&s, U[j], V[j]);
        }
    }
}
