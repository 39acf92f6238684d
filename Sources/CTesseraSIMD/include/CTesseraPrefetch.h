#ifndef CTESSERA_PREFETCH_H
#define CTESSERA_PREFETCH_H
// Software prefetch for Swift callers, which have no intrinsic for it. A frame walks structures
// that the previous frame's pixels have pushed out of the caches (a layer's model and presented
// values, about a kilobyte each); asking for the next ones a few iterations early lets their
// misses overlap the work on the current one.
#include <stddef.h>

/// Hints that the `byteCount` bytes from `address` will be read soon (every cache line of them).
static inline void tsr_prefetch(const void *address, size_t byteCount) {
    for (size_t k = 0; k < byteCount; k += 64) __builtin_prefetch((const char *)address + k, 0, 3);
}
#endif
