// Gradients' single-precision loops (the top of paint/gradient.c explains them) by blocks of 16
// pixels, eight lanes at a time: the operations of the scalar reference's float_pixel
// (reference/gradient.c) lane for lane. Shared by the gradient rows (paint/gradient.c) and the fused
// painted rows (paint/paint_row.c); each turns floating-point contraction off before including it.
#ifndef TSR_GRADIENT_FLOAT_H
#define TSR_GRADIENT_FLOAT_H
#include "paint/gradient_row.h"
#include "simd/vectors.h"

// floorf, exact for every float (as d_floor, with 2^23).
TSR_INLINE f32x8 f_floor(f32x8 t) {
    const f32x8 magic = (f32x8)(((u32x8)t & 0x80000000u) | (u32x8)f32x8_splat(0x1p23f));
    f32x8 r = (t + magic) - magic;
    r = r - (f32x8)((u32x8)(r > t) & (u32x8)f32x8_splat(1.0f));
    return f32x8_select(f32x8_abs(t) >= 0x1p23f, t, r);
}

TSR_INLINE f32x8 f_extend(int32_t extend, f32x8 t) {
    const f32x8 one = f32x8_splat(1.0f);
    switch (extend) {
    case TSR_EXTEND_REPEAT: return t - f_floor(t);
    case TSR_EXTEND_REFLECT: {
        const f32x8 m = t - f32x8_splat(2.0f) * f_floor(t * f32x8_splat(0.5f));
        return one - f32x8_abs(m - one);
    }
    default: return t;   // clamped below
    }
}

// What the float loops of one gradient need on every row (its steps are the same on every row, so
// a caller with many rows makes them once): j · step for j = 0 … 15 (in two halves), the table,
// its last entry and whether it is premultiplied. The steps are (float)ax and (float)bx, a row's
// da and db (gradient_row_setup).
typedef struct {
    const uint32_t *table;
    int premultiplied;
    f32x8 stepA[2], stepB[2];
    f32x8 scale;
    u32x8 last;
} gradient_lanes;

TSR_INLINE gradient_lanes gradient_lanes_make(const tsr_gradient *p) {
    gradient_lanes g;
    g.table = p->table;
    g.premultiplied = p->premultiplied;
    const f32x8 lanes = __builtin_convertvector(i32x8_lanes(), f32x8), eight = f32x8_splat(8.0f);
    const f32x8 stepA = f32x8_splat((float)p->ax);
    const f32x8 stepB = f32x8_splat(p->path != PATH_LINEAR ? (float)p->bx : 0.0f);
    g.stepA[0] = lanes * stepA;
    g.stepA[1] = (lanes + eight) * stepA;
    g.stepB[0] = lanes * stepB;
    g.stepB[1] = (lanes + eight) * stepB;
    g.scale = f32x8_splat(p->scale);
    g.last = (u32x8){0} + p->table[(int32_t)p->scale];
    return g;
}

// table[index[k]] for the eight lanes (every index is in the table). The indices leave the vector
// through memory: one store, then a 32-bit load per index, which the table load takes as its
// register (the store forwards to the loads). `volatile` keeps the compiler from turning that back
// into extractions from the register: by pairs (MOVQ, PEXTRQ, then a move and a shift per index)
// they cost the shuffle port three uops and the whole 13 instructions per eight pixels, against 9
// here; one PEXTRD per index kept the shuffle port busier still.
//
// Without the lookups (colours made from the indices instead) fill-linear-gradient takes 13% less
// time at 1 thread, but none of these measured faster (AVX-512, interleaved against the base):
// the 16 indices in one vector with, where a block's indices span fewer than 64 entries, the
// table's window permuted instead (four VPERMD: the same bytes, within ±1%); the colours put
// together through memory (16 scalar stores, one vector load: 2-3% slower); the table prefetched a
// command ahead, or copied into a per-thread buffer at the fill's start (within ±1%: the lookups'
// cost is not their cache misses).
TSR_INLINE u32x8 table_lookup8(const uint32_t *table, u32x8 index) {
    volatile u32x8 stored = index;
    const volatile uint32_t *i = (const volatile uint32_t *)&stored;
    return (u32x8){table[i[0]], table[i[1]], table[i[2]], table[i[3]],
                   table[i[4]], table[i[5]], table[i[6]], table[i[7]]};
}

