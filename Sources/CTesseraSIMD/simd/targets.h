// A kernel at every level: its body, an always-inline function over the vector types
// (simd/vectors.h), compiled once per level under a target attribute (no global -mavx2, which a
// library target cannot set), and the level picked per call (simd/level.h).
//
//     TSR_LEVELS(fill, (uint32_t *p, size_t n), (p, n))   defines fill_baseline, fill_avx2 and
//                                                         fill_avx512, each calling fill_body(p, n);
//     TSR_DISPATCH(fill, (p, n));                         calls the one of the thread's level.
//
// AVX-512 only where it pays: the same 256-bit code compiled with AVX-512VL measured faster for
// the solid fills and the fused painted rows (whose loops keep their constants in the 16 more
// registers) and slower for the gradient and image rows. The other kernels use TSR_LEVELS_TO_AVX2
// and TSR_DISPATCH_TO_AVX2: their AVX2 version at the AVX-512 level. The accumulation is at
// AVX-512 too, in groups of eight lines (coverage/group_lanes.h).
//
// The body takes scalars and pointers only: a function under a target attribute may not pass
// vectors to one without it (their calling conventions differ). Off x86-64 there is the baseline
// alone (NEON on AArch64, through the same vector types).
#ifndef TSR_TARGETS_H
#define TSR_TARGETS_H
#include "simd/level.h"

// (a, b) as a, b: an argument list's contents.
#define TSR_UNPARENTHESIZED(...) __VA_ARGS__

#if defined(__x86_64__) || defined(_M_X64)
#define TSR_TARGET_AVX2 __attribute__((target("avx2")))
#define TSR_TARGET_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512dq,avx512vl")))

#define TSR_LEVELS(name, parameters, arguments)                                                         \
    static void name##_baseline parameters { name##_body arguments; }                                   \
    TSR_TARGET_AVX2 static void name##_avx2 parameters { name##_body arguments; }                       \
    TSR_TARGET_AVX512 static void name##_avx512 parameters { name##_body arguments; }

// As TSR_LEVELS, the body's first argument the level it is compiled for (a constant there), for a
// kernel whose best strategy differs between levels.
#define TSR_LEVELS_KNOWING_LEVEL(name, parameters, arguments)                                           \
    static void name##_baseline parameters { name##_body(TSR_LEVEL_BASELINE, TSR_UNPARENTHESIZED arguments); } \
    TSR_TARGET_AVX2 static void name##_avx2 parameters {                                                \
        name##_body(TSR_LEVEL_AVX2, TSR_UNPARENTHESIZED arguments);                                     \
    }                                                                                                   \
    TSR_TARGET_AVX512 static void name##_avx512 parameters {                                            \
        name##_body(TSR_LEVEL_AVX512, TSR_UNPARENTHESIZED arguments);                                   \
    }

#define TSR_DISPATCH(name, arguments)                                                                   \
    do {                                                                                                \
        switch (tsr_level_now()) {                                                                   \
        case TSR_LEVEL_AVX512: name##_avx512 arguments; break;                                          \
        case TSR_LEVEL_AVX2: name##_avx2 arguments; break;                                              \
        default: name##_baseline arguments; break;                                                      \
        }                                                                                               \
    } while (0)

#define TSR_LEVELS_TO_AVX2(name, parameters, arguments)                                                 \
    static void name##_baseline parameters { name##_body arguments; }                                   \
    TSR_TARGET_AVX2 static void name##_avx2 parameters { name##_body arguments; }

// TSR_LEVELS_TO_AVX2 for a body that takes its level first, as TSR_LEVELS_KNOWING_LEVEL.
#define TSR_LEVELS_TO_AVX2_KNOWING_LEVEL(name, parameters, arguments)                                   \
    static void name##_baseline parameters { name##_body(TSR_LEVEL_BASELINE, TSR_UNPARENTHESIZED arguments); } \
    TSR_TARGET_AVX2 static void name##_avx2 parameters { name##_body(TSR_LEVEL_AVX2, TSR_UNPARENTHESIZED arguments); }

#define TSR_DISPATCH_TO_AVX2(name, arguments)                                                           \
    do {                                                                                                \
        if (tsr_level_now() >= TSR_LEVEL_AVX2) name##_avx2 arguments;                                   \
        else name##_baseline arguments;                                                                 \
    } while (0)
#else
#define TSR_LEVELS(name, parameters, arguments) static void name##_baseline parameters { name##_body arguments; }
#define TSR_LEVELS_KNOWING_LEVEL(name, parameters, arguments)                                           \
    static void name##_baseline parameters { name##_body(TSR_LEVEL_BASELINE, TSR_UNPARENTHESIZED arguments); }
#define TSR_DISPATCH(name, arguments) name##_baseline arguments
#define TSR_LEVELS_TO_AVX2(name, parameters, arguments) TSR_LEVELS(name, parameters, arguments)
#define TSR_LEVELS_TO_AVX2_KNOWING_LEVEL(name, parameters, arguments)                                   \
    TSR_LEVELS_KNOWING_LEVEL(name, parameters, arguments)
#define TSR_DISPATCH_TO_AVX2(name, arguments) TSR_DISPATCH(name, arguments)
#endif

#endif
