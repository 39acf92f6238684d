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
// Lanes. A step's lanes are 64 values along rows (a block of 16 rows of 4 channels: the rows go
// sixteen at a time, since the passes along a row are a chain from pixel to pixel) and a whole strip
// of 64 down the columns (so that each output row is written in one piece). Many independent lanes
// a step keep the processor busy: the running sums are the only chains from step to step. The code
// is written once over vectors of 16 int32 or float lanes (GCC and Clang vector types) and compiled
// three times: for AVX-512 (one instruction per vector operation), AVX2 (two) and the baseline
// target (SSE2 on x86-64: four), the level chosen at run time (tsr_kernel_level): the same
// operations on every lane at every level.
#include "CTesseraBlur.h"
#include "CTesseraSIMD.h"
#include "simd/targets.h"
#include <string.h>

#include "simd/no_fp_contract.h"

// Every function taking or returning vectors is inlined into the entry points, so no vector crosses
// a call: the note that such calls would change the ABI without AVX-512 does not apply.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

typedef int32_t i32v __attribute__((vector_size(64)));
typedef float f32v __attribute__((vector_size(64)));
typedef int16_t i16v __attribute__((vector_size(32)));
typedef uint8_t u8v __attribute__((vector_size(16)));

enum { LANES = 16 };

#define INLINE static inline __attribute__((always_inline))

// Vectors a step along rows (a block of 16 rows of 4 channels, four rows a vector) and down a strip.
enum { ROW_VECTORS = TSR_BLUR_BLOCK_ROWS * 4 / LANES, STRIP_VECTORS = TSR_BLUR_STRIP_LANES / LANES };

// The three passes' parameters, in every lane.
typedef struct {
    f32v alpha, scale, half;
} boxes;

INLINE boxes make_boxes(float alpha, float scale) {
    const f32v zero = {0};
    return (boxes){zero + alpha, zero + scale, zero + 0.5f};
}

// One extended box at one step: `newest` and `oldest` are the window's two ends (weight alpha),
// `entering` joins the window sum and `oldest` leaves it. tsr_blur_box_reference's operations.
INLINE i32v box(const boxes *b, i32v *sum, i32v newest, i32v entering, i32v oldest) {
    *sum += entering - oldest;
    const f32v weighted = b->alpha * __builtin_convertvector(oldest + newest, f32v);
    const f32v total = __builtin_convertvector(*sum, f32v) + weighted;
    const f32v product = total * b->scale;
    const f32v rounded = product + b->half;
    return __builtin_convertvector(rounded, i32v);   // truncates, as (int32_t) does
}

// The rings of the three passes: n slots, one per step, each holding the `vectors` vectors of
// every pass's input given at that step (pass k's at k · vectors); `now`, `last` and `before` are
// the slots of steps p, p − 1 and p − 2.
typedef struct {
    i32v *first, *end, *now, *last, *before;
    size_t slot;
} rings;

INLINE rings make_rings(i32v *memory, size_t radius, size_t vectors) {
    const size_t slot = 3 * vectors, n = 2 * radius + 3;
    memset(memory, 0, n * slot * sizeof(i32v));
    return (rings){memory, memory + n * slot, memory, memory + (n - 1) * slot, memory + (n - 2) * slot, slot};
}

INLINE void advance(rings *r) {
    r->before = r->last;
    r->last = r->now;
    r->now += r->slot;
    if (r->now == r->end) r->now = r->first;
}

// Pass k of step p on vector v (sums: 3 · vectors, pass k's at k · vectors): its result goes to
// the next pass's slot `now`, or for the last pass to `result`.
INLINE void pass(const boxes *b, const rings *r, i32v *sums, size_t vectors, size_t k, size_t v, i32v *result) {
    const size_t i = k * vectors + v;
    const i32v value = box(b, &sums[i], r->last[i], r->before[i], r->now[i]);
    if (k == 2) result[v] = value;
    else r->now[i + vectors] = value;
}

// Step p of passes 2, 1 … `first` over `vectors` vectors of lanes. When first = 0, pass 0's input
// for step p is then the caller's to store at r->now[0 … vectors − 1]; when first > 0, pass
// first − 1 would give zeros (its window has passed the line's end), which go to pass first's slot.
// `unrolled`: the loops unrolled, so that the sums stay in registers where there are enough of them
// (AVX-512's 32 hold a step's 12; with 16, the unrolled code spills more than the loop costs).
INLINE void step(const boxes *b, const rings *r, i32v *sums, size_t vectors, size_t first, int unrolled,
                 i32v *result) {
    if (unrolled) {
#pragma clang loop unroll(full)
        for (size_t v = 0; v < vectors; v++) {
#pragma clang loop unroll(full)
            for (size_t k = 3; k-- > first;) pass(b, r, sums, vectors, k, v, result);
        }
    } else {
        for (size_t v = 0; v < vectors; v++) {
            for (size_t k = 3; k-- > first;) pass(b, r, sums, vectors, k, v, result);
        }
    }
    for (size_t v = 0; first > 0 && v < vectors; v++) r->now[first * vectors + v] = (i32v){0};
}

