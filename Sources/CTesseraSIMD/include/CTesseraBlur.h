#ifndef CTESSERA_BLUR_H
#define CTESSERA_BLUR_H
// The kernels of TesseraRaster's Gaussian blur (blur.c, blur_boxes.c; scalar oracles in
// reference/blur.c).
//
// Values are fixed point: a byte v is held as the int16 v · 128 (7 fractional bits), so values lie
// in [0, 32640] and the passes between widening and narrowing lose almost nothing to rounding.
//
// A pass reads and writes *lines*: `count` steps, `inStep` / `outStep` int16 apart, each step
// `lanes` contiguous int16 values that are filtered independently (the 4 channels of a pixel
// along a row; a strip of columns down the rows). The filters read past the line (each says how
// far): those steps must be readable, and hold zeros where the image is transparent outside.
//
// The cascade of three extended boxes (σ ≥ 2) runs fused, one sweep per axis
// (tsr_blur_boxes_rows, then tsr_blur_boxes_columns), through a *plane* of int16 that holds the
// rows' results in the order the columns read them: strips of TSR_BLUR_STRIP_LANES values (a
// column strip), cut into blocks of TSR_BLUR_BLOCK_ROWS rows. A block holds, strip after strip,
// each strip's rows one after the other (64 values a row), so that the column sweep reads each
// strip in 2 KiB runs and the row sweep writes a block of rows close together.
#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The values of a column strip of the plane: 128 bytes of int16, two cache lines a row.
#define TSR_BLUR_STRIP_LANES 64
/// The rows of a block of the plane.
#define TSR_BLUR_BLOCK_ROWS 16

/// out[i] = in[i] · 128 for i < count.
void tsr_blur_widen(const uint8_t *in, int16_t *out, size_t count);

/// out[i] = (in[i] + 64) >> 7 (round half up) for i < count; in[i] in [0, 32640].
void tsr_blur_narrow(const int16_t *in, uint8_t *out, size_t count);

/// A convolution with 2 · radius + 1 weights in Q14 (non-negative, summing to 16384):
/// out[i] = (Σ weights[radius + k] · in[i + k] + 8192) >> 14, |k| ≤ radius, exact in int32.
/// Reads steps −radius … count + radius − 1.
void tsr_blur_convolve(const int16_t *in, ptrdiff_t inStep, int16_t *out, ptrdiff_t outStep, size_t lanes,
                       size_t count, const int16_t *weights, size_t radius);

/// Three extended boxes, one after the other, each the filter of tsr_blur_box_reference with the
/// same `radius`, `alpha` and `scale` (Gwosdek, Grewenig, Bruhn and Weickert, "Theoretical
/// foundations of Gaussian convolution by extended box filtering", SSVM 2011): weight 1 on steps
/// i − radius … i + radius and `alpha` (in [0, 1]) on the two steps just outside them, normalized
/// by scale = 1 / (2 · radius + 1 + 2 · alpha), each pass rounded to int16 as that oracle rounds.
/// radius ≤ 255, so that the window sums of values up to 32640 stay below 2²⁴, exact in float.
/// The cascade spreads a value over reach = 3 · (radius + 1) steps on each side. `level` picks the
/// instructions (the same bytes at every level): tsr_kernel_level() or any level below it.

/// The cascade along a block of TSR_BLUR_BLOCK_ROWS rows of `width` 4-channel pixels (bytes,
/// widened to fixed point on the way), zeros around them: row k at `rows` + k · rowBytes. Writes
/// the rows grown by the reach on both sides, width + 2 · reach pixels of 4 int16, and zeros after
/// them up to a multiple of 16 pixels (whole strips): pixel x of row k at out + k ·
/// TSR_BLUR_STRIP_LANES + (x / 16) · stripStride + (x % 16) · 4, stripStride at least
/// TSR_BLUR_BLOCK_ROWS · TSR_BLUR_STRIP_LANES (the plane's layout when it is that).
/// `scratch`: tsr_blur_boxes_scratch_size(radius) bytes, any alignment.
void tsr_blur_boxes_rows(int level, const uint8_t *rows, ptrdiff_t rowBytes, size_t width, int16_t *out,
                         ptrdiff_t stripStride, size_t radius, float alpha, float scale, void *scratch);

/// The cascade down a strip of TSR_BLUR_STRIP_LANES columns of `count` rows of fixed-point values,
/// zeros above and below: row y at strip + (y / TSR_BLUR_BLOCK_ROWS) · blockStride +
/// (y % TSR_BLUR_BLOCK_ROWS) · TSR_BLUR_STRIP_LANES (the plane's layout). Writes the strip grown by
/// the reach above and below, count + 2 · reach rows, narrowed to bytes as tsr_blur_narrow does:
/// the first `lanes` (≤ TSR_BLUR_STRIP_LANES) values of row y at out + y · outStride. The other
/// lanes of the strip are read and filtered too, so they must be readable. `scratch`:
/// tsr_blur_boxes_scratch_size(radius) bytes, any alignment.
void tsr_blur_boxes_columns(int level, const int16_t *strip, ptrdiff_t blockStride, size_t count, size_t lanes,
                            size_t radius, float alpha, float scale, uint8_t *out, ptrdiff_t outStride,
                            void *scratch);

/// The bytes of scratch memory that the cascades of radius `radius` need, rows or columns.
size_t tsr_blur_boxes_scratch_size(size_t radius);


#ifdef __cplusplus
}
#endif
#endif
