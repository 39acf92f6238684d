// The Gaussian blur's three extended boxes (σ ≥ 2) in one sweep per axis (CTesseraBlur.h:
// tsr_blur_boxes_rows, tsr_blur_boxes_columns). Oracle: tsr_blur_box_reference, three times.
//
// One sweep. The three passes move down a line together, each a few steps behind the one before,
// so a value goes through all three while it is in registers or in L1, and the line is read and
// written once instead of three times. Each pass keeps its last n = 2r + 3 inputs in a ring, the
// input given at step p in slot p mod n. At step p, pass k filters the window whose right end is
// its newest input (given at step p − 1): the window sum S gains the input before it (p − 2) and
// loses the oldest (p − n, in slot p mod n), and the two ends E are that oldest and the newest
// input. Then slot p mod n takes pass k's next input: pass k − 1's result at this same step (so the
// passes run 2, 1, 0, each reading its oldest input before pass k − 1 overwrites it), or for pass 0
// the line's value p. A value thus moves on one step per pass, and the cascade's result at step p
// is the grown line's value p − 3. Rings and sums start at zero: the zeros before the line. Past
// the line's end, each pass's window leaves it in turn (pass 0's after n steps, pass 1's after n
// more): from then on that pass only gives zeros, and the sweep stops computing it.
//
// Arithmetic. Every value is an int32 lane holding an integer of the fixed point, S and E are exact
// in int32 and exact in float (below 2²⁴), and the float operations are tsr_blur_box_reference's,
// in its order, each rounded (no contraction): the same bytes as the oracle.
//
// Lanes. A step's lanes are 32 values along rows (a block of 8 rows of 4 channels: the rows go
// eight at a time, since the passes along a row are a chain from pixel to pixel) and a whole strip
// of 64 down the columns (so that each output row is written in one piece). Many independent lanes
// a step keep the processor busy: the running sums are the only chains from step to step. The code is written
// once over vectors of eight int32 or float lanes (GCC and Clang vector types) and compiled twice:
// for AVX2 (one instruction per vector operation) and for the baseline target (SSE2 on x86-64, two
// instructions each), chosen at run time (tsr_kernel_level) — the same operations either way.
#include "CTesseraBlur.h"
#include "CTesseraSIMD.h"
#include <string.h>

#include "no_fp_contract.h"

// Every function taking or returning vectors is inlined into the two entry points, so no vector
// crosses a call: the baseline build's note that such calls would change the ABI does not apply.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

typedef int32_t i32x8 __attribute__((vector_size(32)));
typedef float f32x8 __attribute__((vector_size(32)));
typedef int16_t i16x8 __attribute__((vector_size(16)));
typedef uint8_t u8x8 __attribute__((vector_size(8)));

#define INLINE static inline __attribute__((always_inline))

// Vectors a step along rows (a block of 8 rows of 4 channels, two rows a vector) and down a strip.
enum { ROW_VECTORS = TSR_BLUR_BLOCK_ROWS / 2, STRIP_VECTORS = TSR_BLUR_STRIP_LANES / 8 };

// The three passes' parameters, in every lane.
typedef struct {
    f32x8 alpha, scale, half;
} boxes;

INLINE boxes make_boxes(float alpha, float scale) {
    const f32x8 zero = {0};
    return (boxes){zero + alpha, zero + scale, zero + 0.5f};
}

// One extended box at one step: `newest` and `oldest` are the window's two ends (weight alpha),
// `entering` joins the window sum and `oldest` leaves it. tsr_blur_box_reference's operations.
INLINE i32x8 box(const boxes *b, i32x8 *sum, i32x8 newest, i32x8 entering, i32x8 oldest) {
    *sum += entering - oldest;
    const f32x8 weighted = b->alpha * __builtin_convertvector(oldest + newest, f32x8);
    const f32x8 total = __builtin_convertvector(*sum, f32x8) + weighted;
    const f32x8 product = total * b->scale;
    const f32x8 rounded = product + b->half;
    return __builtin_convertvector(rounded, i32x8);   // truncates, as (int32_t) does
}

// The rings of the three passes: n slots, one per step, each holding the `vectors` vectors of
// every pass's input given at that step (pass k's at k · vectors); `now`, `last` and `before` are
// the slots of steps p, p − 1 and p − 2.
typedef struct {
    i32x8 *first, *end, *now, *last, *before;
    size_t slot;
} rings;

INLINE rings make_rings(i32x8 *memory, size_t radius, size_t vectors) {
    const size_t slot = 3 * vectors, n = 2 * radius + 3;
    memset(memory, 0, n * slot * sizeof(i32x8));
    return (rings){memory, memory + n * slot, memory, memory + (n - 1) * slot, memory + (n - 2) * slot, slot};
}

INLINE void advance(rings *r) {
    r->before = r->last;
    r->last = r->now;
    r->now += r->slot;
    if (r->now == r->end) r->now = r->first;
}

