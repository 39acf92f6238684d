// Exact-area accumulation of line segments (the technique of font-rs and of FreeType's cell
// rasterizer): each piece of a line inside one pixel row adds signed area deltas to the row's cells
// so that the prefix sum of the row at cell x is the integral of the winding number over pixel x.
#include "CTesseraSIMD.h"
#include <math.h>

// Floor and ceiling for the non-negative coordinates left after clipping: truncation is the floor
// there, and these avoid libm calls (the x86-64 baseline has no SSE4.1 rounding instruction).
static inline int32_t floor_nonnegative(float v) { return (int32_t)v; }
static inline int32_t ceil_nonnegative(float v) {
    int32_t t = (int32_t)v;
    return t + ((float)t < v);
}

// min/max without fminf/fmaxf's NaN handling: the edge builder never emits NaN.
static inline float min_f(float a, float b) { return a < b ? a : b; }
static inline float max_f(float a, float b) { return a > b ? a : b; }

static inline void widen_row(int32_t *rowMin, int32_t *rowMax, int32_t row, int32_t lo, int32_t hi) {
    if (lo < rowMin[row]) rowMin[row] = lo;
    if (hi > rowMax[row]) rowMax[row] = hi;
}

// Adds one line piece that stays within a single pixel row. `d` is its signed height (positive
// downwards), xLow <= xHigh its horizontal extent. With A(i) = the mean fraction of pixel i lying
// right of the edge, pixel i gets d * A(i); cell i stores the difference d * (A(i) - A(i - 1)).
static inline void accumulate_piece(float *cells, float d, float xLow, float xHigh,
                                    int32_t *lowCell, int32_t *highCell) {
    int32_t i0 = floor_nonnegative(xLow);
    float lowFloor = (float)i0;
    int32_t xHighCeil = ceil_nonnegative(xHigh);
    if (xHighCeil <= i0 + 1) {
        // Within one pixel: A = 1 - (mean x - i0) there, 1 to its right.
        float fromLeft = 0.5f * (xLow + xHigh) - lowFloor;
        cells[i0] += d - d * fromLeft;
        cells[i0 + 1] += d * fromLeft;
        *lowCell = i0;
        *highCell = i0 + 1;
        return;
    }
    // Across several pixels: the edge sweeps x at a constant rate s = 1 / (xHigh - xLow).
    int32_t i1 = xHighCeil - 1;               // the last pixel the edge enters
    float s = 1.0f / (xHigh - xLow);
    float lowFrac = xLow - lowFloor;
    float firstArea = 0.5f * s * (1.0f - lowFrac) * (1.0f - lowFrac);   // A(i0)
    float highFrac = xHigh - (float)i1;
    float lastRemainder = 0.5f * s * highFrac * highFrac;               // 1 - A(i1)
    cells[i0] += d * firstArea;
    if (i1 == i0 + 1) {
        cells[i1] += d * (1.0f - lastRemainder - firstArea);
    } else {
        float second = s * (1.5f - lowFrac);  // A(i0 + 1); each further pixel adds s
        cells[i0 + 1] += d * (second - firstArea);
        float ds = d * s;
        for (int32_t i = i0 + 2; i < i1; i++) cells[i] += ds;
        float beforeLast = second + (float)(i1 - i0 - 2) * s;          // A(i1 - 1)
        cells[i1] += d * (1.0f - lastRemainder - beforeLast);
    }
    cells[i1 + 1] += d * lastRemainder;
    *lowCell = i0;
    *highCell = i1 + 1;
}

void tsr_accumulate_lines(const float *lines, size_t count, int32_t bandY, int32_t bandHeight,
                          float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax) {
    const float bandTop = (float)bandY;
    const float bandBottom = (float)(bandY + bandHeight);
    for (size_t n = 0; n < count; n++) {
        const float *line = lines + 4 * n;
        float x0 = line[0], y0 = line[1], x1 = line[2], y1 = line[3];
        if (y0 == y1) continue;
        float direction = 1.0f;
        if (y0 > y1) {
            float t = x0; x0 = x1; x1 = t;
            t = y0; y0 = y1; y1 = t;
            direction = -1.0f;
        }
        if (y1 <= bandTop || y0 >= bandBottom) continue;
        // x is computed from the line's own equation at each row boundary (not stepped from the
        // band's top), so a line contributes the same bytes whatever the band boundaries are. A
        // row's bottom boundary is the next row's top: each is computed once.
        const float dxdy = (x1 - x0) / (y1 - y0);
        const float xMin = min_f(x0, x1), xMax = max_f(x0, x1);
        const int32_t firstRow = floor_nonnegative(max_f(y0, bandTop));
        const int32_t endRow = ceil_nonnegative(min_f(y1, bandBottom));
        float top = max_f(y0, (float)firstRow);
        // Rounding must not carry a piece outside the line's own extent (and so the clip).
        float xTop = top == y0 ? x0 : min_f(max_f(x0 + (top - y0) * dxdy, xMin), xMax);
        int32_t row = firstRow - bandY;
        float *cells = accumulation + (size_t)row * stride;
        for (int32_t y = firstRow; y < endRow; y++, row++, cells += stride) {
            float bottom = min_f(y1, (float)(y + 1));
            float xBottom = bottom == y1 ? x1 : min_f(max_f(x0 + (bottom - y0) * dxdy, xMin), xMax);
            float dy = bottom - top;
            if (dy > 0.0f) {
                int32_t lo, hi;
                accumulate_piece(cells, dy * direction, min_f(xTop, xBottom), max_f(xTop, xBottom), &lo, &hi);
                widen_row(rowMin, rowMax, row, lo, hi);
            }
            top = bottom;
            xTop = xBottom;
        }
    }
}
