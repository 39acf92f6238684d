// A gradient's colour table interpolated in Apple's Generic RGB (TesseraRaster's GenericRGB): a
// gradient layer whose stops animate builds one every frame, and an entry is six curve lookups, a
// 3 × 3 matrix and four roundings, which Swift's bounds checks made several times dearer. Four
// entries go through the same IEEE operations in the lanes of a vector, so every
// level gives the bytes of the conversion one entry at a time (GradientColorSpaceTests' oracle).
#include "simd/no_fp_contract.h"
#include "CTesseraGradientTable.h"
#include "paint/table_index.h"
#include "simd/targets.h"
#include "simd/vectors.h"

typedef double f64x2 __attribute__((vector_size(16)));

// A conversion's constants, read once per segment into locals (so that no store to the table
// makes the compiler read them again).
typedef struct {
    f64x4 m[9];             // Generic RGB's linear light → sRGB's, 3 × 3 by rows
    const double *decode;   // gamma 1.8 decoding, (value, next − value) pairs
    const double *encode;   // sRGB encoding, the same
    int32_t steps;
} conversion;

// `curve` at x clamped to [0, 1], linear between its points: p[k] + (p[k + 1] − p[k])·(s − k) with
// s = x·steps and k = min(⌊s⌋, steps − 1), the difference read from the pair, where the Swift loop
// subtracted (the same IEEE result).
TSR_INLINE f64x4 lookup(const double *curve, int32_t steps, f64x4 x) {
    const f64x4 s = f64x4_min(f64x4_max(x, f64x4_splat(0)), f64x4_splat(1)) * (double)steps;
    const i32x4 k = __builtin_elementwise_min(__builtin_convertvector(s, i32x4), (i32x4){0} + (steps - 1));
    // Each lane's pair in one load, at offset 2k (doubled in the vector and unsigned: addressed with
    // no shift or sign extension). Lanes 0 and 2, then 1 and 3, side by side: the low and high
    // halves of the two interleave into the values and the differences in lane order.
    const u32x4 o = (u32x4)(k + k);
    const f64x2 p0 = TSR_LOAD(f64x2, curve + o[0]), p1 = TSR_LOAD(f64x2, curve + o[1]), p2 = TSR_LOAD(f64x2, curve + o[2]),
                p3 = TSR_LOAD(f64x2, curve + o[3]);
    const f64x4 even = __builtin_shufflevector(p0, p2, 0, 1, 2, 3), odd = __builtin_shufflevector(p1, p3, 0, 1, 2, 3);
    const f64x4 value = __builtin_shufflevector(even, odd, 0, 4, 2, 6), slope = __builtin_shufflevector(even, odd, 1, 5, 3, 7);
    return value + slope * (s - __builtin_convertvector(k, f64x4));
}

// round(v · 255) for v in [0, 1] (Color.byte): the truncation plus one where the remainder is at
// least a half. The lanes' wholes fit in 32 bits.
TSR_INLINE u32x4 bytes(f64x4 v) {
    const f64x4 x = v * 255;
    const i32x4 whole = __builtin_convertvector(x, i32x4);
    const i64x4 up = (x - __builtin_convertvector(whole, f64x4)) >= 0.5;
    return (u32x4)(whole - __builtin_convertvector(up, i32x4)) & 0xFF;   // a true lane is −1
}

// Four entries from Generic RGB components (gamma-encoded) and alpha: decoded, to sRGB's linear
// light, encoded, premultiplied, packed R in the lowest byte.
TSR_INLINE u32x4 entries(const conversion *c, f64x4 red, f64x4 green, f64x4 blue, f64x4 alpha) {
    const f64x4 *m = c->m;
    const f64x4 r = lookup(c->decode, c->steps, red), g = lookup(c->decode, c->steps, green),
                b = lookup(c->decode, c->steps, blue);
    const f64x4 a = f64x4_min(f64x4_max(alpha, f64x4_splat(0)), f64x4_splat(1));
    const u32x4 R = bytes(lookup(c->encode, c->steps, m[0] * r + m[1] * g + m[2] * b) * a);
    const u32x4 G = bytes(lookup(c->encode, c->steps, m[3] * r + m[4] * g + m[5] * b) * a);
    const u32x4 B = bytes(lookup(c->encode, c->steps, m[6] * r + m[7] * g + m[8] * b) * a);
    return R | G << 8 | B << 16 | bytes(a) << 24;
}

