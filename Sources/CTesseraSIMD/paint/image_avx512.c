// The image kernel (paint/image_kernel.h) at the AVX-512 level: see paint/image.c.
#include "CTesseraPaint.h"
#include "paint/image_row.h"
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
#include "simd/level.h"
#pragma clang attribute push(__attribute__((target("avx2,avx512f,avx512bw,avx512dq,avx512vl"))), apply_to = function)
#define TSR_IMAGE_LEVEL 3   // TSR_LEVEL_AVX512
#define TSR_IMAGE_ROW_AT_LEVEL tsr_image_row_avx512
#include "paint/image_kernel.h"
#pragma clang attribute pop
#endif
