// A row at half resolution one channel at a time: the oracle of tsr_halve_row (blur/halve.c).
#include "CTesseraReference.h"

void tsr_halve_row_reference(uint32_t *out, const uint32_t *top, const uint32_t *bottom, size_t sourceWidth) {
    for (size_t x = 0; x < (sourceWidth + 1) / 2; x++) {
        const size_t left = 2 * x, right = left + 1;
        const uint32_t block[4] = {
            top[left], right < sourceWidth ? top[right] : 0,
            bottom ? bottom[left] : 0, bottom && right < sourceWidth ? bottom[right] : 0,
        };
        uint32_t pixel = 0;
        for (int shift = 0; shift < 32; shift += 8) {
            uint32_t sum = 2;
            for (int k = 0; k < 4; k++) sum += (block[k] >> shift) & 0xFF;
            pixel |= (sum >> 2) << shift;
        }
        out[x] = pixel;
    }
}
