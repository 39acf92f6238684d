// Axis-aligned rectangles, source-over (tsr_fill_rect, CTesseraSIMD.h). Oracle: reference/blend.c.
//
// A rectangle's rows fall in at most three classes, each with one vertical coverage and so one set
// of spans (blend/rect_row.h): the top edge's row, the rows inside (coverage exactly 1, found from
// the edges without visiting each row), the bottom edge's row. A class's colours, scaled once per
// pixel of a group (the first pixel at its own coverage, the others at the middle one; the last
// likewise), are made once, so a row costs its groups and little else.
//
// A row of n pixels goes by groups of G (8, or 16 at the AVX-512 level, where one instruction does
// a group's sixteen): the first, the middle ones, and the last G pixels, blended from their values
// before the row (the pixels they share with the groups before get the same bytes twice). Rows of
// G/2 + 1 to G pixels are one group of their first and last G/2 pixels; rows under five pixels go
// one pixel at a time, with the same arithmetic (blend/over.h).
#include "CTesseraSIMD.h"
#include "blend/over.h"
#include "blend/rect_row.h"
#include "simd/targets.h"

// The rectangles' coverage in floats, each operation rounded as in their reference.
#include "simd/no_fp_contract.h"

// MARK: Eight pixels

// The first four and the last four of `count` (5 … 8) pixels from p, as one vector; stored back
// the last four last.
TSR_INLINE u32x8 load_ends(const uint32_t *p, size_t count) {
    return __builtin_shufflevector(TSR_LOAD(u32x4, p), TSR_LOAD(u32x4, p + count - 4), 0, 1, 2, 3, 4, 5, 6, 7);
}
TSR_INLINE void store_ends(uint32_t *p, size_t count, u32x8 v) {
    TSR_STORE(p, __builtin_shufflevector(v, v, 0, 1, 2, 3));
    TSR_STORE(p + count - 4, __builtin_shufflevector(v, v, 4, 5, 6, 7));
}

// A colour scaled by a coverage per pixel (at most 255), in channel pairs.
typedef struct {
    u16x16 rb, ga, alpha;
} source8;

TSR_INLINE source8 source8_of(uint32_t color, u32x8 coverage) {
    const u32x8 c = (u32x8){0} + color;
    const u16x16 f = pairs_factor(coverage);
    const u16x16 sga = pairs_mul(pairs_ga(c), f);
    return (source8){pairs_mul(pairs_rb(c), f), sga, pairs_alpha(sga)};
}

TSR_INLINE u32x8 over8(u32x8 d, const source8 *s, int premultiplied) {
    return over_pairs(d, s->rb, s->ga, s->alpha, premultiplied);
}

// MARK: Sixteen pixels

typedef struct {
    u16x32 rb, ga, inverse;   // the scaled colour's pairs, and 255 − its alpha in both lanes
} source16;

TSR_INLINE source16 source16_of(uint32_t color, u32x16 coverage) {
    const u32x16 c = (u32x16){0} + color;
    const u16x32 f = (u16x32)(coverage | (coverage << 16));
    const u16x32 sga = pairs32_mul(pairs32_ga(c), f);
    return (source16){pairs32_mul(pairs32_rb(c), f), sga, 255 - pairs32_alpha(sga)};
}

// over_pairs (blend/over.h) on sixteen pixels.
TSR_INLINE u32x16 over16(u32x16 d, const source16 *s, int premultiplied) {
    u16x32 rb = s->rb + pairs32_mul(pairs32_rb(d), s->inverse), ga = s->ga + pairs32_mul(pairs32_ga(d), s->inverse);
    if (!premultiplied) {
        rb = __builtin_elementwise_min(rb, (u16x32){0} + 255);
        ga = __builtin_elementwise_min(ga, (u16x32){0} + 255);
    }
    return (u32x16)rb | ((u32x16)ga << 8);
}

// The first eight and the last eight of `count` (9 … 16) pixels from p, as one vector; stored back
// the last eight last.
TSR_INLINE u32x16 load_ends16(const uint32_t *p, size_t count) {
    const u32x8 low = TSR_LOAD(u32x8, p), high = TSR_LOAD(u32x8, p + count - 8);
    return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}
TSR_INLINE void store_ends16(uint32_t *p, size_t count, u32x16 v) {
    TSR_STORE(p, __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7));
    TSR_STORE(p + count - 8, __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15));
}

// MARK: Rows

