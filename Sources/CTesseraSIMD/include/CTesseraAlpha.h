#ifndef CTESSERA_ALPHA_H
#define CTESSERA_ALPHA_H
// Alpha-target kernels of TesseraRaster: the rows of an 8-bit alpha target (one byte per pixel,
// what Canvas.renderAlphaMask renders into). Each kernel writes exactly the alpha byte that its
// RGBA counterpart (CTesseraSIMD.h, CTesseraPaint.h) writes into the alpha lane of a premultiplied
// pixel with that alpha: the alpha lane of every RGBA kernel depends only on alphas (the source's,
// the destination's, the coverage and the opacity), never on the colour channels.
//
// The arithmetic (alpha_target.c), integers 0–255, div255(v) = round(v / 255) as in blend_sse2.h:
//
//     m = div255(coverage · opacity)        (coverage NULL: 255; opacity clamped to 255)
//     s = div255(sourceAlpha · m)
//     R = OP(s, d)                          with d the destination alpha, OP the mode's alpha lane
//
// Each SIMD kernel (SSE2 through SIMDe) has a scalar `_reference` version, its test oracle, or names
// the RGBA kernel whose alpha lane is its oracle.
#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The alpha lane of tsr_blend_row: composites `count` source alphas `src` onto the alphas `dst`
/// through `coverage` (NULL: 255 everywhere) and `opacity`, with blend mode `mode` (enum
/// tsr_blend_mode; an unknown mode composites as normal). src may be dst itself.
void tsr_alpha_blend_row(uint8_t *dst, const uint8_t *src, const uint8_t *coverage, size_t count, uint32_t opacity,
                         int32_t mode);
void tsr_alpha_blend_row_reference(uint8_t *dst, const uint8_t *src, const uint8_t *coverage, size_t count,
                                   uint32_t opacity, int32_t mode);

/// tsr_alpha_blend_row with one source alpha `alpha` (0–255) for every pixel, byte for byte (its
/// oracle is tsr_alpha_blend_row_reference given a row of `count` copies of `alpha`): the alpha
/// lane of tsr_blend_solid_row, and of tsr_blend_mask_row / tsr_blend_span with opacity 255.
void tsr_alpha_blend_solid_row(uint8_t *dst, uint32_t alpha, const uint8_t *coverage, size_t count, uint32_t opacity,
                               int32_t mode);

/// The alpha lane of tsr_fill_accumulated_rows (its oracle): the band-local rows [firstRow, endRow)
/// of `accumulation` turned into coverage (tsr_coverage_row, into `coverage`, a scratch row of
/// `stride` bytes) and `alpha` (0–255) blended source-over through it into `target + r ·
/// targetStride`, pixels [rowMin[r], min(rowMax[r], width − 1)]. Zeroes the cells and resets
/// rowMin / rowMax as tsr_fill_accumulated_rows does.
void tsr_alpha_fill_accumulated_rows(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                                     int32_t firstRow, int32_t endRow, uint8_t *target, size_t targetStride,
                                     int32_t width, int evenOdd, uint32_t alpha, uint8_t *coverage);

/// The alpha lane of tsr_fill_rect (its oracle): rows [firstRow, endRow) of an axis-aligned
/// rectangle [left, right) × [top, bottom), the same coverage bytes, `alpha` blended source-over;
/// `target` is row firstRow's first byte, rows `stride` bytes apart and `width` bytes wide.
void tsr_alpha_fill_rect(uint8_t *target, size_t stride, int32_t width, int32_t firstRow, int32_t endRow, float left,
                         float top, float right, float bottom, uint32_t alpha);

/// The alpha bytes (the highest byte of each little-endian word) of `count` RGBA pixels.
void tsr_alpha_of_pixels(const uint32_t *pixels, size_t count, uint8_t *alpha);
void tsr_alpha_of_pixels_reference(const uint32_t *pixels, size_t count, uint8_t *alpha);

#ifdef __cplusplus
}
#endif
#endif
