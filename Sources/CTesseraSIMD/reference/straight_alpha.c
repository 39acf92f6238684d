// Straight-alpha bytes one channel at a time: the oracle of tsr_straight_rgba_row
// (export/straight_alpha.c).
#include "CTesseraReference.h"

void tsr_straight_rgba_row_reference(uint8_t *out, const uint32_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        const uint32_t a = pixels[i] >> 24;
        for (int k = 0; k < 3; k++) {
            const uint32_t c = (pixels[i] >> (8 * k)) & 0xFF;
            const uint32_t straight = a == 0 ? 0 : (c * 255 * 2 + a) / (2 * a);
            out[4 * i + k] = (uint8_t)(straight > 255 ? 255 : straight);
        }
        out[4 * i + 3] = (uint8_t)a;
    }
}
