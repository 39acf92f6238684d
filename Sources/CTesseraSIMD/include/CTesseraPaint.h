#ifndef CTESSERA_PAINT_H
#define CTESSERA_PAINT_H
// Paint kernels of TesseraRaster: what a covered pixel is made of (gradients, image patterns, both
// also under a projection) and how it is composited (blend modes). The fine stage of a painted fill
// draws one row span at a time with tsr_paint_row, which is, byte for byte, three passes over small
// buffers:
//
//     coverage  (tsr_coverage_row: accumulation cells → 8-bit coverage)
//     paint     (tsr_paint_colors: the source colour of each pixel, e.g. tsr_gradient_row)
//     blend     (tsr_blend_row: source scaled by coverage, composited with the blend mode)
//
// and with an integer blend mode one fused pass (paint/paint_row.c).
//
// Conventions as in CTesseraSIMD.h: premultiplied RGBA8 as little-endian 32-bit words (R in
// the lowest byte). Pixel (x, y) is sampled at its centre (x + 0.5, y + 0.5). Every kernel has a
// scalar `_reference` version: the test oracle, which the SIMD versions match byte for byte.
#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a gradient or image pattern shows outside its [0, 1] range or its texels.
enum tsr_extend {
    TSR_EXTEND_PAD = 0,       // the nearest end (edge texel) continues
    TSR_EXTEND_REPEAT = 1,    // tiles
    TSR_EXTEND_REFLECT = 2,   // tiles, every other one mirrored
    TSR_EXTEND_NONE = 3,      // transparent outside (images only)
};

// MARK: Coverage

/// One accumulation row to coverage: cells [start, end] (of a row as tsr_accumulate_lines writes
/// it) become coverage bytes coverage[0 … end − start], non-zero or even-odd, with the same
/// arithmetic as tsr_fill_accumulated_rows; the cells are zeroed on the way.
void tsr_coverage_row(float *cells, int32_t start, int32_t end, int evenOdd, uint8_t *coverage);

// MARK: Gradients

enum tsr_gradient_kind {
    TSR_GRADIENT_LINEAR = 0,
    TSR_GRADIENT_RADIAL = 1,
    TSR_GRADIENT_CONIC = 2,
};

/// A gradient as given. Device pixel centre (px, py) maps to gradient space (u, v) by
///     u = xx·px + xy·py + x0,   v = yx·px + yy·py + y0
/// (the inverse of gradient space → device). In gradient space:
/// - linear: t = ((u, v) − p0) · (p1 − p0) / |p1 − p0|²;
/// - radial (two circles, CoreGraphics' drawRadialGradient and Cairo's radial pattern): circles
///   c(t) = p0 + t·(p1 − p0), r(t) = r0 + t·(r1 − r0); t is the largest value with r(t) ≥ 0 and
///   |(u, v) − c(t)| = r(t); a pixel with no such t is transparent (0);
/// - conic (sweep): t = the angle of (u, v) − p0, measured from `angle` (radians) in the
///   direction of increasing angle (clockwise on a y-down device), divided by 2π, in [0, 1).
/// Then t is extended (pad: clamped to [0, 1]; repeat: t − floor(t); reflect: the triangle wave)
/// and looked up: table[round(t · (tableSize − 1))].
typedef struct tsr_gradient_spec {
    int32_t kind;             // enum tsr_gradient_kind
    int32_t extend;           // TSR_EXTEND_PAD, _REPEAT or _REFLECT
    const uint32_t *table;    // tableSize premultiplied colours: entry i is the colour at t = i / (tableSize − 1)
    int32_t tableSize;        // 2 … 2^23
    /// Non-zero where every entry's colour channels are at most its alpha, as a premultiplied
    /// colour's are (the sRGB tables by construction): source-over then cannot pass 255, and the
    /// painted rows skip its saturation. 0 always gives the right bytes.
    int32_t premultiplied;
    double xx, yx, xy, yy, x0, y0;
    double p0x, p0y, p1x, p1y;
    double r0, r1;
    double angle;
} tsr_gradient_spec;

