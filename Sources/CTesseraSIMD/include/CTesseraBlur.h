#ifndef CTESSERA_BLUR_H
#define CTESSERA_BLUR_H
// The kernels of TesseraRaster's Gaussian blur (blur.c; scalar oracles in reference_blur.c).
//
// Values are fixed point: a byte v is held as the int16 v · 128 (7 fractional bits), so values lie
// in [0, 32640] and the passes between widening and narrowing lose almost nothing to rounding.
//
// A pass reads and writes *lines*: `count` steps, `inStep` / `outStep` int16 apart, each step
// `lanes` contiguous int16 values that are filtered independently (the 4 channels of a pixel
// along a row; a strip of columns down the rows). The filter reads past the line: steps −radius − 1
// … −1 and count … count + radius − 1 must be readable, and hold zeros where the image is
// transparent outside.
#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// out[i] = in[i] · 128 for i < count.
void tsr_blur_widen(const uint8_t *in, int16_t *out, size_t count);

/// out[i] = (in[i] + 64) >> 7 (round half up) for i < count; in[i] in [0, 32640].
void tsr_blur_narrow(const int16_t *in, uint8_t *out, size_t count);

/// A box filter of width 2 · radius + 1 along the line: out[i] = round(scale · Σ in[i + k],
/// |k| ≤ radius), with scale = 1 / (2 · radius + 1). The sum runs as an exact int32 (one add and one
/// subtract a step, whatever the radius); it must stay below 2²⁴ (radius ≤ 256 for values up to
/// 32640) so that its conversion to float is exact. The rounding is float(sum) × scale + 0.5, then
/// truncation: one multiply, one add, each rounded, never fused.
void tsr_blur_box(const int16_t *in, ptrdiff_t inStep, int16_t *out, ptrdiff_t outStep, size_t lanes,
                  size_t count, size_t radius, float scale);

/// A convolution with 2 · radius + 1 weights in Q14 (non-negative, summing to 16384):
/// out[i] = (Σ weights[radius + k] · in[i + k] + 8192) >> 14, |k| ≤ radius, exact in int32.
void tsr_blur_convolve(const int16_t *in, ptrdiff_t inStep, int16_t *out, ptrdiff_t outStep, size_t lanes,
                       size_t count, const int16_t *weights, size_t radius);

#ifdef __cplusplus
}
#endif
#endif
