#ifndef CBENCH_MARKERS_H
#define CBENCH_MARKERS_H

/// Calls `body(context)`. `bench --instructions` runs valgrind's callgrind with
/// `--collect-atstart=no --toggle-collect=tessera_bench_counted_frames`, so that exactly the frames
/// run inside this function are counted, not the start-up or the warm-up. Its name is the contract:
/// keep it, and keep it out of line (a C function in its own target, which Swift cannot inline).
void tessera_bench_counted_frames(void (*body)(void *context), void *context);

#endif