/// A gradient ready for the kernels: what tsr_gradient_prepare derives from a tsr_gradient_spec
/// once, so that a row costs only its start (136 bytes: the renderer copies it per row span). The
/// fields are internal to gradient.c; only `table` may be replaced (by a table of the same size,
/// premultiplied where the spec's was).
/// A zeroed tsr_gradient paints nothing.
typedef struct tsr_gradient {
    const uint32_t *table;
    int32_t path;             // how rows are computed (gradient.c); 0: the gradient paints nothing
    int32_t extend;           // the extend mode, checked
    float scale;              // tableSize − 1 (exact in float: tableSize ≤ 2^23)
    int32_t direct;           // radial: the roots by the reciprocal of a (gradient.c)
    int32_t premultiplied;    // the spec's, 0 or 1
    // Two affine functions of the device pixel centre (px, py): A = ax·px + ay·py + a0, B likewise.
    // Linear: A = t. Radial with the focal point at the centre: (A, B) = ((u, v) − p0) / r1 (then
    // t = √(A² + B²)). Other radial, conic: (A, B) = (u, v) − p0.
    double ax, ay, a0, bx, by, b0;
    // Radial: p1 − p0, r1 − r0, r0, a = |p1 − p0|² − (r1 − r0)² (0 where rounding noise), 1 / a.
    double cdx, cdy, dr, r0, a, invA;
    // Conic: the start angle in turns.
    double turn0;
} tsr_gradient;

/// The kernels' form of `spec` into `gradient`. Returns 0, and a gradient that paints nothing,
/// when a parameter the kind uses is NaN or infinite, or a value derived from them overflows, or
/// `spec` breaks its contract (no table, a table size outside 2 … 2^23, an unknown kind or
/// extend).
int tsr_gradient_prepare(const tsr_gradient_spec *spec, tsr_gradient *gradient);

/// The gradient's colours of the `count` pixels (x … x + count − 1, y) into out.
void tsr_gradient_row(const tsr_gradient *gradient, int32_t x, int32_t y, size_t count, uint32_t *out);
void tsr_gradient_row_reference(const tsr_gradient *gradient, int32_t x, int32_t y, size_t count, uint32_t *out);

// MARK: Image patterns

enum tsr_image_filter {
    TSR_FILTER_NEAREST = 0,
    TSR_FILTER_BILINEAR = 1,
};

/// An image as a paint. Device pixel centre (px, py) maps to image space (u, v) as for
/// gradients. Texel (k, l) covers [k, k + 1) × [l, l + 1). Nearest: the texel containing (u, v).
/// Bilinear: the four texels around (u − 0.5, v − 0.5), weights fract(u − 0.5), fract(v − 0.5)
/// rounded to 1/128. Texel indices outside the image are extended (pad: clamped; repeat: modulo;
/// reflect: mirrored; none: a transparent texel). The arithmetic (reference/image.c): each row's
/// mapping rounded once to 32.32 fixed point, so that a pixel's (u, v) is exact integer arithmetic
/// on its x (the same however a row is split), u and v clamped to ±2²¹ texels; 7-bit weights,
/// horizontal then vertical, as pixman's.
typedef struct tsr_image_pattern {
    const uint32_t *pixels;   // premultiplied RGBA8
    int32_t width, height;    // ≥ 1
    size_t stride;            // in pixels, ≥ width
    int32_t extend;           // enum tsr_extend
    int32_t filter;           // enum tsr_image_filter
    double xx, yx, xy, yy, x0, y0;
} tsr_image_pattern;

/// The pattern's colours of the `count` pixels (x … x + count − 1, y) into out.
void tsr_image_row(const tsr_image_pattern *pattern, int32_t x, int32_t y, size_t count, uint32_t *out);
void tsr_image_row_reference(const tsr_image_pattern *pattern, int32_t x, int32_t y, size_t count, uint32_t *out);

// MARK: Projective paints

