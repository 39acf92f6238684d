// Accumulation rows to coverage, and to blended pixels, one cell at a time: the oracles of
// tsr_coverage_row (coverage/coverage_row.c) and tsr_fill_accumulated_rows (coverage/fill_span.c).
// Every group of four cells takes the prefix sum (reference/lanes.h), whether it holds an edge or
// not: the kernels' runs (blocks of +0.0 cells given the coverage before them without the sums) and
// their skipped groups (coverage 0, or 255 of an opaque colour, stored) must give the same bytes.
#include "CTesseraReference.h"

#include "simd/no_fp_contract.h"

#include "reference/lanes.h"

void tsr_coverage_row_reference(float *cells, int32_t start, int32_t end, int evenOdd, uint8_t *coverage) {
    float carry = 0.0f;
    for (int32_t x = start; x <= end; x += 4) {
        const int n = end - x + 1 < 4 ? end - x + 1 : 4;
        int32_t lanes[4];
        ref_coverage_group(cells + x, n, evenOdd, &carry, lanes);
        // Bytes as the kernels pack them: to 16 bits with saturation, then to 8.
        for (int k = 0; k < n; k++) coverage[x - start + k] = ref_packus_epi16(ref_packs_epi32(lanes[k]));
    }
}

// One row's cells [start, end] to coverage, blended into pixels [start, min(end, width − 1)]; the
// cells zeroed.
static void fill_row(float *cells, int32_t start, int32_t end, int32_t width, int evenOdd, uint32_t color,
                     uint32_t *pixels) {
    const int32_t pixelEnd = end + 1 < width ? end + 1 : width;   // exclusive
    float carry = 0.0f;
    for (int32_t x = start; x <= end; x += 4) {
        const int n = end - x + 1 < 4 ? end - x + 1 : 4;
        int32_t lanes[4];
        ref_coverage_group(cells + x, n, evenOdd, &carry, lanes);
        for (int k = 0; k < n && x + k < pixelEnd; k++) pixels[x + k] = ref_over_scaled(pixels[x + k], color, lanes[k]);
    }
}

void tsr_fill_accumulated_rows_reference(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                                         int32_t firstRow, int32_t endRow, uint32_t *pixels, size_t pixelStride,
                                         int32_t width, int evenOdd, uint32_t color) {
    for (int32_t r = firstRow; r < endRow; r++) {
        if (rowMax[r] < 0) continue;
        fill_row(accumulation + (size_t)r * stride, rowMin[r], rowMax[r], width, evenOdd, color,
                 pixels + (size_t)r * pixelStride);
        rowMin[r] = INT32_MAX;
        rowMax[r] = -1;
    }
}