// The pixel at x of 4 rows from `row` on (rowBytes apart), widened to fixed point: each row's 4
// channels in turn.
INLINE i32v load_pixels(const uint8_t *row, ptrdiff_t rowBytes, size_t x) {
    u8v bytes;
    for (int k = 0; k < 4; k++) memcpy((uint8_t *)&bytes + 4 * k, row + k * rowBytes + 4 * x, 4);
    return __builtin_convertvector(bytes, i32v) << 7;
}

// Stores the 4 values of each of 4 rows as int16, row k's at out + k · TSR_BLUR_STRIP_LANES.
INLINE void store_pixels(i32v values, int16_t *out) {
    const i16v narrow = __builtin_convertvector(values, i16v);   // in [0, 32640]: exact
    for (int k = 0; k < 4; k++) memcpy(out + k * TSR_BLUR_STRIP_LANES, (const int16_t *)&narrow + 4 * k, 8);
}

// The scratch memory as aligned vectors.
INLINE i32v *aligned(void *scratch) {
    return (i32v *)(((uintptr_t)scratch + sizeof(i32v) - 1) & ~(uintptr_t)(sizeof(i32v) - 1));
}

// Stores pixel p − 3 of the block's rows (once the cascade gives them, from step 3 on) and moves
// `o` to the next: 4 values in each row, 16 pixels a strip.
INLINE void store_step(const i32v *result, size_t p, int16_t **o, ptrdiff_t stripStride) {
    if (p < 3) return;
    const ptrdiff_t lanes = TSR_BLUR_STRIP_LANES;
    for (size_t v = 0; v < ROW_VECTORS; v++) store_pixels(result[v], *o + 4 * v * lanes);
    *o += (p - 3) % 16 == 15 ? stripStride - 60 : 4;
}

INLINE void rows_sweep(const uint8_t *rows, ptrdiff_t rowBytes, size_t width, int16_t *out, ptrdiff_t stripStride,
                       size_t radius, float alpha, float scale, void *scratch, int unrolled) {
    const boxes b = make_boxes(alpha, scale);
    rings r = make_rings(aligned(scratch), radius, ROW_VECTORS);
    const size_t n = 2 * radius + 3, pixels = (width + 6 * (radius + 1) + 15) & ~(size_t)15;   // whole strips
    i32v sums[3 * ROW_VECTORS] = {{0}}, result[ROW_VECTORS];
    int16_t *o = out;
    size_t p = 0;
    for (; p < width + n; p++) {
        step(&b, &r, sums, ROW_VECTORS, 0, unrolled, result);
        for (size_t v = 0; v < ROW_VECTORS; v++) {
            r.now[v] = p < width ? load_pixels(rows + 4 * (ptrdiff_t)v * rowBytes, rowBytes, p) : (i32v){0};
        }
        store_step(result, p, &o, stripStride);
        advance(&r);
    }
    for (; p < width + 2 * n; p++) {
        step(&b, &r, sums, ROW_VECTORS, 1, unrolled, result);
        store_step(result, p, &o, stripStride);
        advance(&r);
    }
    for (; p < width + 3 * n; p++) {
        step(&b, &r, sums, ROW_VECTORS, 2, unrolled, result);
        store_step(result, p, &o, stripStride);
        advance(&r);
    }
    // Zeros to the end of the last strip.
    for (size_t v = 0; v < ROW_VECTORS; v++) result[v] = (i32v){0};
    for (; p < pixels + 3; p++) store_step(result, p, &o, stripStride);
}

// One grown row of the strip, narrowed: (v + 64) >> 7, the first `lanes` of 64 values.
INLINE void narrow_row(const i32v *values, uint8_t *out, size_t lanes) {
    uint8_t row[TSR_BLUR_STRIP_LANES];
    uint8_t *to = lanes == TSR_BLUR_STRIP_LANES ? out : row;
    for (size_t v = 0; v < STRIP_VECTORS; v++) {
        const u8v bytes = __builtin_convertvector((values[v] + 64) >> 7, u8v);
        memcpy(to + LANES * v, &bytes, LANES);
    }
    if (to == row) memcpy(out, row, lanes);
}

// Row p of the strip, widened (the rows of a block are a strip's width apart, the blocks
// blockStride), and where row p + 1 is.
INLINE const int16_t *load_row(const int16_t *in, size_t p, ptrdiff_t blockStride, i32v *to) {
    for (size_t v = 0; v < STRIP_VECTORS; v++) {
        i16v values;
        memcpy(&values, in + LANES * v, sizeof values);
        to[v] = __builtin_convertvector(values, i32v);
    }
    const ptrdiff_t lanes = TSR_BLUR_STRIP_LANES, rows = TSR_BLUR_BLOCK_ROWS;
    return in + ((ptrdiff_t)p % rows == rows - 1 ? blockStride - (rows - 1) * lanes : lanes);
}

