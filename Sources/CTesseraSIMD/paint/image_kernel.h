// The image kernel's body (paint/image.c gives its arithmetic and loops), included once per level by
// paint/image.c (the baseline) and paint/image_avx2.c, each under its target attribute (a
// `#pragma clang attribute` around the include) and with TSR_IMAGE_LEVEL set: the same source
// compiled twice. The level picks the primitives of paint/image_lanes.h that vector types cannot
// ask for. Defines TSR_IMAGE_ROW_AT_LEVEL, the span of tsr_image_row at this level, and
// TSR_IMAGE_PIXELS_AT_LEVEL, up to eight pixels at coordinates of their own. No
// include guard: each level's file includes it once.
#include "paint/image_lanes.h"

// The row's constants (paint/image_row.h).
typedef tsr_image_row_setup image_row;

// Pixels per chunk: the first passes write their texel indices and weights, the second read them.
#define CHUNK 256

// Eight pixels computed as a group into `out`, of which `n` are stored (a row's last group: four,
// two and one at a time rather than a call to memcpy).
TSR_INLINE void store_group(uint32_t *out, size_t n, u32x8 pixels) {
    if (n >= 8) {
        TSR_STORE(out, pixels);
        return;
    }
    u32x4 part = __builtin_shufflevector(pixels, pixels, 0, 1, 2, 3);
    if (n & 4) {
        TSR_STORE(out, part);
        part = __builtin_shufflevector(pixels, pixels, 4, 5, 6, 7);
        out += 4;
    }
    if (n & 2) {
        memcpy(out, &part, 8);
        part = __builtin_shufflevector(part, part, 2, 3, 2, 3);
        out += 2;
    }
    if (n & 1) *out = part[0];
}

// MARK: Bilinear, pad, V constant

// The first pass of up to CHUNK pixels from U = first (linear), rounded up to eight (those past the
// end are clamped like the others, so their loads stay inside the image): each pixel's k0, and its
// weight bytes for pairs_horizontal. The last one made on this thread is kept, with what it
// depends on. Zero-initialized: count 0 matches no row.
typedef struct {
    int64_t first, dU;
    size_t count;
    int32_t width;
    int32_t ks[CHUNK];
    uint8_t ws[8 * CHUNK];
} pad_first_pass;

static _Thread_local pad_first_pass lastPadFirstPass;

TSR_INLINE void pad_rows_first_pass(int64_t first, int64_t dU, int32_t width, size_t count, int32_t *ks,
                                    uint8_t *ws) {
    axis_lanes u = axis_start(first, dU, (int64_t)1 << 24);
    for (size_t i = 0; i < count; i += 8, axis_next(&u)) {
        const i32x8 t = __builtin_elementwise_min(__builtin_elementwise_max(axis_bits(&u, 25), (i32x8){0}),
                                                  (i32x8){0} + 128 * (width - 1));
        const i32x8 k = __builtin_elementwise_min(t >> 7, (i32x8){0} + (width - 2));
        u8x32 low, high;
        pair_weights(t - (k << 7), &low, &high);
        TSR_STORE(ks + i, k);
        TSR_STORE(ws + 8 * i, low);
        TSR_STORE(ws + 8 * i + 32, high);
    }
}

// The row's source rows: upper (l0) and lower (l0 + 1), and wy in every lane.
typedef struct {
    const uint32_t *upper, *lower;
    i16x16 wy;
} pad_rows;

// The texel pairs of eight pixels from i in one source row: consecutive ones (k0 steps by one
// across the eight) in two loads, else one pair a pixel.
TSR_INLINE void pad_rows_pairs(const uint32_t *row, const int32_t *ks, size_t i, int consecutive, u64x4 *first,
                               u64x4 *second) {
    if (consecutive) {
        load_consecutive_pairs(row, ks[i], first, second);
    } else {
        *first = load_pairs(row, ks + i);
        *second = load_pairs(row, ks + i + 2);
    }
}

