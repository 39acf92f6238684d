#ifndef CTESSERA_JPEG_H
#define CTESSERA_JPEG_H
// libjpeg(-turbo) behind plain C functions over pointers and lengths. libjpeg reports errors
// through an error manager that must not return; here it longjmps back into the call, so no
// error reaches Swift as anything but a return code, and nothing is printed.
#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    TSR_JPEG_OK = 0,
    TSR_JPEG_NOT_JPEG = 1,             // no JPEG start-of-image marker
    TSR_JPEG_CORRUPT = 2,              // libjpeg rejected the data (bad marker, data ending before the image, ...)
    TSR_JPEG_UNSUPPORTED_COLOR = 3,    // CMYK or YCCK (Adobe's), or a component count other than 1 or 3
    TSR_JPEG_NO_MEMORY = 4,
};

/// Reads the size of a JPEG from its header, without decoding its pixels; also checks that its
/// colour space is one tsr_jpeg_decode takes (grayscale, YCbCr or RGB).
int tsr_jpeg_read_size(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height);

/// Decodes a JPEG (baseline or progressive, grayscale or colour) to opaque RGBA8 rows of
/// `width * 4` bytes in `rgba`, which holds `width * height * 4` bytes for the size
/// tsr_jpeg_read_size gave. libjpeg's default (accurate integer) inverse DCT and fancy upsampling.
int tsr_jpeg_decode(const uint8_t *data, size_t length, uint8_t *rgba, uint32_t width, uint32_t height);

#ifdef __cplusplus
}
#endif
#endif