INLINE void columns_sweep(const int16_t *strip, ptrdiff_t blockStride, size_t count, size_t lanes, size_t radius,
                          float alpha, float scale, uint8_t *out, ptrdiff_t outStride, void *scratch, int unrolled) {
    const boxes b = make_boxes(alpha, scale);
    rings r = make_rings(aligned(scratch), radius, STRIP_VECTORS);
    i32v sums[3 * STRIP_VECTORS] = {{0}};
    const size_t n = 2 * radius + 3;   // the last row, count + 6 · (radius + 1) − 1, comes at step count + 3n − 1
    const int16_t *in = strip;
    i32v result[STRIP_VECTORS];
    size_t p = 0;
    for (; p < count + n; p++) {
        step(&b, &r, sums, STRIP_VECTORS, 0, unrolled, result);
        if (p < count) {
            in = load_row(in, p, blockStride, r.now);
        } else {
            for (size_t v = 0; v < STRIP_VECTORS; v++) r.now[v] = (i32v){0};
        }
        if (p >= 3) narrow_row(result, out + (ptrdiff_t)(p - 3) * outStride, lanes);
        advance(&r);
    }
    for (; p < count + 2 * n; p++) {
        step(&b, &r, sums, STRIP_VECTORS, 1, unrolled, result);
        narrow_row(result, out + (ptrdiff_t)(p - 3) * outStride, lanes);
        advance(&r);
    }
    for (; p < count + 3 * n; p++) {
        step(&b, &r, sums, STRIP_VECTORS, 2, unrolled, result);
        narrow_row(result, out + (ptrdiff_t)(p - 3) * outStride, lanes);
        advance(&r);
    }
}

size_t tsr_blur_boxes_scratch_size(size_t radius) {
    // The strip's rings (the rows' are smaller), and room to align them.
    return (2 * radius + 3) * 3 * STRIP_VECTORS * sizeof(i32v) + sizeof(i32v) - 1;
}

#if defined(__x86_64__) || defined(_M_X64)
#define AVX2 TSR_TARGET_AVX2
#define AVX512 TSR_TARGET_AVX512

AVX2 static void rows_avx2(const uint8_t *rows, ptrdiff_t rowBytes, size_t width, int16_t *out,
                           ptrdiff_t stripStride, size_t radius, float alpha, float scale, void *scratch) {
    rows_sweep(rows, rowBytes, width, out, stripStride, radius, alpha, scale, scratch, 0);
}

AVX512 static void rows_avx512(const uint8_t *rows, ptrdiff_t rowBytes, size_t width, int16_t *out,
                               ptrdiff_t stripStride, size_t radius, float alpha, float scale, void *scratch) {
    rows_sweep(rows, rowBytes, width, out, stripStride, radius, alpha, scale, scratch, 1);
}

AVX2 static void columns_avx2(const int16_t *strip, ptrdiff_t blockStride, size_t count, size_t lanes,
                              size_t radius, float alpha, float scale, uint8_t *out, ptrdiff_t outStride,
                              void *scratch) {
    columns_sweep(strip, blockStride, count, lanes, radius, alpha, scale, out, outStride, scratch, 0);
}

AVX512 static void columns_avx512(const int16_t *strip, ptrdiff_t blockStride, size_t count, size_t lanes,
                                  size_t radius, float alpha, float scale, uint8_t *out, ptrdiff_t outStride,
                                  void *scratch) {
    columns_sweep(strip, blockStride, count, lanes, radius, alpha, scale, out, outStride, scratch, 1);
}

#endif

void tsr_blur_boxes_rows(int level, const uint8_t *rows, ptrdiff_t rowBytes, size_t width, int16_t *out,
                         ptrdiff_t stripStride, size_t radius, float alpha, float scale, void *scratch) {
#if defined(__x86_64__) || defined(_M_X64)
    if (level == TSR_LEVEL_AVX512) return rows_avx512(rows, rowBytes, width, out, stripStride, radius, alpha, scale, scratch);
    if (level == TSR_LEVEL_AVX2) return rows_avx2(rows, rowBytes, width, out, stripStride, radius, alpha, scale, scratch);
#endif
    (void)level;
    rows_sweep(rows, rowBytes, width, out, stripStride, radius, alpha, scale, scratch, 0);
}

void tsr_blur_boxes_columns(int level, const int16_t *strip, ptrdiff_t blockStride, size_t count, size_t lanes,
                            size_t radius, float alpha, float scale, uint8_t *out, ptrdiff_t outStride,
                            void *scratch) {
#if defined(__x86_64__) || defined(_M_X64)
    if (level == TSR_LEVEL_AVX512)
        return columns_avx512(strip, blockStride, count, lanes, radius, alpha, scale, out, outStride, scratch);
    if (level == TSR_LEVEL_AVX2)
        return columns_avx2(strip, blockStride, count, lanes, radius, alpha, scale, out, outStride, scratch);
#endif
    (void)level;
    columns_sweep(strip, blockStride, count, lanes, radius, alpha, scale, out, outStride, scratch, 0);
}