// The table indices of eight pixels' t: extended, clamped, scaled and rounded. A centred radial
// gradient's t under pad is the square root of a sum of squares of finite floats (the float loops'
// rows), never below +0.0 nor NaN: no clamp to 0 there.
TSR_INLINE u32x8 gradient_index8(const gradient_lanes *g, int radial, int32_t extend, f32x8 t) {
    f32x8 e = f_extend(extend, t);
    if (!(radial && extend == TSR_EXTEND_PAD)) e = f32x8_max(e, (f32x8){0});
    e = f32x8_min(e, f32x8_splat(1.0f));
    return (u32x8)f32x8_truncate(e * g->scale + f32x8_splat(0.5f));
}

// A row's value (A or B) at the block of pixel i: its start in double (v0 + i · dv), rounded to
// float, to which the lanes add their steps.
TSR_INLINE f32x8 gradient_block_start(double v0, double dv, size_t i) {
    return f32x8_splat((float)(v0 + (double)(int64_t)i * dv));
}

// Eight pixels from their coordinates (A alone for linear): t, extended, clamped, looked up. The
// lookups are scalar loads put together in registers: eight scalar stores read back as one vector
// would stall store forwarding, and VPGATHERDD was slower in the fused painted rows even on Zen 4,
// where a loop of lookups alone gathers faster (0.91 against 1.24 cycles a pixel): at the AVX-512
// level the bench's gradient fills took 15% longer with one 16-lane gather per block and 8% longer
// with two of 8 lanes (fill-linear-gradient, 1 thread). Under pad, centred-radial pixels with
// A² + B² ≥ 1 all take the last entry: when all eight do, without the square root (the same bytes:
// √x ≥ 1 wherever x ≥ 1, and t ≥ 1 clamps to that entry).
TSR_INLINE u32x8 gradient_8px(const gradient_lanes *g, int radial, int32_t extend, f32x8 a, f32x8 b) {
    f32x8 t = a;
    if (radial) {
        const f32x8 d = a * a + b * b;
        if (extend == TSR_EXTEND_PAD && __builtin_reduce_or(d < f32x8_splat(1.0f)) == 0) return g->last;
        t = __builtin_elementwise_sqrt(d);
    }
    return table_lookup8(g->table, gradient_index8(g, radial, extend, t));
}

