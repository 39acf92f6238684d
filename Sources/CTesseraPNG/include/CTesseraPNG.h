#ifndef CTESSERA_PNG_H
#define CTESSERA_PNG_H
// libpng behind plain C functions over pointers and lengths. libpng reports errors with longjmp,
// which Swift cannot unwind through, so every libpng call happens here, under setjmp.
#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    TSR_PNG_OK = 0,
    TSR_PNG_NOT_PNG = 1,       // no PNG signature
    TSR_PNG_CORRUPT = 2,       // libpng rejected the data (bad chunk, CRC, truncated, ...)
    TSR_PNG_NO_MEMORY = 3,
};

/// Encodes straight-alpha RGBA8 rows (`stride` bytes apart) as an 8-bit RGBA PNG. On success
/// `*out` is a malloc'd buffer of `*outLength` bytes, released with tsr_png_free.
int tsr_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                   uint8_t **out, size_t *outLength);

/// Reads the size of a PNG without decoding its pixels.
int tsr_png_read_size(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height);

/// Decodes a PNG of any color type and bit depth to straight-alpha RGBA8 rows of `width * 4`
/// bytes in `rgba`, which holds `width * height * 4` bytes for the size tsr_png_read_size gave.
int tsr_png_decode(const uint8_t *data, size_t length, uint8_t *rgba, uint32_t width, uint32_t height);

void tsr_png_free(uint8_t *buffer);

#ifdef __cplusplus
}
#endif
#endif
