// Premultiplied pixels one channel at a time: the oracle of tsr_premultiply_rgba_row
// (import/premultiply.c).
#include "CTesseraReference.h"

void tsr_premultiply_rgba_row_reference(uint32_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        const uint32_t a = pixels[i] >> 24;
        uint32_t out = a << 24;
        for (int k = 0; k < 3; k++) {
            const uint32_t c = (pixels[i] >> (8 * k)) & 0xFF;
            out |= ((c * a + 127) / 255) << (8 * k);
        }
        pixels[i] = out;
    }
}
