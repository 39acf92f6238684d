// Accumulation cells to coverage, eight cells at a time: shared by the solid fills
// (coverage/fill_span.c), the coverage rows of painted fills (coverage/coverage_row.c) and the fused
// painted rows (paint/paint_row.c), so that all give the coverage of the references
// (reference/lanes.h: ref_coverage_group), with the same float operations in the same order.
#ifndef TSR_WINDINGS_H
#define TSR_WINDINGS_H
#include "simd/level.h"
#include "simd/vectors.h"

// The references' prefix sum within each group of four cells: each lane adds its left neighbour,
// then the lane two to its left, shifting in +0.0 (so that a lone −0.0 becomes +0.0).
// (The first step moves bytes: a byte shift, where a float shuffle takes two instructions.)
TSR_INLINE f32x8 group_sums(f32x8 v) {
    const u8x32 zero = {0};
    v = v + (f32x8)__builtin_shufflevector((u8x32)v, zero, 32, 32, 32, 32, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                           32, 32, 32, 32, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27);
    return v + __builtin_shufflevector(v, (f32x8){0}, 8, 8, 0, 1, 8, 8, 4, 5);
}

// The windings of cells [0, 8), which are zeroed. `carry` holds the winding before them in every
// lane and becomes the one after them. Lanes 0–3 add the carry and lanes 4–7 the winding of lane 3,
// as the references' two groups of four do; each carry is the sum of lane 3's (or 7's) prefix sum
// and the carry before, so that the chain from group to group waits on two additions, not on the
// windings and a shuffle.
TSR_INLINE f32x8 cell_windings(float *cells, f32x8 *carry) {
    const f32x8 sums = group_sums(TSR_LOAD(f32x8, cells));
    TSR_STORE(cells, (f32x8){0});
    const f32x8 middle = __builtin_shufflevector(sums, sums, 3, 3, 3, 3, 3, 3, 3, 3) + *carry;
    const f32x8 windings = sums + __builtin_shufflevector(*carry, middle, 0, 1, 2, 3, 12, 13, 14, 15);
    *carry = __builtin_shufflevector(sums, sums, 7, 7, 7, 7, 7, 7, 7, 7) + middle;
    return windings;
}

// Whether a vector of floats rounds to integers in one instruction at `level` (a constant where
// inlined): SSE4.1's ROUNDPS, which every AVX2 CPU has, and NEON's FRINTN. SSE2 has none (the
// compiler would call roundevenf for each lane).
TSR_INLINE int rounds_in_one_instruction(int level) {
#if defined(__x86_64__) || defined(_M_X64)
    return level >= TSR_LEVEL_AVX2;
#else
    (void)level;
    return 1;
#endif
}

// Windings to coverage lanes (0–255 for every finite winding; NaN is outside the kernels'
// contract): non-zero c = min(|w|, 1), even-odd the triangle wave c = the distance from |w| to the
// nearest even integer; then trunc(c · 255 + 0.5). `level` is the kernel's (rounds_in_one_instruction).
//
// Even-odd without a float-to-integer round trip: a = min(|w|, 2²⁴) has that distance too (every
// float from 2²⁴ on is an even integer), a + 2²⁴ rounds it to the nearest even integer (the floats
// of [2²⁴, 2²⁵) are the even integers; a tie, an odd integer, is 1 from both), subtracting 2²⁴ gives
// that integer exactly, and |a − it| is exact: c is the exact distance, and for |w| ≤ 1 non-zero's
// c itself.
//
// Where rounding is one instruction, even-odd in four operations instead of those six: h = w / 2 and
// |h − roundeven(h)| = c / 2 exactly (the difference is a multiple of h's ulp no larger than 1/2, so
// representable; from 2²³ on h is an integer and the difference 0, as c is for every float from
// 2²⁴ on; an odd integer w, a tie, gives 1/2 either way), and (c / 2) · 510 is c · 255 rounded once.
// A w below the normal range halves inexactly, but every |w| < 1/510 gives 0 both ways.
TSR_INLINE i32x8 coverage_lanes(f32x8 w, int evenOdd, int level) {
    if (evenOdd && rounds_in_one_instruction(level)) {
        const f32x8 h = w * f32x8_splat(0.5f);
        const f32x8 half = f32x8_abs(h - __builtin_elementwise_roundeven(h));
        return f32x8_truncate(half * f32x8_splat(510.0f) + f32x8_splat(0.5f));
    }
    const f32x8 a = f32x8_abs(w);
    f32x8 c;
    if (evenOdd) {
        const f32x8 evens = f32x8_splat(16777216.0f), clamped = f32x8_min(a, evens);
        c = f32x8_abs(clamped - ((clamped + evens) - evens));
    } else {
        c = f32x8_min(a, f32x8_splat(1.0f));
    }
    return f32x8_truncate(c * f32x8_splat(255.0f) + f32x8_splat(0.5f));
}

// Cells [0, 8) to coverage lanes, the cells zeroed, the carry moved on.
TSR_INLINE i32x8 cell_coverage(float *cells, int evenOdd, int level, f32x8 *carry) {
    return coverage_lanes(cell_windings(cells, carry), evenOdd, level);
}

// True when cells [0, 8) are all +0.0: a bit test, not a comparison (a −0.0 cell takes the edge
// path, which gives the same coverage).
TSR_INLINE int cells_empty(const float *cells) { return u32x8_none(TSR_LOAD(u32x8, cells)); }

// The same for cells [0, 16).
TSR_INLINE int cells_empty_16(const float *cells) {
    return u32x8_none(TSR_LOAD(u32x8, cells) | TSR_LOAD(u32x8, cells + 8));
}
#endif