// Step p of passes 2, 1 … `first` over `vectors` vectors of lanes (sums: 3 · vectors, pass k's at
// k · vectors): the last pass's results go to `result`, the others into the next pass's slot
// `now`. When first = 0, pass 0's input for step p is then the caller's to store at
// r->now[0 … vectors − 1]; when first > 0, pass first − 1 would give zeros (its window has passed
// the line's end), which go to pass first's slot.
INLINE void step(const boxes *b, const rings *r, i32x8 *sums, size_t vectors, size_t first, i32x8 *result) {
    for (size_t v = 0; v < vectors; v++) {
        for (size_t k = 3; k-- > first;) {
            const size_t i = k * vectors + v;
            const i32x8 value = box(b, &sums[i], r->last[i], r->before[i], r->now[i]);
            if (k == 2) result[v] = value;
            else r->now[i + vectors] = value;
        }
        if (first > 0) r->now[first * vectors + v] = (i32x8){0};
    }
}

// The pixel at x of rows a and b, widened to fixed point: [a's 4 channels, b's].
INLINE i32x8 load_pixels(const uint8_t *a, const uint8_t *b, size_t x) {
    u8x8 bytes;
    memcpy(&bytes, a + 4 * x, 4);
    memcpy((uint8_t *)&bytes + 4, b + 4 * x, 4);
    return __builtin_convertvector(bytes, i32x8) << 7;
}

// Stores [a's 4 values, b's] as int16 at a and b.
INLINE void store_pixels(i32x8 values, int16_t *a, int16_t *b) {
    const i16x8 narrow = __builtin_convertvector(values, i16x8);   // in [0, 32640]: exact
    memcpy(a, &narrow, 8);
    memcpy(b, (const int16_t *)&narrow + 4, 8);
}

// The scratch memory as 32-byte aligned vectors.
INLINE i32x8 *aligned(void *scratch) {
    return (i32x8 *)(((uintptr_t)scratch + 31) & ~(uintptr_t)31);
}

// Stores pixel p − 3 of the 8 rows (once the cascade gives them, from step 3 on) and moves `o` to
// the next: 4 values in each row, 16 pixels a strip.
INLINE void store_step(const i32x8 *result, size_t p, int16_t **o, ptrdiff_t stripStride) {
    if (p < 3) return;
    const ptrdiff_t lanes = TSR_BLUR_STRIP_LANES;
    for (size_t v = 0; v < ROW_VECTORS; v++) store_pixels(result[v], *o + 2 * v * lanes, *o + (2 * v + 1) * lanes);
    *o += (p - 3) % 16 == 15 ? stripStride - 60 : 4;
}

INLINE void rows_sweep(const uint8_t *rows, ptrdiff_t rowBytes, size_t width, int16_t *out, ptrdiff_t stripStride,
                       size_t radius, float alpha, float scale, void *scratch) {
    const boxes b = make_boxes(alpha, scale);
    rings r = make_rings(aligned(scratch), radius, ROW_VECTORS);
    const size_t n = 2 * radius + 3, pixels = (width + 6 * (radius + 1) + 15) & ~(size_t)15;   // whole strips
    i32x8 sums[3 * ROW_VECTORS] = {{0}}, result[ROW_VECTORS];
    int16_t *o = out;
    size_t p = 0;
    for (; p < width + n; p++) {
        step(&b, &r, sums, ROW_VECTORS, 0, result);
        for (size_t v = 0; v < ROW_VECTORS; v++) {
            const uint8_t *const pair = rows + 2 * (ptrdiff_t)v * rowBytes;
            r.now[v] = p < width ? load_pixels(pair, pair + rowBytes, p) : (i32x8){0};
        }
        store_step(result, p, &o, stripStride);
        advance(&r);
    }
    for (; p < width + 2 * n; p++) {
        step(&b, &r, sums, ROW_VECTORS, 1, result);
        store_step(result, p, &o, stripStride);
        advance(&r);
    }
    for (; p < width + 3 * n; p++) {
        step(&b, &r, sums, ROW_VECTORS, 2, result);
        store_step(result, p, &o, stripStride);
        advance(&r);
    }
    // Zeros to the end of the last strip.
    for (size_t v = 0; v < ROW_VECTORS; v++) result[v] = (i32x8){0};
    for (; p < pixels + 3; p++) store_step(result, p, &o, stripStride);
}

// One grown row of the strip, narrowed: (v + 64) >> 7, the first `lanes` of 64 values.
INLINE void narrow_row(const i32x8 *values, uint8_t *out, size_t lanes) {
    uint8_t row[TSR_BLUR_STRIP_LANES];
    uint8_t *to = lanes == TSR_BLUR_STRIP_LANES ? out : row;
    for (size_t v = 0; v < STRIP_VECTORS; v++) {
        const u8x8 bytes = __builtin_convertvector((values[v] + 64) >> 7, u8x8);
        memcpy(to + 8 * v, &bytes, 8);
    }
    if (to == row) memcpy(out, row, lanes);
}

