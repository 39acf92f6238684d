#ifndef CTESSERA_SPIN_H
#define CTESSERA_SPIN_H
// The processor's hint for a thread spinning on a value another thread will change: it lets the
// core save power and, on a core shared with another hardware thread, lend it its resources;
// leaving the loop does not pay the pipeline flush of a misread memory order.

/// One wait of a spin loop: `pause` on x86-64, `yield` on AArch64, nothing elsewhere.
static inline void tsr_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

#endif