/// A plane-to-plane projective map (a homography) of device pixel centres (px, py) into a paint's
/// space (where a projected command's paint lies: its path's space, then the paint's own transform):
///     W = wx·px + wy·py + w0,   u = (ux·px + uy·py + u0) / W,   v = (vx·px + vy·py + v0) / W.
/// A row's U, V and W are computed at its first pixel in double, then pixel i adds i times the step
/// (never an accumulated sum), and u, v are the IEEE quotients: the same in every kernel. A pixel
/// with W ≤ 0 (or NaN) has no point in front of the eye: it is transparent (0), and nothing is
/// divided by its W.
typedef struct tsr_homography {
    double ux, uy, u0, vx, vy, v0, wx, wy, w0;
} tsr_homography;

/// A gradient seen through a homography, prepared by tsr_projective_gradient_prepare: the
/// gradient's A and B (see tsr_gradient) are affine in the paint-space point (u, v), so they are
/// quotients of affine functions of the device pixel centre, over the map's W. `gradient` holds
/// their numerators as its affine functions.
typedef struct tsr_projective_gradient {
    tsr_gradient gradient;
    double wx, wy, w0;        // W
} tsr_projective_gradient;

/// The kernels' form of `spec` under `map` (device → gradient space; the spec's own affine map,
/// xx … y0, is ignored). Returns 0, and a gradient that paints nothing, where
/// tsr_gradient_prepare would, or where a composed coefficient is not finite.
int tsr_projective_gradient_prepare(const tsr_gradient_spec *spec, const tsr_homography *map,
                                    tsr_projective_gradient *gradient);

/// The gradient's colours of the `count` pixels (x … x + count − 1, y) into out: per pixel
/// A = Â / W and B = B̂ / W, then t, its extension and the table lookup as gradient.c's double
/// loops compute them (all pixels in double: no float loops).
void tsr_projective_gradient_row(const tsr_projective_gradient *gradient, int32_t x, int32_t y, size_t count,
                                 uint32_t *out);
void tsr_projective_gradient_row_reference(const tsr_projective_gradient *gradient, int32_t x, int32_t y,
                                           size_t count, uint32_t *out);

/// One mipmap level of an image: its texels, `width` per row, rows contiguous.
typedef struct tsr_image_level {
    const uint32_t *pixels;
    int32_t width, height;
} tsr_image_level;

/// An image pattern seen through a homography. `map` sends device pixel centres into texel space
/// of `levels[0]`; a pixel's (u, v) is sampled as tsr_image_pattern samples it (the extend mode,
/// nearest or bilinear with 7-bit weights, the clamp at ±2²¹ texels), its 32.32 coordinates
/// rounded from (u, v) per pixel rather than stepped along the row.
///
/// With `levelCount` > 1 (trilinear), each pixel picks its level from the local stretch of the
/// map: ρ², the larger squared length of (∂u/∂px, ∂v/∂px) and (∂u/∂py, ∂v/∂py), picks level
/// round(log₂ ρ) as ImagePattern.Filter.trilinear does (level L where 2^(2L−1) ≤ ρ² < 2^(2L+1)),
/// capped at levelCount − 1; (u, v) is scaled into that level's texels by its width and height over
/// level 0's, and sampled bilinearly there.
typedef struct tsr_projective_image {
    const tsr_image_level *levels;   // levelCount levels, each the halving of the one before
    int32_t levelCount;              // ≥ 1
    int32_t extend;                  // enum tsr_extend
    int32_t filter;                  // enum tsr_image_filter (bilinear when levelCount > 1)
    tsr_homography map;
} tsr_projective_image;

void tsr_projective_image_row(const tsr_projective_image *image, int32_t x, int32_t y, size_t count, uint32_t *out);
void tsr_projective_image_row_reference(const tsr_projective_image *image, int32_t x, int32_t y, size_t count,
                                        uint32_t *out);

// MARK: Blend modes

