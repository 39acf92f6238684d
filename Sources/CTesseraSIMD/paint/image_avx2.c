// AVX2 versions of the image kernel's bilinear cases, eight pixels per step: pad with V the same
// along the row (dV = 0: layer contents, images drawn into rectangles) and any transform with
// repeat on power-of-two sides or pad (rotated patterns). Compiled with a per-function target
// attribute and called only after the run-time CPU check (tsr_kernel_level); native intrinsics,
// not SIMDe (see fill_span_avx2.c). They give the bytes of image_reference.c:
//
// - a first pass over up to CHUNK pixels steps U = Cu + dU·x (and V) in 64-bit lanes (the span is
//   linear: tsr_image_span), takes t = (U + 2²⁴) >> 25, extends it (pad: clamped to the image as
//   image.c's bilinear_pad_rows does, k0 = min(t >> 7, w − 2), wx = t − 128·k0, so that every texel
//   pair (k0, k0 + 1) lies inside its row) and writes the indices and the weight bytes
//   (128 − wx, wx) of every pixel to small arrays (for dV = 0 kept per thread for the next row,
//   which needs the same ones when x maps alike: the rows of an image drawn into a rectangle);
// - a second pass reads them back (the loads' addresses then wait for no conversion), loads each
//   texel pair as one 64-bit load from the upper and the lower row, interleaves the channels of
//   k0 and k0 + 1 (pshufb) and blends horizontally with pmaddubsw: with the texels offset by −128
//   to fit its signed operand, c0·(128 − wx) + c1·wx − 16384; the vertical step is pmulhrsw by
//   wy·256, ((bottom − top)·wy + 64) >> 7 exactly, and the offset goes back with the rounding.
// The texel pairs are taken in the order 0, 1, 4, 5 | 2, 3, 6, 7, so that the in-lane pack at the
// end gives the pixels back in order.
#if defined(__x86_64__) || defined(_M_X64)
#include "paint/image_row.h"
#include <immintrin.h>

#define TSR_AVX2 __attribute__((target("avx2")))
#define TSR_AVX2_INLINE __attribute__((target("avx2"), always_inline)) static inline

// Pixels per chunk: the first pass writes their texel indices and weights, the second reads them.
#define CHUNK 256

// The texel pairs (k, k + 1) at indices k[0], k[1], k[4], k[5] of a row: [pair 0, pair 1 | pair 4,
// pair 5].
TSR_AVX2_INLINE __m256i load_pairs(const uint32_t *row, const int32_t *k) {
    __m128i a = _mm_loadl_epi64((const __m128i *)(row + k[0]));
    a = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(a), (const double *)(row + k[1])));
    __m128i b = _mm_loadl_epi64((const __m128i *)(row + k[4]));
    b = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(b), (const double *)(row + k[5])));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
}

// The row's constants.
typedef struct {
    const uint32_t *upper, *lower;
    __m256i wy256;   // wy·256 in every 16-bit lane
    int64_t dU;
    int32_t width;
} pad_rows;

