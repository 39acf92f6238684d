#ifndef CTESSERA_SIMD_H
#define CTESSERA_SIMD_H
// Pixel and coverage kernels of TesseraRaster. Plain C over pointers and lengths; no state.
//
// Conventions:
// - Pixels are premultiplied RGBA8 stored as little-endian 32-bit words (R in the lowest byte).
// - Lines are 4 floats each (x0, y0, x1, y1) in device pixels, already clipped horizontally to
//   [0, width]; y may extend past the band (rows outside it are skipped).
// - An accumulation row holds signed area deltas: its prefix sum at cell x is the winding
//   integral over pixel x (font-rs's exact-area accumulation).
#include <stdint.h>
#include <stddef.h>
#include "CTesseraPaint.h"
#include "CTesseraAlpha.h"
#include "CTesseraGradientTable.h"
#include "CTesseraBlur.h"
#include "CTesseraSpin.h"
#include "CTesseraPrefetch.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Accumulates the exact signed area of `count` lines into the band of rows [bandY, bandY + bandHeight).
/// `accumulation` has `bandHeight` rows of `stride` floats (stride >= width + 2). For every row the
/// lines touch, rowMin/rowMax (band-local, initialised by the caller to INT32_MAX / -1) are widened
/// to the first and last cell written. `shortLines` (non-zero where the lines are likely short: a
/// dash's outline, a glyph's) has them set up eight at a time where most of eight are; both ways
/// give the same bytes.
void tsr_accumulate_lines(const float *lines, size_t count, int32_t bandY, int32_t bandHeight,
                          float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax, int shortLines);

/// Fills the band-local rows [firstRow, endRow) from their accumulation: for each row r with
/// rowMax[r] >= 0, turns cells [rowMin[r], rowMax[r]] of `accumulation + r * stride` into coverage
/// (non-zero or even-odd) and blends `color` through it into pixels [rowMin[r], min(rowMax[r],
/// width - 1)] of `pixels + r * pixelStride`, source-over. Zeroes those cells and resets rowMin[r]
/// / rowMax[r] to INT32_MAX / -1 on the way, so the rows are ready for the next shape.
void tsr_fill_accumulated_rows(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax,
                               int32_t firstRow, int32_t endRow, uint32_t *pixels, size_t pixelStride,
                               int32_t width, int evenOdd, uint32_t color);

/// Blends `color` scaled by a constant coverage (0–255) over `count` pixels, source-over.
void tsr_blend_span(uint32_t *pixels, size_t count, uint32_t color, uint32_t coverage);

/// Blends rows [firstRow, endRow) of an axis-aligned rectangle [left, right) × [top, bottom),
/// source-over, with the exact area coverage of each pixel: row y's vertical coverage is
/// min(y + 1, bottom) − max(y, top) (rows where it is not above 0 are left as they are), a pixel's
/// coverage its horizontal overlap with [left, right) (clipped to [0, width]) times that, to a
/// byte: trunc(c · 255 + 0.5). `pixels` is row firstRow's first pixel, rows are `stride` pixels
/// apart and `width` pixels wide.
void tsr_fill_rect(uint32_t *pixels, size_t stride, int32_t width, int32_t firstRow, int32_t endRow, float left,
                   float top, float right, float bottom, uint32_t color);

/// Composites a row of a group's pixels `src` over `dst`, source-over, scaled per pixel by
/// `opacity` (0–255) and, when `mask` is not NULL, by the mask pixel's alpha.
void tsr_composite_row(uint32_t *dst, const uint32_t *src, const uint32_t *mask, size_t count, uint32_t opacity);

/// Blends `color` over `count` pixels through one 8-bit coverage per pixel (0–255), source-over:
/// pixel i as tsr_blend_span blends it with coverage `coverage[i]`.
void tsr_blend_mask_row(uint32_t *pixels, const uint8_t *coverage, size_t count, uint32_t color);

/// A colour matrix as tsr_color_matrix_row applies it: m[4c + k] weighs straight component k (red,
/// green, blue, alpha, each in [0, 1]) in output component c, and m[16 + c] is c's bias. Finite
/// values (TesseraRaster's ColorMatrix clamps them), so that no lane is ever NaN.
typedef struct tsr_color_matrix {
    float m[20];
} tsr_color_matrix;

/// Applies `matrix` in place to `count` premultiplied pixels, as Core Image's CIColorMatrix does:
/// un-premultiply (c / alpha), multiply by the matrix and add the bias, clamp each component to
/// [0, 1], premultiply. alpha′ = round(a′ × 255) and c′ = round(c′ × alpha′), so colours never
/// exceed alpha. A pixel with alpha 0 is left as it is. Per pixel: no neighbour is read.
void tsr_color_matrix_row(uint32_t *pixels, size_t count, const tsr_color_matrix *matrix);

/// `count` premultiplied pixels as straight-alpha RGBA bytes (4 per pixel, R first) into `out`, as
/// PNG stores them: each colour channel min(255, round(c × 255 / a)), and (0, 0, 0, 0) where a = 0.
void tsr_straight_rgba_row(uint8_t *out, const uint32_t *pixels, size_t count);

/// `count` straight-alpha pixels (a decoded image's: R in the low byte, alpha in the high byte)
/// premultiplied in place: each colour channel round(c × a / 255).
void tsr_premultiply_rgba_row(uint32_t *pixels, size_t count);

/// y[i] += x[i] × a for i < count: the multiply-add of a separable blur. Every element is rounded
/// the same way (a multiply, then an add; never fused), so results do not depend on where the
/// SIMD groups fall.
void tsr_add_scaled(float *y, const float *x, size_t count, float a);

/// The instruction levels of the kernels. Every level gives the same bytes.
enum tsr_kernel_levels {
    TSR_LEVEL_BASELINE = 1,   // SSE2 on x86-64 (its baseline), NEON on AArch64, else plain C
    TSR_LEVEL_AVX2 = 2,
    TSR_LEVEL_AVX512 = 3,     // AVX-512 F, BW, DQ and VL
};

/// The level the kernels run at on the calling thread: the best the CPU has (detected once per
/// process), capped by TESSERA_SIMD in the environment (`sse2` gives the baseline, `avx2` at most
/// AVX2), unless tsr_kernel_level_override changed it for this thread.
int tsr_kernel_level(void);

/// Runs the calling thread's kernels at `level` (clamped to the process's level) until called
/// again; 0 gives the thread the process's level back. For the tests, which compare every level
/// with the references; other threads are not affected.
void tsr_kernel_level_override(int level);

#ifdef __cplusplus
}
#endif
#include "CTesseraReference.h"
#endif
