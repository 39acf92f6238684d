// Image pattern sampling, four pixels at a time (SSE2 through SIMDe). The arithmetic is written
// out in image_reference.c, which this kernel matches byte for byte:
//
// - every pixel centre mapped from scratch, a = A·px + Cu (u in 24.8 fixed point plus a bias of
//   2³⁰) in doubles, two pixels per register, no fused multiply-add, so the reference's scalar
//   doubles give the same values; clamped (NaN included), truncated to int32, unbiased;
// - texel indices extended four at a time in int32 lanes (repeat and reflect by an exact floor
//   division in doubles, or a mask for power-of-two sizes), then the texels loaded one by one
//   (SSE2 has no gather);
// - four pixels blended at once: vertically in 16-bit lanes ((upper·(256 − wy) + lower·wy) >> 1),
//   then horizontally with pmaddwd in 32-bit lanes ((left·(256 − wx) + right·wx + 2¹⁴) >> 15).
//
// Fast paths, all giving the reference's bytes:
// - no rotation or skew (yx = 0: layer contents, scaled and translated): v is the same for the
//   whole row, so the two source rows and wy are found once per row; where wy = 0 (nearest, or
//   rows on texel centres) the lower row is not read at all (its weight is 0);
// - pad clamps the fixed-point coordinate to the image (see clamp_pd) instead of the indices;
// - where every k0 + 1 is the texel after k0 in memory (inside the image), each texel pair is one
//   64-bit load; with strides and heights below 2¹⁵ the texel offsets l·stride + k come from
//   pmaddwd, four at a time.
#include "CTesseraPaint.h"
#include <simde/x86/sse2.h>
#include <string.h>

// No fused multiply-add anywhere: the two files must round every product and sum alike (clang's
// default honours these; -ffp-contract=fast would not).
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#if defined(__GNUC__) || defined(__clang__)
#define TSR_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define TSR_ALWAYS_INLINE static inline
#endif

// MARK: Coordinates

#define BIAS 1073741824.0          // 2^30, as in image_reference.c
#define LOW (BIAS - 536870912.0)    // 2^30 - 2^29
#define HIGH (BIAS + 536870912.0)   // 2^30 + 2^29
#define MAX_SIDE (1 << 30)          // wider or taller: transparent (2n must fit int32), as in the reference

// Lanes of `mask` (all ones or all zeros) pick a, the others b.
TSR_ALWAYS_INLINE simde__m128i select_si128(simde__m128i mask, simde__m128i a, simde__m128i b) {
    return simde_mm_or_si128(simde_mm_and_si128(mask, a), simde_mm_andnot_si128(mask, b));
}

// a clamped to [low, high], NaN to low: as clamp_fixed in the reference with [LOW, HIGH]. NaN is
// made 0 first (below any low), so that max and min see no NaN: their NaN rules differ between
// SSE2 and the NEON instructions SIMDe maps them to on ARM.
//
// Pad clamps to the image instead, [BIAS, BIAS + (n − 1)·256] for bilinear (BIAS + n·256 − 1 for
// nearest), which gives the reference's bytes: below the image the reference clamps k0 and k0 + 1
// both to texel 0, so its blend is of equal texels and the same for any wx, as for wx = 0 here;
// likewise above it. Its indices then need no clamping.
TSR_ALWAYS_INLINE simde__m128d clamp_pd(simde__m128d a, double low, double high) {
    a = simde_mm_and_pd(a, simde_mm_cmpeq_pd(a, a));
    return simde_mm_min_pd(simde_mm_max_pd(a, simde_mm_set1_pd(low)), simde_mm_set1_pd(high));
}

// Biased coordinates of four pixels (two registers, each in [LOW, HIGH] or clamped here) to 24.8
// fixed point: truncation (floor, as they are positive) minus the bias.
TSR_ALWAYS_INLINE simde__m128i fixed_4px(simde__m128d a01, simde__m128d a23, double low, double high) {
    a01 = clamp_pd(a01, low, high);
    a23 = clamp_pd(a23, low, high);
    simde__m128i t = simde_mm_unpacklo_epi64(simde_mm_cvttpd_epi32(a01), simde_mm_cvttpd_epi32(a23));
    return simde_mm_sub_epi32(t, simde_mm_set1_epi32((int32_t)BIAS));
}

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
    default: a.index = k; break;   // pad: clamped in fixed_4px already
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
    default:   // pad: k0 in [0, n − 1] already (fixed_4px); k0 + 1 stays at n − 1 at the right edge
        first->index = k0;
        second->index = simde_mm_add_epi32(simde_mm_add_epi32(k0, one),
                                           simde_mm_cmpeq_epi32(k0, simde_mm_set1_epi32(n - 1)));
        first->valid = second->valid = simde_mm_set1_epi32(-1);
        break;
    }
}

