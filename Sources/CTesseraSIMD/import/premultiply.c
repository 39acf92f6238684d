// tsr_premultiply_rgba_row: decoded straight-alpha pixels (a PNG's) premultiplied in place, eight
// pixels per vector over the vector types (simd/vectors.h), compiled per level. A group of eight
// opaque pixels is already premultiplied and left as it is. Its oracle, one channel at a time, is
// reference/premultiply.c.
#include "CTesseraSIMD.h"
#include "simd/targets.h"
#include "simd/vectors.h"

// round(c × a / 255) = floor((c × a + 127) / 255) (never a tie: 255 is odd), the division exact as
// (y + 1 + (y >> 8)) >> 8 for every y ≤ 65534 (here y ≤ 255 × 255 + 127 = 65152).
TSR_INLINE uint32_t divided_by_255(uint32_t y) { return (y + 1 + (y >> 8)) >> 8; }

TSR_INLINE uint32_t premultiplied_pixel(uint32_t p) {
    const uint32_t a = p >> 24;
    uint32_t out = p & 0xFF000000u;
    for (int shift = 0; shift < 24; shift += 8) out |= divided_by_255(((p >> shift) & 0xFF) * a + 127) << shift;
    return out;
}

TSR_INLINE u32x8 premultiplied_pixels(u32x8 p) {
    const u32x8 a = p >> 24;
    u32x8 out = p & 0xFF000000u;
    for (int shift = 0; shift < 24; shift += 8) {
        const u32x8 y = ((p >> shift) & 0xFF) * a + 127;
        out |= ((y + 1 + (y >> 8)) >> 8) << shift;
    }
    return out;
}

TSR_INLINE void premultiply_rgba_row_body(uint32_t *pixels, size_t count) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        const u32x8 p = TSR_LOAD(u32x8, pixels + i);
        if (u32x8_none(~p & 0xFF000000u)) continue;   // all opaque
        TSR_STORE(pixels + i, premultiplied_pixels(p));
    }
    for (; i < count; i++) pixels[i] = premultiplied_pixel(pixels[i]);
}

TSR_LEVELS_TO_AVX2(premultiply_rgba_row, (uint32_t *pixels, size_t count), (pixels, count))

void tsr_premultiply_rgba_row(uint32_t *pixels, size_t count) {
    TSR_DISPATCH_TO_AVX2(premultiply_rgba_row, (pixels, count));
}
