// Image pattern sampling (tsr_image_row), eight pixels at a time (paint/image_lanes.h), compiled
// per level. The arithmetic is written out in reference/image.c, which this kernel matches byte for
// byte:
//
// - coordinates in 32.32 fixed point, U = Cu + dU·x per pixel in 64-bit lanes: per span, where the
//   clamp is not reached (tsr_image_span; otherwise the span goes pixel by pixel through
//   tsr_image_row_scalar), the first is computed once and the others by adding dU, exactly;
//   t = (U + 2²⁴) >> 25 is then the low half of a 64-bit shift (the same for logical and
//   arithmetic shifts);
// - texel indices extended eight at a time in int32 lanes (repeat and reflect by an exact floor
//   division in doubles, or a mask for power-of-two sizes), then the texels loaded one by one;
// - the 7-bit bilinear blend in channel pairs, its vertical step exact in 16-bit lanes.
//
// Three loops, all giving the reference's bytes:
// - bilinear pad with V the same for the whole row (dV = 0: layer contents and images drawn into
//   rectangles; pad_rows): t is clamped to the image, [0, 128·(w − 1)], and k0 = min(t >> 7, w − 2),
//   wx = t − 128·k0, so that every texel pair (k0, k0 + 1) is inside the row (one 64-bit load) and
//   wx = 128 at the right edge: the reference clamps both of its texels to the edge there, and blends
//   equal texels to themselves, as it does left of the image. A first pass writes the indices and
//   weights of up to CHUNK pixels, kept per thread for the next row, which needs the same ones where
//   x maps alike (the rows of an image drawn into a rectangle); a second loads and blends; where
//   wy = 0 (rows on texel centres) the lower row is not read at all (its weight is 0);
// - bilinear with U and V both stepping (rotation, skew; any_rows), extend repeat with
//   power-of-two sides or pad, texel offsets l·stride + k below 2³¹: a first pass writes per pixel
//   the offsets of texels (k0, l0) and (k0, l1), the step dk to k1 (1, or 1 − w where repeat wraps
//   k0 + 1 to 0) and the weights, and per group of eight whether any pixel wraps; the second pass
//   loads texel pairs, or texel by texel in groups that wrap;
// - every other case (nearest, reflect, none, other repeats; sample_row), eight pixels at a time
//   from their extended indices, with the row's two source rows found once where V is the same for
//   every pixel.
#include "CTesseraPaint.h"
#include "paint/image_lanes.h"
#include "simd/targets.h"

// The row's constants (paint/image_row.h).
typedef tsr_image_row_setup image_row;

// Pixels per chunk: the first passes write their texel indices and weights, the second read them.
#define CHUNK 256

// Eight pixels computed as a group into `out`, of which `n` are stored.
TSR_INLINE void store_group(uint32_t *out, size_t n, u32x8 pixels) {
    if (n >= 8) {
        TSR_STORE(out, pixels);
    } else {
        uint32_t group[8];
        TSR_STORE(group, pixels);
        memcpy(out, group, n * sizeof *out);
    }
}

// MARK: Bilinear, pad, V constant

// The first pass of up to CHUNK pixels from U = first (linear), rounded up to eight (those past the
// end are clamped like the others, so their loads stay inside the image): each pixel's k0, and wx in
// both lanes of its channel pairs. The last one made on this thread is kept, with what it depends
// on. Zero-initialized: count 0 matches no row.
typedef struct {
    int64_t first, dU;
    size_t count;
    int32_t width;
    int32_t ks[CHUNK];
    uint32_t wx[CHUNK];
} pad_first_pass;

static _Thread_local pad_first_pass lastPadFirstPass;

TSR_INLINE void pad_rows_first_pass(int64_t first, int64_t dU, int32_t width, size_t count, int32_t *ks,
                                    uint32_t *wx) {
    axis_lanes u = axis_start(first, dU, (int64_t)1 << 24);
    for (size_t i = 0; i < count; i += 8, axis_next(&u)) {
        const i32x8 t = __builtin_elementwise_min(__builtin_elementwise_max(axis_bits(&u, 25), (i32x8){0}),
                                                  (i32x8){0} + 128 * (width - 1));
        const i32x8 k = __builtin_elementwise_min(t >> 7, (i32x8){0} + (width - 2));
        TSR_STORE(ks + i, k);
        TSR_STORE(wx + i, (u32x8)pairs_factor((u32x8)(t - (k << 7))));
    }
}

// The row's source rows: upper (l0) and lower (l0 + 1), and wy.
typedef struct {
    const uint32_t *upper, *lower;
    vertical_weights w;
    int upperOnly;   // wy = 0: the lower row is not read
} pad_rows;

TSR_INLINE void pad_rows_second_pass(const pad_rows *rows, const int32_t *ks, const uint32_t *wx, size_t count,
                                     uint32_t *out, int upperOnly) {
    for (size_t i = 0; i < count; i += 8) {
        u32x8 a, b, c = {0}, d = {0};
        gather_pairs(rows->upper, ks + i, &a, &b);
        if (!upperOnly) gather_pairs(rows->lower, ks + i, &c, &d);
        store_group(out + i, count - i, bilinear(a, b, c, d, (u16x16)TSR_LOAD(u32x8, wx + i), rows->w, upperOnly));
    }
}

