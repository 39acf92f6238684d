// Image pattern sampling (tsr_image_row), eight pixels at a time (paint/image_lanes.h). The kernel
// is written once (paint/image_kernel.h) and compiled per level: this file at the baseline level,
// paint/image_avx2.c under its target attribute (also at the AVX-512 level, where a compile of its
// own measured slower: simd/targets.h). Each level is its own file, unlike the other kernels,
// because the bilinear blend wants instructions that vector types cannot ask for (PMADDUBSW,
// PMULHRSW and the in-lane VPACKUSWB, image_lanes.h): a level's primitives are chosen by the
// preprocessor, so each level needs its own translation unit. The arithmetic is written out in
// reference/image.c, which this kernel matches byte for byte:
//
// - coordinates in 32.32 fixed point, U = Cu + dU·x per pixel in 64-bit lanes: per span, where the
//   clamp is not reached (tsr_image_span; otherwise the span goes pixel by pixel through
//   tsr_image_row_scalar), the first is computed once and the others by adding dU, exactly;
//   t = (U + 2²⁴) >> 25 is then the low half of a 64-bit shift (the same for logical and
//   arithmetic shifts);
// - texel indices extended eight at a time in int32 lanes (repeat and reflect by an exact floor
//   division in doubles, or a mask for power-of-two sizes), then the texels loaded one by one;
// - the 7-bit bilinear blend in channel pairs, its vertical step exact in 16-bit lanes.
//
// Three loops, all giving the reference's bytes:
// - bilinear pad with V the same for the whole row (dV = 0: layer contents and images drawn into
//   rectangles; pad_rows): t is clamped to the image, [0, 128·(w − 1)], and k0 = min(t >> 7, w − 2),
//   wx = t − 128·k0, so that every texel pair (k0, k0 + 1) is inside the row (one 64-bit load) and
//   wx = 128 at the right edge: the reference clamps both of its texels to the edge there, and blends
//   equal texels to themselves, as it does left of the image. A first pass writes the indices and
//   weights of up to CHUNK pixels, kept per thread for the next row, which needs the same ones where
//   x maps alike (the rows of an image drawn into a rectangle); a second loads and blends; where
//   wy = 0 (rows on texel centres) the lower row is not read at all (its weight is 0);
// - bilinear with U and V both stepping (rotation, skew; any_rows), extend repeat with
//   power-of-two sides or pad, texel offsets l·stride + k below 2³¹: a first pass writes per pixel
//   the offsets of texels (k0, l0) and (k0, l1), the step dk to k1 (1, or 1 − w where repeat wraps
//   k0 + 1 to 0) and the weights, and per group of eight whether any pixel wraps; the second pass
//   loads texel pairs, or texel by texel in groups that wrap;
// - every other case (nearest, reflect, none, other repeats; sample_row), eight pixels at a time
//   from their extended indices, with the row's two source rows found once where V is the same for
//   every pixel.
#include "CTesseraPaint.h"
#include "CTesseraSIMD.h"
#include "paint/image_row.h"
#include "simd/level.h"
#include <string.h>

#define TSR_IMAGE_LEVEL 1   // TSR_LEVEL_BASELINE (a number: the preprocessor tests it)
#define TSR_IMAGE_ROW_AT_LEVEL tsr_image_row_baseline
#define TSR_IMAGE_PIXELS_AT_LEVEL tsr_image_pixels_baseline
#include "paint/image_kernel.h"

void tsr_image_row(const tsr_image_pattern *pattern, int32_t x, int32_t y, size_t count, uint32_t *out) {
    tsr_image_row_setup r;
    if (!tsr_image_row_setup_make(pattern, y, &r)) {
        memset(out, 0, count * sizeof(uint32_t));
        return;
    }
    if (count == 0) return;
    // Spans whose coordinates reach the clamp go pixel by pixel.
    int64_t u, v = 0;
    if (!tsr_image_span(r.Cu, r.dU, x, count, &u) || (r.dV != 0 && !tsr_image_span(r.Cv, r.dV, x, count, &v))) {
        tsr_image_row_scalar(&r, x, count, out);
        return;
    }
#if defined(__x86_64__) || defined(_M_X64)
    if (tsr_level_now() >= TSR_LEVEL_AVX2) {   // AVX-512 does not pay here (simd/targets.h)
        tsr_image_row_avx2(&r, u, v, count, out);
        return;
    }
#endif
    tsr_image_row_baseline(&r, u, v, count, out);
}
