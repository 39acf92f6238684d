// Coverage bytes of accumulation cells by blocks of 16 and a row's last groups: shared by the
// coverage rows (coverage/coverage_row.c) and the fused painted rows (paint/paint_row.c).
#ifndef TSR_COVERAGE_ROW_H
#define TSR_COVERAGE_ROW_H
#include "coverage/windings.h"

// The 16 coverage bytes of cells [0, 16) (zeroed), from the carry; `run` is the coverage of the
// carry and becomes that after the block. A block without an edge (all +0.0) is the run.
TSR_INLINE u8x16 coverage_block(float *cells, int evenOdd, f32x8 *carry, uint8_t *run) {
    if (cells_empty_16(cells)) return (u8x16){0} + *run;
    const u8x8 low = i32x8_bytes(cell_coverage(cells, evenOdd, carry));
    const u8x8 high = i32x8_bytes(cell_coverage(cells + 8, evenOdd, carry));
    *run = high[7];
    return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

// The row's last groups from i on, the last of them partial (fewer than 16 cells in all): the bytes
// of cells [i, count) into coverage[i …]. Cells past the row's end are zero (a row's cells are zero
// outside its extent) and exist (WorkerScratch.stride).
TSR_INLINE void coverage_last_groups(float *row, ptrdiff_t i, ptrdiff_t count, int evenOdd, f32x8 carry,
                                     uint8_t *coverage) {
    for (; i < count; i += 8) {
        const u8x8 bytes = i32x8_bytes(cell_coverage(row + i, evenOdd, &carry));
        memcpy(coverage + i, &bytes, count - i >= 8 ? 8 : (size_t)(count - i));
    }
}
#endif
