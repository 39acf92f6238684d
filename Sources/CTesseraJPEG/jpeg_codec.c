#include "CTesseraJPEG.h"
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>
#include <string.h>

// libjpeg's error manager, made to jump back instead of exiting, and to stay quiet.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
} quiet_errors;

static void jump_back(j_common_ptr info) {
    quiet_errors *errors = (quiet_errors *)info->err;
    longjmp(errors->jump, 1);
}

static void say_nothing(j_common_ptr info) { (void)info; }

// Warnings stay quiet, except that data ending before the image does is an error: the input
// running out (JWRN_JPEG_EOF) or a marker, such as the end-of-image, met before a scan's last
// block (JWRN_HIT_MARKER). libjpeg would pad the missing blocks with grey, so a few hundred bytes
// claiming 16000 × 16000 pixels would decode a gigabyte: a decompression bomb within the size
// limits. Refused where the data runs out, the work stays proportional to the data (a damaged
// file that CoreGraphics would show in part is refused).
static void on_message(j_common_ptr info, int level) {
    if (level < 0 && (info->err->msg_code == JWRN_JPEG_EOF || info->err->msg_code == JWRN_HIT_MARKER)) jump_back(info);
}

static int is_jpeg(const uint8_t *data, size_t length) {
    return length >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF;
}

// Colour spaces libjpeg converts to RGB: grayscale and YCbCr (and RGB itself); not CMYK / YCCK.
static int takes_color_space(const struct jpeg_decompress_struct *info) {
    switch (info->jpeg_color_space) {
    case JCS_GRAYSCALE: return info->num_components == 1;
    case JCS_YCbCr:
    case JCS_RGB: return info->num_components == 3;
    default: return 0;
    }
}

// The body of both calls: the header, then (with `rgba`) the pixels.
static int run(const uint8_t *data, size_t length, uint8_t *rgba, uint32_t *width, uint32_t *height) {
    if (!is_jpeg(data, length)) return TSR_JPEG_NOT_JPEG;
    struct jpeg_decompress_struct info;
    quiet_errors errors;
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = jump_back;
    errors.base.output_message = say_nothing;
    errors.base.emit_message = on_message;
    if (setjmp(errors.jump)) {
        const int outOfMemory = errors.base.msg_code == JERR_OUT_OF_MEMORY;
        jpeg_destroy_decompress(&info);
        return outOfMemory ? TSR_JPEG_NO_MEMORY : TSR_JPEG_CORRUPT;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, (unsigned char *)data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    if (!takes_color_space(&info)) {
        jpeg_destroy_decompress(&info);
        return TSR_JPEG_UNSUPPORTED_COLOR;
    }
    if (!rgba) {
        *width = info.image_width;
        *height = info.image_height;
        jpeg_destroy_decompress(&info);
        return TSR_JPEG_OK;
    }
    if (info.image_width != *width || info.image_height != *height) {
        jpeg_destroy_decompress(&info);
        return TSR_JPEG_CORRUPT;
    }
    // libjpeg-turbo writes RGBA itself (alpha 255); grayscale comes out as one byte, spread below.
    const int gray = info.jpeg_color_space == JCS_GRAYSCALE;
    info.out_color_space = gray ? JCS_GRAYSCALE : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    const size_t stride = (size_t)info.output_width * 4;
    while (info.output_scanline < info.output_height) {
        uint8_t *row = rgba + (size_t)info.output_scanline * stride;
        JSAMPROW rows[1] = {row};
        jpeg_read_scanlines(&info, rows, 1);
        if (gray) {
            // In place, from the right end, so that no byte is overwritten before it is read.
            for (size_t x = info.output_width; x-- > 0;) {
                const uint8_t v = row[x];
                row[4 * x] = v;
                row[4 * x + 1] = v;
                row[4 * x + 2] = v;
                row[4 * x + 3] = 255;
            }
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return TSR_JPEG_OK;
}

int tsr_jpeg_read_size(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height) {
    *width = 0;
    *height = 0;
    return run(data, length, NULL, width, height);
}

int tsr_jpeg_decode(const uint8_t *data, size_t length, uint8_t *rgba, uint32_t width, uint32_t height) {
    if (!rgba) return TSR_JPEG_CORRUPT;
    return run(data, length, rgba, &width, &height);
}