/// CoreGraphics' CGBlendMode, with its raw values: the W3C Compositing and Blending Level 1
/// blend modes, then the Porter-Duff operators and plusDarker / plusLighter; then, from 28, the
/// Core Image blend modes Core Animation takes as compositing filters that CGBlendMode lacks
/// (formulas in blend_modes.c).
enum tsr_blend_mode {
    TSR_BLEND_NORMAL = 0, TSR_BLEND_MULTIPLY = 1, TSR_BLEND_SCREEN = 2, TSR_BLEND_OVERLAY = 3,
    TSR_BLEND_DARKEN = 4, TSR_BLEND_LIGHTEN = 5, TSR_BLEND_COLOR_DODGE = 6, TSR_BLEND_COLOR_BURN = 7,
    TSR_BLEND_SOFT_LIGHT = 8, TSR_BLEND_HARD_LIGHT = 9, TSR_BLEND_DIFFERENCE = 10, TSR_BLEND_EXCLUSION = 11,
    TSR_BLEND_HUE = 12, TSR_BLEND_SATURATION = 13, TSR_BLEND_COLOR = 14, TSR_BLEND_LUMINOSITY = 15,
    TSR_BLEND_CLEAR = 16, TSR_BLEND_COPY = 17, TSR_BLEND_SOURCE_IN = 18, TSR_BLEND_SOURCE_OUT = 19,
    TSR_BLEND_SOURCE_ATOP = 20, TSR_BLEND_DESTINATION_OVER = 21, TSR_BLEND_DESTINATION_IN = 22,
    TSR_BLEND_DESTINATION_OUT = 23, TSR_BLEND_DESTINATION_ATOP = 24, TSR_BLEND_XOR = 25,
    TSR_BLEND_PLUS_DARKER = 26, TSR_BLEND_PLUS_LIGHTER = 27,
    TSR_BLEND_LINEAR_BURN = 28, TSR_BLEND_LINEAR_DODGE = 29, TSR_BLEND_LINEAR_LIGHT = 30,
    TSR_BLEND_PIN_LIGHT = 31, TSR_BLEND_VIVID_LIGHT = 32, TSR_BLEND_HARD_MIX = 33, TSR_BLEND_SUBTRACT = 34,
    TSR_BLEND_DIVIDE = 35, TSR_BLEND_DARKER_COLOR = 36, TSR_BLEND_LIGHTER_COLOR = 37,
};

/// Composites `count` source pixels onto dst: each source pixel is first scaled by its coverage
/// (coverage[i] / 255; coverage NULL means 255 everywhere) and by a constant `opacity` (0–255;
/// larger values count as 255), then combined with the destination by `mode` (an unknown mode
/// composites as normal). For the modes that are linear in the premultiplied source (all but the
/// six below, plusLighter and plusDarker) scaling the source is the same as interpolating between
/// the destination and the full result: that is how anti-aliasing and opacity mix in. For clear,
/// copy, sourceIn, sourceOut, destinationIn and destinationAtop a transparent source still changes
/// the destination (coverage 0 gives OP(0, d)): CoreGraphics' meaning within the clip. src may be
/// dst itself; otherwise the two rows do not overlap.
void tsr_blend_row(uint32_t *dst, const uint32_t *src, const uint8_t *coverage, size_t count, uint32_t opacity,
                   int32_t mode);
void tsr_blend_row_reference(uint32_t *dst, const uint32_t *src, const uint8_t *coverage, size_t count,
                             uint32_t opacity, int32_t mode);

/// tsr_blend_row with one source colour for every pixel (a solid paint), byte for byte the same as
/// tsr_blend_row given a row of `count` copies of `color` (its oracle is therefore
/// tsr_blend_row_reference on such a row), without that row: the scaled colour of a fully covered
/// group is computed once per row.
void tsr_blend_solid_row(uint32_t *dst, uint32_t color, const uint8_t *coverage, size_t count, uint32_t opacity,
                         int32_t mode);

// MARK: Painted rows

enum tsr_paint_kind {
    TSR_PAINT_SOLID = 0,                  // `color`
    TSR_PAINT_GRADIENT = 1,               // `gradient`
    TSR_PAINT_IMAGE = 2,                  // `image`
    TSR_PAINT_PROJECTIVE_GRADIENT = 3,    // `projectiveGradient`
    TSR_PAINT_PROJECTIVE_IMAGE = 4,       // `projectiveImage`
};

/// A paint as the fine stage takes it: where a pixel's source colour comes from (by `kind`; only
/// that field is read), and how the source is composited.
typedef struct tsr_paint {
    int32_t kind;             // enum tsr_paint_kind
    uint32_t color;           // premultiplied RGBA8
    uint32_t opacity;         // 0–255 (larger counts as 255)
    int32_t mode;             // enum tsr_blend_mode
    tsr_gradient gradient;
    tsr_image_pattern image;
    tsr_projective_gradient projectiveGradient;
    tsr_projective_image projectiveImage;
} tsr_paint;

