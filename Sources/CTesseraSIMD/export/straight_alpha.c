// tsr_straight_rgba_row: premultiplied pixels out as straight-alpha RGBA bytes, eight pixels per
// vector over the vector types (simd/vectors.h), compiled per level. Most pixels of a frame are
// opaque or transparent (0), which are already their straight bytes: a run of 32 of only those is
// copied as it is; the others are divided eight at a time in float (straight_pixels). Its oracle,
// one pixel at a time, is reference/straight_alpha.c.
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

// straight_pixel of eight pixels. floor((510c + a) / 2a) as a float division truncated is exact:
// the numerator is an integer below 2^17, so a quotient that is an integer is exact in float, and
// one short of the next integer k by at least 1/2a stays below k after the division's one rounding
// (a relative error of at most 2^-24 < 1/(510c + a)). Alpha 0 divides by 1 and is masked to 0.
TSR_INLINE u32x8 straight_pixels(u32x8 p) {
    const u32x8 a = p >> 24;
    const f32x8 divisor = __builtin_convertvector((i32x8)(a * 2 + ((u32x8)(a == 0) & 1)), f32x8);
    u32x8 out = a << 24;
    for (int shift = 0; shift < 24; shift += 8) {
        const i32x8 numerator = (i32x8)(((p >> shift) & 0xFF) * 510 + a);
        const i32x8 straight = f32x8_truncate(__builtin_convertvector(numerator, f32x8) / divisor);
        out |= (u32x8)__builtin_elementwise_min(straight, (i32x8){0} + 255) << shift;
    }
    return out & (u32x8)(a != 0);
}

TSR_INLINE void straight_rgba_row_body(uint8_t *out, const uint32_t *pixels, size_t count) {
    size_t i = 0;
    for (; i + 32 <= count; i += 32) {
        const u32x8 p0 = TSR_LOAD(u32x8, pixels + i), p1 = TSR_LOAD(u32x8, pixels + i + 8);
        const u32x8 p2 = TSR_LOAD(u32x8, pixels + i + 16), p3 = TSR_LOAD(u32x8, pixels + i + 24);
        // p − 1 takes 0 to the top, and opaque pixels are at 0xFF000000 − 1 or above: a lane under
        // that is a pixel to divide.
        const u32x8 lowest = __builtin_elementwise_min(__builtin_elementwise_min(p0 - 1, p1 - 1),
                                                       __builtin_elementwise_min(p2 - 1, p3 - 1));
        if (u32x8_none((u32x8)(lowest < 0xFEFFFFFFu))) {
            TSR_STORE(out + 4 * i, p0);
            TSR_STORE(out + 4 * i + 32, p1);
            TSR_STORE(out + 4 * i + 64, p2);
            TSR_STORE(out + 4 * i + 96, p3);
            continue;
        }
        TSR_STORE(out + 4 * i, straight_pixels(p0));
        TSR_STORE(out + 4 * i + 32, straight_pixels(p1));
        TSR_STORE(out + 4 * i + 64, straight_pixels(p2));
        TSR_STORE(out + 4 * i + 96, straight_pixels(p3));
    }
    for (; i + 8 <= count; i += 8) TSR_STORE(out + 4 * i, straight_pixels(TSR_LOAD(u32x8, pixels + i)));
    for (; i < count; i++) {
        const uint32_t straight = straight_pixel(pixels[i]);
        memcpy(out + 4 * i, &straight, 4);
    }
}

TSR_LEVELS_TO_AVX2(straight_rgba_row, (uint8_t *out, const uint32_t *pixels, size_t count), (out, pixels, count))

void tsr_straight_rgba_row(uint8_t *out, const uint32_t *pixels, size_t count) {
    TSR_DISPATCH_TO_AVX2(straight_rgba_row, (out, pixels, count));
}