// First pass: the indices k0 (in order) and the weight bytes of `count` pixels from x, rounded up
// to eight: ws holds, for each group of eight, the weights of pixels 0 1 | 4 5 then 2 3 | 6 7, each
// pixel's (128 − wx, wx) four times. The pixels past the end are clamped to the image like the
// others, so their loads stay inside it.
TSR_AVX2_INLINE void pad_rows_coordinates(const pad_rows *c, uint64_t first, size_t count, int32_t *ks, uint8_t *ws) {
    // U + 2²⁴ of pixels 0 1 | 4 5 and 2 3 | 6 7. Wrapping arithmetic: lanes past the end may leave
    // the linear range; they are clamped below.
    const uint64_t d = (uint64_t)c->dU, d2 = d + d, d4 = d2 + d2;
    first += (uint64_t)1 << 24;
    __m256i a = _mm256_setr_epi64x((int64_t)first, (int64_t)(first + d), (int64_t)(first + d4),
                                   (int64_t)(first + d4 + d));
    __m256i b = _mm256_add_epi64(a, _mm256_set1_epi64x((int64_t)d2));
    const __m256i step = _mm256_set1_epi64x((int64_t)(d4 + d4));
    const __m256i zero = _mm256_setzero_si256(), high = _mm256_set1_epi32(128 * (c->width - 1));
    const __m256i last = _mm256_set1_epi32(c->width - 2), full = _mm256_set1_epi32(128);
    for (size_t i = 0; i < count; i += 8) {
        // The low halves of (U + 2²⁴) >> 25: pixels 0 1 2 3 | 4 5 6 7.
        __m256i t = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(_mm256_srli_epi64(a, 25)),
                                                          _mm256_castsi256_ps(_mm256_srli_epi64(b, 25)),
                                                          _MM_SHUFFLE(2, 0, 2, 0)));
        a = _mm256_add_epi64(a, step);
        b = _mm256_add_epi64(b, step);
        t = _mm256_min_epi32(_mm256_max_epi32(t, zero), high);
        const __m256i k = _mm256_min_epi32(_mm256_srai_epi32(t, 7), last);
        const __m256i wx = _mm256_sub_epi32(t, _mm256_slli_epi32(k, 7));
        // (128 − wx, wx) as bytes, twice in each 32-bit lane, then twice more by the unpacks.
        __m256i w = _mm256_or_si256(_mm256_sub_epi32(full, wx), _mm256_slli_epi32(wx, 8));
        w = _mm256_or_si256(w, _mm256_slli_epi32(w, 16));
        _mm256_store_si256((__m256i *)(ks + i), k);
        _mm256_store_si256((__m256i *)(ws + 8 * i), _mm256_unpacklo_epi32(w, w));        // pixels 0 1 | 4 5
        _mm256_store_si256((__m256i *)(ws + 8 * i + 32), _mm256_unpackhi_epi32(w, w));   // pixels 2 3 | 6 7
    }
}

// c0·(128 − wx) + c1·wx − 16384 of the texel pairs `pairs` (load_pairs' layout), per channel, in
// 16-bit lanes: pmaddubsw of the weight bytes against the interleaved texels offset by −128.
TSR_AVX2_INLINE __m256i horizontal(__m256i pairs, __m256i weights) {
    // [k.rgba, k1.rgba] → [k.r, k1.r, k.g, k1.g, k.b, k1.b, k.a, k1.a] in each 64-bit half.
    const __m256i interleave = _mm256_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15, 0, 4, 1, 5, 2,
                                                6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
    const __m256i flip = _mm256_set1_epi8((char)0x80);
    return _mm256_maddubs_epi16(weights, _mm256_xor_si256(_mm256_shuffle_epi8(pairs, interleave), flip));
}

// The vertical step, ((bottom − top)·wy + 64) >> 7 by pmulhrsw (wy256 = wy·256), and the rounding
// (mid + 64) >> 7, the −16384 of `horizontal` added back; a, b: pixels 0 1 | 4 5 and 2 3 | 6 7.
TSR_AVX2_INLINE __m256i vertical(__m256i topA, __m256i topB, __m256i bottomA, __m256i bottomB, __m256i wy256A,
                                 __m256i wy256B, const int upperOnly) {
    if (!upperOnly) {
        topA = _mm256_add_epi16(topA, _mm256_mulhrs_epi16(_mm256_sub_epi16(bottomA, topA), wy256A));
        topB = _mm256_add_epi16(topB, _mm256_mulhrs_epi16(_mm256_sub_epi16(bottomB, topB), wy256B));
    }
    const __m256i offset = _mm256_set1_epi16(16384 + 64);
    topA = _mm256_srli_epi16(_mm256_add_epi16(topA, offset), 7);
    topB = _mm256_srli_epi16(_mm256_add_epi16(topB, offset), 7);
    return _mm256_packus_epi16(topA, topB);
}

// Second pass: eight pixels from their indices and weights.
TSR_AVX2_INLINE __m256i pad_rows_8px(const pad_rows *c, const int32_t *k, const uint8_t *w, const int upperOnly) {
    const __m256i wa = _mm256_load_si256((const __m256i *)w), wb = _mm256_load_si256((const __m256i *)(w + 32));
    const __m256i ta = horizontal(load_pairs(c->upper, k), wa), tb = horizontal(load_pairs(c->upper, k + 2), wb);
    __m256i ba = ta, bb = tb;
    if (!upperOnly) ba = horizontal(load_pairs(c->lower, k), wa), bb = horizontal(load_pairs(c->lower, k + 2), wb);
    return vertical(ta, tb, ba, bb, c->wy256, c->wy256, upperOnly);
}

// Lanes [0, n) set, for the masked store of a row's last group of fewer than eight pixels.
TSR_AVX2_INLINE __m256i lane_mask(size_t n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int32_t)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

