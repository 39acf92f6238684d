// A solid colour's row under a bounded integer blend mode (multiply and the like), for the fused
// painted rows (paint/paint_row.c): walked as the solid fills walk theirs (coverage/fill_span.c),
// as edges and runs of groups of eight cells, with no coverage bytes in between.
//
// An edge group's coverage lanes become the blend's factors in registers, and its pixels are
// blended whatever their coverage: a zero factor gives a zero source, which a bounded mode leaves
// exactly as it is (blend/mode_blocks.h), so no branch waits on the winding chain (what made fusing
// the blocks' three steps slower, see fused_row). A group of eight cells that are all +0.0 holds no
// edge: its pixels all take the coverage before it, and a run of such groups is left as it is
// (coverage 0), given the colour at full coverage (255) or blended with one scaled colour. The bytes
// are those of the blocks (mode_solid_block) through the coverage of coverage/coverage_row.h.
#ifndef TSR_SOLID_MODE_ROW_H
#define TSR_SOLID_MODE_ROW_H
#include "blend/mode_blocks.h"
#include "coverage/windings.h"

// Cells [0, 8), holding an edge, to coverage blended into `n` ≤ 8 pixels; `coverage` becomes the
// group's coverage lanes (lane 7: that of the run of cells after it). Fewer than eight pixels go
// through a copy, so that nothing past them is touched.
TSR_INLINE void solid_edge_group(int32_t mode, uint32_t opacity, const mode_solid *solid, float *cells,
                                 uint32_t *pixels, ptrdiff_t n, int evenOdd, int level, f32x8 *carry,
                                 i32x8 *coverage) {
    *coverage = cell_coverage(cells, evenOdd, level, carry);
    const u16x16 f = mode_lane_factors((u32x8)*coverage, opacity);
    if (n == 8) {
        mode_solid_scaled_group(mode, pixels, f, solid);
        return;
    }
    uint32_t copy[8] = {0};
    memcpy(copy, pixels, (size_t)n * 4);
    mode_solid_scaled_group(mode, copy, f, solid);
    memcpy(pixels, copy, (size_t)n * 4);
}

// The run of groups without edges from pixel i on (the group at i is one) while they last before
// pixel n, all of coverage `run`. Returns the end of the run: a group with an edge, or the row's
// last, partial group.
TSR_INLINE ptrdiff_t solid_run(int32_t mode, uint32_t opacity, const mode_solid *solid, const float *cells,
                               uint32_t *pixels, ptrdiff_t i, ptrdiff_t n, uint32_t run) {
    ptrdiff_t e = i + 8;
    // Runs are often long (the inside of a shape): tested four groups at a time first.
    while (e + 32 <= n && cells_empty_16(cells + e) && cells_empty_16(cells + e + 16)) e += 32;
    while (e + 8 <= n && cells_empty(cells + e)) e += 8;
    if (run == 0) return e;
    if (run == 255) {
        for (; i < e; i += 8) mode_solid_full_group(mode, pixels + i, solid);
        return e;
    }
    const u16x16 f = mode_lane_factors((u32x8){0} + run, opacity);
    for (; i < e; i += 8) mode_solid_scaled_group(mode, pixels + i, f, solid);
    return e;
}

// Cells [0, cellCount) (zeroed on the way) to coverage, blended into pixels [0, n) (n ≤ cellCount).
// `room`: the row's pixels [0, n + 8) exist, so that its last, partial group is drawn whole: the
// cells past the last one written are zero, so the pixels past n get the coverage of the row's
// winding sum, which is zero for a closed outline (up to float rounding far below a coverage
// step), and a bounded mode leaves them as they are (as the fused row's last block and the solid
// fills' last group).
TSR_INLINE void solid_mode_row(int32_t mode, uint32_t opacity, const mode_solid *solid, float *cells,
                               ptrdiff_t cellCount, ptrdiff_t n, int room, int evenOdd, int level, uint32_t *pixels) {
    f32x8 carry = {0};
    i32x8 coverage = {0};
    ptrdiff_t i = 0;
    while (i + 8 <= n) {
        if (cells_empty(cells + i)) {
            i = solid_run(mode, opacity, solid, cells, pixels, i, n, (uint32_t)coverage[7]);
        } else {
            solid_edge_group(mode, opacity, solid, cells + i, pixels + i, 8, evenOdd, level, &carry, &coverage);
            i += 8;
        }
    }
    if (i < n) {
        solid_edge_group(mode, opacity, solid, cells + i, pixels + i, room ? 8 : n - i, evenOdd, level, &carry,
                         &coverage);
        i += 8;
    }
    // Only cells right of the last pixel remain to be cleared.
    for (; i < cellCount; i += 8) TSR_STORE(cells + i, (f32x8){0});
}
#endif