// Eight pixels from i. `consecutive`: their k0 are ks[i], ks[i] + 1, …, ks[i] + 7.
TSR_INLINE u32x8 pad_rows_8px(const pad_rows *rows, const int32_t *ks, const uint8_t *ws, size_t i, int upperOnly,
                              int consecutive) {
    const u8x32 w0 = TSR_LOAD(u8x32, ws + 8 * i), w1 = TSR_LOAD(u8x32, ws + 8 * i + 32);
    u64x4 p0, p1;
    pad_rows_pairs(rows->upper, ks, i, consecutive, &p0, &p1);
    i16x16 t0 = pairs_horizontal(p0, w0), t1 = pairs_horizontal(p1, w1);
    if (!upperOnly) {
        pad_rows_pairs(rows->lower, ks, i, consecutive, &p0, &p1);
        t0 = pairs_vertical(t0, pairs_horizontal(p0, w0), rows->wy);
        t1 = pairs_vertical(t1, pairs_horizontal(p1, w1), rows->wy);
    }
    return pairs_pixels_of(t0, t1);
}

// `oneTexelAPixel`: dU is one texel exactly, so k0 steps by one from pixel to pixel except where it
// is clamped (where it stays): a full group of eight whose k0 rise by seven in all has consecutive
// texels (the pairs' last texel, k0 + 8, is inside the row: k0 + 7 ≤ w − 2). The last group, which
// may be partial, loads its pairs one by one.
TSR_INLINE void pad_rows_second_pass(const pad_rows *rows, const int32_t *ks, const uint8_t *ws, size_t count,
                                     uint32_t *out, int upperOnly, int oneTexelAPixel) {
    size_t i = 0;
    if (oneTexelAPixel) {
        for (; i + 8 <= count; i += 8) {
            const int consecutive = ks[i + 7] - ks[i] == 7;
            TSR_STORE(out + i, consecutive ? pad_rows_8px(rows, ks, ws, i, upperOnly, 1)
                                           : pad_rows_8px(rows, ks, ws, i, upperOnly, 0));
        }
    } else {
        for (; i + 8 <= count; i += 8) TSR_STORE(out + i, pad_rows_8px(rows, ks, ws, i, upperOnly, 0));
    }
    if (i < count) store_group(out + i, count - i, pad_rows_8px(rows, ks, ws, i, upperOnly, 0));
}

TSR_INLINE void pad_rows_loop(const image_row *r, const pad_rows *rows, int64_t first, size_t count, uint32_t *out,
                              int upperOnly, int oneTexelAPixel) {
    if (count <= CHUNK) {
        pad_first_pass *f = &lastPadFirstPass;
        if (f->count != count || f->first != first || f->dU != r->dU || f->width != r->width) {
            pad_rows_first_pass(first, r->dU, r->width, count, f->ks, f->ws);
            f->first = first, f->dU = r->dU, f->count = count, f->width = r->width;
        }
        pad_rows_second_pass(rows, f->ks, f->ws, count, out, upperOnly, oneTexelAPixel);
        return;
    }
    int32_t ks[CHUNK];
    uint8_t ws[8 * CHUNK];
    for (size_t start = 0; start < count; start += CHUNK) {
        const size_t n = count - start < CHUNK ? count - start : CHUNK;
        pad_rows_first_pass((int64_t)((uint64_t)first + (uint64_t)start * (uint64_t)r->dU), r->dU, r->width, n, ks, ws);
        pad_rows_second_pass(rows, ks, ws, n, out + start, upperOnly, oneTexelAPixel);
    }
}

// An identity or an integer translation, the common case of an image drawn at its own size: one
// texel a pixel (dU = 1 in 32.32; the caller checks, and has wy = 0), on texel centres (wx = 0 for
// every pixel, as t steps by 128 from a multiple of 128). The blend with weights 0 gives each texel
// back (step 5 of the reference), so pixel i is texel k0 + i, clamped to the image's edge texels
// (pad): the row is a copy. False, writing nothing, when the row is not such a one.
TSR_INLINE int pad_row_on_texel_centres(const image_row *r, const uint32_t *upper, int64_t first, size_t count,
                                        uint32_t *out) {
    // axis_bits's t for pixel 0, in 64 bits: (U + 2²⁴) >> 25 (|U| ≤ 2⁵³, so it is exact here).
    const int64_t t = (int64_t)((uint64_t)first + ((uint64_t)1 << 24)) >> 25;
    if ((t & 127) != 0) return 0;
    const int64_t k0 = t >> 7, width = r->width;
    size_t i = 0;
    for (; i < count && k0 + (int64_t)i < 0; i++) out[i] = upper[0];
    if (i < count && k0 + (int64_t)i < width) {
        const size_t inside = (size_t)(width - (k0 + (int64_t)i));
        const size_t n = count - i < inside ? count - i : inside;
        memcpy(out + i, upper + k0 + (int64_t)i, n * sizeof(uint32_t));
        i += n;
    }
    for (; i < count; i++) out[i] = upper[width - 1];
    return 1;
}