// Row p of the strip, widened (the rows of a block are a strip's width apart, the blocks
// blockStride), and where row p + 1 is.
INLINE const int16_t *load_row(const int16_t *in, size_t p, ptrdiff_t blockStride, i32x8 *to) {
    for (size_t v = 0; v < STRIP_VECTORS; v++) {
        i16x8 values;
        memcpy(&values, in + 8 * v, sizeof values);
        to[v] = __builtin_convertvector(values, i32x8);
    }
    const ptrdiff_t lanes = TSR_BLUR_STRIP_LANES, rows = TSR_BLUR_BLOCK_ROWS;
    return in + ((ptrdiff_t)p % rows == rows - 1 ? blockStride - (rows - 1) * lanes : lanes);
}

INLINE void columns_sweep(const int16_t *strip, ptrdiff_t blockStride, size_t count, size_t lanes, size_t radius,
                          float alpha, float scale, uint8_t *out, ptrdiff_t outStride, void *scratch) {
    const boxes b = make_boxes(alpha, scale);
    i32x8 *const memory = aligned(scratch);
    i32x8 *const sums = memory;
    memset(sums, 0, 3 * STRIP_VECTORS * sizeof(i32x8));
    rings r = make_rings(memory + 3 * STRIP_VECTORS, radius, STRIP_VECTORS);
    const size_t n = 2 * radius + 3;   // the last row, count + 6 · (radius + 1) − 1, comes at step count + 3n − 1
    const int16_t *in = strip;
    i32x8 result[STRIP_VECTORS];
    size_t p = 0;
    for (; p < count + n; p++) {
        step(&b, &r, sums, STRIP_VECTORS, 0, result);
        if (p < count) {
            in = load_row(in, p, blockStride, r.now);
        } else {
            for (size_t v = 0; v < STRIP_VECTORS; v++) r.now[v] = (i32x8){0};
        }
        if (p >= 3) narrow_row(result, out + (ptrdiff_t)(p - 3) * outStride, lanes);
        advance(&r);
    }
    for (; p < count + 2 * n; p++) {
        step(&b, &r, sums, STRIP_VECTORS, 1, result);
        narrow_row(result, out + (ptrdiff_t)(p - 3) * outStride, lanes);
        advance(&r);
    }
    for (; p < count + 3 * n; p++) {
        step(&b, &r, sums, STRIP_VECTORS, 2, result);
        narrow_row(result, out + (ptrdiff_t)(p - 3) * outStride, lanes);
        advance(&r);
    }
}

size_t tsr_blur_boxes_scratch_size(size_t radius) {
    // The strip's sums and rings (the rows' are smaller), and room to align them.
    return ((2 * radius + 3) * 3 + 3) * STRIP_VECTORS * sizeof(i32x8) + 31;
}

#if defined(__x86_64__) || defined(_M_X64)
__attribute__((target("avx2"))) static void rows_avx2(const uint8_t *rows, ptrdiff_t rowBytes, size_t width,
                                                      int16_t *out, ptrdiff_t stripStride, size_t radius,
                                                      float alpha, float scale, void *scratch) {
    rows_sweep(rows, rowBytes, width, out, stripStride, radius, alpha, scale, scratch);
}

__attribute__((target("avx2"))) static void columns_avx2(const int16_t *strip, ptrdiff_t blockStride, size_t count,
                                                         size_t lanes, size_t radius, float alpha, float scale,
                                                         uint8_t *out, ptrdiff_t outStride, void *scratch) {
    columns_sweep(strip, blockStride, count, lanes, radius, alpha, scale, out, outStride, scratch);
}
#endif

void tsr_blur_boxes_rows(const uint8_t *rows, ptrdiff_t rowBytes, size_t width, int16_t *out, ptrdiff_t stripStride,
                         size_t radius, float alpha, float scale, void *scratch) {
#if defined(__x86_64__) || defined(_M_X64)
    if (tsr_kernel_level() == 2) {
        rows_avx2(rows, rowBytes, width, out, stripStride, radius, alpha, scale, scratch);
        return;
    }
#endif
    rows_sweep(rows, rowBytes, width, out, stripStride, radius, alpha, scale, scratch);
}

void tsr_blur_boxes_columns(const int16_t *strip, ptrdiff_t blockStride, size_t count, size_t lanes, size_t radius,
                            float alpha, float scale, uint8_t *out, ptrdiff_t outStride, void *scratch) {
#if defined(__x86_64__) || defined(_M_X64)
    if (tsr_kernel_level() == 2) {
        columns_avx2(strip, blockStride, count, lanes, radius, alpha, scale, out, outStride, scratch);
        return;
    }
#endif
    columns_sweep(strip, blockStride, count, lanes, radius, alpha, scale, out, outStride, scratch);
}
