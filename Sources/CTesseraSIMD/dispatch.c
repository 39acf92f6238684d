// Chooses between the SSE2 (SIMDe) kernels and the AVX2 ones once, from the CPU's features.
// TESSERA_SIMD=sse2 in the environment forces the baseline (to compare both in the bench).
#include "CTesseraSIMD.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
void tsr_blend_span_avx2(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage);
void tsr_composite_row_avx2(uint32_t *dst, const uint32_t *src, const uint32_t *mask, size_t count, uint32_t opacity);
void tsr_fill_accumulated_rows_avx2(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                                    int32_t firstRow, int32_t endRow, uint32_t *pixels, size_t pixelStride,
                                    int32_t width, int evenOdd, uint32_t color);

static int detect_level(void) {
    const char *forced = getenv("TESSERA_SIMD");
    if (forced && strcmp(forced, "sse2") == 0) return 1;
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 2 : 1;
}
#else
static int detect_level(void) { return 1; }
#endif

// One pixel, with the same arithmetic as the SIMD kernels (see blend_sse2.h), two channels per
// 32-bit word: red/blue in the low 8 bits of each half, green/alpha likewise after a shift. For
// integer v, ((v + 128) · 257) >> 16 == ((v + 128) + ((v + 128) >> 8)) >> 8, so each half
// rounds exactly as the SIMD div255 does.
static inline uint32_t div255_pairs(uint32_t products) {
    uint32_t v = products + 0x00800080u;
    return ((v + ((v >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
}

static inline uint32_t tsr_blend_pixel(uint32_t dst, uint32_t color, uint32_t coverage) {
    uint32_t srcRB = div255_pairs((color & 0x00FF00FFu) * coverage);
    uint32_t srcGA = div255_pairs(((color >> 8) & 0x00FF00FFu) * coverage);
    uint32_t inverse = 255 - (srcGA >> 16);
    uint32_t outRB = srcRB + div255_pairs((dst & 0x00FF00FFu) * inverse);
    uint32_t outGA = srcGA + div255_pairs(((dst >> 8) & 0x00FF00FFu) * inverse);
    return outRB | (outGA << 8);
}

// Racing first calls compute the same value, so relaxed ordering suffices; atomic because a plain
// int written by several workers is a data race (undefined behaviour, and ThreadSanitizer says so).
static _Atomic int cachedLevel = 0;

int tsr_kernel_level(void) {
    int level = atomic_load_explicit(&cachedLevel, memory_order_relaxed);
    if (level == 0) {
        level = detect_level();
        atomic_store_explicit(&cachedLevel, level, memory_order_relaxed);
    }
    return level;
}

void tsr_fill_accumulated_rows_sse2(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                                    int32_t firstRow, int32_t endRow, uint32_t *pixels, size_t pixelStride,
                                    int32_t width, int evenOdd, uint32_t color);
void tsr_blend_span_sse2(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage);
void tsr_composite_row_sse2(uint32_t *dst, const uint32_t *src, const uint32_t *mask, size_t count, uint32_t opacity);

void tsr_composite_row(uint32_t *dst, const uint32_t *src, const uint32_t *mask, size_t count, uint32_t opacity) {
#if defined(__x86_64__) || defined(_M_X64)
    if (tsr_kernel_level() == 2) {
        tsr_composite_row_avx2(dst, src, mask, count, opacity);
        return;
    }
#endif
    tsr_composite_row_sse2(dst, src, mask, count, opacity);
}

void tsr_fill_accumulated_rows(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                               int32_t firstRow, int32_t endRow, uint32_t *pixels, size_t pixelStride,
                               int32_t width, int evenOdd, uint32_t color) {
#if defined(__x86_64__) || defined(_M_X64)
    if (tsr_kernel_level() == 2) {
        tsr_fill_accumulated_rows_avx2(accumulation, stride, rowMin, rowMax, firstRow, endRow, pixels, pixelStride,
                                       width, evenOdd, color);
        return;
    }
#endif
    tsr_fill_accumulated_rows_sse2(accumulation, stride, rowMin, rowMax, firstRow, endRow, pixels, pixelStride,
                                   width, evenOdd, color);
}

void tsr_blend_span(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage) {
    if (coverage == 0 || count == 0) return;
    if (coverage > 255) coverage = 255;
    if (coverage == 255 && (color >> 24) == 255) {
        for (size_t i = 0; i < count; i++) pixels[i] = color;   // opaque: a plain store
        return;
    }
    if (count < 4) {
        for (size_t i = 0; i < count; i++) pixels[i] = tsr_blend_pixel(pixels[i], color, coverage);
        return;
    }
#if defined(__x86_64__) || defined(_M_X64)
    if (tsr_kernel_level() == 2) {
        tsr_blend_span_avx2(pixels, count, color, coverage);
        return;
    }
#endif
    tsr_blend_span_sse2(pixels, count, color, coverage);
}
