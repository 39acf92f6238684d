// One row of an axis-aligned rectangle (tsr_fill_rect_row, CTesseraSIMD.h) as at most three spans,
// each with one coverage byte: its first pixel, the pixels between, its last pixel (the horizontal
// overlap with [left, right), clamped to the row, times the row's vertical coverage). Shared by the
// RGBA and the alpha kernel (blend.c, alpha_target.c), so that both see the same coverage.
#ifndef TSR_RECT_ROW_H
#define TSR_RECT_ROW_H
#include <math.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int32_t start[3];
    size_t count[3];
    uint32_t coverage[3];
    int spans;   // 0 when the row covers nothing (an empty or NaN extent, no vertical coverage)
} tsr_rect_row_spans;

static inline uint32_t tsr_rect_coverage_byte(float c) { return (uint32_t)(c * 255.0f + 0.5f); }

static inline tsr_rect_row_spans tsr_rect_row(int32_t width, float left, float right, float rowCoverage) {
    tsr_rect_row_spans s = {{0}, {0}, {0}, 0};
    left = fmaxf(left, 0.0f);
    right = fminf(right, (float)width);
    if (!(right > left) || !(rowCoverage > 0.0f)) return s;
    const int32_t first = (int32_t)floorf(left);
    const int32_t last = (int32_t)ceilf(right) - 1;
    if (first == last) {
        s.start[0] = first;
        s.count[0] = 1;
        s.coverage[0] = tsr_rect_coverage_byte((right - left) * rowCoverage);
        s.spans = 1;
        return s;
    }
    s.start[0] = first;
    s.count[0] = 1;
    s.coverage[0] = tsr_rect_coverage_byte(((float)(first + 1) - left) * rowCoverage);
    s.start[1] = first + 1;
    s.count[1] = (size_t)(last - first - 1);
    s.coverage[1] = tsr_rect_coverage_byte(rowCoverage);
    s.start[2] = last;
    s.count[2] = 1;
    s.coverage[2] = tsr_rect_coverage_byte((right - (float)last) * rowCoverage);
    s.spans = 3;
    return s;
}
#endif