// The first pass of the last row of at most CHUNK pixels on this thread, and what it depends on:
// the rows of an image drawn into a rectangle (no skew: xy = 0) map x alike, so after the first
// row of a draw the indices and weights are found here. Zero-initialized: count 0 matches no row.
typedef struct {
    int64_t first, dU;
    size_t count;
    int32_t width;
    _Alignas(32) int32_t ks[CHUNK];
    _Alignas(32) uint8_t ws[8 * CHUNK];
} first_pass;

static _Thread_local first_pass lastFirstPass;

TSR_AVX2_INLINE void second_pass(const pad_rows *c, const int32_t *ks, const uint8_t *ws, size_t n, uint32_t *o,
                                 const int upperOnly) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) _mm256_storeu_si256((__m256i *)(o + i), pad_rows_8px(c, ks + i, ws + 8 * i, upperOnly));
    if (i < n) _mm256_maskstore_epi32((int *)(o + i), lane_mask(n - i), pad_rows_8px(c, ks + i, ws + 8 * i, upperOnly));
}

TSR_AVX2_INLINE void pad_rows_loop(const pad_rows *c, int64_t first, size_t count, uint32_t *out, const int upperOnly) {
    if (count <= CHUNK) {
        first_pass *f = &lastFirstPass;
        if (f->count != count || f->first != first || f->dU != c->dU || f->width != c->width) {
            pad_rows_coordinates(c, (uint64_t)first, count, f->ks, f->ws);
            f->first = first, f->dU = c->dU, f->count = count, f->width = c->width;
        }
        second_pass(c, f->ks, f->ws, count, out, upperOnly);
        return;
    }
    _Alignas(32) int32_t ks[CHUNK];
    _Alignas(32) uint8_t ws[8 * CHUNK];
    for (size_t start = 0; start < count; start += CHUNK) {
        const size_t n = count - start < CHUNK ? count - start : CHUNK;
        pad_rows_coordinates(c, (uint64_t)first + (uint64_t)start * (uint64_t)c->dU, n, ks, ws);
        second_pass(c, ks, ws, n, out + start, upperOnly);
    }
}

TSR_AVX2 void tsr_image_row_bilinear_pad_rows_avx2(const tsr_image_row_setup *r, const tsr_image_source_rows *rows,
                                                   int64_t first, size_t count, uint32_t *out) {
    pad_rows c;
    c.upper = rows->upper, c.lower = rows->lower;
    c.wy256 = _mm256_set1_epi16((int16_t)(rows->wy << 8));
    c.dU = r->dU;
    c.width = r->width;
    if (rows->wy == 0) pad_rows_loop(&c, first, count, out, 1);
    else pad_rows_loop(&c, first, count, out, 0);
}
// MARK: Any transform

// Bilinear with U and V both stepping (rotation, skew), extend repeat with power-of-two sides or
// pad, texel offsets l·stride + k below 2³¹. The first pass writes per pixel the offsets of the
// texels (k0, l0) and (k0, l1) and the step dk to k1 (1, or 1 − w where repeat wraps k0 + 1 to 0),
// the weight bytes (128 − wx, wx) and wy·256 spread over each pixel's lanes, and per group of eight
// whether any pixel wraps; the second pass loads texel pairs as in the rows above, or texel by
// texel in groups that wrap.
typedef struct {
    const uint32_t *pixels;
    int64_t dU, dV;
    int32_t width, height, stride;
    int pad;   // else repeat with power-of-two sides
} any_rows;

TSR_AVX2_INLINE __m256i low_halves(__m256i a, __m256i b, const int shift) {
    return _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(_mm256_srli_epi64(a, shift)),
                                                 _mm256_castsi256_ps(_mm256_srli_epi64(b, shift)),
                                                 _MM_SHUFFLE(2, 0, 2, 0)));
}

// (first + 2²⁴) + d·[0 1 | 4 5] and + d·[2 3 | 6 7], wrapping: lanes past the end are only sampled.
TSR_AVX2_INLINE void start_lanes(uint64_t first, uint64_t d, __m256i *a, __m256i *b) {
    const uint64_t d2 = d + d, d4 = d2 + d2;
    first += (uint64_t)1 << 24;
    *a = _mm256_setr_epi64x((int64_t)first, (int64_t)(first + d), (int64_t)(first + d4), (int64_t)(first + d4 + d));
    *b = _mm256_add_epi64(*a, _mm256_set1_epi64x((int64_t)d2));
}

