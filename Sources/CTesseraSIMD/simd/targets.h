// A kernel at every level: its body, an always-inline function over the vector types
// (simd/vectors.h), compiled once per level under a target attribute (no global -mavx2, which a
// library target cannot set), and the level picked per call (simd/level.h).
//
//     TSR_LEVELS(blend_span, (uint32_t *p, size_t n), (p, n))   defines blend_span_baseline, _avx2
//                                                               and _avx512, each calling
//                                                               blend_span_body(p, n);
//     TSR_DISPATCH(blend_span, (p, n));                         calls the one of the thread's level.
//
// Off x86-64 there is the baseline alone (NEON on AArch64, through the same vector types).
#ifndef TSR_TARGETS_H
#define TSR_TARGETS_H
#include "simd/level.h"

#if defined(__x86_64__) || defined(_M_X64)
#define TSR_X86_LEVELS 1
#define TSR_TARGET_AVX2 __attribute__((target("avx2")))
#define TSR_TARGET_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512dq,avx512vl")))

#define TSR_LEVELS(name, parameters, arguments)                                                         \
    static void name##_baseline parameters { name##_body arguments; }                                   \
    TSR_TARGET_AVX2 static void name##_avx2 parameters { name##_body arguments; }                       \
    TSR_TARGET_AVX512 static void name##_avx512 parameters { name##_body arguments; }

#define TSR_DISPATCH(name, arguments)                                                                   \
    do {                                                                                                \
        switch (tsr_level_now()) {                                                                   \
        case TSR_LEVEL_AVX512: name##_avx512 arguments; break;                                          \
        case TSR_LEVEL_AVX2: name##_avx2 arguments; break;                                              \
        default: name##_baseline arguments; break;                                                      \
        }                                                                                               \
    } while (0)
#else
#define TSR_LEVELS(name, parameters, arguments) static void name##_baseline parameters { name##_body arguments; }
#define TSR_DISPATCH(name, arguments) name##_baseline arguments
#endif

#endif
