// A gradient's colour table (TesseraRaster's GradientTable), built in C: a gradient layer whose
// stops animate builds one every frame, and in Swift each entry cost about 155 instructions
// (overflow checks of the integer conversions, branches of the clamps).
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

#endif
