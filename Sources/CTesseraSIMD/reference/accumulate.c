// Exact-area accumulation one line, one row and one cell at a time: the oracle of
// tsr_accumulate_lines (accumulate.c). Every line takes the general path: a vertical line is a
// line whose x does not change (its slope is 0, so its x at every row boundary is x0), and a piece
// within one pixel is told apart from one across two or more by a branch, where the kernel selects
// between the cases' deltas with a mask and adds four cells at once (the unused lanes add +0.0,
// which changes no cell: a cell is never -0.0).
#include "CTesseraReference.h"

#include "simd/no_fp_contract.h"

// Floor and ceiling of the non-negative coordinates left after clipping.
static int32_t floor_of(float v) { return (int32_t)v; }
static int32_t ceil_of(float v) {
    const int32_t t = (int32_t)v;
    return (float)t < v ? t + 1 : t;
}

static float min_of(float a, float b) { return a < b ? a : b; }
static float max_of(float a, float b) { return a > b ? a : b; }

// A line oriented downwards (y0 < y1); `direction` is +1 where it went down, -1 where it went up.
typedef struct {
    float x0, y0, x1, y1;
    float direction;
    float dxdy, xMin, xMax;
} DownwardLine;

// The line's x at height y strictly between its ends, from its own equation, clamped to its extent.
static float x_at(const DownwardLine *line, float y) {
    return min_of(max_of(line->x0 + (y - line->y0) * line->dxdy, line->xMin), line->xMax);
}

// Adds the piece of a line within one pixel row with signed height `d` (positive downwards) and
// horizontal extent [xLow, xHigh] to the row's cells: with A(i) the mean fraction of pixel i lying
// right of the piece, cell i gets d × (A(i) − A(i − 1)). Returns the first and last cell changed.
static void add_piece(float *cells, float d, float xLow, float xHigh, int32_t *lowCell, int32_t *highCell) {
    const int32_t i0 = floor_of(xLow);
    const int32_t i1 = ceil_of(xHigh) - 1;   // the last pixel the piece enters (i0 − 1 or i0 within one)
    *lowCell = i0;
    if (i1 <= i0) {
        // Within pixel i0: A(i0) = 1 − (mean x − i0), and 1 to its right.
        const float fromLeft = 0.5f * (xLow + xHigh) - (float)i0;
        cells[i0] += d - d * fromLeft;
        cells[i0 + 1] += d * fromLeft;
        *highCell = i0 + 1;
        return;
    }
    // Across pixels i0 … i1: x sweeps at rate s per unit of A. A(i0) is the triangle right of the
    // piece in pixel i0, 1 − A(i1) the triangle left of it in pixel i1, and each pixel between adds
    // s to A.
    const float s = 1.0f / (xHigh - xLow);
    const float lowFrac = xLow - (float)i0;
    const float firstArea = 0.5f * s * (1.0f - lowFrac) * (1.0f - lowFrac);   // A(i0)
    const float highFrac = xHigh - (float)i1;
    const float lastRemainder = 0.5f * s * highFrac * highFrac;               // 1 − A(i1)
    cells[i0] += d * firstArea;
    float beforeLast = firstArea;                                             // A(i1 − 1)
    if (i1 > i0 + 1) {
        const float second = s * (1.5f - lowFrac);                            // A(i0 + 1)
        cells[i0 + 1] += d * (second - firstArea);
        for (int32_t i = i0 + 2; i < i1; i++) cells[i] += d * s;
        beforeLast = second + (float)(i1 - i0 - 2) * s;
    }
    cells[i1] += d * (1.0f - lastRemainder - beforeLast);
    cells[i1 + 1] += d * lastRemainder;
    *highCell = i1 + 1;
}

// Adds the line's pieces in the band's rows [bandY, bandY + bandHeight) (the line meets the band).
static void add_line(const DownwardLine *line, int32_t bandY, int32_t bandHeight, float *accumulation, size_t stride,
                     int32_t *rowMin, int32_t *rowMax) {
    const int32_t firstRow = line->y0 >= (float)bandY ? floor_of(line->y0) : bandY;
    const int32_t endRow = line->y1 <= (float)(bandY + bandHeight) ? ceil_of(line->y1) : bandY + bandHeight;
    for (int32_t y = firstRow; y < endRow; y++) {
        // The piece in row y: from the line's top end or the row's top to its bottom end or the
        // row's bottom. An end is taken as given; a row boundary's x comes from the line's equation.
        float top = (float)y, xTop;
        if (line->y0 >= top) {
            top = line->y0;
            xTop = line->x0;
        } else {
            xTop = x_at(line, top);
        }
        float bottom = (float)(y + 1), xBottom;
        if (line->y1 <= bottom) {
            bottom = line->y1;
            xBottom = line->x1;
        } else {
            xBottom = x_at(line, bottom);
        }
        const int32_t row = y - bandY;
        int32_t lo, hi;
        add_piece(accumulation + (size_t)row * stride, (bottom - top) * line->direction, min_of(xTop, xBottom),
                  max_of(xTop, xBottom), &lo, &hi);
        if (lo < rowMin[row]) rowMin[row] = lo;
        if (hi > rowMax[row]) rowMax[row] = hi;
    }
}

void tsr_accumulate_lines_reference(const float *lines, size_t count, int32_t bandY, int32_t bandHeight,
                                    float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax) {
    for (size_t k = 0; k < count; k++) {
        const float *l = lines + 4 * k;
        if (l[1] == l[3]) continue;   // horizontal: no area
        DownwardLine line = l[1] < l[3] ? (DownwardLine){l[0], l[1], l[2], l[3], 1.0f, 0.0f, 0.0f, 0.0f}
                                        : (DownwardLine){l[2], l[3], l[0], l[1], -1.0f, 0.0f, 0.0f, 0.0f};
        if (line.y1 <= (float)bandY || line.y0 >= (float)(bandY + bandHeight)) continue;   // outside the band
        line.dxdy = (line.x1 - line.x0) / (line.y1 - line.y0);
        line.xMin = min_of(line.x0, line.x1);
        line.xMax = max_of(line.x0, line.x1);
        add_line(&line, bandY, bandHeight, accumulation, stride, rowMin, rowMax);
    }
}
