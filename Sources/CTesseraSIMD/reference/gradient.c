// The scalar oracle of tsr_gradient_row (paint/gradient.c, whose top comment gives the arithmetic):
// one pixel at a time, the float loops' operations (float_pixel) or the double path
// (reference/gradient_lanes.h) as the row's shared setup decides (paint/gradient_row.h).
#include "simd/no_fp_contract.h"
#include "CTesseraPaint.h"
#include "reference/gradient_lanes.h"
#include <string.h>

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
