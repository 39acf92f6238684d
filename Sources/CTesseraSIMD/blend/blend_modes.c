// Blend modes: tsr_blend_row and tsr_blend_solid_row (CTesseraPaint.h). The formulas and their
// scalar oracle, tsr_blend_row_reference, are in reference/blend_modes.c; the integer modes run by
// blocks of 16 pixels (blend/mode_blocks.h), the float modes (overlay, the dodges, burns and lights,
// the non-separable and Core Image's modes) one pixel at a time through the oracle itself.
//
// A row of 16 pixels or more goes by blocks, the last one overlapping the one before it where the
// count is not a multiple of 16. That one is blended from a copy of the destination taken first:
// every pixel's result depends only on its own destination, source and coverage, so the pixels
// blended twice get the same bytes twice (unless the source is the destination: then, and for rows
// under 16 pixels, the row goes by groups of eight, the last one through scratch copies, so that
// nothing past the row is touched).
#include "CTesseraPaint.h"
#include "blend/mode_blocks.h"
#include "simd/targets.h"

TSR_INLINE void mode_row(int32_t mode, uint32_t *dst, const uint32_t *src, const uint8_t *coverage, size_t count,
                         uint32_t opacity) {
    const uintptr_t dstAt = (uintptr_t)dst, srcAt = (uintptr_t)src, bytes = count * sizeof(uint32_t);
    if (count >= 16 && (dstAt >= srcAt + bytes || srcAt >= dstAt + bytes)) {
        uint32_t last[16];
        memcpy(last, dst + count - 16, sizeof last);
        size_t i = 0;
        if (coverage) {
            for (; i + 16 <= count; i += 16) mode_block(mode, dst + i, src + i, coverage + i, opacity);
        } else {
            for (; i + 16 <= count; i += 16) mode_block(mode, dst + i, src + i, NULL, opacity);
        }
        if (i < count) {
            mode_block(mode, last, src + count - 16, coverage ? coverage + count - 16 : NULL, opacity);
            memcpy(dst + count - 16, last, sizeof last);
        }
        return;
    }
    const u8x8 full = (u8x8){0} + 255;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        mode_covered_group(mode, dst + i, src + i, coverage ? TSR_LOAD(u8x8, coverage + i) : full, opacity);
    }
    if (i < count) {
        // The padding (source 0, coverage 0) changes only the padding.
        const size_t n = count - i;
        uint32_t d[8] = {0}, s[8] = {0};
        u8x8 c = full;
        memcpy(d, dst + i, n * 4);
        memcpy(s, src + i, n * 4);
        if (coverage) {
            c = (u8x8){0};
            memcpy(&c, coverage + i, n);
        }
        mode_covered_group(mode, d, s, c, opacity);
        memcpy(dst + i, d, n * 4);
    }
}

TSR_INLINE void mode_solid_row(int32_t mode, uint32_t *dst, uint32_t color, const uint8_t *coverage, size_t count,
                               uint32_t opacity) {
    const mode_solid solid = mode_solid_make(color, opacity);
    // Every factor is at most the opacity and div255 is monotonic: where the fully covered colour
    // is 0, so is every scaled one, and a bounded mode leaves the row as it is.
    if (!bm_is_unbounded(mode) && solid.fullPixel == 0) return;
    if (count >= 16) {
        uint32_t last[16];
        memcpy(last, dst + count - 16, sizeof last);
        size_t i = 0;
        if (coverage) {
            for (; i + 16 <= count; i += 16) mode_solid_block(mode, dst + i, coverage + i, opacity, &solid);
        } else {
            for (; i + 16 <= count; i += 16) mode_solid_block(mode, dst + i, NULL, opacity, &solid);
        }
        if (i < count) {
            mode_solid_block(mode, last, coverage ? coverage + count - 16 : NULL, opacity, &solid);
            memcpy(dst + count - 16, last, sizeof last);
        }
        return;
    }
    const u8x8 full = (u8x8){0} + 255;
    size_t i = 0;
    for (; i + 8 <= count; i += 8)
        mode_solid_covered_group(mode, dst + i, coverage ? TSR_LOAD(u8x8, coverage + i) : full, opacity, &solid);
    if (i < count) {
        const size_t n = count - i;
        uint32_t d[8] = {0};
        u8x8 c = {0};
        memcpy(d, dst + i, n * 4);
        if (coverage) memcpy(&c, coverage + i, n);
        else memset(&c, 255, n);
        mode_solid_covered_group(mode, d, c, opacity, &solid);
        memcpy(dst + i, d, n * 4);
    }
}

