// The scalar oracle of tsr_paint_row (paint/paint_row.c): the three passes, with the reference
// versions of the paint and blend kernels.
#include "CTesseraPaint.h"
#include "CTesseraReference.h"

void tsr_paint_row_reference(float *cells, int32_t start, int32_t end, int evenOdd, int32_t y, size_t count,
                             const tsr_paint *paint, uint32_t *pixels, uint8_t *coverage, uint32_t *colors) {
    tsr_coverage_row_reference(cells, start, end, evenOdd, coverage);
    if (count == 0) return;
    switch (paint->kind) {
    case TSR_PAINT_GRADIENT: tsr_gradient_row_reference(&paint->gradient, start, y, count, colors); break;
    case TSR_PAINT_IMAGE: tsr_image_row_reference(&paint->image, start, y, count, colors); break;
    case TSR_PAINT_PROJECTIVE_GRADIENT:
        tsr_projective_gradient_row_reference(&paint->projectiveGradient, start, y, count, colors);
        break;
    case TSR_PAINT_PROJECTIVE_IMAGE:
        tsr_projective_image_row_reference(&paint->projectiveImage, start, y, count, colors);
        break;
    default:
        for (size_t i = 0; i < count; i++) colors[i] = paint->color;
        break;
    }
    tsr_blend_row_reference(pixels, colors, coverage, count, paint->opacity, paint->mode);
}
