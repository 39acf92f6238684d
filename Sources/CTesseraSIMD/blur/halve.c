// tsr_halve_row: a row of an image at half its resolution, each pixel the rounded mean of a 2 × 2
// block, eight pixels at a time over the vector types (simd/vectors.h), compiled per level. Its
// oracle, one pixel at a time, is reference/halve.c.
#include "CTesseraSIMD.h"
#include "simd/targets.h"
#include "simd/vectors.h"

// The mean of four pixels in each lane: red and blue summed in the 16-bit halves of
// p & 0x00FF00FF, green and alpha in those of (p >> 8) & 0x00FF00FF (four bytes sum to at most
// 1,020: no carry into the next half), then (sum + 2) >> 2.
TSR_INLINE u32x8 mean_of_four(u32x8 a, u32x8 b, u32x8 c, u32x8 d) {
    const u32x8 halves = (u32x8){0} + 0x00FF00FFu, rounding = (u32x8){0} + 0x00020002u;
    const u32x8 low = (a & halves) + (b & halves) + (c & halves) + (d & halves) + rounding;
    const u32x8 high = ((a >> 8) & halves) + ((b >> 8) & halves) + ((c >> 8) & halves) + ((d >> 8) & halves) + rounding;
    return ((low >> 2) & halves) | (((high >> 2) & halves) << 8);
}

TSR_INLINE uint32_t mean_of_four_scalar(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
    const u32x8 mean = mean_of_four((u32x8){0} + a, (u32x8){0} + b, (u32x8){0} + c, (u32x8){0} + d);
    return mean[0];
}

TSR_INLINE void halve_row_body(uint32_t *out, const uint32_t *top, const uint32_t *bottom, size_t sourceWidth) {
    static const uint32_t none[16] = {0};
    const size_t outWidth = (sourceWidth + 1) / 2;
    const size_t bottomStep = bottom ? 16 : 0;
    const uint32_t *below = bottom ? bottom : none;
    size_t x = 0;
    for (; 2 * x + 16 <= sourceWidth; x += 8, below += bottomStep) {
        const u32x16 t = TSR_LOAD(u32x16, top + 2 * x), b = TSR_LOAD(u32x16, below);
        const u32x8 topLeft = __builtin_shufflevector(t, t, 0, 2, 4, 6, 8, 10, 12, 14);
        const u32x8 topRight = __builtin_shufflevector(t, t, 1, 3, 5, 7, 9, 11, 13, 15);
        const u32x8 bottomLeft = __builtin_shufflevector(b, b, 0, 2, 4, 6, 8, 10, 12, 14);
        const u32x8 bottomRight = __builtin_shufflevector(b, b, 1, 3, 5, 7, 9, 11, 13, 15);
        TSR_STORE(out + x, mean_of_four(topLeft, topRight, bottomLeft, bottomRight));
    }
    // The last pixels; past the row's end (an odd width) and below its last row, transparent.
    for (; x < outWidth; x++) {
        const size_t left = 2 * x, right = left + 1;
        const uint32_t topRight = right < sourceWidth ? top[right] : 0;
        const uint32_t bottomLeft = bottom ? bottom[left] : 0;
        const uint32_t bottomRight = bottom && right < sourceWidth ? bottom[right] : 0;
        out[x] = mean_of_four_scalar(top[left], topRight, bottomLeft, bottomRight);
    }
}

TSR_LEVELS_TO_AVX2(halve_row, (uint32_t *out, const uint32_t *top, const uint32_t *bottom, size_t sourceWidth),
                   (out, top, bottom, sourceWidth))

void tsr_halve_row(uint32_t *out, const uint32_t *top, const uint32_t *bottom, size_t sourceWidth) {
    TSR_DISPATCH_TO_AVX2(halve_row, (out, top, bottom, sourceWidth));
}