TSR_INLINE void pad_rows_loop(const image_row *r, const pad_rows *rows, int64_t first, size_t count, uint32_t *out,
                              int upperOnly) {
    if (count <= CHUNK) {
        pad_first_pass *f = &lastPadFirstPass;
        if (f->count != count || f->first != first || f->dU != r->dU || f->width != r->width) {
            pad_rows_first_pass(first, r->dU, r->width, count, f->ks, f->wx);
            f->first = first, f->dU = r->dU, f->count = count, f->width = r->width;
        }
        pad_rows_second_pass(rows, f->ks, f->wx, count, out, upperOnly);
        return;
    }
    int32_t ks[CHUNK];
    uint32_t wx[CHUNK];
    for (size_t start = 0; start < count; start += CHUNK) {
        const size_t n = count - start < CHUNK ? count - start : CHUNK;
        pad_rows_first_pass((int64_t)((uint64_t)first + (uint64_t)start * (uint64_t)r->dU), r->dU, r->width, n, ks, wx);
        pad_rows_second_pass(rows, ks, wx, n, out + start, upperOnly);
    }
}

TSR_INLINE void bilinear_pad_rows(const image_row *r, int64_t first, size_t count, uint32_t *out) {
    const tsr_image_source_rows s = tsr_image_rows(r);
    const pad_rows rows = {s.upper, s.lower, vertical_weights_of((u32x8){0} + (uint32_t)s.wy), s.wy == 0};
    if (rows.upperOnly) pad_rows_loop(r, &rows, first, count, out, 1);
    else pad_rows_loop(r, &rows, first, count, out, 0);
}

// MARK: Bilinear, any transform

// The first pass of up to CHUNK pixels (rounded up to eight): per pixel the offsets of texels
// (k0, l0) and (k0, l1), the step to k1, wx and wy in both lanes of its channel pairs; per group of
// eight whether repeat wraps any k0 + 1 to 0. Returns whether any group does.
typedef struct {
    int32_t upper[CHUNK], lower[CHUNK], dk[CHUNK];
    uint32_t wx[CHUNK], wy[CHUNK];
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
        TSR_STORE(f->wx + i, (u32x8)pairs_factor((u32x8)wx));
        TSR_STORE(f->wy + i, (u32x8)pairs_factor((u32x8)(s & 127)));
    }
    return anyWrap;
}

// The texels at offsets o[j] and o[j] + dk[j] of eight pixels: pairs, or texel by texel where
// repeat wraps.
TSR_INLINE void any_texels(const uint32_t *pixels, const int32_t *o, const int32_t *dk, int wrap, u32x8 *a, u32x8 *b) {
    if (!wrap) {
        gather_pairs(pixels, o, a, b);
        return;
    }
    const i32x8 offsets = TSR_LOAD(i32x8, o);
    *a = gather(pixels, offsets);
    *b = gather(pixels, offsets + TSR_LOAD(i32x8, dk));
}

TSR_INLINE void any_rows_second_pass(const image_row *r, const any_first_pass *f, int anyWrap, size_t count,
                                     uint32_t *out) {
    for (size_t i = 0; i < count; i += 8) {
        const int wrap = anyWrap && f->wraps[i / 8];
        u32x8 a, b, c, d;
        any_texels(r->pixels, f->upper + i, f->dk + i, wrap, &a, &b);
        any_texels(r->pixels, f->lower + i, f->dk + i, wrap, &c, &d);
        const u16x16 wx = (u16x16)TSR_LOAD(u32x8, f->wx + i);
        store_group(out + i, count - i, bilinear(a, b, c, d, wx, vertical_weights_of(TSR_LOAD(u32x8, f->wy + i)), 0));
    }
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
    vertical_weights w;
    int upperOnly;                // wy = 0 (nearest, or a bilinear row on texel centres)
} source_rows;

TSR_INLINE source_rows row_sources(const image_row *r) {
    const tsr_image_source_rows s = tsr_image_rows(r);
    // A transparent row (extend none) reads row 0 under an all-zeros mask.
    return (source_rows){s.upper ? s.upper : r->pixels, s.lower ? s.lower : r->pixels,
                         (i32x8){0} - (s.upper != NULL), (i32x8){0} - (s.lower != NULL),
                         vertical_weights_of((u32x8){0} + (uint32_t)s.wy), s.wy == 0};
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
        if (rows->upperOnly) return bilinear(a, b, a, b, wx, rows->w, 1);
        const u32x8 c = gather(rows->lower, k0.index) & (u32x8)(k0.valid & rows->lowerMask);
        const u32x8 d = gather(rows->lower, k1.index) & (u32x8)(k1.valid & rows->lowerMask);
        return bilinear(a, b, c, d, wx, rows->w, 0);
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
    return bilinear(a, b, c, d, wx, vertical_weights_of((u32x8)(s & 127)), 0);
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

TSR_LEVELS(image_row, (const image_row *r, int64_t u, int64_t v, size_t count, uint32_t *out), (r, u, v, count, out))

void tsr_image_row(const tsr_image_pattern *pattern, int32_t x, int32_t y, size_t count, uint32_t *out) {
    image_row r;
    if (!tsr_image_row_setup_make(pattern, y, &r)) {
        memset(out, 0, count * sizeof(uint32_t));
        return;
    }
    if (count == 0) return;
    // Spans whose coordinates reach the clamp go pixel by pixel.
    int64_t u, v = 0;
    if (!tsr_image_span(r.Cu, r.dU, x, count, &u) || (r.dV != 0 && !tsr_image_span(r.Cv, r.dV, x, count, &v))) {
        tsr_image_row_scalar(&r, x, count, out);
        return;
    }
    TSR_DISPATCH(image_row, (&r, u, v, count, out));
}
