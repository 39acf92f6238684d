// The kernels' level as their entry points read it (simd/targets.h): one relaxed load of the
// process's state (simd/level.c) where the level is known and no thread has overridden it, else
// tsr_kernel_level.
#ifndef TSR_LEVEL_H
#define TSR_LEVEL_H
#include "CTesseraSIMD.h"
#include <stdatomic.h>

// Set in tsr_level_state once any thread has called tsr_kernel_level_override.
enum { TSR_LEVEL_OVERRIDDEN = 0x100 };

// The process's level in the low byte, 0 until detected, and TSR_LEVEL_OVERRIDDEN.
extern _Atomic int tsr_level_state;

static inline int tsr_level_now(void) {
    const int s = atomic_load_explicit(&tsr_level_state, memory_order_relaxed);
    return s > 0 && s < TSR_LEVEL_OVERRIDDEN ? s : tsr_kernel_level();
}
#endif