TSR_INLINE void bilinear_pad_rows(const image_row *r, int64_t first, size_t count, uint32_t *out) {
    const tsr_image_source_rows s = tsr_image_rows(r);
    const pad_rows rows = {s.upper, s.lower, (i16x16){0} + (int16_t)s.wy};
    // Each case a loop of its own (the flags constants there).
    if (r->dU == (int64_t)1 << 32) {
        if (s.wy != 0) pad_rows_loop(r, &rows, first, count, out, 0, 1);
        else if (!pad_row_on_texel_centres(r, s.upper, first, count, out)) pad_rows_loop(r, &rows, first, count, out, 1, 1);
    } else {
        if (s.wy != 0) pad_rows_loop(r, &rows, first, count, out, 0, 0);
        else pad_rows_loop(r, &rows, first, count, out, 1, 0);
    }
}

// MARK: Bilinear, any transform

// The first pass of up to CHUNK pixels (rounded up to eight): per pixel the offsets of texels
// (k0, l0) and (k0, l1), the step to k1, its weight bytes for pairs_horizontal and wy in its four
// channel lanes; per group of eight whether repeat wraps any k0 + 1 to 0. Returns whether any group
// does.
typedef struct {
    int32_t upper[CHUNK], lower[CHUNK], dk[CHUNK];
    uint8_t ws[8 * CHUNK], wys[8 * CHUNK];
    uint8_t wraps[CHUNK / 8];
} any_first_pass;

TSR_INLINE int any_rows_first_pass(const image_row *r, uint64_t firstU, uint64_t firstV, size_t count,
                                   any_first_pass *f) {
    axis_lanes u = axis_start((int64_t)firstU, r->dU, (int64_t)1 << 24);
    axis_lanes v = axis_start((int64_t)firstV, r->dV, (int64_t)1 << 24);
    const int32_t w = r->width, h = r->height, stride = (int32_t)r->stride;
    const int pad = r->extend == TSR_EXTEND_PAD;
    int anyWrap = 0;
    for (size_t i = 0; i < count; i += 8, axis_next(&u), axis_next(&v)) {
        i32x8 t = axis_bits(&u, 25), s = axis_bits(&v, 25), k0, wx, l0, l1, step = (i32x8){0} + 1;
        if (pad) {
            // As the rows above across; down, s clamped to the image and l1 on its own.
            t = __builtin_elementwise_min(__builtin_elementwise_max(t, (i32x8){0}), (i32x8){0} + 128 * (w - 1));
            k0 = __builtin_elementwise_min(t >> 7, (i32x8){0} + (w - 2));
            wx = t - (k0 << 7);
            s = __builtin_elementwise_min(__builtin_elementwise_max(s, (i32x8){0}), (i32x8){0} + 128 * (h - 1));
            l0 = s >> 7;
            l1 = __builtin_elementwise_min(l0 + 1, (i32x8){0} + (h - 1));
        } else {
            k0 = (t >> 7) & (w - 1);
            wx = t & 127;
            l0 = (s >> 7) & (h - 1);
            l1 = (l0 + 1) & (h - 1);
            const i32x8 wrap = k0 == w - 1;   // k0 + 1 wraps to 0
            step = (wrap & (1 - w)) | (~wrap & step);
            f->wraps[i / 8] = __builtin_reduce_or(wrap) != 0;
            anyWrap |= f->wraps[i / 8];
        }
        TSR_STORE(f->upper + i, l0 * stride + k0);
        TSR_STORE(f->lower + i, l1 * stride + k0);
        TSR_STORE(f->dk + i, step);
        u8x32 low, high;
        pair_weights(wx, &low, &high);
        TSR_STORE(f->ws + 8 * i, low);
        TSR_STORE(f->ws + 8 * i + 32, high);
        u16x16 wyLow, wyHigh;
        pair_lanes((u32x8)(s & 127), &wyLow, &wyHigh);
        TSR_STORE(f->wys + 8 * i, wyLow);
        TSR_STORE(f->wys + 8 * i + 32, wyHigh);
    }
    return anyWrap;
}

