// Accumulation row → 8-bit coverage (tsr_coverage_row), for fills whose paint is not one solid
// colour (see CTesseraPaint.h): the coverage of tsr_fill_accumulated_rows without the blend, by
// blocks of 16 cells. Oracle: reference/coverage.c.
//
// A block whose cells are all +0.0 (tested as bits) holds no edge: its windings are the carry
// itself, so each of its coverages is that of the carry, the last byte of the block before (0 before
// the first), and its cells need no clearing. Any other block (an edge, or a −0.0 cell) and the
// groups after the last whole block take the edge path, the prefix sum. Both give the bytes that the
// edge path alone would give: adding the zero deltas of a run to the carry changes it at most from
// −0.0 to +0.0, which has the same coverage, and leaves every later winding's coverage the same.
#include "CTesseraPaint.h"
#include "coverage/coverage_row.h"
#include "simd/targets.h"

// `evenOdd` and `level` are constants where this is inlined.
TSR_INLINE void coverage_row(float *cells, int32_t start, int32_t end, int evenOdd, int level, uint8_t *coverage) {
    f32x8 carry = {0};
    uint8_t run = 0;   // the coverage of the carry
    const ptrdiff_t count = (ptrdiff_t)end - start + 1;
    float *row = cells + start;
    ptrdiff_t i = 0;
    // One branch per block: whether a row's groups have edges follows the shape's outline, a branch
    // per group would be mispredicted at each change, and short runs gain little.
    for (; i + 16 <= count; i += 16) {
        const u8x16 bytes = coverage_block(row + i, evenOdd, level, &carry, &run);
        TSR_STORE(coverage + i, bytes);
    }
    coverage_last_groups(row, i, count, evenOdd, level, carry, coverage);
}

TSR_INLINE void coverage_row_body(int level, float *cells, int32_t start, int32_t end, int evenOdd,
                                   uint8_t *coverage) {
    if (evenOdd) coverage_row(cells, start, end, 1, level, coverage);
    else coverage_row(cells, start, end, 0, level, coverage);
}

TSR_LEVELS_TO_AVX2_KNOWING_LEVEL(coverage_row,
                                 (float *cells, int32_t start, int32_t end, int evenOdd, uint8_t *coverage),
                                 (cells, start, end, evenOdd, coverage))

void tsr_coverage_row(float *cells, int32_t start, int32_t end, int evenOdd, uint8_t *coverage) {
    TSR_DISPATCH_TO_AVX2(coverage_row, (cells, start, end, evenOdd, coverage));
}
