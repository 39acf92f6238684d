// The scalar oracle of tsr_projective_gradient_row (paint/gradient_projective.c): per pixel W, then
// A = Â / W and B = B̂ / W, t and its lookup by the double path (reference/gradient_lanes.h).
#include "simd/no_fp_contract.h"
#include "CTesseraPaint.h"
#include "paint/projective_row.h"
#include "reference/gradient_lanes.h"
#include <string.h>

void tsr_projective_gradient_row_reference(const tsr_projective_gradient *gradient, int32_t x, int32_t y,
                                           size_t count, uint32_t *out) {
    gradient_row row;
    if (!gradient_row_setup(&gradient->gradient, x, y, count, &row)) {
        memset(out, 0, count * sizeof *out);
        return;
    }
    const tsr_affine_row w = tsr_affine_row_make(gradient->wx, gradient->wy, gradient->w0, x, y);
    for (size_t i = 0; i < count; i++) {
        const double k = (double)i;
        const double wk = w.start + k * w.step;
        if (!(wk > 0)) {
            out[i] = 0;
            continue;
        }
        const double a = (row.a0 + k * row.da) / wk, b = (row.b0 + k * row.db) / wk;
        double t;
        switch (row.path) {
        case PATH_LINEAR: t = a; break;
        case PATH_RADIAL_CENTRED: t = sqrt(a * a + b * b); break;
        case PATH_RADIAL:
            if (!radial_t(&row, a, b, &t)) t = NAN;
            break;
        default: t = conic_t(row.p, a, b); break;
        }
        out[i] = lookup(&row, t);
    }
}
