#ifndef CTESSERA_SIMD_H
#define CTESSERA_SIMD_H
#include <stdint.h>
#endif