// A value in each pixel's 32-bit lane (below 2¹⁶) spread over its four 16-bit channel lanes in the
// layout of the pairs: pixels 0 1 | 4 5 (low) and 2 3 | 6 7 (high).
TSR_AVX2_INLINE void spread_lanes(__m256i v, __m256i *low, __m256i *high) {
    v = _mm256_or_si256(v, _mm256_slli_epi32(v, 16));
    *low = _mm256_unpacklo_epi32(v, v);
    *high = _mm256_unpackhi_epi32(v, v);
}

TSR_AVX2_INLINE int any_rows_coordinates(const any_rows *c, uint64_t firstU, uint64_t firstV, size_t count,
                                         int32_t *upper, int32_t *lower, int32_t *dk, uint8_t *ws, uint8_t *wys,
                                         uint8_t *wraps) {
    __m256i ua, ub, va, vb;
    start_lanes(firstU, (uint64_t)c->dU, &ua, &ub);
    start_lanes(firstV, (uint64_t)c->dV, &va, &vb);
    const __m256i stepU = _mm256_set1_epi64x((int64_t)(8 * (uint64_t)c->dU));
    const __m256i stepV = _mm256_set1_epi64x((int64_t)(8 * (uint64_t)c->dV));
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1), full = _mm256_set1_epi32(128);
    const __m256i fraction = _mm256_set1_epi32(127), stride = _mm256_set1_epi32(c->stride);
    const __m256i highU = _mm256_set1_epi32(128 * (c->width - 1)), highV = _mm256_set1_epi32(128 * (c->height - 1));
    const __m256i lastK = _mm256_set1_epi32(c->width - 2), lastL = _mm256_set1_epi32(c->height - 1);
    const __m256i maskK = _mm256_set1_epi32(c->width - 1), maskL = _mm256_set1_epi32(c->height - 1);
    const __m256i wrapStep = _mm256_set1_epi32(1 - c->width);
    int anyWrap = 0;
    for (size_t i = 0; i < count; i += 8) {
        __m256i t = low_halves(ua, ub, 25), s = low_halves(va, vb, 25);   // pixels 0 1 2 3 | 4 5 6 7
        ua = _mm256_add_epi64(ua, stepU), ub = _mm256_add_epi64(ub, stepU);
        va = _mm256_add_epi64(va, stepV), vb = _mm256_add_epi64(vb, stepV);
        __m256i k0, wx, l0, l1, wy, step = one;
        if (c->pad) {
            // As bilinear_pad_rows (image.c) across; down, t clamped to the image and l1 on its own.
            t = _mm256_min_epi32(_mm256_max_epi32(t, zero), highU);
            k0 = _mm256_min_epi32(_mm256_srai_epi32(t, 7), lastK);
            wx = _mm256_sub_epi32(t, _mm256_slli_epi32(k0, 7));
            s = _mm256_min_epi32(_mm256_max_epi32(s, zero), highV);
            l0 = _mm256_srai_epi32(s, 7);
            l1 = _mm256_min_epi32(_mm256_add_epi32(l0, one), lastL);
            wy = _mm256_and_si256(s, fraction);
        } else {
            k0 = _mm256_and_si256(_mm256_srai_epi32(t, 7), maskK);
            wx = _mm256_and_si256(t, fraction);
            l0 = _mm256_and_si256(_mm256_srai_epi32(s, 7), maskL);
            l1 = _mm256_and_si256(_mm256_add_epi32(l0, one), maskL);
            wy = _mm256_and_si256(s, fraction);
            const __m256i wrap = _mm256_cmpeq_epi32(k0, maskK);   // k0 + 1 wraps to 0
            step = _mm256_blendv_epi8(one, wrapStep, wrap);
            const int w = !_mm256_testz_si256(wrap, wrap);
            wraps[i / 8] = (uint8_t)w;
            anyWrap |= w;
        }
        _mm256_store_si256((__m256i *)(upper + i), _mm256_add_epi32(_mm256_mullo_epi32(l0, stride), k0));
        _mm256_store_si256((__m256i *)(lower + i), _mm256_add_epi32(_mm256_mullo_epi32(l1, stride), k0));
        _mm256_store_si256((__m256i *)(dk + i), step);
        __m256i lo, hi;
        spread_lanes(_mm256_or_si256(_mm256_sub_epi32(full, wx), _mm256_slli_epi32(wx, 8)), &lo, &hi);
        _mm256_store_si256((__m256i *)(ws + 8 * i), lo);
        _mm256_store_si256((__m256i *)(ws + 8 * i + 32), hi);
        spread_lanes(_mm256_slli_epi32(wy, 8), &lo, &hi);
        _mm256_store_si256((__m256i *)(wys + 8 * i), lo);
        _mm256_store_si256((__m256i *)(wys + 8 * i + 32), hi);
    }
    return anyWrap;
}

