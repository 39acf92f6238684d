// The lane arithmetic of the SIMD kernels, one lane at a time in plain C: what the `_reference`
// kernels (CTesseraReference.h) are written in. Each function names the instruction it stands for
// and keeps its edge cases (wrapping, saturation, NaN), so that a reference gives the SIMD bytes
// for every input, not only the usual ones.
#ifndef TSR_REFERENCE_LANES_H
#define TSR_REFERENCE_LANES_H
#include <math.h>
#include <stdint.h>

// MARK: Floats

// minps: the second operand when either is NaN.
static inline float ref_min_ps(float a, float b) { return a < b ? a : b; }

// cvttps2dq: truncation towards zero; INT32_MIN (the "integer indefinite") for NaN and for values
// outside the int32 range.
static inline int32_t ref_cvttps(float v) {
    return v >= -2147483648.0f && v < 2147483648.0f ? (int32_t)v : INT32_MIN;
}

// MARK: Accumulation cells to coverage (coverage/windings.h)

// One winding integral to its coverage lane (0–255 for every finite winding; before any pack):
// non-zero min(|w|, 1); even-odd the distance from |w| to the nearest even integer, with a = min(|w|,
// 2²⁴) (addps of 2²⁴ rounds it to the nearest even integer, subps of 2²⁴ gives that exactly); then
// trunc(c · 255 + 0.5). fabsf clears the sign bit, as the andnot with -0.0 does.
static inline int32_t ref_coverage_lane(float winding, int evenOdd) {
    float a = fabsf(winding);
    float c;
    if (evenOdd) {
        float clamped = ref_min_ps(a, 16777216.0f);
        float nearestEven = (clamped + 16777216.0f) - 16777216.0f;
        c = fabsf(clamped - nearestEven);
    } else {
        c = ref_min_ps(a, 1.0f);
    }
    return ref_cvttps(c * 255.0f + 0.5f);
}

// The windings of a group of four cells (groups start at the row's first cell; the kernels' groups of
// eight are two of them, summed in the same order). The in-register prefix sum adds each lane's
// left neighbour, then the lane two to the left, shifting in +0.0 (so a lone -0.0 becomes +0.0);
// then the carry, the winding before the group, is added. Returns the winding after the group.
static inline float ref_group_windings(const float deltas[4], float carry, float windings[4]) {
    const float neighbours[4] = {deltas[0] + 0.0f, deltas[1] + deltas[0], deltas[2] + deltas[1], deltas[3] + deltas[2]};
    const float sums[4] = {neighbours[0] + 0.0f, neighbours[1] + 0.0f, neighbours[2] + neighbours[0],
                           neighbours[3] + neighbours[1]};
    for (int k = 0; k < 4; k++) windings[k] = sums[k] + carry;
    return windings[3];
}

// Cells [x, x + n) of a row (n ≤ 4, x = the row's start + a multiple of 4) to coverage lanes, the
// cells zeroed. The lanes past n read as 0: the cells past a row's end are zero, and a lane only
// sums the lanes left of it. `carry` is the winding before the group and becomes the one after it.
static inline void ref_coverage_group(float *cells, int n, int evenOdd, float *carry, int32_t coverage[4]) {
    float deltas[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int k = 0; k < n; k++) {
        deltas[k] = cells[k];
        cells[k] = 0.0f;
    }
    float windings[4];
    *carry = ref_group_windings(deltas, *carry, windings);
    for (int k = 0; k < 4; k++) coverage[k] = ref_coverage_lane(windings[k], evenOdd);
}

// MARK: 16-bit pixel lanes (blend/over.h)

// packssdw: an int32 lane to int16 with saturation, kept as the lane's 16 bits.
static inline uint16_t ref_packs_epi32(int32_t v) {
    return (uint16_t)(int16_t)(v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v);
}

// packuswb: a 16-bit lane, read as signed, to a byte with saturation.
static inline uint8_t ref_packus_epi16(uint16_t lane) {
    int16_t v = (int16_t)lane;
    return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

// round(v / 255), exact for v ≤ 255²: paddw 128 (wrapping), then pmulhuw by 257.
static inline uint16_t ref_div255(uint16_t v) {
    uint16_t biased = (uint16_t)(v + 128);
    return (uint16_t)(((uint32_t)biased * 257u) >> 16);
}

// pmullw: the low 16 bits of the product.
static inline uint16_t ref_mullo(uint16_t a, uint16_t b) { return (uint16_t)((uint32_t)a * b); }

static inline uint16_t ref_channel(uint32_t pixel, int c) { return (uint16_t)((pixel >> (8 * c)) & 0xFF); }

// Source-over of one premultiplied pixel through a factor, per channel (c = 0…3, alpha last):
//     src'[c] = div255(src[c] × factor)
//     out[c]  = packus(src'[c] + div255(dst[c] × (255 − src'.alpha)))
// `factor32` is the factor's 32-bit lane (a coverage, an opacity or their product, 0–255), packed
// to 16 bits as the kernels pack it.
static inline uint32_t ref_over_scaled(uint32_t dst, uint32_t src, int32_t factor32) {
    const uint16_t factor = ref_packs_epi32(factor32);
    uint16_t scaled[4];
    for (int c = 0; c < 4; c++) scaled[c] = ref_div255(ref_mullo(ref_channel(src, c), factor));
    const uint16_t inverse = (uint16_t)(255 - scaled[3]);
    uint32_t out = 0;
    for (int c = 0; c < 4; c++) {
        uint16_t lane = (uint16_t)(scaled[c] + ref_div255(ref_mullo(ref_channel(dst, c), inverse)));
        out |= (uint32_t)ref_packus_epi16(lane) << (8 * c);
    }
    return out;
}
#endif
