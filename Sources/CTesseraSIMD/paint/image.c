// Image pattern sampling, four pixels at a time (SSE2 through SIMDe). The arithmetic is written
// out in image_reference.c, which this kernel matches byte for byte (and image_avx2.c, eight pixels
// at a time, for the commonest case on AVX2 machines):
//
// - coordinates in 32.32 fixed point, U = Cu + dU·x per pixel in 64-bit lanes: per span, where the
//   clamp is not reached (tsr_image_span; otherwise the span goes pixel by pixel through
//   tsr_image_row_scalar), the first is computed once and the others by adding dU, exactly;
//   t = (U + 2²⁴) >> 25 is then the low half of a 64-bit shift (the same for logical and
//   arithmetic shifts);
// - texel indices extended four at a time in int32 lanes (repeat and reflect by an exact floor
//   division in doubles, or a mask for power-of-two sizes), then the texels loaded one by one
//   (SSE2 has no gather);
// - four pixels blended at once: top = (c00 << 7) + (c10 − c00)·wx in 16-bit lanes (exact modulo
//   2¹⁶), then the vertical step and the rounding in one pmaddwd (blend_4px).
//
// Fast paths, all giving the reference's bytes:
// - V the same for the whole row (dV = 0: no rotation or skew, layer contents, scaled and
//   translated): the two source rows and wy are found once per row; where wy = 0 (nearest, or
//   rows on texel centres) the lower row is not read at all (its weight is 0);
// - bilinear pad of such rows (bilinear_pad_rows): t is clamped to the image, [0, 128·(w − 1)],
//   and k0 = min(t >> 7, w − 2), wx = t − 128·k0, so that every texel pair (k0, k0 + 1) is inside
//   the row (one 64-bit load) and wx = 128 at the right edge: the reference clamps both of its
//   texels to the edge there, and blends equal texels to themselves, as it does left of the image.
//   Indices and weights come from a first pass, kept per thread for the next row, which needs the
//   same ones where x maps alike (the rows of an image drawn into a rectangle);
// - where every k0 + 1 is the texel after k0 in memory (inside the image), each texel pair is one
//   64-bit load; with strides and heights below 2¹⁵ the texel offsets l·stride + k come from
//   pmaddwd, four at a time.
#include "CTesseraPaint.h"
#include "CTesseraSIMD.h"
#include "paint/image_row.h"
#include <simde/x86/sse2.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define TSR_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define TSR_ALWAYS_INLINE static inline
#endif

// The row's constants (image_row.h).
typedef tsr_image_row_setup image_row;

// Lanes of `mask` (all ones or all zeros) pick a, the others b.
TSR_ALWAYS_INLINE simde__m128i select_si128(simde__m128i mask, simde__m128i a, simde__m128i b) {
    return simde_mm_or_si128(simde_mm_and_si128(mask, a), simde_mm_andnot_si128(mask, b));
}

// min and max of int32 lanes (SSE2 has no pminsd, pmaxsd).
TSR_ALWAYS_INLINE simde__m128i min_epi32(simde__m128i a, simde__m128i b) {
    return select_si128(simde_mm_cmpgt_epi32(a, b), b, a);
}
TSR_ALWAYS_INLINE simde__m128i max_epi32(simde__m128i a, simde__m128i b) {
    return select_si128(simde_mm_cmpgt_epi32(a, b), a, b);
}

// MARK: Coordinates

// Four pixels' coordinates, 64-bit lanes [x, x + 1] and [x + 2, x + 3]: U (or V) plus the rounding
// of t, stepped by adding 4·d.
typedef struct {
    simde__m128i p01, p23, step;
} axis_lanes;

// The lanes from c + d·x (already rounded) for pixels x … x + 3. Wrapping arithmetic: lanes past
// a span's end may leave the linear range, and are only sampled, never stored.
TSR_ALWAYS_INLINE axis_lanes axis_start(int64_t first, int64_t d, int64_t round) {
    const uint64_t a = (uint64_t)first + (uint64_t)round, ud = (uint64_t)d;
    axis_lanes l;
    l.p01 = simde_mm_set_epi64x((int64_t)(a + ud), (int64_t)a);
    l.p23 = simde_mm_set_epi64x((int64_t)(a + 3 * ud), (int64_t)(a + 2 * ud));
    l.step = simde_mm_set1_epi64x((int64_t)(4 * ud));
    return l;
}

TSR_ALWAYS_INLINE void axis_next(axis_lanes *l) {
    l->p01 = simde_mm_add_epi64(l->p01, l->step);
    l->p23 = simde_mm_add_epi64(l->p23, l->step);
}

// The low 32 bits of the four 64-bit lanes of a and b, as int32.
TSR_ALWAYS_INLINE simde__m128i low_halves(simde__m128i a, simde__m128i b) {
    return simde_mm_castps_si128(
        simde_mm_shuffle_ps(simde_mm_castsi128_ps(a), simde_mm_castsi128_ps(b), SIMDE_MM_SHUFFLE(2, 0, 2, 0)));
}

