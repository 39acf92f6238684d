// The multiply-add rows of AlphaMask.blurred(horizontally:vertically:), the exact sampled Gaussian
// of shadows (SSE2 through SIMDe).
#include "CTesseraSIMD.h"
#include <simde/x86/sse.h>

void tsr_add_scaled(float *y, const float *x, size_t count, float a) {
    const simde__m128 scale = simde_mm_set1_ps(a);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        simde__m128 product = simde_mm_mul_ps(simde_mm_loadu_ps(x + i), scale);
        simde_mm_storeu_ps(y + i, simde_mm_add_ps(simde_mm_loadu_ps(y + i), product));
    }
    for (; i < count; i++) {
        float product = x[i] * a;   // a statement of its own: never contracted into a fused multiply-add
        y[i] += product;
    }
}