// The 16 colours of the block at pixel i of `row` (a multiple of 16), with `g` made from the row's
// gradient: the block's start in double rounded to float, then j steps added in float.
//
// A linear block under pad whose 16 pixels all clamp to one end takes that end's entry without
// computing them (the table lookups are most of a pixel's cost). Its t are monotonic in j (j · step
// rounded, then added to the start: both roundings are monotonic), so its first and last pixels
// bound them: t = start + 0 · step = start and start + 15 · step, the very operations of their
// lanes. All ≤ 0 clamp to 0, index trunc(0.5) = 0; all ≥ 1 clamp to 1, index trunc(scale + 0.5) =
// scale. A row crosses [0, 1] once, so its blocks before and after the gradient's ends (a shape
// larger than its gradient) branch alike block after block. (NaN fails both tests.)
TSR_INLINE u32x16 gradient_colors16(const gradient_lanes *g, const gradient_row *row, int radial, int32_t extend,
                                    size_t i) {
    const f32x8 a = gradient_block_start(row->a0, row->da, i);
    if (!radial && extend == TSR_EXTEND_PAD) {
        const float start = a[0], end = start + g->stepA[1][7];   // 15 · step
        const float low = start < end ? start : end, high = start < end ? end : start;
        if (high <= 0.0f || low >= 1.0f) return (u32x16){0} + (high <= 0.0f ? g->table[0] : g->last[0]);
    }
    const f32x8 b = radial ? gradient_block_start(row->b0, row->db, i) : (f32x8){0};
    const u32x8 low = gradient_8px(g, radial, extend, a + g->stepA[0], radial ? b + g->stepB[0] : b);
    const u32x8 high = gradient_8px(g, radial, extend, a + g->stepA[1], radial ? b + g->stepB[1] : b);
    return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

// table[indices[k]] for k = 0 … 15, the indices stored in memory beforehand (by a coverage loop, so
// that the loads do not wait on their store): read through `volatile`, one scalar load each that the
// table load takes as its register, as table_lookup8 reads its vector's.
TSR_INLINE u32x16 table_lookup16(const uint32_t *table, const uint32_t *indices) {
    const volatile uint32_t *k = indices;
    return (u32x16){table[k[0]],  table[k[1]],  table[k[2]],  table[k[3]],  table[k[4]],  table[k[5]],
                    table[k[6]],  table[k[7]],  table[k[8]],  table[k[9]],  table[k[10]], table[k[11]],
                    table[k[12]], table[k[13]], table[k[14]], table[k[15]]};
}

// The 16 table indices of the block at pixel i of a linear `row` under pad, into out[0 … 15]: the
// operations of gradient_colors16's lanes, the lookups left for gradient_colors16_indexed.
TSR_INLINE void gradient_linear_indices16(const gradient_lanes *g, const gradient_row *row, size_t i, uint32_t *out) {
    const f32x8 a = gradient_block_start(row->a0, row->da, i);
    TSR_STORE(out, gradient_index8(g, 0, TSR_EXTEND_PAD, a + g->stepA[0]));
    TSR_STORE(out + 8, gradient_index8(g, 0, TSR_EXTEND_PAD, a + g->stepA[1]));
}

// gradient_colors16 of a linear gradient under pad whose block indices gradient_linear_indices16
// wrote to indices[0 … 15] (before: their stores are done with, where the vector's own store would
// be waited on by the loads). They are monotonic in the pixel (gradient_colors16): when the first
// and the last are the same, so are all, and one entry is the block's colour, a block beyond
// either end of the gradient among them.
TSR_INLINE u32x16 gradient_colors16_indexed(const gradient_lanes *g, const uint32_t *indices) {
    if (indices[0] == indices[15]) return (u32x16){0} + g->table[indices[0]];
    return table_lookup16(g->table, indices);
}

// The 16 table indices of the block at pixel i of a centred radial `row` under pad, into out[0 … 15]:
// the operations of gradient_colors16's lanes, the lookups left for gradient_radial_colors16_indexed.
// Without gradient_8px's shortcut for eight pixels outside the circle: there the square root gives
// t ≥ 1 and so the last entry's index too, and a branch here would wait on the coverage's loop.
TSR_INLINE void gradient_radial_indices16(const gradient_lanes *g, const gradient_row *row, size_t i, uint32_t *out) {
    const f32x8 a = gradient_block_start(row->a0, row->da, i), b = gradient_block_start(row->b0, row->db, i);
    for (int half = 0; half < 2; half++) {
        const f32x8 x = a + g->stepA[half], y = b + g->stepB[half];
        const f32x8 t = __builtin_elementwise_sqrt(x * x + y * y);
        TSR_STORE(out + 8 * half, gradient_index8(g, 1, TSR_EXTEND_PAD, t));
    }
}

// gradient_colors16 of a centred radial gradient under pad whose block indices
// gradient_radial_indices16 wrote to indices[0 … 15]. They are not monotonic in the pixel (t falls
// towards the centre, then rises): one entry serves the block only when all 16 are the same (a block
// outside the circle among them).
TSR_INLINE u32x16 gradient_radial_colors16_indexed(const gradient_lanes *g, const uint32_t *indices) {
    if (__builtin_reduce_and(TSR_LOAD(u32x16, indices) == indices[0])) return (u32x16){0} + g->table[indices[0]];
    return table_lookup16(g->table, indices);
}

// The same into out[0 … 15].
TSR_INLINE void gradient_block(const gradient_lanes *g, const gradient_row *row, int radial, int32_t extend, size_t i,
                               uint32_t *out) {
    TSR_STORE(out, gradient_colors16(g, row, radial, extend, i));
}
#endif
