#include "CBenchMarkers.h"

void tessera_bench_counted_frames(void (*body)(void *context), void *context) {
    body(context);
}