// Optimised, a copy of the row per integer mode, the mode a constant in it (a switch per group read
// at run time costs a blended frame measurably). Unoptimised, one copy that reads the mode: nothing
// would be folded away, and each dispatching function would get a frame of every copy's locals.
#ifdef __OPTIMIZE__
#define TSR_PER_MODE(row, arguments)                                                                    \
    switch (mode) {                                                                                     \
    BM_INTEGER_MODES(TSR_MODE_CASE_##row)                                                               \
    default: row(TSR_BLEND_NORMAL, TSR_UNPAREN arguments); return;                                      \
    }
#else
#define TSR_PER_MODE(row, arguments) row(mode, TSR_UNPAREN arguments)
#endif
#define TSR_UNPAREN(...) __VA_ARGS__
#define TSR_MODE_CASE_mode_row(m) case m: mode_row(m, dst, src, coverage, count, opacity); return;
#define TSR_MODE_CASE_mode_solid_row(m) case m: mode_solid_row(m, dst, color, coverage, count, opacity); return;

// An integer mode (or normal), opacity ≤ 255, count > 0.
TSR_INLINE void blend_row_body(uint32_t *dst, const uint32_t *src, const uint8_t *coverage, size_t count,
                               uint32_t opacity, int32_t mode) {
    TSR_PER_MODE(mode_row, (dst, src, coverage, count, opacity));
}

TSR_INLINE void blend_solid_row_body(uint32_t *dst, uint32_t color, const uint8_t *coverage, size_t count,
                                     uint32_t opacity, int32_t mode) {
    TSR_PER_MODE(mode_solid_row, (dst, color, coverage, count, opacity));
}

TSR_LEVELS_TO_AVX2(blend_row,
           (uint32_t *dst, const uint32_t *src, const uint8_t *coverage, size_t count, uint32_t opacity, int32_t mode),
           (dst, src, coverage, count, opacity, mode))
TSR_LEVELS_TO_AVX2(blend_solid_row,
           (uint32_t *dst, uint32_t color, const uint8_t *coverage, size_t count, uint32_t opacity, int32_t mode),
           (dst, color, coverage, count, opacity, mode))

void tsr_blend_row(uint32_t *dst, const uint32_t *src, const uint8_t *coverage, size_t count, uint32_t opacity,
                   int32_t mode) {
    mode = bm_valid_mode(mode);
    if (opacity > 255) opacity = 255;
    if (count == 0) return;
    if (bm_is_float(mode)) {
        tsr_blend_row_reference(dst, src, coverage, count, opacity, mode);   // one scalar path for both
        return;
    }
    if (opacity == 0 && !bm_is_unbounded(mode)) return;
    TSR_DISPATCH_TO_AVX2(blend_row, (dst, src, coverage, count, opacity, mode));
}

void tsr_blend_solid_row(uint32_t *dst, uint32_t color, const uint8_t *coverage, size_t count, uint32_t opacity,
                         int32_t mode) {
    mode = bm_valid_mode(mode);
    if (opacity > 255) opacity = 255;
    if (count == 0) return;
    if (bm_is_float(mode)) {
        // The scalar path of tsr_blend_row, a few colours at a time.
        uint32_t colors[64];
        for (size_t k = 0; k < 64; k++) colors[k] = color;
        for (size_t i = 0; i < count; i += 64) {
            size_t n = count - i < 64 ? count - i : 64;
            tsr_blend_row_reference(dst + i, colors, coverage ? coverage + i : NULL, n, opacity, mode);
        }
        return;
    }
    if (opacity == 0 && !bm_is_unbounded(mode)) return;
    TSR_DISPATCH_TO_AVX2(blend_solid_row, (dst, color, coverage, count, opacity, mode));
}
