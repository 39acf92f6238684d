// The image kernel (paint/image_kernel.h) at the AVX2 level: see paint/image.c.
#include "CTesseraPaint.h"
#include "paint/image_row.h"
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
#include "simd/level.h"
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define TSR_IMAGE_LEVEL 2   // TSR_LEVEL_AVX2
#define TSR_IMAGE_ROW_AT_LEVEL tsr_image_row_avx2
#define TSR_IMAGE_PIXELS_AT_LEVEL tsr_image_pixels_avx2
#include "paint/image_kernel.h"
#pragma clang attribute pop
#endif
