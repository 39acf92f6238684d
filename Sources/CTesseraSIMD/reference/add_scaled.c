// The multiply-add of the separable blur one element at a time: the oracle of tsr_add_scaled
// (blur.c). A multiply rounded, then an add rounded: never fused.
#include "CTesseraReference.h"

#include "simd/no_fp_contract.h"

void tsr_add_scaled_reference(float *y, const float *x, size_t count, float a) {
    for (size_t i = 0; i < count; i++) {
        const float product = x[i] * a;
        y[i] = y[i] + product;
    }
}
