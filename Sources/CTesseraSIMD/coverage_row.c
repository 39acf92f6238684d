// Accumulation row → 8-bit coverage, for fills whose paint is not one solid colour (see
// CTesseraPaint.h): the coverage of tsr_fill_accumulated_rows without the blend, four cells at a
// time (SSE2 through SIMDe) or eight (AVX2, chosen at run time as the span kernels are).
//
// Like the fused kernel (fill_span.c), a row is walked as edges and runs, here by blocks of 16 cells
// (four groups). A block whose cells are all +0.0 (tested as bits) holds no edge: its windings are
// the carry itself, so each of its coverages is that of the carry, which is lane 3 of the previous
// group's coverage (0 before the first group), and its cells need no clearing. Any other block (an
// edge, or a -0.0 cell), the groups after the last whole block and the last, partial group take the
// edge path, the prefix sum. Both give the bytes that the edge path alone would give: adding the
// zero deltas of a run to the carry changes it at most from -0.0 to +0.0, which has the same
// coverage, and leaves every later winding's coverage the same.
#include "CTesseraPaint.h"
#include "coverage_sse2.h"
#include <string.h>

static inline int cov_is_zero(simde__m128i v) {
    return simde_mm_movemask_epi8(simde_mm_cmpeq_epi32(v, simde_mm_setzero_si128())) == 0xFFFF;
}

static inline simde__m128i cov_load_cells(const float *cells) {
    return simde_mm_loadu_si128((const simde__m128i *)cells);
}

// True when all 16 cells from `cells` on are +0.0.
static inline int cov_all_zero_4(const float *cells) {
    return cov_is_zero(simde_mm_or_si128(simde_mm_or_si128(cov_load_cells(cells), cov_load_cells(cells + 4)),
                                         simde_mm_or_si128(cov_load_cells(cells + 8), cov_load_cells(cells + 12))));
}

// `evenOdd` is a constant where this is inlined.
static inline __attribute__((always_inline)) void cov_row(float *cells, int32_t start, int32_t end, int evenOdd,
                                                          uint8_t *coverage) {
    simde__m128 carry = simde_mm_setzero_ps();
    uint32_t run = 0;   // the coverage of the carry, in each byte
    const ptrdiff_t count = (ptrdiff_t)end - start + 1;
    float *row = cells + start;
    ptrdiff_t i = 0;
    // Blocks of four groups: without an edge, the carry's coverage; with one, each group by the edge
    // path. One branch per block: whether a row's groups have edges follows the shape's outline, a
    // branch per group would be mispredicted at each change, and short runs gain little.
    for (; i + 16 <= count; i += 16) {
        if (cov_all_zero_4(row + i)) {
            simde_mm_storeu_si128((simde__m128i *)(coverage + i), simde_mm_set1_epi32((int32_t)run));
            continue;
        }
        simde__m128i b0 = cov_edge_group(row + i, evenOdd, &carry);
        simde__m128i b1 = cov_edge_group(row + i + 4, evenOdd, &carry);
        simde__m128i b2 = cov_edge_group(row + i + 8, evenOdd, &carry);
        simde__m128i b3 = cov_edge_group(row + i + 12, evenOdd, &carry);
        simde__m128i bytes = simde_mm_packus_epi16(simde_mm_packs_epi32(b0, b1), simde_mm_packs_epi32(b2, b3));
        simde_mm_storeu_si128((simde__m128i *)(coverage + i), bytes);
        run = (uint32_t)simde_mm_cvtsi128_si32(simde_mm_shuffle_epi32(bytes, 0xFF));
        run = (run >> 24) * 0x01010101u;
    }
    cov_last_groups(row, i, count, evenOdd, carry, coverage);
}

// MARK: AVX2
//
// The same blocks of 16 cells, each as two groups of eight: the prefix sum within each half as the
// SSE2 code does per group of four, then the low half gets the carry and the high half the low
// half's last winding: the additions of the SSE2 code, each with the same operands in the same
// order, so the bytes are the same. Native intrinsics under a per-function target attribute, as in
// fill_span_avx2.c (SIMDe decides at compile time).
#if defined(__x86_64__) || defined(_M_X64)
#define COV_HAS_AVX2 1
#include "CTesseraSIMD.h"
#include <immintrin.h>
#include "coverage_avx2.h"

#ifdef __OPTIMIZE__
#define COVX_INLINE static inline __attribute__((always_inline, target("avx2")))
#else
#define COVX_INLINE static inline __attribute__((target("avx2")))
#endif

COVX_INLINE void covx_row(float *cells, int32_t start, int32_t end, int evenOdd, uint8_t *coverage) {
    __m256 carry = _mm256_setzero_ps();
    uint32_t run = 0;
    const ptrdiff_t count = (ptrdiff_t)end - start + 1;
    float *row = cells + start;
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m256i both = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(row + i)),
                                       _mm256_loadu_si256((const __m256i *)(row + i + 8)));
        if (_mm256_testz_si256(both, both)) {
            _mm_storeu_si128((__m128i *)(coverage + i), _mm_set1_epi32((int32_t)run));
            continue;
        }
        __m256i low = covx_edge_group(row + i, evenOdd, &carry);
        __m256i high = covx_edge_group(row + i + 8, evenOdd, &carry);
        // [0–3 8–11 | 4–7 12–15] as 16-bit, then bytes, then the four words in order.
        __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(low, high), _mm256_setzero_si256());
        __m128i ordered = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 0, 4, 1, 5)));
        _mm_storeu_si128((__m128i *)(coverage + i), ordered);
        run = ((uint32_t)_mm_extract_epi32(ordered, 3) >> 24) * 0x01010101u;
    }
    cov_last_groups(row, i, count, evenOdd, _mm256_castps256_ps128(carry), coverage);
}

__attribute__((target("avx2"))) static void cov_row_avx2(float *cells, int32_t start, int32_t end, int evenOdd,
                                                         uint8_t *coverage) {
    if (evenOdd) covx_row(cells, start, end, 1, coverage);
    else covx_row(cells, start, end, 0, coverage);
}
#endif

void tsr_coverage_row(float *cells, int32_t start, int32_t end, int evenOdd, uint8_t *coverage) {
#ifdef COV_HAS_AVX2
    if (tsr_kernel_level() == 2) {
        cov_row_avx2(cells, start, end, evenOdd, coverage);
        return;
    }
#endif
    if (evenOdd) cov_row(cells, start, end, 1, coverage);
    else cov_row(cells, start, end, 0, coverage);
}