// MARK: Blending

// Four bilinear pixels from their texels as 32-bit lanes, one pixel per lane: a = (k0, l0),
// b = (k0 + 1, l0), c = (k0, l0 + 1), d = (k0 + 1, l0 + 1); wx in int32 lanes; wy01 and wy23 the
// vertical weights of pixels 0, 1 and 2, 3 as 16-bit lanes, each pixel's over its four channels.
TSR_ALWAYS_INLINE simde__m128i blend_4px(simde__m128i a, simde__m128i b, simde__m128i c, simde__m128i d, simde__m128i wx,
                                         simde__m128i wy01, simde__m128i wy23) {
    const simde__m128i zero = simde_mm_setzero_si128(), full = simde_mm_set1_epi16(256);
    const simde__m128i iy01 = simde_mm_sub_epi16(full, wy01), iy23 = simde_mm_sub_epi16(full, wy23);
    // Vertical: (upper·(256 − wy) + lower·wy) >> 1, left texels (a over c) and right ones (b over d).
#define TSR_VERTICAL(upper, lower, unpack, iy, wy)                                                                     \
    simde_mm_srli_epi16(simde_mm_add_epi16(simde_mm_mullo_epi16(unpack(upper, zero), iy),                              \
                                           simde_mm_mullo_epi16(unpack(lower, zero), wy)), 1)
    simde__m128i left01 = TSR_VERTICAL(a, c, simde_mm_unpacklo_epi8, iy01, wy01);
    simde__m128i left23 = TSR_VERTICAL(a, c, simde_mm_unpackhi_epi8, iy23, wy23);
    simde__m128i right01 = TSR_VERTICAL(b, d, simde_mm_unpacklo_epi8, iy01, wy01);
    simde__m128i right23 = TSR_VERTICAL(b, d, simde_mm_unpackhi_epi8, iy23, wy23);
#undef TSR_VERTICAL
    // Horizontal: [left, right] pairs per channel × [256 − wx, wx], summed by pmaddwd.
    simde__m128i weights = simde_mm_or_si128(simde_mm_sub_epi32(simde_mm_set1_epi32(256), wx), simde_mm_slli_epi32(wx, 16));
    const simde__m128i round = simde_mm_set1_epi32(1 << 14);
#define TSR_HORIZONTAL(unpack, left, right, lane)                                                                      \
    simde_mm_srli_epi32(simde_mm_add_epi32(simde_mm_madd_epi16(unpack(left, right),                                    \
                                                               simde_mm_shuffle_epi32(weights, lane)), round), 15)
    simde__m128i p0 = TSR_HORIZONTAL(simde_mm_unpacklo_epi16, left01, right01, 0x00);
    simde__m128i p1 = TSR_HORIZONTAL(simde_mm_unpackhi_epi16, left01, right01, 0x55);
    simde__m128i p2 = TSR_HORIZONTAL(simde_mm_unpacklo_epi16, left23, right23, 0xAA);
    simde__m128i p3 = TSR_HORIZONTAL(simde_mm_unpackhi_epi16, left23, right23, 0xFF);
#undef TSR_HORIZONTAL
    return simde_mm_packus_epi16(simde_mm_packs_epi32(p0, p1), simde_mm_packs_epi32(p2, p3));
}

// The same with wy = 0 for every pixel: the lower texels have weight 0 and are not needed.
TSR_ALWAYS_INLINE simde__m128i blend_upper_4px(simde__m128i a, simde__m128i b, simde__m128i wx) {
    const simde__m128i zero = simde_mm_setzero_si128();
    simde__m128i left01 = simde_mm_slli_epi16(simde_mm_unpacklo_epi8(a, zero), 7);   // (c·256) >> 1
    simde__m128i left23 = simde_mm_slli_epi16(simde_mm_unpackhi_epi8(a, zero), 7);
    simde__m128i right01 = simde_mm_slli_epi16(simde_mm_unpacklo_epi8(b, zero), 7);
    simde__m128i right23 = simde_mm_slli_epi16(simde_mm_unpackhi_epi8(b, zero), 7);
    simde__m128i weights = simde_mm_or_si128(simde_mm_sub_epi32(simde_mm_set1_epi32(256), wx), simde_mm_slli_epi32(wx, 16));
    const simde__m128i round = simde_mm_set1_epi32(1 << 14);
#define TSR_HORIZONTAL(unpack, left, right, lane)                                                                      \
    simde_mm_srli_epi32(simde_mm_add_epi32(simde_mm_madd_epi16(unpack(left, right),                                    \
                                                               simde_mm_shuffle_epi32(weights, lane)), round), 15)
    simde__m128i p0 = TSR_HORIZONTAL(simde_mm_unpacklo_epi16, left01, right01, 0x00);
    simde__m128i p1 = TSR_HORIZONTAL(simde_mm_unpackhi_epi16, left01, right01, 0x55);
    simde__m128i p2 = TSR_HORIZONTAL(simde_mm_unpacklo_epi16, left23, right23, 0xAA);
    simde__m128i p3 = TSR_HORIZONTAL(simde_mm_unpackhi_epi16, left23, right23, 0xFF);
#undef TSR_HORIZONTAL
    return simde_mm_packus_epi16(simde_mm_packs_epi32(p0, p1), simde_mm_packs_epi32(p2, p3));
}

