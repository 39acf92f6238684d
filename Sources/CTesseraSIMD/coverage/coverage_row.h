// Coverage bytes of accumulation cells by blocks of 16 and a row's last groups: shared by the
// coverage rows (coverage/coverage_row.c) and the fused painted rows (paint/paint_row.c).
#ifndef TSR_COVERAGE_ROW_H
#define TSR_COVERAGE_ROW_H
#include "coverage/windings.h"

// The 16 coverage bytes of cells [0, 16) (zeroed), from the carry; `run` is the coverage of the
// carry and becomes that after the block. A block without an edge (all +0.0) is the run. `level` is
// the kernel's (coverage_lanes).
TSR_INLINE u8x16 coverage_block(float *cells, int evenOdd, int level, f32x8 *carry, uint8_t *run) {
    if (cells_empty_16(cells)) return (u8x16){0} + *run;
    const u8x8 low = i32x8_bytes(cell_coverage(cells, evenOdd, level, carry));
    const u8x8 high = i32x8_bytes(cell_coverage(cells + 8, evenOdd, level, carry));
    *run = high[7];
    return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

// coverage_block in 16 lanes, for the AVX-512 level (in 16 lanes at the other levels the
// compiler would split every operation, and the shuffles worst): the operations of two
// cell_coverage calls on the same lanes in the same order, so the same bytes, in one instruction
// each where they took two, and the bytes narrowed by one (VPMOVDB) where they took seven. The
// carries stay a chain of additions of broadcast vectors, as in cell_windings: lanes 4k … 4k + 3
// add c_k, with c_0 the carry, c_{k+1} = s_{4k+3} + c_k (s the prefix sums within each group of
// four), and c_4 the carry after the block.
TSR_INLINE u8x16 coverage_block_wide(float *cells, int evenOdd, f32x8 *carry, uint8_t *run) {
    const f32x16 v = TSR_LOAD(f32x16, cells);
    if (__builtin_reduce_or((u32x16)v) == 0) return (u8x16){0} + *run;
    TSR_STORE(cells, (f32x16){0});
    // group_sums: each lane adds its left neighbour, then the lane two to its left (+0.0 shifted in).
    const u8x64 zero = {0};
    f32x16 s = v + (f32x16)__builtin_shufflevector(
                       (u8x64)v, zero, 64, 64, 64, 64, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 64, 64, 64, 64, 16, 17, 18,
                       19, 20, 21, 22, 23, 24, 25, 26, 27, 64, 64, 64, 64, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
                       64, 64, 64, 64, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59);
    s = s + __builtin_shufflevector(s, (f32x16){0}, 16, 16, 0, 1, 16, 16, 4, 5, 16, 16, 8, 9, 16, 16, 12, 13);
    const f32x8 c0 = *carry;
    const f32x8 c1 = __builtin_shufflevector(s, s, 3, 3, 3, 3, 3, 3, 3, 3) + c0;
    const f32x8 c2 = __builtin_shufflevector(s, s, 7, 7, 7, 7, 7, 7, 7, 7) + c1;
    const f32x8 c3 = __builtin_shufflevector(s, s, 11, 11, 11, 11, 11, 11, 11, 11) + c2;
    *carry = __builtin_shufflevector(s, s, 15, 15, 15, 15, 15, 15, 15, 15) + c3;
    const f32x8 low = __builtin_shufflevector(c0, c1, 0, 1, 2, 3, 8, 9, 10, 11);
    const f32x8 high = __builtin_shufflevector(c2, c3, 0, 1, 2, 3, 8, 9, 10, 11);
    const f32x16 w = s + __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    // coverage_lanes at the AVX-512 level (even-odd by rounding), with f32x8_min's select (the second
    // operand where either is NaN).
    f32x16 c, scale = (f32x16){0} + 255.0f;
    if (evenOdd) {
        const f32x16 h = w * 0.5f;
        c = (f32x16)((u32x16)(h - __builtin_elementwise_roundeven(h)) & 0x7FFFFFFFu);
        scale = (f32x16){0} + 510.0f;
    } else {
        const f32x16 a = (f32x16)((u32x16)w & 0x7FFFFFFFu), one = (f32x16){0} + 1.0f;
        const u32x16 below = (u32x16)(a < one);
        c = (f32x16)((below & (u32x16)a) | (~below & (u32x16)one));
    }
    // Every lane is in [0, 255] (NaN is outside the contract, as for cell_coverage): the low byte is the value.
    const u8x16 bytes =
        __builtin_convertvector(__builtin_convertvector(c * scale + ((f32x16){0} + 0.5f), i32x16), u8x16);
    *run = bytes[15];
    return bytes;
}

// The row's last groups from i on, the last of them partial (fewer than 16 cells in all): the bytes
// of cells [i, count) into coverage[i …]. Cells past the row's end are zero (a row's cells are zero
// outside its extent) and exist (WorkerScratch.stride).
TSR_INLINE void coverage_last_groups(float *row, ptrdiff_t i, ptrdiff_t count, int evenOdd, int level, f32x8 carry,
                                     uint8_t *coverage) {
    for (; i < count; i += 8) {
        const u8x8 bytes = i32x8_bytes(cell_coverage(row + i, evenOdd, level, &carry));
        memcpy(coverage + i, &bytes, count - i >= 8 ? 8 : (size_t)(count - i));
    }
}
#endif
