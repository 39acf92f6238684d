// The multiply-add of the separable blur one element at a time: the oracle of tsr_add_scaled
// (blur.c). A multiply rounded, then an add rounded: never fused.
#include "CTesseraReference.h"

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

void tsr_add_scaled_reference(float *y, const float *x, size_t count, float a) {
    for (size_t i = 0; i < count; i++) {
        const float product = x[i] * a;
        y[i] = y[i] + product;
    }
}