// Per-pixel vertical weights (int32 lanes) as the 16-bit lanes blend_4px takes.
TSR_ALWAYS_INLINE void vertical_weights(simde__m128i wy, simde__m128i *wy01, simde__m128i *wy23) {
    simde__m128i w = simde_mm_packs_epi32(wy, wy);   // [w0 w1 w2 w3 w0 w1 w2 w3]
    w = simde_mm_unpacklo_epi16(w, w);               // [w0 w0 w1 w1 w2 w2 w3 w3]
    *wy01 = simde_mm_unpacklo_epi32(w, w);           // [w0 × 4, w1 × 4]
    *wy23 = simde_mm_unpackhi_epi32(w, w);           // [w2 × 4, w3 × 4]
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

// MARK: Rows

typedef struct {
    const uint32_t *pixels;
    size_t stride;
    int32_t width, height;
    int widthPow2, heightPow2;
    double A, B, Cu, Cv;   // as in image_reference.c: a = A·px + Cu, b = B·px + Cv
    double uLow, uHigh, vLow, vHigh;   // the clamps of a and b (see clamp_pd)
} image_row;

// 24.8 fixed-point u (t) and, unless s is NULL, v (s) of the four pixel centres p01, p23.
TSR_ALWAYS_INLINE void map_4px(const image_row *r, simde__m128d p01, simde__m128d p23, simde__m128i *t,
                               simde__m128i *s) {
    const simde__m128d A = simde_mm_set1_pd(r->A), Cu = simde_mm_set1_pd(r->Cu);
    *t = fixed_4px(simde_mm_add_pd(simde_mm_mul_pd(A, p01), Cu), simde_mm_add_pd(simde_mm_mul_pd(A, p23), Cu), r->uLow,
                   r->uHigh);
    if (s) {
        const simde__m128d B = simde_mm_set1_pd(r->B), Cv = simde_mm_set1_pd(r->Cv);
        *s = fixed_4px(simde_mm_add_pd(simde_mm_mul_pd(B, p01), Cv), simde_mm_add_pd(simde_mm_mul_pd(B, p23), Cv),
                       r->vLow, r->vHigh);
    }
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

// Nearest, any transform: four pixels into dst.
TSR_ALWAYS_INLINE void nearest_4px(const image_row *r, simde__m128d p01, simde__m128d p23, uint32_t *dst,
                                   const int extend, const int offsets) {
    simde__m128i t, s;
    map_4px(r, p01, p23, &t, &s);
    axis_index k = extend_one(simde_mm_srai_epi32(t, 8), r->width, r->widthPow2, extend);
    axis_index l = extend_one(simde_mm_srai_epi32(s, 8), r->height, r->heightPow2, extend);
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
TSR_ALWAYS_INLINE void bilinear_4px(const image_row *r, simde__m128d p01, simde__m128d p23, uint32_t *dst,
                                    const int extend, const int offsets) {
    simde__m128i t, s;
    map_4px(r, p01, p23, &t, &s);
    axis_index k0, k1, l0, l1;
    extend_two(simde_mm_srai_epi32(t, 8), r->width, r->widthPow2, extend, &k0, &k1);
    extend_two(simde_mm_srai_epi32(s, 8), r->height, r->heightPow2, extend, &l0, &l1);
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
    const simde__m128i fraction = simde_mm_set1_epi32(255);
    simde__m128i wy01, wy23;
    vertical_weights(simde_mm_and_si128(s, fraction), &wy01, &wy23);
    simde_mm_storeu_si128((simde__m128i *)dst, blend_4px(a, b, c, d, simde_mm_and_si128(t, fraction), wy01, wy23));
}

// The row's one pair of source rows (no rotation or skew): v is the same for every pixel.
typedef struct {
    const uint32_t *upper, *lower;
    simde__m128i upperMask, lowerMask;   // all zeros for a transparent row (extend none)
    simde__m128i wy;                     // 16-bit lanes
    int upperOnly;                       // wy = 0 (nearest, or a bilinear row on texel centres)
} source_rows;

// Bilinear without rotation or skew: only u varies along the row.
TSR_ALWAYS_INLINE void bilinear_rows_4px(const image_row *r, const source_rows *rows, simde__m128d p01,
                                         simde__m128d p23, uint32_t *dst, const int extend) {
    simde__m128i t;
    map_4px(r, p01, p23, &t, NULL);
    axis_index k0, k1;
    extend_two(simde_mm_srai_epi32(t, 8), r->width, r->widthPow2, extend, &k0, &k1);
    int32_t ka[4], kb[4];
    simde_mm_storeu_si128((simde__m128i *)ka, k0.index);
    const simde__m128i wx = simde_mm_and_si128(t, simde_mm_set1_epi32(255));
    simde__m128i a, b, c, d;
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
    if (rows->upperOnly) {
        simde_mm_storeu_si128((simde__m128i *)dst, blend_upper_4px(a, b, wx));
        return;
    }
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
    simde_mm_storeu_si128((simde__m128i *)dst, blend_4px(a, b, c, d, wx, rows->wy, rows->wy));
}

// Nearest without rotation or skew.
TSR_ALWAYS_INLINE void nearest_rows_4px(const image_row *r, const source_rows *rows, simde__m128d p01,
                                        simde__m128d p23, uint32_t *dst, const int extend) {
    simde__m128i t;
    map_4px(r, p01, p23, &t, NULL);
    axis_index k = extend_one(simde_mm_srai_epi32(t, 8), r->width, r->widthPow2, extend);
    int32_t ks[4];
    simde_mm_storeu_si128((simde__m128i *)ks, k.index);
    simde__m128i texels = load_row_4(rows->upper, ks);
    if (extend == TSR_EXTEND_NONE) texels = simde_mm_and_si128(texels, simde_mm_and_si128(k.valid, rows->upperMask));
    simde_mm_storeu_si128((simde__m128i *)dst, texels);
}

// The source rows of a row whose b is the same for every pixel (B·px = ±0): the arithmetic of
// bilinear_4px / nearest_4px for that one value.
static source_rows row_sources(const image_row *r, int filter, int extend) {
    simde__m128d b = simde_mm_set1_pd(r->Cv);
    simde__m128i s = fixed_4px(b, b, r->vLow, r->vHigh);
    simde__m128i l = simde_mm_srai_epi32(s, 8);
    axis_index l0, l1;
    if (filter == TSR_FILTER_NEAREST) {
        l0 = l1 = extend_one(l, r->height, r->heightPow2, extend);
    } else {
        extend_two(l, r->height, r->heightPow2, extend, &l0, &l1);
    }
    source_rows rows;
    rows.upper = r->pixels + (size_t)(uint32_t)simde_mm_cvtsi128_si32(l0.index) * r->stride;
    rows.lower = r->pixels + (size_t)(uint32_t)simde_mm_cvtsi128_si32(l1.index) * r->stride;
    rows.upperMask = l0.valid;
    rows.lowerMask = l1.valid;
    int32_t wy = filter == TSR_FILTER_NEAREST ? 0 : simde_mm_cvtsi128_si32(s) & 255;
    rows.wy = simde_mm_set1_epi16((int16_t)wy);
    rows.upperOnly = wy == 0;
    return rows;
}

// Four pixels from the centres p01, p23 into dst.
TSR_ALWAYS_INLINE void sample_4px(const image_row *r, const source_rows *rows, simde__m128d p01, simde__m128d p23,
                                  uint32_t *dst, const int filter, const int extend, const int axisAligned,
                                  const int offsets) {
    if (axisAligned) {
        if (filter == TSR_FILTER_NEAREST) nearest_rows_4px(r, rows, p01, p23, dst, extend);
        else bilinear_rows_4px(r, rows, p01, p23, dst, extend);
    } else {
        if (filter == TSR_FILTER_NEAREST) nearest_4px(r, p01, p23, dst, extend, offsets);
        else bilinear_4px(r, p01, p23, dst, extend, offsets);
    }
}

// The whole row for one filter and extend mode (constants after inlining: one loop per mode).
TSR_ALWAYS_INLINE void sample_row(const image_row *r, int32_t x, size_t count, uint32_t *out, const int filter,
                                  const int extend, const int axisAligned, const int offsets) {
    source_rows rows;
    memset(&rows, 0, sizeof rows);
    if (axisAligned) rows = row_sources(r, filter, extend);
    const double px = (double)x + 0.5;
    simde__m128d p01 = simde_mm_set_pd(px + 1.0, px), p23 = simde_mm_set_pd(px + 3.0, px + 2.0);
    const simde__m128d step = simde_mm_set1_pd(4.0);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        sample_4px(r, &rows, p01, p23, out + i, filter, extend, axisAligned, offsets);
        // Pixel centres are integers plus a half: exact in doubles, however they are added up.
        p01 = simde_mm_add_pd(p01, step);
        p23 = simde_mm_add_pd(p23, step);
    }
    if (i < count) {
        uint32_t tail[4];
        sample_4px(r, &rows, p01, p23, tail, filter, extend, axisAligned, offsets);
        memcpy(out + i, tail, (count - i) * sizeof(uint32_t));
    }
}

#define SAMPLE_ROW_EXTENDS(filter, aligned, offsets)                                                                  \
    switch (p->extend) {                                                                                              \
    case TSR_EXTEND_REPEAT: sample_row(&r, x, count, out, filter, TSR_EXTEND_REPEAT, aligned, offsets); break;        \
    case TSR_EXTEND_REFLECT: sample_row(&r, x, count, out, filter, TSR_EXTEND_REFLECT, aligned, offsets); break;      \
    case TSR_EXTEND_NONE: sample_row(&r, x, count, out, filter, TSR_EXTEND_NONE, aligned, offsets); break;            \
    default: sample_row(&r, x, count, out, filter, TSR_EXTEND_PAD, aligned, offsets); break;                          \
    }

static inline int is_power_of_two(int32_t n) { return n > 0 && (n & (n - 1)) == 0; }

void tsr_image_row(const tsr_image_pattern *pattern, int32_t x, int32_t y, size_t count, uint32_t *out) {
    const tsr_image_pattern *p = pattern;
    if (p->pixels == NULL || p->width < 1 || p->height < 1 || p->width > MAX_SIDE || p->height > MAX_SIDE) {
        memset(out, 0, count * sizeof(uint32_t));
        return;
    }
    const double py = (double)y + 0.5;
    const double bias = p->filter == TSR_FILTER_NEAREST ? BIAS : BIAS - 127.5;
    image_row r;
    r.pixels = p->pixels;
    r.stride = p->stride;
    r.width = p->width;
    r.height = p->height;
    r.widthPow2 = is_power_of_two(p->width);
    r.heightPow2 = is_power_of_two(p->height);
    r.A = 256.0 * p->xx;
    r.B = 256.0 * p->yx;
    r.Cu = (256.0 * p->xy * py + 256.0 * p->x0) + bias;
    r.Cv = (256.0 * p->yy * py + 256.0 * p->y0) + bias;
    const int nearest = p->filter == TSR_FILTER_NEAREST;
    if (p->extend == TSR_EXTEND_PAD) {
        // The last texel's 24.8 value (bilinear) or the last 24.8 value inside it (nearest).
        r.uLow = r.vLow = BIAS;
        // Capped at HIGH: a side over 2²¹ texels is not reached beyond 2²¹ (as in the reference).
        r.uHigh = BIAS + (nearest ? 256.0 * p->width - 1.0 : 256.0 * (p->width - 1));
        r.vHigh = BIAS + (nearest ? 256.0 * p->height - 1.0 : 256.0 * (p->height - 1));
        if (r.uHigh > HIGH) r.uHigh = HIGH;
        if (r.vHigh > HIGH) r.vHigh = HIGH;
    } else {
        r.uLow = r.vLow = LOW;
        r.uHigh = r.vHigh = HIGH;
    }
    // With yx = 0, b = B·px + Cv = ±0 + Cv = Cv for every px: the value the general path computes
    // (up to the sign of a zero, which truncation ignores).
    const int aligned = p->yx == 0.0;
    if (aligned) {
        if (nearest) { SAMPLE_ROW_EXTENDS(TSR_FILTER_NEAREST, 1, 0) }
        else { SAMPLE_ROW_EXTENDS(TSR_FILTER_BILINEAR, 1, 0) }
    } else if (p->stride < 32768 && p->height <= 32768) {
        if (nearest) { SAMPLE_ROW_EXTENDS(TSR_FILTER_NEAREST, 0, 1) }
        else { SAMPLE_ROW_EXTENDS(TSR_FILTER_BILINEAR, 0, 1) }
    } else {
        if (nearest) { SAMPLE_ROW_EXTENDS(TSR_FILTER_NEAREST, 0, 0) }
        else { SAMPLE_ROW_EXTENDS(TSR_FILTER_BILINEAR, 0, 0) }
    }
}
