#ifndef CTESSERA_BLUR_H
#define CTESSERA_BLUR_H
// The kernels of TesseraRaster's Gaussian blur (blur.c; scalar oracles in reference_blur.c).
//
// Values are fixed point: a byte v is held as the int16 v · 128 (7 fractional bits), so values lie
// in [0, 32640] and the passes between widening and narrowing lose almost nothing to rounding.
//
// A pass reads and writes *lines*: `count` steps, `inStep` / `outStep` int16 apart, each step
// `lanes` contiguous int16 values that are filtered independently (the 4 channels of a pixel
// along a row; a strip of columns down the rows). The filters read past the line (each says how
// far): those steps must be readable, and hold zeros where the image is transparent outside.
#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// out[i] = in[i] · 128 for i < count.
void tsr_blur_widen(const uint8_t *in, int16_t *out, size_t count);

/// out[i] = (in[i] + 64) >> 7 (round half up) for i < count; in[i] in [0, 32640].
void tsr_blur_narrow(const int16_t *in, uint8_t *out, size_t count);

/// An extended box filter (Gwosdek, Grewenig, Bruhn and Weickert, "Theoretical foundations of
/// Gaussian convolution by extended box filtering", SSVM 2011): weight 1 on steps i − radius …
/// i + radius and `alpha` (in [0, 1]) on the two steps just outside them, normalized by
/// scale = 1 / (2 · radius + 1 + 2 · alpha). With S the sum of the window and E that of its two
/// ends, out[i] = (int)((float(S) + alpha · float(E)) · scale + 0.5): each operation rounded,
/// never fused. S runs as an exact int32, one add and one subtract a step, whatever the radius;
/// it must stay below 2²⁴ (radius ≤ 255 for values up to 32640) so that its conversion is exact.
/// Reads steps −radius − 1 … count + radius.
void tsr_blur_box(const int16_t *in, ptrdiff_t inStep, int16_t *out, ptrdiff_t outStep, size_t lanes,
                  size_t count, size_t radius, float alpha, float scale);

/// A convolution with 2 · radius + 1 weights in Q14 (non-negative, summing to 16384):
/// out[i] = (Σ weights[radius + k] · in[i + k] + 8192) >> 14, |k| ≤ radius, exact in int32.
/// Reads steps −radius … count + radius − 1.
void tsr_blur_convolve(const int16_t *in, ptrdiff_t inStep, int16_t *out, ptrdiff_t outStep, size_t lanes,
                       size_t count, const int16_t *weights, size_t radius);

#ifdef __cplusplus
}
#endif
#endif
