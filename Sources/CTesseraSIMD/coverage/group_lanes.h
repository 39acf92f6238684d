// A group of eight pieces one to a lane: their lane operations and what accumulate_piece computes
// of each piece (for accumulate.c's edge_rows and coverage/short_lines.h). Eight lanes at every
// level, AVX-512 included: groups of 16 lines in 16-lane vectors measured slower on Zen 4, whose
// 512-bit operations are two 256-bit halves, than groups of 8 compiled for AVX-512.
#ifndef TSR_GROUP_LANES_H
#define TSR_GROUP_LANES_H
#include "simd/vectors.h"

// Lanes of `mask` (all ones or all zeros) pick a, the others b.
TSR_INLINE f32x8 select_8(i32x8 mask, f32x8 a, f32x8 b) {
    return (f32x8)(((u32x8)mask & (u32x8)a) | (~(u32x8)mask & (u32x8)b));
}
TSR_INLINE i32x8 select_i_8(i32x8 mask, i32x8 a, i32x8 b) { return (mask & a) | (~mask & b); }

// SSE's MINPS and MAXPS, as f32x8_min and f32x8_max.
TSR_INLINE f32x8 min_8(f32x8 a, f32x8 b) { return select_8(a < b, a, b); }
TSR_INLINE f32x8 max_8(f32x8 a, f32x8 b) { return select_8(a > b, a, b); }

// A float in every lane, its bits kept (−0.0 stays −0.0).
TSR_INLINE f32x8 splat_8(float v) {
    uint32_t bits;
    memcpy(&bits, &v, 4);
    return (f32x8)((u32x8){0} + bits);
}

// edge_x in the lanes of vectors: the x of lines (x0, y0) with slope dxdy at heights y, clamped to
// their extents [xMin, xMax].
TSR_INLINE f32x8 edge_x_8(f32x8 x0, f32x8 y0, f32x8 dxdy, f32x8 xMin, f32x8 xMax, f32x8 y) {
    return min_8(max_8(x0 + (y - y0) * dxdy, xMin), xMax);
}

// What accumulate_piece computes of pieces from their ends' x, one piece to a lane: the first and
// last pixel each enters (i0 and i1, i1 = ceil(xHigh) − 1), the rate s, A(i0), the mean x from
// pixel i0's left, 1 − A(i1), A(i0 + 1) for a piece across three pixels or more, and whether it
// stays within pixel i0.
typedef struct {
    i32x8 i0, i1, within;
    f32x8 s, lowFrac, firstArea, fromLeft, lastRemainder, second;
} piece_lanes_8;

TSR_INLINE piece_lanes_8 piece_lanes_make_8(f32x8 xTop, f32x8 xBottom) {
    const f32x8 one = splat_8(1.0f), half = splat_8(0.5f);
    const f32x8 xLow = min_8(xTop, xBottom), xHigh = max_8(xTop, xBottom);
    piece_lanes_8 p;
    p.i0 = __builtin_convertvector(xLow, i32x8);   // truncation (CVTTPS2DQ): the floor of x ≥ 0
    const f32x8 lowFloor = __builtin_convertvector(p.i0, f32x8);
    const i32x8 t = __builtin_convertvector(xHigh, i32x8);
    p.i1 = t - (__builtin_convertvector(t, f32x8) < xHigh) - 1;
    p.s = one / (xHigh - xLow);
    p.lowFrac = xLow - lowFloor;
    p.firstArea = half * p.s * (one - p.lowFrac) * (one - p.lowFrac);
    p.fromLeft = half * (xLow + xHigh) - lowFloor;
    // xHigh − i1: across two pixels, xHigh − (i0 + 1), as accumulate_piece computes it there.
    const f32x8 highFrac = xHigh - __builtin_convertvector(p.i1, f32x8);
    p.lastRemainder = half * p.s * highFrac * highFrac;
    p.second = p.s * (splat_8(1.5f) - p.lowFrac);
    p.within = xHigh <= lowFloor + one;
    return p;
}
#endif