// Bits shift … shift + 31 of the four lanes as int32: t = (U + 2²⁴) >> 25 with shift 25 (the
// rounding is in the lanes), U >> 32 with shift 32. A macro: SIMDe's NEON shifts take constants.
#define axis_fixed(l, shift) low_halves(simde_mm_srli_epi64((l)->p01, shift), simde_mm_srli_epi64((l)->p23, shift))

// MARK: Extend

// floor of two doubles (within int32 range) as int32 in lanes 0 and 1 (lanes 2 and 3: junk).
TSR_ALWAYS_INLINE simde__m128i floor2_epi32(simde__m128d a) {
    simde__m128i t = simde_mm_cvttpd_epi32(a);   // towards zero
    simde__m128i above = simde_mm_castpd_si128(simde_mm_cmplt_pd(a, simde_mm_cvtepi32_pd(t)));
    // 64-bit masks (−1 where truncation went up, i.e. negative non-integers) to lanes 0 and 1.
    return simde_mm_add_epi32(t, simde_mm_shuffle_epi32(above, SIMDE_MM_SHUFFLE(3, 3, 2, 0)));
}

// k mod n in [0, n) for four lanes, |k| ≤ 2²² and 1 ≤ n < 2¹⁸: q = floor(k / n) in doubles is exact
// (k / n is never within 2⁻⁴⁷ of an integer it is not equal to, far above the rounding error),
// and so is k − q·n. The last two lines are a safety net that never fires.
TSR_ALWAYS_INLINE simde__m128i mod_epi32(simde__m128i k, int32_t n) {
    const simde__m128d nd = simde_mm_set1_pd((double)n);
    simde__m128d k01 = simde_mm_cvtepi32_pd(k);
    simde__m128d k23 = simde_mm_cvtepi32_pd(simde_mm_shuffle_epi32(k, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
    simde__m128d q01 = simde_mm_cvtepi32_pd(floor2_epi32(simde_mm_div_pd(k01, nd)));
    simde__m128d q23 = simde_mm_cvtepi32_pd(floor2_epi32(simde_mm_div_pd(k23, nd)));
    simde__m128i r = simde_mm_unpacklo_epi64(simde_mm_cvttpd_epi32(simde_mm_sub_pd(k01, simde_mm_mul_pd(q01, nd))),
                                             simde_mm_cvttpd_epi32(simde_mm_sub_pd(k23, simde_mm_mul_pd(q23, nd))));
    const simde__m128i nv = simde_mm_set1_epi32(n);
    r = simde_mm_add_epi32(r, simde_mm_and_si128(simde_mm_cmplt_epi32(r, simde_mm_setzero_si128()), nv));
    return simde_mm_sub_epi32(r, simde_mm_and_si128(simde_mm_cmpgt_epi32(r, simde_mm_set1_epi32(n - 1)), nv));
}

// k mod n, with a mask when n is a power of two (two's complement: exact for negative k too).
TSR_ALWAYS_INLINE simde__m128i wrap_epi32(simde__m128i k, int32_t n, int pow2) {
    return pow2 ? simde_mm_and_si128(k, simde_mm_set1_epi32(n - 1)) : mod_epi32(k, n);
}

TSR_ALWAYS_INLINE simde__m128i clamp_index(simde__m128i k, int32_t n) {
    k = simde_mm_and_si128(k, simde_mm_cmpgt_epi32(k, simde_mm_setzero_si128()));   // max(k, 0)
    const simde__m128i last = simde_mm_set1_epi32(n - 1);
    return select_si128(simde_mm_cmpgt_epi32(k, last), last, k);
}

// All ones where 0 ≤ k < n.
TSR_ALWAYS_INLINE simde__m128i inside_mask(simde__m128i k, int32_t n) {
    return simde_mm_and_si128(simde_mm_cmpgt_epi32(k, simde_mm_set1_epi32(-1)),
                              simde_mm_cmplt_epi32(k, simde_mm_set1_epi32(n)));
}

// m in [0, 2n) to the mirrored index: m or 2n − 1 − m.
TSR_ALWAYS_INLINE simde__m128i mirror_epi32(simde__m128i m, int32_t n) {
    simde__m128i flip = simde_mm_cmpgt_epi32(m, simde_mm_set1_epi32(n - 1));
    return select_si128(flip, simde_mm_sub_epi32(simde_mm_set1_epi32(2 * n - 1), m), m);
}

// One axis of texel indices, extended: `index` always lies in [0, n); `valid` is all ones except
// for transparent texels (extend none).
typedef struct {
    simde__m128i index, valid;
} axis_index;

// The extended index of k (nearest).
TSR_ALWAYS_INLINE axis_index extend_one(simde__m128i k, int32_t n, int pow2, const int extend) {
    axis_index a;
    a.valid = simde_mm_set1_epi32(-1);
    switch (extend) {
    case TSR_EXTEND_REPEAT: a.index = wrap_epi32(k, n, pow2); break;
    case TSR_EXTEND_REFLECT: a.index = mirror_epi32(wrap_epi32(k, 2 * n, pow2), n); break;
    case TSR_EXTEND_NONE:
        a.valid = inside_mask(k, n);
        a.index = clamp_index(k, n);
        break;
    default: a.index = clamp_index(k, n); break;   // pad
    }
    return a;
}

// The extended indices of k0 and k0 + 1 (bilinear).
TSR_ALWAYS_INLINE void extend_two(simde__m128i k0, int32_t n, int pow2, const int extend, axis_index *first,
                                  axis_index *second) {
    const simde__m128i one = simde_mm_set1_epi32(1);
    switch (extend) {
    case TSR_EXTEND_REPEAT: {
        simde__m128i r0 = wrap_epi32(k0, n, pow2);
        simde__m128i r1 = simde_mm_add_epi32(r0, one);
        r1 = simde_mm_andnot_si128(simde_mm_cmpeq_epi32(r1, simde_mm_set1_epi32(n)), r1);   // n → 0
        first->index = r0;
        second->index = r1;
        first->valid = second->valid = simde_mm_set1_epi32(-1);
        break;
    }
    case TSR_EXTEND_REFLECT: {
        simde__m128i m0 = wrap_epi32(k0, 2 * n, pow2);
        simde__m128i m1 = simde_mm_add_epi32(m0, one);
        m1 = simde_mm_andnot_si128(simde_mm_cmpeq_epi32(m1, simde_mm_set1_epi32(2 * n)), m1);   // 2n → 0
        first->index = mirror_epi32(m0, n);
        second->index = mirror_epi32(m1, n);
        first->valid = second->valid = simde_mm_set1_epi32(-1);
        break;
    }
    case TSR_EXTEND_NONE:
        *first = extend_one(k0, n, pow2, extend);
        *second = extend_one(simde_mm_add_epi32(k0, one), n, pow2, extend);
        break;
    default:   // pad: each clamped on its own
        first->index = clamp_index(k0, n);
        second->index = clamp_index(simde_mm_add_epi32(k0, one), n);
        first->valid = second->valid = simde_mm_set1_epi32(-1);
        break;
    }
}

// MARK: Blending

// Per-pixel values (int32 lanes, each below 2¹⁵) over each pixel's four 16-bit channel lanes:
// pixels 0, 1 and 2, 3.
TSR_ALWAYS_INLINE void spread_4px(simde__m128i v, simde__m128i *v01, simde__m128i *v23) {
    simde__m128i w = simde_mm_packs_epi32(v, v);   // [v0 v1 v2 v3 v0 v1 v2 v3]
    w = simde_mm_unpacklo_epi16(w, w);             // [v0 v0 v1 v1 v2 v2 v3 v3]
    *v01 = simde_mm_unpacklo_epi32(w, w);          // [v0 × 4, v1 × 4]
    *v23 = simde_mm_unpackhi_epi32(w, w);          // [v2 × 4, v3 × 4]
}

// Horizontal step of two pixels, 16-bit lanes: c0·(128 − wx) + c1·wx = (c0 << 7) + (c1 − c0)·wx,
// exact modulo 2¹⁶ and at most 32640.
TSR_ALWAYS_INLINE simde__m128i horizontal_2px(simde__m128i c0, simde__m128i c1, simde__m128i wx) {
    return simde_mm_add_epi16(simde_mm_slli_epi16(c0, 7), simde_mm_mullo_epi16(simde_mm_sub_epi16(c1, c0), wx));
}

// How blend_4px takes its vertical weights.
enum { WY_PER_PIXEL = 0, WY_UNIFORM = 1, WY_ZERO = 2 };

// Four bilinear pixels from their texels as 32-bit lanes, one pixel per lane: a = (k0, l0),
// b = (k0 + 1, l0), c = (k0, l0 + 1), d = (k0 + 1, l0 + 1); wx01 and wx23 the horizontal weights
// (0 … 128) of pixels 0, 1 and 2, 3 over their 16-bit channel lanes (spread_4px); wyw the vertical
// weights as (128 − wy) | wy << 16, per pixel in its int32 lane (WY_PER_PIXEL) or the same in every
// lane (WY_UNIFORM); WY_ZERO: wy = 0 for every pixel, and c, d are not used.
//
// The vertical step and the final rounding in one: with X = top·(128 − wy) + bottom·wy + 64,
// mid = X >> 7 (top·128 is a multiple of 128) and out = (mid + 64) >> 7 = (X + 8192) >> 14 (nested
// floor divisions), so one pmaddwd of (top, bottom) against (128 − wy, wy) gives it.
TSR_ALWAYS_INLINE simde__m128i blend_4px(simde__m128i a, simde__m128i b, simde__m128i c, simde__m128i d,
                                         simde__m128i wx01, simde__m128i wx23, simde__m128i wyw, const int mode) {
    const simde__m128i zero = simde_mm_setzero_si128();
#define TSR_HORIZONTAL(unpack, left, right, wx) horizontal_2px(unpack(left, zero), unpack(right, zero), wx)
    const simde__m128i top01 = TSR_HORIZONTAL(simde_mm_unpacklo_epi8, a, b, wx01);
    const simde__m128i top23 = TSR_HORIZONTAL(simde_mm_unpackhi_epi8, a, b, wx23);
    if (mode == WY_ZERO) {
        const simde__m128i half = simde_mm_set1_epi16(64);
        return simde_mm_packus_epi16(simde_mm_srli_epi16(simde_mm_add_epi16(top01, half), 7),
                                     simde_mm_srli_epi16(simde_mm_add_epi16(top23, half), 7));
    }
    const simde__m128i bottom01 = TSR_HORIZONTAL(simde_mm_unpacklo_epi8, c, d, wx01);
    const simde__m128i bottom23 = TSR_HORIZONTAL(simde_mm_unpackhi_epi8, c, d, wx23);
#undef TSR_HORIZONTAL
    simde__m128i w0 = wyw, w1 = wyw, w2 = wyw, w3 = wyw;
    if (mode == WY_PER_PIXEL) {
        w0 = simde_mm_shuffle_epi32(wyw, 0x00), w1 = simde_mm_shuffle_epi32(wyw, 0x55);
        w2 = simde_mm_shuffle_epi32(wyw, 0xAA), w3 = simde_mm_shuffle_epi32(wyw, 0xFF);
    }
    const simde__m128i round = simde_mm_set1_epi32(64 + 8192);
#define TSR_VERTICAL(unpack, top, bottom, w)                                                                           \
    simde_mm_srai_epi32(simde_mm_add_epi32(simde_mm_madd_epi16(unpack(top, bottom), w), round), 14)
    const simde__m128i p0 = TSR_VERTICAL(simde_mm_unpacklo_epi16, top01, bottom01, w0);
    const simde__m128i p1 = TSR_VERTICAL(simde_mm_unpackhi_epi16, top01, bottom01, w1);
    const simde__m128i p2 = TSR_VERTICAL(simde_mm_unpacklo_epi16, top23, bottom23, w2);
    const simde__m128i p3 = TSR_VERTICAL(simde_mm_unpackhi_epi16, top23, bottom23, w3);
#undef TSR_VERTICAL
    return simde_mm_packus_epi16(simde_mm_packs_epi32(p0, p1), simde_mm_packs_epi32(p2, p3));
}

// (128 − w) | w << 16 of int32 lanes w.
TSR_ALWAYS_INLINE simde__m128i weight_pairs(simde__m128i w) {
    return simde_mm_or_si128(simde_mm_sub_epi32(simde_mm_set1_epi32(128), w), simde_mm_slli_epi32(w, 16));
}

// Four texels, one from each row pointer at its index.
TSR_ALWAYS_INLINE simde__m128i load_4(const uint32_t *const rows[4], const int32_t index[4]) {
    return simde_mm_set_epi32((int32_t)rows[3][index[3]], (int32_t)rows[2][index[2]], (int32_t)rows[1][index[1]],
                              (int32_t)rows[0][index[0]]);
}

// Four texels of one row.
TSR_ALWAYS_INLINE simde__m128i load_row_4(const uint32_t *row, const int32_t index[4]) {
    return simde_mm_set_epi32((int32_t)row[index[3]], (int32_t)row[index[2]], (int32_t)row[index[1]],
                              (int32_t)row[index[0]]);
}

// Texels k and k + 1 of four pixels, read as pairs (one 64-bit load each) from row + index[j],
// split into the k texels (a) and the k + 1 texels (b). Only where every k + 1 is inside the row.
TSR_ALWAYS_INLINE void load_pairs_4(const uint32_t *row, const int32_t index[4], simde__m128i *a, simde__m128i *b) {
    simde__m128i p0 = simde_mm_loadl_epi64((const simde__m128i *)(row + index[0]));
    simde__m128i p1 = simde_mm_loadl_epi64((const simde__m128i *)(row + index[1]));
    simde__m128i p2 = simde_mm_loadl_epi64((const simde__m128i *)(row + index[2]));
    simde__m128i p3 = simde_mm_loadl_epi64((const simde__m128i *)(row + index[3]));
    simde__m128 p01 = simde_mm_castsi128_ps(simde_mm_unpacklo_epi64(p0, p1));   // [a0 b0 a1 b1]
    simde__m128 p23 = simde_mm_castsi128_ps(simde_mm_unpacklo_epi64(p2, p3));
    *a = simde_mm_castps_si128(simde_mm_shuffle_ps(p01, p23, SIMDE_MM_SHUFFLE(2, 0, 2, 0)));
    *b = simde_mm_castps_si128(simde_mm_shuffle_ps(p01, p23, SIMDE_MM_SHUFFLE(3, 1, 3, 1)));
}

// True when every second index is its first plus one: the texels are neighbours in memory.
TSR_ALWAYS_INLINE int adjacent(simde__m128i first, simde__m128i second) {
    simde__m128i next = simde_mm_add_epi32(first, simde_mm_set1_epi32(1));
    return simde_mm_movemask_epi8(simde_mm_cmpeq_epi32(second, next)) == 0xFFFF;
}

// The row pointers of four pixels' texel rows.
TSR_ALWAYS_INLINE void row_pointers(const image_row *r, simde__m128i l, const uint32_t *rows[4]) {
    int32_t ls[4];
    simde_mm_storeu_si128((simde__m128i *)ls, l);
    for (int j = 0; j < 4; j++) rows[j] = r->pixels + (size_t)(uint32_t)ls[j] * r->stride;
}

// Texel offsets l·stride + k of four pixels, for stride < 2¹⁵ and height ≤ 2¹⁵: l < 2¹⁵ fills the low
// half of its lane, so pmaddwd multiplies it by the stride in the low half of its lane, and the
// offsets stay below 2³⁰.
TSR_ALWAYS_INLINE simde__m128i texel_offsets(const image_row *r, simde__m128i l, simde__m128i k) {
    return simde_mm_add_epi32(simde_mm_madd_epi16(l, simde_mm_set1_epi32((int32_t)r->stride)), k);
}

// Four texels at offsets from the first.
TSR_ALWAYS_INLINE simde__m128i load_offsets_4(const uint32_t *pixels, simde__m128i offsets) {
    int32_t o[4];
    simde_mm_storeu_si128((simde__m128i *)o, offsets);
    return simde_mm_set_epi32((int32_t)pixels[o[3]], (int32_t)pixels[o[2]], (int32_t)pixels[o[1]],
                              (int32_t)pixels[o[0]]);
}

// MARK: Rows

// Nearest, any transform: four pixels into dst.
TSR_ALWAYS_INLINE void nearest_4px(const image_row *r, const axis_lanes *u, const axis_lanes *v, uint32_t *dst,
                                   const int extend, const int offsets) {
    axis_index k = extend_one(axis_fixed(u, 32), r->width, r->widthPow2, extend);
    axis_index l = extend_one(axis_fixed(v, 32), r->height, r->heightPow2, extend);
    simde__m128i texels;
    if (offsets) {
        texels = load_offsets_4(r->pixels, texel_offsets(r, l.index, k.index));
    } else {
        int32_t ks[4];
        const uint32_t *rows[4];
        simde_mm_storeu_si128((simde__m128i *)ks, k.index);
        row_pointers(r, l.index, rows);
        texels = load_4(rows, ks);
    }
    if (extend == TSR_EXTEND_NONE) texels = simde_mm_and_si128(texels, simde_mm_and_si128(k.valid, l.valid));
    simde_mm_storeu_si128((simde__m128i *)dst, texels);
}

// Bilinear, any transform: four pixels into dst.
TSR_ALWAYS_INLINE void bilinear_4px(const image_row *r, const axis_lanes *u, const axis_lanes *v, uint32_t *dst,
                                    const int extend, const int offsets) {
    const simde__m128i t = axis_fixed(u, 25), s = axis_fixed(v, 25);
    axis_index k0, k1, l0, l1;
    extend_two(simde_mm_srai_epi32(t, 7), r->width, r->widthPow2, extend, &k0, &k1);
    extend_two(simde_mm_srai_epi32(s, 7), r->height, r->heightPow2, extend, &l0, &l1);
    simde__m128i a, b, c, d;
    if (offsets && adjacent(k0.index, k1.index)) {
        int32_t upper[4], lower[4];
        simde_mm_storeu_si128((simde__m128i *)upper, texel_offsets(r, l0.index, k0.index));
        simde_mm_storeu_si128((simde__m128i *)lower, texel_offsets(r, l1.index, k0.index));
        load_pairs_4(r->pixels, upper, &a, &b);
        load_pairs_4(r->pixels, lower, &c, &d);
    } else if (offsets) {
        a = load_offsets_4(r->pixels, texel_offsets(r, l0.index, k0.index));
        b = load_offsets_4(r->pixels, texel_offsets(r, l0.index, k1.index));
        c = load_offsets_4(r->pixels, texel_offsets(r, l1.index, k0.index));
        d = load_offsets_4(r->pixels, texel_offsets(r, l1.index, k1.index));
    } else {
        int32_t ka[4], kb[4];
        const uint32_t *upper[4], *lower[4];
        simde_mm_storeu_si128((simde__m128i *)ka, k0.index);
        simde_mm_storeu_si128((simde__m128i *)kb, k1.index);
        row_pointers(r, l0.index, upper);
        row_pointers(r, l1.index, lower);
        a = load_4(upper, ka), b = load_4(upper, kb), c = load_4(lower, ka), d = load_4(lower, kb);
    }
    if (extend == TSR_EXTEND_NONE) {
        a = simde_mm_and_si128(a, simde_mm_and_si128(k0.valid, l0.valid));
        b = simde_mm_and_si128(b, simde_mm_and_si128(k1.valid, l0.valid));
        c = simde_mm_and_si128(c, simde_mm_and_si128(k0.valid, l1.valid));
        d = simde_mm_and_si128(d, simde_mm_and_si128(k1.valid, l1.valid));
    }
    const simde__m128i fraction = simde_mm_set1_epi32(127);
    simde__m128i wx01, wx23;
    spread_4px(simde_mm_and_si128(t, fraction), &wx01, &wx23);
    const simde__m128i wyw = weight_pairs(simde_mm_and_si128(s, fraction));
    simde_mm_storeu_si128((simde__m128i *)dst, blend_4px(a, b, c, d, wx01, wx23, wyw, WY_PER_PIXEL));
}

// The row's one pair of source rows (V the same for every pixel), as the SIMD code uses them.
typedef struct {
    const uint32_t *upper, *lower;
    simde__m128i upperMask, lowerMask;   // all zeros for a transparent row (extend none)
    simde__m128i wyw;                    // (128 − wy) | wy << 16 in every int32 lane
    int upperOnly;                       // wy = 0 (nearest, or a bilinear row on texel centres)
} source_rows;

static source_rows row_sources(const image_row *r) {
    const tsr_image_source_rows s = tsr_image_rows(r);
    source_rows rows;
    // A transparent row (extend none) reads row 0 under an all-zeros mask.
    rows.upper = s.upper ? s.upper : r->pixels;
    rows.lower = s.lower ? s.lower : r->pixels;
    rows.upperMask = simde_mm_set1_epi32(s.upper ? -1 : 0);
    rows.lowerMask = simde_mm_set1_epi32(s.lower ? -1 : 0);
    rows.wyw = simde_mm_set1_epi32((128 - s.wy) | (s.wy << 16));
    rows.upperOnly = s.wy == 0;
    return rows;
}

// Bilinear with V the same for every pixel: only u varies along the row.
TSR_ALWAYS_INLINE void bilinear_rows_4px(const image_row *r, const source_rows *rows, const axis_lanes *u,
                                         uint32_t *dst, const int extend) {
    const simde__m128i t = axis_fixed(u, 25);
    axis_index k0, k1;
    extend_two(simde_mm_srai_epi32(t, 7), r->width, r->widthPow2, extend, &k0, &k1);
    int32_t ka[4], kb[4];
    simde_mm_storeu_si128((simde__m128i *)ka, k0.index);
    simde__m128i wx01, wx23;
    spread_4px(simde_mm_and_si128(t, simde_mm_set1_epi32(127)), &wx01, &wx23);
    simde__m128i a, b, c = simde_mm_setzero_si128(), d = simde_mm_setzero_si128();
    const int pairs = adjacent(k0.index, k1.index);
    if (pairs) {
        load_pairs_4(rows->upper, ka, &a, &b);
    } else {
        simde_mm_storeu_si128((simde__m128i *)kb, k1.index);
        a = load_row_4(rows->upper, ka);
        b = load_row_4(rows->upper, kb);
    }
    if (extend == TSR_EXTEND_NONE) {
        a = simde_mm_and_si128(a, simde_mm_and_si128(k0.valid, rows->upperMask));
        b = simde_mm_and_si128(b, simde_mm_and_si128(k1.valid, rows->upperMask));
    }
    if (!rows->upperOnly) {
        if (pairs) {
            load_pairs_4(rows->lower, ka, &c, &d);
        } else {
            c = load_row_4(rows->lower, ka);
            d = load_row_4(rows->lower, kb);
        }
        if (extend == TSR_EXTEND_NONE) {
            c = simde_mm_and_si128(c, simde_mm_and_si128(k0.valid, rows->lowerMask));
            d = simde_mm_and_si128(d, simde_mm_and_si128(k1.valid, rows->lowerMask));
        }
        simde_mm_storeu_si128((simde__m128i *)dst, blend_4px(a, b, c, d, wx01, wx23, rows->wyw, WY_UNIFORM));
    } else {
        simde_mm_storeu_si128((simde__m128i *)dst, blend_4px(a, b, a, b, wx01, wx23, rows->wyw, WY_ZERO));
    }
}

// Nearest with V the same for every pixel.
TSR_ALWAYS_INLINE void nearest_rows_4px(const image_row *r, const source_rows *rows, const axis_lanes *u,
                                        uint32_t *dst, const int extend) {
    axis_index k = extend_one(axis_fixed(u, 32), r->width, r->widthPow2, extend);
    int32_t ks[4];
    simde_mm_storeu_si128((simde__m128i *)ks, k.index);
    simde__m128i texels = load_row_4(rows->upper, ks);
    if (extend == TSR_EXTEND_NONE) texels = simde_mm_and_si128(texels, simde_mm_and_si128(k.valid, rows->upperMask));
    simde_mm_storeu_si128((simde__m128i *)dst, texels);
}

// Four pixels into dst.
TSR_ALWAYS_INLINE void sample_4px(const image_row *r, const source_rows *rows, const axis_lanes *u,
                                  const axis_lanes *v, uint32_t *dst, const int filter, const int extend,
                                  const int axisAligned, const int offsets) {
    if (axisAligned) {
        if (filter == TSR_FILTER_NEAREST) nearest_rows_4px(r, rows, u, dst, extend);
        else bilinear_rows_4px(r, rows, u, dst, extend);
    } else {
        if (filter == TSR_FILTER_NEAREST) nearest_4px(r, u, v, dst, extend, offsets);
        else bilinear_4px(r, u, v, dst, extend, offsets);
    }
}

// The span for one filter and extend mode (constants after inlining: one loop per mode); its
// coordinates are linear (tsr_image_span), U = firstU and V = firstV at x.
TSR_ALWAYS_INLINE void sample_row(const image_row *r, int64_t firstU, int64_t firstV, size_t count, uint32_t *out,
                                  const int filter, const int extend, const int axisAligned, const int offsets) {
    source_rows rows;
    memset(&rows, 0, sizeof rows);
    if (axisAligned) rows = row_sources(r);
    const int64_t round = filter == TSR_FILTER_NEAREST ? 0 : ((int64_t)1 << 24);
    axis_lanes u = axis_start(firstU, r->dU, round);
    axis_lanes v = axis_start(firstV, r->dV, round);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        sample_4px(r, &rows, &u, &v, out + i, filter, extend, axisAligned, offsets);
        axis_next(&u);
        if (!axisAligned) axis_next(&v);
    }
    if (i < count) {
        uint32_t tail[4];
        sample_4px(r, &rows, &u, &v, tail, filter, extend, axisAligned, offsets);
        memcpy(out + i, tail, (count - i) * sizeof(uint32_t));
    }
}

// MARK: Bilinear, pad, V constant

// Bilinear, pad, dV = 0, width ≥ 2 (layer contents and images drawn into rectangles): t clamped to
// the image and every texel pair (k0, k0 + 1) inside the row (see the top of the file). In two
// passes, as image_avx2.c: the first writes the indices k0 and the spread weights wx of up to
// PAD_CHUNK pixels, the second loads and blends; the first pass of the last row is kept per thread,
// as the next row of an image drawn into a rectangle needs the same one.
#define PAD_CHUNK 256

typedef struct {
    int64_t first, dU;
    size_t count;
    int32_t width;
    int32_t ks[PAD_CHUNK];
    simde__m128i wx[PAD_CHUNK / 2];   // per four pixels: pixels 0, 1 then 2, 3 (spread_4px)
} pad_first_pass;

static _Thread_local pad_first_pass lastPadFirstPass;

// Pixels from U = first (linear), rounded up to four; those past the end are clamped like the others.
static void pad_rows_first_pass(const image_row *r, int64_t first, size_t count, int32_t *ks, simde__m128i *wx) {
    axis_lanes u = axis_start(first, r->dU, (int64_t)1 << 24);
    const simde__m128i zero = simde_mm_setzero_si128(), high = simde_mm_set1_epi32(128 * (r->width - 1));
    const simde__m128i last = simde_mm_set1_epi32(r->width - 2);
    for (size_t i = 0; i < count; i += 4) {
        const simde__m128i t = min_epi32(max_epi32(axis_fixed(&u, 25), zero), high);
        axis_next(&u);
        const simde__m128i k = min_epi32(simde_mm_srai_epi32(t, 7), last);
        simde_mm_storeu_si128((simde__m128i *)(ks + i), k);
        spread_4px(simde_mm_sub_epi32(t, simde_mm_slli_epi32(k, 7)), &wx[i / 2], &wx[i / 2 + 1]);
    }
}

TSR_ALWAYS_INLINE simde__m128i pad_rows_4px(const source_rows *rows, const int32_t *ks, const simde__m128i *wx,
                                             const int mode) {
    simde__m128i a, b, c = simde_mm_setzero_si128(), d = simde_mm_setzero_si128();
    load_pairs_4(rows->upper, ks, &a, &b);
    if (mode != WY_ZERO) load_pairs_4(rows->lower, ks, &c, &d);
    return blend_4px(a, b, c, d, wx[0], wx[1], rows->wyw, mode);
}

TSR_ALWAYS_INLINE void pad_rows_second_pass(const source_rows *rows, const int32_t *ks, const simde__m128i *wx,
                                            size_t count, uint32_t *out, const int mode) {
    size_t i = 0;
    for (; i + 4 <= count; i += 4)
        simde_mm_storeu_si128((simde__m128i *)(out + i), pad_rows_4px(rows, ks + i, wx + i / 2, mode));
    if (i < count) {
        uint32_t tail[4];
        simde_mm_storeu_si128((simde__m128i *)tail, pad_rows_4px(rows, ks + i, wx + i / 2, mode));
        memcpy(out + i, tail, (count - i) * sizeof(uint32_t));
    }
}

static void bilinear_pad_rows(const image_row *r, const source_rows *rows, int64_t firstU, size_t count,
                              uint32_t *out) {
    const int mode = rows->upperOnly ? WY_ZERO : WY_UNIFORM;
    if (count <= PAD_CHUNK) {
        pad_first_pass *f = &lastPadFirstPass;
        if (f->count != count || f->first != firstU || f->dU != r->dU || f->width != r->width) {
            pad_rows_first_pass(r, firstU, count, f->ks, f->wx);
            f->first = firstU, f->dU = r->dU, f->count = count, f->width = r->width;
        }
        if (mode == WY_ZERO) pad_rows_second_pass(rows, f->ks, f->wx, count, out, WY_ZERO);
        else pad_rows_second_pass(rows, f->ks, f->wx, count, out, WY_UNIFORM);
        return;
    }
    int32_t ks[PAD_CHUNK];
    simde__m128i wx[PAD_CHUNK / 2];
    for (size_t start = 0; start < count; start += PAD_CHUNK) {
        const size_t n = count - start < PAD_CHUNK ? count - start : PAD_CHUNK;
        pad_rows_first_pass(r, (int64_t)((uint64_t)firstU + (uint64_t)start * (uint64_t)r->dU), n, ks, wx);
        if (mode == WY_ZERO) pad_rows_second_pass(rows, ks, wx, n, out + start, WY_ZERO);
        else pad_rows_second_pass(rows, ks, wx, n, out + start, WY_UNIFORM);
    }
}

#define SAMPLE_ROW_EXTENDS(filter, aligned, offsets)                                                                  \
    switch (r.extend) {                                                                                               \
    case TSR_EXTEND_REPEAT: sample_row(&r, u, v, count, out, filter, TSR_EXTEND_REPEAT, aligned, offsets); break;     \
    case TSR_EXTEND_REFLECT: sample_row(&r, u, v, count, out, filter, TSR_EXTEND_REFLECT, aligned, offsets); break;   \
    case TSR_EXTEND_NONE: sample_row(&r, u, v, count, out, filter, TSR_EXTEND_NONE, aligned, offsets); break;         \
    default: sample_row(&r, u, v, count, out, filter, TSR_EXTEND_PAD, aligned, offsets); break;                       \
    }

void tsr_image_row(const tsr_image_pattern *pattern, int32_t x, int32_t y, size_t count, uint32_t *out) {
    image_row r;
    if (!tsr_image_row_setup_make(pattern, y, &r)) {
        memset(out, 0, count * sizeof(uint32_t));
        return;
    }
    if (count == 0) return;
    const int nearest = r.filter == TSR_FILTER_NEAREST;
    // V the same for every pixel: dV = 0 (yx = 0, or below 2⁻³³).
    const int aligned = r.dV == 0;
    // Spans whose coordinates reach the clamp go pixel by pixel.
    int64_t u, v = 0;
    if (!tsr_image_span(r.Cu, r.dU, x, count, &u) || (!aligned && !tsr_image_span(r.Cv, r.dV, x, count, &v))) {
        tsr_image_row_scalar(&r, x, count, out);
        return;
    }
    if (aligned && !nearest && r.extend == TSR_EXTEND_PAD && r.width >= 2) {
#if defined(__x86_64__) || defined(_M_X64)
        if (tsr_kernel_level() >= TSR_LEVEL_AVX2) {
            const tsr_image_source_rows rows = tsr_image_rows(&r);
            tsr_image_row_bilinear_pad_rows_avx2(&r, &rows, u, count, out);
            return;
        }
#endif
        const source_rows rows = row_sources(&r);
        bilinear_pad_rows(&r, &rows, u, count, out);
        return;
    }
#if defined(__x86_64__) || defined(_M_X64)
    if (!aligned && !nearest && tsr_kernel_level() >= TSR_LEVEL_AVX2 &&
        ((r.extend == TSR_EXTEND_REPEAT && r.widthPow2 && r.heightPow2) ||
         (r.extend == TSR_EXTEND_PAD && r.width >= 2)) &&
        (uint64_t)r.stride * (uint64_t)r.height <= 0x7FFFFFFFu) {
        tsr_image_row_bilinear_avx2(&r, u, v, count, out);
        return;
    }
#endif
    if (aligned) {
        if (nearest) { SAMPLE_ROW_EXTENDS(TSR_FILTER_NEAREST, 1, 0) }
        else { SAMPLE_ROW_EXTENDS(TSR_FILTER_BILINEAR, 1, 0) }
    } else if (r.stride < 32768 && r.height <= 32768) {
        if (nearest) { SAMPLE_ROW_EXTENDS(TSR_FILTER_NEAREST, 0, 1) }
        else { SAMPLE_ROW_EXTENDS(TSR_FILTER_BILINEAR, 0, 1) }
    } else {
        if (nearest) { SAMPLE_ROW_EXTENDS(TSR_FILTER_NEAREST, 0, 0) }
        else { SAMPLE_ROW_EXTENDS(TSR_FILTER_BILINEAR, 0, 0) }
    }
}