// The texel pairs at offsets o[0], o[1], o[4], o[5] as in load_pairs, or texel by texel with k1 at
// o + dk (groups where repeat wraps).
TSR_AVX2_INLINE __m256i load_any_pairs(const uint32_t *pixels, const int32_t *o, const int32_t *dk, const int wrap) {
    if (!wrap) return load_pairs(pixels, o);
#define TSR_PAIR(j) (int)pixels[o[j]], (int)pixels[o[j] + dk[j]]
    return _mm256_setr_epi32(TSR_PAIR(0), TSR_PAIR(1), TSR_PAIR(4), TSR_PAIR(5));
#undef TSR_PAIR
}

TSR_AVX2_INLINE __m256i any_rows_8px(const any_rows *c, const int32_t *upper, const int32_t *lower, const int32_t *dk,
                                     const uint8_t *w, const uint8_t *wy, const int wrap) {
    const __m256i wa = _mm256_load_si256((const __m256i *)w), wb = _mm256_load_si256((const __m256i *)(w + 32));
    const __m256i ta = horizontal(load_any_pairs(c->pixels, upper, dk, wrap), wa);
    const __m256i tb = horizontal(load_any_pairs(c->pixels, upper + 2, dk + 2, wrap), wb);
    const __m256i ba = horizontal(load_any_pairs(c->pixels, lower, dk, wrap), wa);
    const __m256i bb = horizontal(load_any_pairs(c->pixels, lower + 2, dk + 2, wrap), wb);
    const __m256i wya = _mm256_load_si256((const __m256i *)wy), wyb = _mm256_load_si256((const __m256i *)(wy + 32));
    return vertical(ta, tb, ba, bb, wya, wyb, 0);
}

TSR_AVX2_INLINE void any_rows_second_pass(const any_rows *c, const int32_t *upper, const int32_t *lower,
                                          const int32_t *dk, const uint8_t *ws, const uint8_t *wys,
                                          const uint8_t *wraps, int anyWrap, size_t n, uint32_t *o) {
    for (size_t i = 0; i < n; i += 8) {
        const int wrap = anyWrap && wraps[i / 8];
        const __m256i pixels = wrap ? any_rows_8px(c, upper + i, lower + i, dk + i, ws + 8 * i, wys + 8 * i, 1)
                                    : any_rows_8px(c, upper + i, lower + i, dk + i, ws + 8 * i, wys + 8 * i, 0);
        if (i + 8 <= n) _mm256_storeu_si256((__m256i *)(o + i), pixels);
        else _mm256_maskstore_epi32((int *)(o + i), lane_mask(n - i), pixels);
    }
}

TSR_AVX2 void tsr_image_row_bilinear_avx2(const tsr_image_row_setup *r, int64_t firstU, int64_t firstV, size_t count,
                                          uint32_t *out) {
    any_rows c;
    c.pixels = r->pixels;
    c.dU = r->dU, c.dV = r->dV;
    c.width = r->width, c.height = r->height, c.stride = (int32_t)r->stride;
    c.pad = r->extend == TSR_EXTEND_PAD;
    _Alignas(32) int32_t upper[CHUNK], lower[CHUNK], dk[CHUNK];
    _Alignas(32) uint8_t ws[8 * CHUNK], wys[8 * CHUNK];
    uint8_t wraps[CHUNK / 8];
    for (size_t start = 0; start < count; start += CHUNK) {
        const size_t n = count - start < CHUNK ? count - start : CHUNK;
        const uint64_t u = (uint64_t)firstU + (uint64_t)start * (uint64_t)c.dU;
        const uint64_t v = (uint64_t)firstV + (uint64_t)start * (uint64_t)c.dV;
        const int anyWrap = any_rows_coordinates(&c, u, v, n, upper, lower, dk, ws, wys, wraps);
        any_rows_second_pass(&c, upper, lower, dk, ws, wys, wraps, anyWrap, n, out + start);
    }
}
#endif