// The texel pairs of pixels o[0], o[1], o[4], o[5] (load_pairs' order): loaded as pairs, or texel by
// texel with the second at o[j] + dk[j] (groups where repeat wraps).
TSR_INLINE u64x4 any_pairs(const uint32_t *pixels, const int32_t *o, const int32_t *dk, int wrap) {
    if (!wrap) return load_pairs(pixels, o);
    const int lane[4] = {0, 1, 4, 5};
    u64x4 p;
    for (int j = 0; j < 4; j++) p[j] = (uint64_t)pixels[o[lane[j]]] | (uint64_t)pixels[o[lane[j]] + dk[lane[j]]] << 32;
    return p;
}

// Half `h` of the group of eight pixels at i (pixels 0, 1, 4, 5 or 2, 3, 6, 7).
TSR_INLINE i16x16 any_rows_4px(const image_row *r, const any_first_pass *f, size_t i, int h, int wrap) {
    const size_t j = i + 2 * (size_t)h;
    const u8x32 w = TSR_LOAD(u8x32, f->ws + 8 * i + 32 * h);
    const i16x16 top = pairs_horizontal(any_pairs(r->pixels, f->upper + j, f->dk + j, wrap), w);
    const i16x16 bottom = pairs_horizontal(any_pairs(r->pixels, f->lower + j, f->dk + j, wrap), w);
    return pairs_vertical(top, bottom, TSR_LOAD(i16x16, f->wys + 8 * i + 32 * h));
}

// Eight pixels from i.
TSR_INLINE u32x8 any_rows_8px(const image_row *r, const any_first_pass *f, int anyWrap, size_t i) {
    if (anyWrap && f->wraps[i / 8]) return pairs_pixels_of(any_rows_4px(r, f, i, 0, 1), any_rows_4px(r, f, i, 1, 1));
    return pairs_pixels_of(any_rows_4px(r, f, i, 0, 0), any_rows_4px(r, f, i, 1, 0));
}

TSR_INLINE void any_rows_second_pass(const image_row *r, const any_first_pass *f, int anyWrap, size_t count,
                                     uint32_t *out) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) TSR_STORE(out + i, any_rows_8px(r, f, anyWrap, i));
    if (i < count) store_group(out + i, count - i, any_rows_8px(r, f, anyWrap, i));
}

TSR_INLINE void bilinear_any_rows(const image_row *r, int64_t firstU, int64_t firstV, size_t count, uint32_t *out) {
    any_first_pass f;
    for (size_t start = 0; start < count; start += CHUNK) {
        const size_t n = count - start < CHUNK ? count - start : CHUNK;
        const uint64_t u = (uint64_t)firstU + (uint64_t)start * (uint64_t)r->dU;
        const uint64_t v = (uint64_t)firstV + (uint64_t)start * (uint64_t)r->dV;
        const int anyWrap = any_rows_first_pass(r, u, v, n, &f);
        any_rows_second_pass(r, &f, anyWrap, n, out + start);
    }
}

// MARK: Every other case

// The row's one pair of source rows (V the same for every pixel), as sample_8px uses them.
typedef struct {
    const uint32_t *upper, *lower;
    i32x8 upperMask, lowerMask;   // all zeros for a transparent row (extend none)
    u16x16 wy;                    // in both lanes of each pixel
    int upperOnly;                // wy = 0 (nearest, or a bilinear row on texel centres)
} source_rows;

TSR_INLINE source_rows row_sources(const image_row *r) {
    const tsr_image_source_rows s = tsr_image_rows(r);
    // A transparent row (extend none) reads row 0 under an all-zeros mask.
    return (source_rows){s.upper ? s.upper : r->pixels, s.lower ? s.lower : r->pixels,
                         (i32x8){0} - (s.upper != NULL), (i32x8){0} - (s.lower != NULL),
                         pairs_factor((u32x8){0} + (uint32_t)s.wy), s.wy == 0};
}

// The rows of eight pixels' texel rows l.
TSR_INLINE void row_pointers(const image_row *r, i32x8 l, const uint32_t *rows[8]) {
    for (int j = 0; j < 8; j++) rows[j] = r->pixels + (size_t)(uint32_t)l[j] * r->stride;
}

