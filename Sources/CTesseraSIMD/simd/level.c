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

#if defined(__x86_64__) || defined(_M_X64)
#include <cpuid.h>

// The CPU's own answer, read here rather than through __builtin_cpu_supports: that builtin links
// compiler-rt's feature table, whose constructor runs about a dozen CPUID instructions at every
// process start, and CPUID traps to the hypervisor on a virtual machine (~3.6 us each on the 2-core
// EPYC VM). Here: two CPUIDs and one XGETBV, at the first kernel call.
enum {
    LEAF1_ECX_OSXSAVE = 1u << 27,
    LEAF1_ECX_AVX = 1u << 28,
    LEAF7_EBX_AVX2 = 1u << 5,
    LEAF7_EBX_AVX512F = 1u << 16,
    LEAF7_EBX_AVX512DQ = 1u << 17,
    LEAF7_EBX_AVX512BW = 1u << 30,
    LEAF7_EBX_AVX512VL = 1u << 31,
    // XCR0: the OS saves (and so allows) the XMM and YMM registers, and AVX-512's opmask and ZMM.
    XCR0_XMM_YMM = 0x6,
    XCR0_OPMASK_ZMM = 0xE0,
};

static unsigned long long read_xcr0(void) {
    unsigned int low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return ((unsigned long long)high << 32) | low;
}

static int cpu_level(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return TSR_LEVEL_BASELINE;
    if ((ecx & (LEAF1_ECX_OSXSAVE | LEAF1_ECX_AVX)) != (LEAF1_ECX_OSXSAVE | LEAF1_ECX_AVX)) return TSR_LEVEL_BASELINE;
    const unsigned long long xcr0 = read_xcr0();
    if ((xcr0 & XCR0_XMM_YMM) != XCR0_XMM_YMM) return TSR_LEVEL_BASELINE;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) || !(ebx & LEAF7_EBX_AVX2)) return TSR_LEVEL_BASELINE;
    const unsigned int avx512 = LEAF7_EBX_AVX512F | LEAF7_EBX_AVX512DQ | LEAF7_EBX_AVX512BW | LEAF7_EBX_AVX512VL;
    if ((ebx & avx512) == avx512 && (xcr0 & XCR0_OPMASK_ZMM) == XCR0_OPMASK_ZMM) return TSR_LEVEL_AVX512;
    return TSR_LEVEL_AVX2;
}
#endif

static int detect(void) {
#if defined(__x86_64__) || defined(_M_X64)
    const int best = cpu_level();
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
