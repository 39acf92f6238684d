// Source-over blends one pixel at a time: the oracles of tsr_blend_span, tsr_fill_rect,
// tsr_composite_row and tsr_blend_mask_row (blend/spans.c, blend/rect.c, blend/over.h,
// coverage/fill_span.c).
// Every pixel takes the general blend (reference/lanes.h), including those the kernels skip (zero
// coverage, a transparent source) or store (coverage 255 of an opaque colour): the blend leaves the
// first as they are and gives the colour itself for the second.
#include "CTesseraReference.h"

#include "simd/no_fp_contract.h"

#include "reference/lanes.h"

void tsr_blend_span_reference(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage) {
    if (coverage > 255) coverage = 255;
    for (size_t i = 0; i < count; i++) pixels[i] = ref_over_scaled(pixels[i], color, (int32_t)coverage);
}

void tsr_fill_rect_reference(uint32_t *pixels, size_t stride, int32_t width, int32_t firstRow, int32_t endRow,
                             float left, float top, float right, float bottom, uint32_t color) {
    left = fmaxf(left, 0.0f);   // NaN sides become the row's ends
    right = fminf(right, (float)width);
    if (!(right > left)) return;
    const int32_t first = (int32_t)floorf(left), last = (int32_t)ceilf(right) - 1;
    for (int32_t y = firstRow; y < endRow; y++, pixels += stride) {
        // The height of [top, bottom) inside row y (NaN sides: the row's ends).
        const float rowCoverage = fminf((float)(y + 1), bottom) - fmaxf((float)y, top);
        if (!(rowCoverage > 0.0f)) continue;
        for (int32_t x = first; x <= last; x++) {
            // The width of [left, right) inside pixel x: 1 between the ends (exact below 2²⁴).
            const float inside = fminf(right, (float)(x + 1)) - fmaxf(left, (float)x);
            const uint32_t coverage = (uint32_t)(inside * rowCoverage * 255.0f + 0.5f);
            tsr_blend_span_reference(pixels + x, 1, color, coverage);
        }
    }
}

// round(alpha × opacity / 255) for the pixel's mask alpha, or the opacity without a mask.
static uint32_t composite_factor(const uint32_t *mask, size_t i, uint32_t opacity) {
    if (!mask) return opacity;
    const uint32_t v = (mask[i] >> 24) * opacity + 128;
    return (v + (v >> 8)) >> 8;
}

void tsr_composite_row_reference(uint32_t *dst, const uint32_t *src, const uint32_t *mask, size_t count,
                                 uint32_t opacity) {
    if (opacity > 255) opacity = 255;
    for (size_t i = 0; i < count; i++) {
        dst[i] = ref_over_scaled(dst[i], src[i], (int32_t)composite_factor(mask, i, opacity));
    }
}

void tsr_blend_mask_row_reference(uint32_t *pixels, const uint8_t *coverage, size_t count, uint32_t color) {
    for (size_t i = 0; i < count; i++) pixels[i] = ref_over_scaled(pixels[i], color, coverage[i]);
}