TSR_INLINE conversion conversion_of(const double *toLinearSRGB, const double *decode, const double *encode,
                                    int32_t steps) {
    conversion c = {.decode = decode, .encode = encode, .steps = steps};
    for (int k = 0; k < 9; k++) c.m[k] = f64x4_splat(toLinearSRGB[k]);
    return c;
}

// Entries [i0, i1) between stops p and q (offsets o0 < o1), four at a time; a last partial group
// computes its spare lanes (their f past 1, their lookups clamped) and stores only its own.
TSR_INLINE void segment_body(const double *m, const double *decode, const double *encode, int32_t steps, int32_t i0,
                             int32_t i1, double last, double o0, double o1, const double *p, const double *q,
                             uint32_t *out) {
    const conversion c = conversion_of(m, decode, encode, steps);
    f64x4 from[4], by[4];   // a + (b − a)·f: b − a is the same IEEE result once as every time
    for (int k = 0; k < 4; k++) from[k] = f64x4_splat(p[k]), by[k] = f64x4_splat(q[k] - p[k]);
    f64x4 index = (double)i0 + (f64x4){0, 1, 2, 3};   // whole numbers: exact
    for (int32_t i = i0; i < i1; i += 4, index += 4) {
        const f64x4 f = (index / last - o0) / (o1 - o0);
        const u32x4 e = entries(&c, from[0] + by[0] * f, from[1] + by[1] * f, from[2] + by[2] * f, from[3] + by[3] * f);
        if (i1 - i >= 4) TSR_STORE(out + i, e);
        else for (int32_t lane = 0; lane < i1 - i; lane++) out[i + lane] = e[lane];
    }
}

TSR_LEVELS_TO_AVX2(segment,
                   (const double *m, const double *decode, const double *encode, int32_t steps, int32_t i0, int32_t i1,
                    double last, double o0, double o1, const double *p, const double *q, uint32_t *out),
                   (m, decode, encode, steps, i0, i1, last, o0, o1, p, q, out))

// The entry of one colour (a stop's, before the first offset or from the last).
static uint32_t solid_entry(const conversion *c, const double *s) {
    return entries(c, f64x4_splat(s[0]), f64x4_splat(s[1]), f64x4_splat(s[2]), f64x4_splat(s[3]))[0];
}

void tsr_generic_rgb_table(const double *offsets, const double *colors, int32_t count, int32_t size,
                           const double *toLinearSRGB, const double *decode, const double *encode, int32_t steps,
                           uint32_t *out) {
    // Entry i has t = i / (size − 1): the first colour while t ≤ the first offset, the last from
    // t ≥ the last offset, else the mix between stop j, the last with offset ≤ t, and j + 1.
    const conversion c = conversion_of(toLinearSRGB, decode, encode, steps);
    const double last = (double)(size - 1);
    const int32_t head = tsr_table_first_index(offsets[0], last, size, 1);           // t > first offset
    const int32_t tail = tsr_table_first_index(offsets[count - 1], last, size, 0);   // t ≥ last offset
    const uint32_t firstEntry = solid_entry(&c, colors), finalEntry = solid_entry(&c, colors + 4 * (count - 1));
    for (int32_t i = 0; i < head && i < size; i++) out[i] = firstEntry;
    for (int32_t j = 0; j + 1 < count; j++) {
        if (offsets[j + 1] <= offsets[j]) continue;   // a hard edge: no t lies between
        int32_t i0 = tsr_table_first_index(offsets[j], last, size, 0);
        int32_t i1 = tsr_table_first_index(offsets[j + 1], last, size, 0);
        if (i0 < head) i0 = head;
        if (i1 > tail) i1 = tail;
        if (i0 >= i1) continue;
        TSR_DISPATCH_TO_AVX2(segment, (toLinearSRGB, decode, encode, steps, i0, i1, last, offsets[j], offsets[j + 1],
                                       colors + 4 * j, colors + 4 * j + 4, out));
    }
    for (int32_t i = tail > head ? tail : head; i < size; i++) out[i] = finalEntry;
}