// Eight pixels; `aligned`: V the same for every pixel (the rows' sources in `rows`).
TSR_INLINE u32x8 sample_8px(const image_row *r, const source_rows *rows, const axis_lanes *u, const axis_lanes *v,
                            int filter, int extend, int aligned) {
    if (filter == TSR_FILTER_NEAREST) {
        const axis_index k = extend_one(axis_bits(u, 32), r->width, r->widthPow2, extend);
        if (aligned) return gather(rows->upper, k.index) & (u32x8)(k.valid & rows->upperMask);
        const axis_index l = extend_one(axis_bits(v, 32), r->height, r->heightPow2, extend);
        const uint32_t *lines[8];
        row_pointers(r, l.index, lines);
        return gather_rows(lines, k.index) & (u32x8)(k.valid & l.valid);
    }
    const i32x8 t = axis_bits(u, 25);
    const u16x16 wx = pairs_factor((u32x8)(t & 127));
    axis_index k0, k1;
    extend_two(t >> 7, r->width, r->widthPow2, extend, &k0, &k1);
    if (aligned) {
        const u32x8 a = gather(rows->upper, k0.index) & (u32x8)(k0.valid & rows->upperMask);
        const u32x8 b = gather(rows->upper, k1.index) & (u32x8)(k1.valid & rows->upperMask);
        if (rows->upperOnly) return bilinear(a, b, a, b, wx, rows->wy, 1);
        const u32x8 c = gather(rows->lower, k0.index) & (u32x8)(k0.valid & rows->lowerMask);
        const u32x8 d = gather(rows->lower, k1.index) & (u32x8)(k1.valid & rows->lowerMask);
        return bilinear(a, b, c, d, wx, rows->wy, 0);
    }
    const i32x8 s = axis_bits(v, 25);
    axis_index l0, l1;
    extend_two(s >> 7, r->height, r->heightPow2, extend, &l0, &l1);
    const uint32_t *upper[8], *lower[8];
    row_pointers(r, l0.index, upper);
    row_pointers(r, l1.index, lower);
    const u32x8 a = gather_rows(upper, k0.index) & (u32x8)(k0.valid & l0.valid);
    const u32x8 b = gather_rows(upper, k1.index) & (u32x8)(k1.valid & l0.valid);
    const u32x8 c = gather_rows(lower, k0.index) & (u32x8)(k0.valid & l1.valid);
    const u32x8 d = gather_rows(lower, k1.index) & (u32x8)(k1.valid & l1.valid);
    return bilinear(a, b, c, d, wx, pairs_factor((u32x8)(s & 127)), 0);
}

// The span for one filter, extend mode and alignment (constants after inlining: one loop each).
TSR_INLINE void sample_row(const image_row *r, int64_t firstU, int64_t firstV, size_t count, uint32_t *out,
                           int filter, int extend, int aligned) {
    source_rows rows;
    memset(&rows, 0, sizeof rows);
    if (aligned) rows = row_sources(r);
    const int64_t round = filter == TSR_FILTER_NEAREST ? 0 : ((int64_t)1 << 24);
    axis_lanes u = axis_start(firstU, r->dU, round), v = axis_start(firstV, r->dV, round);
    for (size_t i = 0; i < count; i += 8, axis_next(&u), axis_next(&v)) {
        store_group(out + i, count - i, sample_8px(r, &rows, &u, &v, filter, extend, aligned));
    }
}

#define SAMPLE_ROW_EXTENDS(filter, aligned)                                                                   \
    switch (r->extend) {                                                                                      \
    case TSR_EXTEND_REPEAT: sample_row(r, u, v, count, out, filter, TSR_EXTEND_REPEAT, aligned); break;       \
    case TSR_EXTEND_REFLECT: sample_row(r, u, v, count, out, filter, TSR_EXTEND_REFLECT, aligned); break;     \
    case TSR_EXTEND_NONE: sample_row(r, u, v, count, out, filter, TSR_EXTEND_NONE, aligned); break;           \
    default: sample_row(r, u, v, count, out, filter, TSR_EXTEND_PAD, aligned); break;                         \
    }

// MARK: Pixels at coordinates of their own

