// Image pattern sampling, one pixel at a time in plain C: the oracle that tsr_image_row
// (paint/image.c) matches byte for byte. The arithmetic, shared by all of them:
//
// 1. Per row, in doubles, no fused multiply-add, in this order (h = 0.5 for bilinear, 0 for nearest):
//        py = y + 0.5
//        cu = ((xx·0.5 + xy·py) + x0) − h,   cv = ((yx·0.5 + yy·py) + y0) − h
//    so that pixel x (centre x + 0.5) maps to u − h = cu + xx·x and v − h = cv + yx·x. Each of xx,
//    yx, cu and cv goes to 32.32 fixed point (fixed32): times 2³², clamped to ±2⁶¹ (NaN to −2⁶¹),
//    rounded to the nearest integer (halves away from zero).
// 2. Per pixel, exact integers: U = Cu + dU·x and V = Cv + dV·x (dU = fixed32(xx), …), clamped to
//    ±2⁵³ (±2²¹ texels about the origin). A product past ±2⁶² saturates there first, which does not
//    change the clamped value. So a pixel's coordinates depend on x and y alone, however a row is
//    split, and a span's are an arithmetic progression until the clamp: the SIMD kernels add dU.
//    Repeat and reflect are therefore exact for |u|, |v| < 2²¹ texels and constant beyond.
// 3. Nearest: texel (U >> 32, V >> 32), i.e. (floor(u), floor(v)) up to the 2⁻³² rounding.
//    Bilinear: t = (U + 2²⁴) >> 25, u − 0.5 in 25.7 fixed point rounded to the nearest 1/128
//    (halves up); k0 = t >> 7 (floor division), wx = t & 127; l0 and wy from V likewise. Texel
//    centres, an identity or an integer translation give wx = wy = 0 exactly (their cu, xx are
//    exact in 32.32).
//    Parameters without pixels, or a side below 1 or above 2³⁰, give transparent pixels.
// 4. Texel indices are extended one by one: pad clamps to [0, w − 1]; repeat takes k mod w;
//    reflect takes m = k mod 2w, then m or 2w − 1 − m; none gives a transparent texel outside
//    the image. (k0 + 1 is extended on its own, so repeat wraps it to 0 at the right edge.)
// 5. Bilinear blend, per channel, horizontal first, 7-bit weights (as pixman's), 16-bit values:
//        top    = c00·(128 − wx) + c10·wx                       (≤ 32640)
//        bottom = c01·(128 − wx) + c11·wx
//        mid    = top + (((bottom − top)·wy + 64) >> 7)         (arithmetic shift: floor)
//        out    = (mid + 64) >> 7
//    where c10 is texel (k0 + 1, l0) and c01 is texel (k0, l0 + 1). mid lies between top and
//    bottom (wy ≤ 127), so out ≤ 255; weights 0 give the texel back exactly; every step is
//    monotonic in every texel and the same for all four channels, so colour ≤ alpha is preserved.
#include "CTesseraPaint.h"

#include "simd/no_fp_contract.h"

#include "paint/image_row.h"
#include <string.h>

// Steps 1 to 3 above, written once in paint/image_row.h (the row's constants, then each pixel on its
// own) and used as they stand here: the SIMD kernels are checked against this per-pixel form.
void tsr_image_row_reference(const tsr_image_pattern *pattern, int32_t x, int32_t y, size_t count, uint32_t *out) {
    tsr_image_row_setup row;
    if (!tsr_image_row_setup_make(pattern, y, &row)) {
        memset(out, 0, count * sizeof(uint32_t));
        return;
    }
    tsr_image_row_scalar(&row, x, count, out);
}