/// The paint's source colours (before coverage, opacity and blend) of pixels x … x + count − 1 of
/// row y into out.
void tsr_paint_colors(const tsr_paint *paint, int32_t x, int32_t y, size_t count, uint32_t *out);

/// The paint composited onto `count` pixels (device pixels x … x + count − 1 of row y, `pixels`
/// pointing at the first) through the given coverage bytes (a mask's values; NULL: 255 everywhere):
/// tsr_paint_colors into `colors` (a scratch row of `count` entries), then tsr_blend_row.
void tsr_paint_coverage_row(const uint8_t *coverage, int32_t x, int32_t y, size_t count, const tsr_paint *paint,
                            uint32_t *pixels, uint32_t *colors);

/// One row of a painted fill: the accumulation cells [start, end] of row y (as tsr_coverage_row
/// takes them; zeroed on the way) to coverage, and the paint composited through it onto `count`
/// pixels (device pixels start … start + count − 1; count ≤ end − start + 1, `pixels` points at the
/// first). The row's pixels exist up to `width` − 1 and its cells up to `width` + 1 (end ≤ width + 1,
/// as tsr_accumulate_lines writes them). `coverage` and `colors` are scratch rows of at least
/// end − start + 1 entries. The bytes are those of the three
/// passes tsr_coverage_row, tsr_paint_colors and tsr_blend_row; with an integer blend mode
/// (all but the float ones: overlay, the dodges, burns and lights, and the non-separable modes) one
/// fused pass over blocks of 16 pixels gives them, skipping the source colours of blocks without
/// coverage (paint/paint_row.c).
void tsr_paint_row(float *cells, int32_t start, int32_t end, int32_t width, int evenOdd, int32_t y, size_t count,
                   const tsr_paint *paint, uint32_t *pixels, uint8_t *coverage, uint32_t *colors);

/// tsr_paint_row for the band-local rows [firstRow, endRow) of a fill, as tsr_fill_accumulated_rows
/// takes them (CTesseraSIMD.h): row r is device row bandY + r, its cells are `accumulation + r ·
/// stride` and its pixels `pixels + r · pixelStride`; a row with rowMax[r] ≥ 0 is painted over
/// pixels [rowMin[r], min(rowMax[r], width − 1)] from cells [rowMin[r], rowMax[r]], and its rowMin /
/// rowMax reset to INT32_MAX / −1. Pixels outside a row's span are not touched, so this is only
/// for modes that leave pixels without coverage as they are (the bounded ones, CTesseraPaint.h's
/// blend modes); one call per band instead of one per row.
///
/// Only the pixels of the window, device columns [windowLeft, windowRight), must be painted, with the
/// bytes above; those outside it are left as they are or painted as above, whichever is cheaper (a
/// group's content outside the area it is composited over is never shown). A row span without a
/// pixel in the window is not painted, only its cells zeroed; of one that has some, the fused pass
/// of the normal mode paints only the 16-pixel blocks (counted from the span's start) that hold
/// pixels of the window, but for solid colours (the other modes paint the whole span). INT32_MIN and
/// INT32_MAX: every column, without these checks.
void tsr_paint_rows(float *accumulation, size_t stride, int32_t *rowMin, int32_t *rowMax, int32_t firstRow,
                    int32_t endRow, int32_t bandY, int32_t width, int evenOdd, const tsr_paint *paint, uint32_t *pixels,
                    size_t pixelStride, uint8_t *coverage, uint32_t *colors, int32_t windowLeft, int32_t windowRight);

/// tsr_paint_row as the three passes always, with the reference versions of the paint and blend
/// kernels: the oracle of the fused pass.
void tsr_paint_row_reference(float *cells, int32_t start, int32_t end, int evenOdd, int32_t y, size_t count,
                             const tsr_paint *paint, uint32_t *pixels, uint8_t *coverage, uint32_t *colors);

#ifdef __cplusplus
}
#endif
#endif