// Up to eight pixels, lane j at the 32.32 coordinates (u[j], v[j]), clamped as tsr_image_clamp
// clamps them: the pixels of a projection (paint/image_projective.c), each as tsr_image_sample
// samples it. Lanes j ≥ n take lane 0's coordinates and are not stored.
TSR_INLINE void sample_pixels(const image_row *r, const int64_t *u, const int64_t *v, size_t n, uint32_t *out,
                              int filter, int extend) {
    const source_rows rows = {0};
    const uint64_t round = filter == TSR_FILTER_NEAREST ? 0 : ((uint64_t)1 << 24);
    axis_lanes lu = {{0}, {0}, {0}}, lv = {{0}, {0}, {0}};
    for (int j = 0; j < 8; j++) {
        const size_t k = (size_t)j < n ? (size_t)j : 0;
        if (j < 4) {
            lu.low[j] = (uint64_t)u[k] + round;
            lv.low[j] = (uint64_t)v[k] + round;
        } else {
            lu.high[j - 4] = (uint64_t)u[k] + round;
            lv.high[j - 4] = (uint64_t)v[k] + round;
        }
    }
    store_group(out, n, sample_8px(r, &rows, &lu, &lv, filter, extend, 0));
}

__attribute__((visibility("hidden"))) void TSR_IMAGE_PIXELS_AT_LEVEL(const tsr_image_row_setup *r, const int64_t *u,
                                                                    const int64_t *v, size_t n, uint32_t *out) {
    const int filter = r->filter == TSR_FILTER_NEAREST ? TSR_FILTER_NEAREST : TSR_FILTER_BILINEAR;
#define SAMPLE_PIXELS(f)                                                                                        \
    switch (r->extend) {                                                                                        \
    case TSR_EXTEND_REPEAT: sample_pixels(r, u, v, n, out, f, TSR_EXTEND_REPEAT); break;                       \
    case TSR_EXTEND_REFLECT: sample_pixels(r, u, v, n, out, f, TSR_EXTEND_REFLECT); break;                     \
    case TSR_EXTEND_NONE: sample_pixels(r, u, v, n, out, f, TSR_EXTEND_NONE); break;                           \
    default: sample_pixels(r, u, v, n, out, f, TSR_EXTEND_PAD); break;                                         \
    }
    if (filter == TSR_FILTER_NEAREST) { SAMPLE_PIXELS(TSR_FILTER_NEAREST) }
    else { SAMPLE_PIXELS(TSR_FILTER_BILINEAR) }
#undef SAMPLE_PIXELS
}

// MARK: Entry point

// A span whose coordinates are linear (tsr_image_span): U = u and V = v at its first pixel.
TSR_INLINE void image_row_body(const image_row *r, int64_t u, int64_t v, size_t count, uint32_t *out) {
    const int nearest = r->filter == TSR_FILTER_NEAREST;
    const int aligned = r->dV == 0;   // V the same for every pixel: yx = 0, or below 2⁻³³
    if (!nearest && r->extend == TSR_EXTEND_PAD && r->width >= 2 && aligned) {
        bilinear_pad_rows(r, u, count, out);
    } else if (!nearest && !aligned && (uint64_t)r->stride * (uint64_t)r->height <= 0x7FFFFFFFu &&
               ((r->extend == TSR_EXTEND_REPEAT && r->widthPow2 && r->heightPow2) ||
                (r->extend == TSR_EXTEND_PAD && r->width >= 2))) {
        bilinear_any_rows(r, u, v, count, out);
    } else if (aligned) {
        if (nearest) { SAMPLE_ROW_EXTENDS(TSR_FILTER_NEAREST, 1) }
        else { SAMPLE_ROW_EXTENDS(TSR_FILTER_BILINEAR, 1) }
    } else {
        if (nearest) { SAMPLE_ROW_EXTENDS(TSR_FILTER_NEAREST, 0) }
        else { SAMPLE_ROW_EXTENDS(TSR_FILTER_BILINEAR, 0) }
    }
}

__attribute__((visibility("hidden"))) void TSR_IMAGE_ROW_AT_LEVEL(const tsr_image_row_setup *r, int64_t u, int64_t v,
                                                                 size_t count, uint32_t *out) {
    image_row_body(r, u, v, count, out);
}
