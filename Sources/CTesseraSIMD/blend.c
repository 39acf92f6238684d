#include "CTesseraSIMD.h"
#include "blend_sse2.h"
#include <math.h>

// Blends fewer than four pixels through a scratch copy, so the SIMD kernel never touches memory
// past the end of the row.
static void blend_tail(uint32_t *pixels, size_t count, simde__m128i coverage32, simde__m128i color16) {
    uint32_t scratch[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < count; i++) scratch[i] = pixels[i];
    tsr_blend_4px(scratch, coverage32, color16);
    for (size_t i = 0; i < count; i++) pixels[i] = scratch[i];
}

static void over_tail(uint32_t *pixels, size_t count, simde__m128i src16) {
    uint32_t scratch[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < count; i++) scratch[i] = pixels[i];
    tsr_over_4px(scratch, src16);
    for (size_t i = 0; i < count; i++) pixels[i] = scratch[i];
}

// Called by tsr_blend_span (dispatch.c) with 0 < coverage <= 255.
void tsr_blend_span_sse2(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage) {
    simde__m128i src16 = tsr_scaled_color(color, coverage);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) tsr_over_4px(pixels + i, src16);
    if (i < count) over_tail(pixels + i, count - i, src16);
}

static inline uint32_t coverage_byte(float c) { return (uint32_t)(c * 255.0f + 0.5f); }

void tsr_fill_rect_row(uint32_t *pixels, int32_t width, float left, float right, float rowCoverage,
                       uint32_t color) {
    left = fmaxf(left, 0.0f);
    right = fminf(right, (float)width);
    if (!(right > left) || !(rowCoverage > 0.0f)) return;
    int32_t first = (int32_t)floorf(left);
    int32_t last = (int32_t)ceilf(right) - 1;
    if (first == last) {
        tsr_blend_span(pixels + first, 1, color, coverage_byte((right - left) * rowCoverage));
        return;
    }
    tsr_blend_span(pixels + first, 1, color, coverage_byte(((float)(first + 1) - left) * rowCoverage));
    tsr_blend_span(pixels + first + 1, (size_t)(last - first - 1), color, coverage_byte(rowCoverage));
    tsr_blend_span(pixels + last, 1, color, coverage_byte((right - (float)last) * rowCoverage));
}

// Shared with fill_span.c for its row tails.
void tsr_blend_tail_sse2(uint32_t *pixels, size_t count, simde__m128i coverage32, simde__m128i color16) {
    blend_tail(pixels, count, coverage32, color16);
}