// The coverage of a row's pixels: its first, the ones between, its last (each at most 255).
TSR_INLINE u32x8 coverage8(uint32_t first, uint32_t middle, uint32_t last) {
    return (u32x8){first, middle, middle, middle, middle, middle, middle, last};
}
TSR_INLINE u32x16 coverage16(uint32_t first, uint32_t middle, uint32_t last) {
    const uint32_t m = middle;
    return (u32x16){first, m, m, m, m, m, m, m, m, m, m, m, m, m, m, last};
}

// `rows` rows of one class (one set of spans `s`), from `pixels` on; `wide`: groups of sixteen.
TSR_INLINE void class_rows(uint32_t *pixels, size_t stride, int32_t rows, const tsr_rect_row_spans *s,
                           uint32_t color, int premultiplied, int wide) {
    if (s->last < s->first) return;
    const size_t n = (size_t)(s->last - s->first + 1);
    uint32_t *p = pixels + s->first;
    const uint32_t f = s->firstCoverage > 255 ? 255 : s->firstCoverage;
    const uint32_t m = s->middleCoverage > 255 ? 255 : s->middleCoverage;
    const uint32_t l = s->lastCoverage > 255 ? 255 : s->lastCoverage;
    if (n < 5) {
        for (int32_t r = 0; r < rows; r++, p += stride) {
            for (size_t i = 0; i < n; i++) {
                const uint32_t c = i == 0 ? f : i + 1 == n ? l : m;
                if (c != 0) p[i] = pixel_over(p[i], color, c, premultiplied);
            }
        }
        return;
    }
    if (n <= 8) {
        const source8 ends = source8_of(color, coverage8(f, m, l));
        for (int32_t r = 0; r < rows; r++, p += stride) store_ends(p, n, over8(load_ends(p, n), &ends, premultiplied));
        return;
    }
    // The middle groups are the colour itself where it is opaque and the rows inside.
    const int solid = (color >> 24) == 255 && m == 255;
    if (wide && n <= 16) {
        const source16 ends = source16_of(color, coverage16(f, m, l));
        for (int32_t r = 0; r < rows; r++, p += stride) store_ends16(p, n, over16(load_ends16(p, n), &ends, premultiplied));
        return;
    }
    if (wide) {
        const source16 first = source16_of(color, coverage16(f, m, m)), last = source16_of(color, coverage16(m, m, l));
        const source16 middle = source16_of(color, (u32x16){0} + m);
        const u32x16 c = (u32x16){0} + color;
        for (int32_t r = 0; r < rows; r++, p += stride) {
            const u32x16 lastGroup = TSR_LOAD(u32x16, p + n - 16);
            TSR_STORE(p, over16(TSR_LOAD(u32x16, p), &first, premultiplied));
            size_t i = 16;
            if (solid) {
                for (; i + 16 < n; i += 16) TSR_STORE(p + i, c);
            } else {
                for (; i + 16 < n; i += 16) TSR_STORE(p + i, over16(TSR_LOAD(u32x16, p + i), &middle, premultiplied));
            }
            TSR_STORE(p + n - 16, over16(lastGroup, &last, premultiplied));
        }
        return;
    }
    const source8 first = source8_of(color, coverage8(f, m, m)), last = source8_of(color, coverage8(m, m, l));
    const source8 middle = source8_of(color, (u32x8){0} + m);
    const u32x8 c = (u32x8){0} + color;
    for (int32_t r = 0; r < rows; r++, p += stride) {
        const u32x8 lastGroup = TSR_LOAD(u32x8, p + n - 8);
        TSR_STORE(p, over8(TSR_LOAD(u32x8, p), &first, premultiplied));
        size_t i = 8;
        if (solid) {
            // Four stores a step: a wide opaque rectangle's rows are mostly these.
            for (; i + 32 < n; i += 32) {
                TSR_STORE(p + i, c);
                TSR_STORE(p + i + 8, c);
                TSR_STORE(p + i + 16, c);
                TSR_STORE(p + i + 24, c);
            }
            for (; i + 8 < n; i += 8) TSR_STORE(p + i, c);
        } else {
            for (; i + 8 < n; i += 8) TSR_STORE(p + i, over8(TSR_LOAD(u32x8, p + i), &middle, premultiplied));
        }
        TSR_STORE(p + n - 8, over8(lastGroup, &last, premultiplied));
    }
}

// Row y alone, at its own vertical coverage.
TSR_INLINE void edge_row(uint32_t *pixels, size_t stride, int32_t width, int32_t y, float left, float top,
                         float right, float bottom, uint32_t color, int premultiplied, int wide) {
    const tsr_rect_row_spans s = tsr_rect_row(width, left, right, tsr_rect_row_coverage(y, top, bottom));
    class_rows(pixels, stride, 1, &s, color, premultiplied, wide);
}

