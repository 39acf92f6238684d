// tsr_straight_rgba_row: premultiplied pixels out as straight-alpha RGBA bytes, eight pixels per
// step over the vector types (simd/vectors.h), compiled per level. Most pixels of a frame are
// opaque or transparent (0), which are already their straight bytes: a block of only those is
// copied, and only the pixels of the other blocks are divided, one at a time. Its oracle, one
// pixel at a time, is reference/straight_alpha.c.
#include "CTesseraSIMD.h"
#include "simd/targets.h"
#include "simd/vectors.h"

// min(255, round(c × 255 / a)) per colour channel, exactly: floor((510c + a) / 2a); 0 when a = 0.
TSR_INLINE uint32_t straight_pixel(uint32_t p) {
    const uint32_t a = p >> 24;
    if (a == 255) return p;
    if (a == 0) return 0;
    uint32_t out = a << 24;
    for (int shift = 0; shift < 24; shift += 8) {
        const uint32_t c = ((p >> shift) & 0xFF) * 510 + a, straight = c / (2 * a);
        out |= (straight < 255 ? straight : 255) << shift;
    }
    return out;
}

TSR_INLINE void straight_rgba_row_body(uint8_t *out, const uint32_t *pixels, size_t count) {
    const u32x8 opaque = (u32x8){0} + 255u;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        const u32x8 p = TSR_LOAD(u32x8, pixels + i);
        const i32x8 converted = ((p >> 24) != opaque) & (p != (u32x8){0});
        if (u32x8_none((u32x8)converted)) {
            TSR_STORE(out + 4 * i, p);
            continue;
        }
        u32x8 straight;
        for (int k = 0; k < 8; k++) straight[k] = straight_pixel(p[k]);
        TSR_STORE(out + 4 * i, straight);
    }
    for (; i < count; i++) {
        const uint32_t straight = straight_pixel(pixels[i]);
        memcpy(out + 4 * i, &straight, 4);
    }
}

TSR_LEVELS_TO_AVX2(straight_rgba_row, (uint8_t *out, const uint32_t *pixels, size_t count), (out, pixels, count))

void tsr_straight_rgba_row(uint8_t *out, const uint32_t *pixels, size_t count) {
    TSR_DISPATCH_TO_AVX2(straight_rgba_row, (out, pixels, count));
}
