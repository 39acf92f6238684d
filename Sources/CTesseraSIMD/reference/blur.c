// The blur's passes one lane and one step at a time, with the arithmetic the SIMD kernels of
// blur.c and blur_boxes.c promise (CTesseraBlur.h): their oracles (the fused boxes are three of the
// box filter here, one after the other). The box filter sums its window afresh at every step, so
// that the running sums of the kernels are checked against the definition.
#include "CTesseraReference.h"

#include "simd/no_fp_contract.h"

void tsr_blur_widen_reference(const uint8_t *in, int16_t *out, size_t count) {
    for (size_t i = 0; i < count; i++) out[i] = (int16_t)(in[i] * 128);
}

void tsr_blur_narrow_reference(const int16_t *in, uint8_t *out, size_t count) {
    for (size_t i = 0; i < count; i++) {
        const int32_t v = (in[i] + 64) / 128;   // in[i] ≥ 0: division is the shift
        out[i] = (uint8_t)(v > 255 ? 255 : v);
    }
}

void tsr_blur_box_reference(const int16_t *in, ptrdiff_t inStep, int16_t *out, ptrdiff_t outStep, size_t lanes,
                            size_t count, size_t radius, float alpha, float scale) {
    const ptrdiff_t r = (ptrdiff_t)radius;
    for (size_t i = 0; i < count; i++) {
        for (size_t lane = 0; lane < lanes; lane++) {
            const int16_t *at = in + (ptrdiff_t)i * inStep + (ptrdiff_t)lane;
            int32_t sum = 0;
            for (ptrdiff_t k = -r; k <= r; k++) sum += at[k * inStep];
            const int32_t ends = at[(-r - 1) * inStep] + at[(r + 1) * inStep];
            const float weighted = alpha * (float)ends;
            const float total = (float)sum + weighted;
            const float product = total * scale;
            const float rounded = product + 0.5f;
            out[(ptrdiff_t)i * outStep + (ptrdiff_t)lane] = (int16_t)(int32_t)rounded;
        }
    }
}

void tsr_blur_convolve_reference(const int16_t *in, ptrdiff_t inStep, int16_t *out, ptrdiff_t outStep,
                                 size_t lanes, size_t count, const int16_t *weights, size_t radius) {
    const ptrdiff_t r = (ptrdiff_t)radius;
    for (size_t i = 0; i < count; i++) {
        for (size_t lane = 0; lane < lanes; lane++) {
            int32_t sum = 8192;
            for (ptrdiff_t k = -r; k <= r; k++) {
                sum += (int32_t)weights[k + r] * in[((ptrdiff_t)i + k) * inStep + (ptrdiff_t)lane];
            }
            out[(ptrdiff_t)i * outStep + (ptrdiff_t)lane] = (int16_t)(sum / 16384);   // sum ≥ 0
        }
    }
}