// Rows below 2²⁴ in magnitude, where a row's number and the next are exact floats a whole 1 apart.
enum { EXACT_ROWS = 1 << 24 };

// Rows [firstRow, endRow): those inside [top, bottom), [*inside, *outside), have the vertical
// coverage (y + 1) − y = 1 exactly (a NaN side limits nothing, as in tsr_rect_row_coverage); the
// rows before and after are the edges' (or outside the rectangle: their coverage is not above 0).
// floor and ceil by truncation (calls at the baseline level), corrected where it went the wrong
// way.
TSR_INLINE void inside_rows(int32_t firstRow, int32_t endRow, float top, float bottom, int32_t *inside,
                            int32_t *outside) {
    if (firstRow < -EXACT_ROWS || endRow > EXACT_ROWS) {   // every row on its own
        *inside = *outside = endRow;
        return;
    }
    int32_t a = firstRow, e = endRow;
    if (top > (float)firstRow) {
        const int32_t t = top >= (float)endRow ? endRow : (int32_t)top;
        a = t + (t < endRow && (float)t < top);   // ceil(top), at most endRow
    }
    if (bottom < (float)endRow) {
        const int32_t b = bottom <= (float)a ? a : (int32_t)bottom;
        e = b - (b > a && (float)b > bottom);   // floor(bottom), at least a
    }
    *inside = a;
    *outside = e < a ? a : e;
}

TSR_INLINE void rect_rows(uint32_t *pixels, size_t stride, int32_t width, int32_t firstRow, int32_t endRow, float left,
                          float top, float right, float bottom, uint32_t color, int premultiplied, int wide) {
    if (endRow <= firstRow) return;
    int32_t inside, outside;
    inside_rows(firstRow, endRow, top, bottom, &inside, &outside);
    for (int32_t y = firstRow; y < inside; y++)
        edge_row(pixels + (size_t)(y - firstRow) * stride, stride, width, y, left, top, right, bottom, color,
                 premultiplied, wide);
    if (inside < outside) {
        const tsr_rect_row_spans s = tsr_rect_row(width, left, right, 1.0f);
        class_rows(pixels + (size_t)(inside - firstRow) * stride, stride, outside - inside, &s, color, premultiplied,
                   wide);
    }
    for (int32_t y = outside; y < endRow; y++)
        edge_row(pixels + (size_t)(y - firstRow) * stride, stride, width, y, left, top, right, bottom, color,
                 premultiplied, wide);
}

TSR_INLINE void fill_rect_body(uint32_t *pixels, size_t stride, int32_t width, int32_t firstRow, int32_t endRow,
                               float left, float top, float right, float bottom, uint32_t color, int wide) {
    if (color_is_premultiplied(color))
        rect_rows(pixels, stride, width, firstRow, endRow, left, top, right, bottom, color, 1, wide);
    else
        rect_rows(pixels, stride, width, firstRow, endRow, left, top, right, bottom, color, 0, wide);
}

// The levels by hand (simd/targets.h's macros pass the same arguments to every level): groups of
// sixteen at AVX-512 only, where they are one register.
#define FILL_RECT_PARAMETERS                                                                                       \
    (uint32_t *pixels, size_t stride, int32_t width, int32_t firstRow, int32_t endRow, float left, float top,      \
     float right, float bottom, uint32_t color)
#define FILL_RECT_ARGUMENTS pixels, stride, width, firstRow, endRow, left, top, right, bottom, color

static void fill_rect_baseline FILL_RECT_PARAMETERS { fill_rect_body(FILL_RECT_ARGUMENTS, 0); }

#if defined(__x86_64__) || defined(_M_X64)
TSR_TARGET_AVX2 static void fill_rect_avx2 FILL_RECT_PARAMETERS { fill_rect_body(FILL_RECT_ARGUMENTS, 0); }
TSR_TARGET_AVX512 static void fill_rect_avx512 FILL_RECT_PARAMETERS { fill_rect_body(FILL_RECT_ARGUMENTS, 1); }
#endif

void tsr_fill_rect(uint32_t *pixels, size_t stride, int32_t width, int32_t firstRow, int32_t endRow, float left,
                   float top, float right, float bottom, uint32_t color) {
#if defined(__x86_64__) || defined(_M_X64)
    switch (tsr_level_now()) {
    case TSR_LEVEL_AVX512: fill_rect_avx512(FILL_RECT_ARGUMENTS); return;
    case TSR_LEVEL_AVX2: fill_rect_avx2(FILL_RECT_ARGUMENTS); return;
    default: break;
    }
#endif
    fill_rect_baseline(FILL_RECT_ARGUMENTS);
}
