// The one instruction-level detector of the kernels (tsr_kernel_level, CTesseraSIMD.h): the CPU's
// features once per process, capped by TESSERA_SIMD, and a per-thread override for the tests.
#include "simd/level.h"
#include <stdlib.h>
#include <string.h>

enum { LEVEL_BITS = 0xFF };

// Racing first calls compute the same value, so relaxed ordering suffices; atomic because a plain
// int written by several workers is a data race (undefined behaviour, and ThreadSanitizer says so).
_Atomic int tsr_level_state = 0;
static _Thread_local int threadLevel = 0;

static int detect(void) {
#if defined(__x86_64__) || defined(_M_X64)
    // __builtin_cpu_supports checks that the OS saves the wider registers (XCR0) as well.
    __builtin_cpu_init();
    int best = TSR_LEVEL_BASELINE;
    if (__builtin_cpu_supports("avx2")) best = TSR_LEVEL_AVX2;
    if (best == TSR_LEVEL_AVX2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
        best = TSR_LEVEL_AVX512;
    const char *forced = getenv("TESSERA_SIMD");
    if (forced && strcmp(forced, "sse2") == 0) return TSR_LEVEL_BASELINE;
    if (forced && strcmp(forced, "avx2") == 0 && best > TSR_LEVEL_AVX2) return TSR_LEVEL_AVX2;
    return best;
#else
    return TSR_LEVEL_BASELINE;
#endif
}

static int process_state(void) {
    int s = atomic_load_explicit(&tsr_level_state, memory_order_relaxed);
    if ((s & LEVEL_BITS) == 0) {
        atomic_fetch_or_explicit(&tsr_level_state, detect(), memory_order_relaxed);
        s = atomic_load_explicit(&tsr_level_state, memory_order_relaxed);
    }
    return s;
}

int tsr_kernel_level(void) {
    const int s = process_state();
    if ((s & TSR_LEVEL_OVERRIDDEN) && threadLevel != 0) return threadLevel;
    return s & LEVEL_BITS;
}

void tsr_kernel_level_override(int level) {
    const int best = process_state() & LEVEL_BITS;
    threadLevel = level <= 0 ? 0 : (level > best ? best : level);
    if (level > 0) atomic_fetch_or_explicit(&tsr_level_state, TSR_LEVEL_OVERRIDDEN, memory_order_relaxed);
}
