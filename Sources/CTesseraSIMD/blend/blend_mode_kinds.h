// Which blend modes the kernels take which way: shared by blend_modes.c and the fused painted rows
// (paint_row.c). Not part of the public headers.
#ifndef TSR_BLEND_MODE_KINDS_H
#define TSR_BLEND_MODE_KINDS_H
#include "CTesseraPaint.h"

static inline int bm_is_unbounded(int32_t mode) {
    return mode == TSR_BLEND_CLEAR || mode == TSR_BLEND_COPY || mode == TSR_BLEND_SOURCE_IN ||
           mode == TSR_BLEND_SOURCE_OUT || mode == TSR_BLEND_DESTINATION_IN || mode == TSR_BLEND_DESTINATION_ATOP;
}

static inline int bm_is_float(int32_t mode) {
    switch (mode) {
    case TSR_BLEND_OVERLAY: case TSR_BLEND_COLOR_DODGE: case TSR_BLEND_COLOR_BURN: case TSR_BLEND_SOFT_LIGHT:
    case TSR_BLEND_HARD_LIGHT: case TSR_BLEND_HUE: case TSR_BLEND_SATURATION: case TSR_BLEND_COLOR:
    case TSR_BLEND_LUMINOSITY: case TSR_BLEND_LINEAR_BURN: case TSR_BLEND_LINEAR_DODGE: case TSR_BLEND_LINEAR_LIGHT:
    case TSR_BLEND_PIN_LIGHT: case TSR_BLEND_VIVID_LIGHT: case TSR_BLEND_HARD_MIX: case TSR_BLEND_SUBTRACT:
    case TSR_BLEND_DIVIDE: case TSR_BLEND_DARKER_COLOR: case TSR_BLEND_LIGHTER_COLOR:
        return 1;
    default:
        return 0;
    }
}

static inline int32_t bm_valid_mode(int32_t mode) {
    return (mode >= TSR_BLEND_NORMAL && mode <= TSR_BLEND_LIGHTER_COLOR) ? mode : TSR_BLEND_NORMAL;
}

// Whether the mode keeps d by a select where the scaled source is 0: the bounded modes but normal,
// which computes exactly d there.
static inline int bm_selects(int32_t mode) { return mode != TSR_BLEND_NORMAL && !bm_is_unbounded(mode); }

// The integer modes but normal, each a constant in the kernels it instantiates.
#define BM_INTEGER_MODES(X)                                                                              \
    X(TSR_BLEND_MULTIPLY) X(TSR_BLEND_SCREEN) X(TSR_BLEND_DARKEN) X(TSR_BLEND_LIGHTEN)                   \
    X(TSR_BLEND_DIFFERENCE) X(TSR_BLEND_EXCLUSION) X(TSR_BLEND_CLEAR) X(TSR_BLEND_COPY)                 \
    X(TSR_BLEND_SOURCE_IN) X(TSR_BLEND_SOURCE_OUT) X(TSR_BLEND_SOURCE_ATOP)                             \
    X(TSR_BLEND_DESTINATION_OVER) X(TSR_BLEND_DESTINATION_IN) X(TSR_BLEND_DESTINATION_OUT)               \
    X(TSR_BLEND_DESTINATION_ATOP) X(TSR_BLEND_XOR) X(TSR_BLEND_PLUS_DARKER) X(TSR_BLEND_PLUS_LIGHTER)

#endif
