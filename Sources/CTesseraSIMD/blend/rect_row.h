// One row of an axis-aligned rectangle (tsr_fill_rect, CTesseraSIMD.h): its first pixel, the
// pixels between, its last pixel (the horizontal overlap with [left, right), clamped to the row,
// times the row's vertical coverage), each part with one coverage byte. Shared by the RGBA and the
// alpha kernel (blend/rect.c, blend/alpha_target.c), so that both see the same coverage.
#ifndef TSR_RECT_ROW_H
#define TSR_RECT_ROW_H
#include <math.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int32_t first, last;   // the row's first and last pixel; last < first when it covers nothing
    // The first pixel's coverage (the only pixel's where first = last), the pixels' between, the
    // last pixel's.
    uint32_t firstCoverage, middleCoverage, lastCoverage;
} tsr_rect_row_spans;

static inline uint32_t tsr_rect_coverage_byte(float c) { return (uint32_t)(c * 255.0f + 0.5f); }

// Row y's vertical coverage of a rectangle from top to bottom (at most 1; not above 0 outside it).
static inline float tsr_rect_row_coverage(int32_t y, float top, float bottom) {
    return fminf((float)(y + 1), bottom) - fmaxf((float)y, top);
}

static inline tsr_rect_row_spans tsr_rect_row(int32_t width, float left, float right, float rowCoverage) {
    tsr_rect_row_spans s = {0, -1, 0, 0, 0};
    left = fmaxf(left, 0.0f);   // NaN sides become the row's ends
    right = fminf(right, (float)width);
    if (!(right > left) || !(rowCoverage > 0.0f)) return s;
    // 0 ≤ left < right ≤ width: floor(left) and ceil(right) − 1 by truncation (floorf and ceilf are
    // calls at the baseline level).
    const int32_t first = (int32_t)left, whole = (int32_t)right;
    const int32_t last = whole - ((float)whole == right);
    s.first = first;
    s.last = last;
    if (first == last) {
        s.firstCoverage = tsr_rect_coverage_byte((right - left) * rowCoverage);
        return s;
    }
    s.firstCoverage = tsr_rect_coverage_byte(((float)(first + 1) - left) * rowCoverage);
    s.middleCoverage = tsr_rect_coverage_byte(rowCoverage);
    s.lastCoverage = tsr_rect_coverage_byte((right - (float)last) * rowCoverage);
    return s;
}
#endif
