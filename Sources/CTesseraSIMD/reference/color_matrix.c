// The oracle of tsr_color_matrix_row (color_matrix.c): one pixel at a time, the same float
// operations in the same order.
#include "CTesseraSIMD.h"
#include "simd/no_fp_contract.h"

static float unit(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }

// Output component `c`: (((m₀·r + m₁·g) + m₂·b) + m₃·a) + bias, clamped to [0, 1].
static float component(const tsr_color_matrix *matrix, int c, const float s[4]) {
    const float *m = matrix->m + 4 * c;
    float sum = m[0] * s[0];
    sum = sum + m[1] * s[1];
    sum = sum + m[2] * s[2];
    sum = sum + m[3] * s[3];
    return unit(sum + matrix->m[16 + c]);
}

void tsr_color_matrix_row_reference(uint32_t *pixels, size_t count, const tsr_color_matrix *matrix) {
    for (size_t i = 0; i < count; i++) {
        const uint32_t p = pixels[i], alpha = p >> 24;
        if (alpha == 0) continue;
        const float a = (float)alpha;
        const float s[4] = {(float)(p & 255) / a, (float)((p >> 8) & 255) / a, (float)((p >> 16) & 255) / a,
                            a / 255.0f};
        const uint32_t outA = (uint32_t)(int32_t)(component(matrix, 3, s) * 255.0f + 0.5f);
        const float scale = (float)outA;
        uint32_t out = outA << 24;
        for (int c = 0; c < 3; c++) out |= (uint32_t)(int32_t)(component(matrix, c, s) * scale + 0.5f) << (8 * c);
        pixels[i] = out;
    }
}
