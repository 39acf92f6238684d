// Accumulation row → 8-bit coverage, for fills whose paint is not one solid colour (see
// CTesseraPaint.h): the coverage of tsr_fill_accumulated_rows without the blend, four cells at a
// time.
#include "CTesseraPaint.h"
#include "coverage_sse2.h"
#include <string.h>

void tsr_coverage_row(float *cells, int32_t start, int32_t end, int evenOdd, uint8_t *coverage) {
    simde__m128 carry = simde_mm_setzero_ps();
    const ptrdiff_t count = (ptrdiff_t)end - start + 1;
    float *group = cells + start;
    for (ptrdiff_t i = 0; i < count; i += 4, group += 4) {
        // Cells past `end` in the last group are zero (a row's cells are zero outside its extent),
        // and the row has room for them (WorkerScratch.stride).
        simde__m128 deltas = simde_mm_loadu_ps(group);
        simde_mm_storeu_ps(group, simde_mm_setzero_ps());
        simde__m128 winding = simde_mm_add_ps(prefix_sum(deltas), carry);
        carry = simde_mm_shuffle_ps(winding, winding, SIMDE_MM_SHUFFLE(3, 3, 3, 3));
        simde__m128i bytes32 = coverage_bytes(winding, evenOdd);
        simde__m128i bytes16 = simde_mm_packs_epi32(bytes32, bytes32);
        uint32_t packed = (uint32_t)simde_mm_cvtsi128_si32(simde_mm_packus_epi16(bytes16, bytes16));
        if (count - i >= 4) {
            memcpy(coverage + i, &packed, 4);
        } else {
            memcpy(coverage + i, &packed, (size_t)(count - i));
        }
    }
}
