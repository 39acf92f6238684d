// A gradient's colour table (TesseraRaster's GradientTable), built in C: a gradient layer whose
// stops animate builds one every frame, and in Swift each entry paid overflow checks of the integer
// conversions and branches of the clamps.
#ifndef CTESSERA_GRADIENT_TABLE_H
#define CTESSERA_GRADIENT_TABLE_H

#include <stdint.h>

// Fills `out[0 ..< size]` (size ≥ 2) with the premultiplied RGBA8 colours (R in the lowest byte)
// at t = i / (size − 1) of `count` ≥ 1 stops: `offsets` sorted, in [0, 1]; `colors` their
// straight components (red, green, blue, alpha; 4 per stop), in [0, 1], none NaN. Before the
// first offset the first colour, from the last offset the last, between stops j and j + 1 (the
// last with offset ≤ t, and the next) the components mixed as a + (b − a)·f, f = (t − o_j) /
// (o_{j+1} − o_j); then premultiplied and rounded as Color.premultiplied does: round(c·a·255),
// round(a·255), halves up. One IEEE rounding per operation (no fused multiply-add).
void tsr_gradient_table(const double *offsets, const double *colors, int32_t count, int32_t size, uint32_t *out);

// The same table interpolated in Apple's Generic RGB (TesseraRaster's GenericRGB): `colors` are the
// stops' Generic RGB components (gamma-encoded) and alpha. Each mix is decoded by `decode`,
// taken to sRGB's linear light by `toLinearSRGB` (3 × 3, by rows, each row's sum left to right),
// encoded by `encode`, then premultiplied and rounded as tsr_gradient_table does (alpha clamped
// to [0, 1]). A curve is `steps` (value, next value − value) pairs over [0, 1]: at x, clamped to
// [0, 1], s = x·steps, k = min(⌊s⌋, steps − 1), value_k + difference_k·(s − k).
void tsr_generic_rgb_table(const double *offsets, const double *colors, int32_t count, int32_t size,
                           const double *toLinearSRGB, const double *decode, const double *encode, int32_t steps,
                           uint32_t *out);

#endif
