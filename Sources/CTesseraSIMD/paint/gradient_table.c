#include "simd/no_fp_contract.h"
#include "CTesseraSIMD.h"
#include "paint/table_index.h"
#include "simd/targets.h"

// round(v · 255) for v in [0, 1], halves up: Color.byte's truncation plus one where the
// remainder is at least a half.
static inline uint32_t table_byte(double v) {
    double x = v * 255;
    int64_t whole = (int64_t)x;
    return (uint32_t)(x - (double)whole >= 0.5 ? whole + 1 : whole);
}

// Clamps a mixed component to [0, 1] (mixes of values in [0, 1] may stray by a rounding).
static inline double table_unit(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

static inline uint32_t table_entry(double r, double g, double b, double a) {
    a = table_unit(a);
    return table_byte(table_unit(r) * a) | table_byte(table_unit(g) * a) << 8 | table_byte(table_unit(b) * a) << 16
        | table_byte(a) << 24;
}

// Entries [i0, i1) between stops a and b (offsets o0 < o1): no branches, so that the compiler
// processes several entries per instruction at each level (simd/targets.h), the same IEEE operations
// in each lane, so the same bytes.
static inline __attribute__((always_inline)) void mix_segment_body(int32_t i0, int32_t i1, double last, double o0,
                                                                   double o1, const double *a, const double *b,
                                                                   uint32_t *out) {
    for (int32_t i = i0; i < i1; i++) {
        const double t = (double)i / last;
        const double f = (t - o0) / (o1 - o0);
        out[i] = table_entry(a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f,
                             a[3] + (b[3] - a[3]) * f);
    }
}

TSR_LEVELS_TO_AVX2(mix_segment,
           (int32_t i0, int32_t i1, double last, double o0, double o1, const double *a, const double *b, uint32_t *out),
           (i0, i1, last, o0, o1, a, b, out))

void tsr_gradient_table(const double *offsets, const double *colors, int32_t count, int32_t size, uint32_t *out) {
    // Entry i has t = i / (size − 1): the first colour while t ≤ the first offset, the last from
    // t ≥ the last offset, else the mix between stop j, the last with offset ≤ t, and j + 1.
    const double last = (double)(size - 1);
    const double *first = colors, *final = colors + 4 * (count - 1);
    const int32_t head = tsr_table_first_index(offsets[0], last, size, 1);            // t > first offset
    const int32_t tail = tsr_table_first_index(offsets[count - 1], last, size, 0);    // t ≥ last offset
    const uint32_t firstEntry = table_entry(first[0], first[1], first[2], first[3]);
    const uint32_t finalEntry = table_entry(final[0], final[1], final[2], final[3]);
    for (int32_t i = 0; i < head && i < size; i++) out[i] = firstEntry;
    for (int32_t j = 0; j + 1 < count; j++) {
        if (offsets[j + 1] <= offsets[j]) continue;   // a hard edge: no t lies between
        int32_t i0 = tsr_table_first_index(offsets[j], last, size, 0);
        int32_t i1 = tsr_table_first_index(offsets[j + 1], last, size, 0);
        if (i0 < head) i0 = head;
        if (i1 > tail) i1 = tail;
        if (i0 >= i1) continue;
        TSR_DISPATCH_TO_AVX2(mix_segment, (i0, i1, last, offsets[j], offsets[j + 1], colors + 4 * j, colors + 4 * j + 4, out));
    }
    for (int32_t i = tail > head ? tail : head; i < size; i++) out[i] = finalEntry;
}
