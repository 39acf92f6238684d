// A group of pieces one to a lane, GROUP_LANES (8 or 16) lanes: the vector types, their lane
// operations, and what accumulate_piece computes of each piece. Written once and included once per
// width by accumulate.c (GROUP_LANES defined before each inclusion): 8 lanes at every level, 16
// where AVX-512 makes a 16-lane vector one register. Every name it defines ends in _8 or _16.
#include "simd/vectors.h"

#ifndef GROUP_LANES_PASTE
#define GROUP_LANES_PASTE2(a, b) a##b
#define GROUP_LANES_PASTE(a, b) GROUP_LANES_PASTE2(a, b)
// The width's own name: GL(edge_x) is edge_x_8 or edge_x_16.
#define GL(name) GROUP_LANES_PASTE(name##_, GROUP_LANES)
// The width's vector types: f32x8 or f32x16, and so on.
#define GL_F GROUP_LANES_PASTE(f32x, GROUP_LANES)
#define GL_I GROUP_LANES_PASTE(i32x, GROUP_LANES)
#define GL_U GROUP_LANES_PASTE(u32x, GROUP_LANES)
#endif

// Lanes of `mask` (all ones or all zeros) pick a, the others b.
TSR_INLINE GL_F GL(select)(GL_I mask, GL_F a, GL_F b) {
    return (GL_F)(((GL_U)mask & (GL_U)a) | (~(GL_U)mask & (GL_U)b));
}
TSR_INLINE GL_I GL(select_i)(GL_I mask, GL_I a, GL_I b) { return (mask & a) | (~mask & b); }

// SSE's MINPS and MAXPS, as f32x8_min and f32x8_max.
TSR_INLINE GL_F GL(min)(GL_F a, GL_F b) { return GL(select)(a < b, a, b); }
TSR_INLINE GL_F GL(max)(GL_F a, GL_F b) { return GL(select)(a > b, a, b); }

// A float in every lane, its bits kept (−0.0 stays −0.0).
TSR_INLINE GL_F GL(splat)(float v) {
    uint32_t bits;
    memcpy(&bits, &v, 4);
    return (GL_F)((GL_U){0} + bits);
}

// 0, 1, … GROUP_LANES − 1.
TSR_INLINE GL_I GL(lanes)(void) {
#if GROUP_LANES == 8
    return (GL_I){0, 1, 2, 3, 4, 5, 6, 7};
#else
    return (GL_I){0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
#endif
}

// edge_x in the lanes of vectors: the x of lines (x0, y0) with slope dxdy at heights y, clamped to
// their extents [xMin, xMax].
TSR_INLINE GL_F GL(edge_x)(GL_F x0, GL_F y0, GL_F dxdy, GL_F xMin, GL_F xMax, GL_F y) {
    return GL(min)(GL(max)(x0 + (y - y0) * dxdy, xMin), xMax);
}

// What accumulate_piece computes of pieces from their ends' x, one piece to a lane: the first and
// last pixel each enters (i0 and i1, i1 = ceil(xHigh) − 1), the rate s, A(i0), the mean x from
// pixel i0's left, 1 − A(i1), A(i0 + 1) for a piece across three pixels or more, and whether it
// stays within pixel i0.
typedef struct {
    GL_I i0, i1, within;
    GL_F s, lowFrac, firstArea, fromLeft, lastRemainder, second;
} GL(piece_lanes);

TSR_INLINE GL(piece_lanes) GL(piece_lanes_make)(GL_F xTop, GL_F xBottom) {
    const GL_F one = GL(splat)(1.0f), half = GL(splat)(0.5f);
    const GL_F xLow = GL(min)(xTop, xBottom), xHigh = GL(max)(xTop, xBottom);
    GL(piece_lanes) p;
    p.i0 = __builtin_convertvector(xLow, GL_I);   // truncation (CVTTPS2DQ): the floor of x ≥ 0
    const GL_F lowFloor = __builtin_convertvector(p.i0, GL_F);
    const GL_I t = __builtin_convertvector(xHigh, GL_I);
    p.i1 = t - (__builtin_convertvector(t, GL_F) < xHigh) - 1;
    p.s = one / (xHigh - xLow);
    p.lowFrac = xLow - lowFloor;
    p.firstArea = half * p.s * (one - p.lowFrac) * (one - p.lowFrac);
    p.fromLeft = half * (xLow + xHigh) - lowFloor;
    // xHigh − i1: across two pixels, xHigh − (i0 + 1), as accumulate_piece computes it there.
    const GL_F highFrac = xHigh - __builtin_convertvector(p.i1, GL_F);
    p.lastRemainder = half * p.s * highFrac * highFrac;
    p.second = p.s * (GL(splat)(1.5f) - p.lowFrac);
    p.within = xHigh <= lowFloor + one;
    return p;
}
