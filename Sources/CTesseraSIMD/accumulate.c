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

// Adds a piece of signed height `d` whose ends' x sum to `xSum` and which stays within pixel i
// (x in [i, i + 1]): A = 1 - (mean x - i) there, 1 to its right.
static inline void accumulate_in_pixel(float *cells, float d, float xSum, int32_t i) {
    float fromLeft = 0.5f * xSum - (float)i;
    cells[i] += d - d * fromLeft;
    cells[i + 1] += d * fromLeft;
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
        accumulate_in_pixel(cells, d, xLow + xHigh, i0);
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

// A line oriented downwards (y0 < y1), with its direction: +1 where it went down, -1 up.
typedef struct {
    float x0, y0, x1, y1;
    float dxdy, xMin, xMax;
    float direction;
} Edge;

// The edge's x at height y strictly between its ends. x is computed from the line's own equation at
// each row boundary (not stepped from the band's top), so a line contributes the same bytes whatever
// the band boundaries are; rounding must not carry a piece outside the line's own extent (and so
// the clip).
static inline float edge_x(const Edge *e, float y) {
    return min_f(max_f(e->x0 + (y - e->y0) * e->dxdy, e->xMin), e->xMax);
}

// Adds the piece of the edge in band row `row` from (xTop, top) to (xBottom, top + dy). With
// `inColumn`, the whole edge lies within pixel column `column`, and so does the piece:
// accumulate_piece's single-pixel case, without finding the pixel (xTop + xBottom is its
// xLow + xHigh: float addition commutes).
__attribute__((always_inline))
static inline void add_piece(float *cells, int32_t row, int32_t *rowMin, int32_t *rowMax, float d,
                             float xTop, float xBottom, int inColumn, int32_t column) {
    if (inColumn) {
        accumulate_in_pixel(cells, d, xTop + xBottom, column);
        widen_row(rowMin, rowMax, row, column, column + 1);
    } else {
        int32_t lo, hi;
        accumulate_piece(cells, d, min_f(xTop, xBottom), max_f(xTop, xBottom), &lo, &hi);
        widen_row(rowMin, rowMax, row, lo, hi);
    }
}

// Adds the edge's pieces in rows [firstRow, endRow), at least one row, where firstRow =
// floor(max(y0, band top)) and endRow = ceil(min(y1, band bottom)). Always inlined so that each
// value of `inColumn` gets its own loop. Every piece has a positive height: its top and bottom are
// distinct floats (y0 < y1, y0 < endRow and y1 > endRow - 1).
__attribute__((always_inline))
static inline void accumulate_edge(const Edge *e, int32_t firstRow, int32_t endRow, int32_t bandY,
                                   float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                                   int inColumn, int32_t column) {
    float top = max_f(e->y0, (float)firstRow);
    float xTop = top == e->y0 ? e->x0 : edge_x(e, top);
    int32_t row = firstRow - bandY;
    float *cells = accumulation + (size_t)row * stride;
    // A row's bottom boundary is the next row's top: each is computed once. Every row but the last
    // ends at y + 1 < y1.
    for (int32_t y = firstRow; y < endRow - 1; y++, row++, cells += stride) {
        float bottom = (float)(y + 1);
        float xBottom = edge_x(e, bottom);
        add_piece(cells, row, rowMin, rowMax, (bottom - top) * e->direction, xTop, xBottom, inColumn, column);
        top = bottom;
        xTop = xBottom;
    }
    float bottom = min_f(e->y1, (float)endRow);
    float xBottom = bottom == e->y1 ? e->x1 : edge_x(e, bottom);
    add_piece(cells, row, rowMin, rowMax, (bottom - top) * e->direction, xTop, xBottom, inColumn, column);
}

void tsr_accumulate_lines(const float *lines, size_t count, int32_t bandY, int32_t bandHeight,
                          float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax) {
    const float bandTop = (float)bandY;
    const float bandBottom = (float)(bandY + bandHeight);
    for (size_t n = 0; n < count; n++) {
        const float *line = lines + 4 * n;
        Edge e = {line[0], line[1], line[2], line[3], 0.0f, 0.0f, 0.0f, 1.0f};
        if (e.y0 == e.y1) continue;
        if (e.y0 > e.y1) e = (Edge){line[2], line[3], line[0], line[1], 0.0f, 0.0f, 0.0f, -1.0f};
        if (e.y1 <= bandTop || e.y0 >= bandBottom) continue;
        e.dxdy = (e.x1 - e.x0) / (e.y1 - e.y0);
        e.xMin = min_f(e.x0, e.x1);
        e.xMax = max_f(e.x0, e.x1);
        const int32_t firstRow = floor_nonnegative(max_f(e.y0, bandTop));
        const int32_t endRow = ceil_nonnegative(min_f(e.y1, bandBottom));
        // A line within one pixel column [column, column + 1) has all its pieces within that pixel.
        const int32_t column = floor_nonnegative(e.xMin);
        if (e.xMax < (float)(column + 1)) {
            accumulate_edge(&e, firstRow, endRow, bandY, accumulation, stride, rowMin, rowMax, 1, column);
        } else {
            accumulate_edge(&e, firstRow, endRow, bandY, accumulation, stride, rowMin, rowMax, 0, 0);
        }
    }
}
