#ifndef CTESSERA_REFERENCE_H
#define CTESSERA_REFERENCE_H
// Scalar oracles of the kernels of CTesseraSIMD.h and of tsr_coverage_row (CTesseraPaint.h): plain
// C, one lane at a time, no SIMD, with the floating-point operations of the SIMD kernels in the same
// order (contraction off) and their integer lanes' wrapping and saturation (reference/lanes.h). Each
// takes its kernel's arguments and gives its bytes (floats bit for bit); the tests compare them at
// every kernel level the CPU has (tsr_kernel_level_override). Where a kernel takes a shortcut (a run without
// edges, a group without coverage, an opaque store), its reference computes the general way.
#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The scalar oracle of tsr_accumulate_lines; same bytes (cells bit for bit, same rowMin/rowMax).
void tsr_accumulate_lines_reference(const float *lines, size_t count, int32_t bandY, int32_t bandHeight,
                                    float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax);

/// The scalar oracle of tsr_fill_accumulated_rows; same bytes, for rows whose winding sum has
/// coverage 0 (every row of closed outlines: the kernels blend whole groups past a row's last
/// pixel with that coverage) and finite windings below 2³² (even-odd gives a NaN or larger one a
/// negative coverage lane, which the kernel's opaque-colour path takes for the source alpha:
/// that is the alpha only for coverages 0–255).
void tsr_fill_accumulated_rows_reference(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                                         int32_t firstRow, int32_t endRow, uint32_t *pixels, size_t pixelStride,
                                         int32_t width, int evenOdd, uint32_t color);

/// The scalar oracle of tsr_coverage_row; same bytes (and the cells zeroed the same way).
void tsr_coverage_row_reference(float *cells, int32_t start, int32_t end, int evenOdd, uint8_t *coverage);

/// The scalar oracle of tsr_blend_span; same bytes, for a premultiplied `color` (with a channel
/// above its alpha, a blended channel may pass 255: the SIMD paths and this saturate it, while
/// tsr_blend_span's scalar path for fewer than four pixels carries it into the next channel).
void tsr_blend_span_reference(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage);

/// The scalar oracle of tsr_fill_rect; same bytes (premultiplied `color`, as tsr_blend_span).
void tsr_fill_rect_reference(uint32_t *pixels, size_t stride, int32_t width, int32_t firstRow, int32_t endRow,
                             float left, float top, float right, float bottom, uint32_t color);

/// The scalar oracle of tsr_composite_row; same bytes.
void tsr_composite_row_reference(uint32_t *dst, const uint32_t *src, const uint32_t *mask, size_t count,
                                 uint32_t opacity);

/// The scalar oracle of tsr_blend_mask_row; same bytes.
void tsr_blend_mask_row_reference(uint32_t *pixels, const uint8_t *coverage, size_t count, uint32_t color);

/// The scalar oracle of tsr_color_matrix_row; same bytes.
struct tsr_color_matrix;
void tsr_color_matrix_row_reference(uint32_t *pixels, size_t count, const struct tsr_color_matrix *matrix);

/// The scalar oracle of tsr_add_scaled; same floats, bit for bit.
void tsr_add_scaled_reference(float *y, const float *x, size_t count, float a);

/// The scalar oracles of the blur's kernels (CTesseraBlur.h); same bytes, on the inputs those
/// kernels accept (values 0–32640). tsr_blur_boxes_rows and tsr_blur_boxes_columns are
/// tsr_blur_box_reference three times (after widening, before narrowing).
void tsr_blur_widen_reference(const uint8_t *in, int16_t *out, size_t count);
void tsr_blur_narrow_reference(const int16_t *in, uint8_t *out, size_t count);
void tsr_blur_box_reference(const int16_t *in, ptrdiff_t inStep, int16_t *out, ptrdiff_t outStep, size_t lanes,
                            size_t count, size_t radius, float alpha, float scale);
void tsr_blur_convolve_reference(const int16_t *in, ptrdiff_t inStep, int16_t *out, ptrdiff_t outStep,
                                 size_t lanes, size_t count, const int16_t *weights, size_t radius);

/// The scalar oracle of tsr_halve_row; same bytes.
void tsr_halve_row_reference(uint32_t *out, const uint32_t *top, const uint32_t *bottom, size_t sourceWidth);

/// The scalar oracle of tsr_straight_rgba_row; same bytes.
void tsr_straight_rgba_row_reference(uint8_t *out, const uint32_t *pixels, size_t count);

/// The scalar oracle of tsr_premultiply_rgba_row; same bytes.
void tsr_premultiply_rgba_row_reference(uint32_t *pixels, size_t count);

#ifdef __cplusplus
}
#endif
#endif
