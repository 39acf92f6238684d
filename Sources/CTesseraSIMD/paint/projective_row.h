// The start of a row under a homography (CTesseraPaint.h, tsr_homography), shared by the projective
// kernels and their references so that every version starts a row from the same doubles. Not part
// of the public headers.
#ifndef TSR_PROJECTIVE_ROW_H
#define TSR_PROJECTIVE_ROW_H
#include <stdint.h>

// An affine function c(px, py) = cx·px + cy·py + c0 of the pixel centre along row y from pixel x:
// pixel i of the row has start + i·step (the step is cx).
typedef struct {
    double start, step;
} tsr_affine_row;

// As gradient_row_setup starts A: the centre (x + 0.5, y + 0.5) in double, products then sums.
static inline tsr_affine_row tsr_affine_row_make(double cx, double cy, double c0, int32_t x, int32_t y) {
    const double px = (double)x + 0.5, py = (double)y + 0.5;
    const tsr_affine_row row = {cx * px + cy * py + c0, cx};
    return row;
}

#endif
