#include "CTesseraPNG.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// ---- writing into a growable memory buffer ----

typedef struct {
    uint8_t *bytes;
    size_t length, capacity;
    int failed;
} Sink;

static void sink_write(png_structp png, png_bytep data, png_size_t length) {
    Sink *sink = (Sink *)png_get_io_ptr(png);
    if (sink->failed) return;
    if (sink->length + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 4096;
        while (capacity < sink->length + length) capacity *= 2;
        uint8_t *grown = realloc(sink->bytes, capacity);
        if (!grown) { sink->failed = 1; png_error(png, "out of memory"); }
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->length, data, length);
    sink->length += length;
}

static void sink_flush(png_structp png) { (void)png; }

// libpng's default error handler prints to stderr; errors are reported by return codes instead.
static void quiet_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }
static void quiet_error(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

int tsr_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                   uint8_t **out, size_t *outLength) {
    *out = NULL;
    *outLength = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, quiet_error, quiet_warning);
    if (!png) return TSR_PNG_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); return TSR_PNG_NO_MEMORY; }
    Sink sink = {NULL, 0, 0, 0};
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(sink.bytes);
        return sink.failed ? TSR_PNG_NO_MEMORY : TSR_PNG_CORRUPT;
    }
    png_set_write_fn(png, &sink, sink_write, sink_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 6);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgba + (size_t)y * stride));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out = sink.bytes;
    *outLength = sink.length;
    return TSR_PNG_OK;
}

// ---- reading from memory, bounds-checked ----

typedef struct {
    const uint8_t *data;
    size_t length, offset;
} Source;

static void source_read(png_structp png, png_bytep out, png_size_t length) {
    Source *source = (Source *)png_get_io_ptr(png);
    if (length > source->length - source->offset) png_error(png, "truncated");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

// Opens a reader on `data`, reads the header and sets the transformations to 8-bit RGBA.
// Returns TSR_PNG_OK with *png/*info set, or an error with nothing left allocated.
static int open_reader(const uint8_t *data, size_t length, Source *source, png_structp *pngOut, png_infop *infoOut) {
    if (length < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) return TSR_PNG_NOT_PNG;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, quiet_error, quiet_warning);
    if (!png) return TSR_PNG_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); return TSR_PNG_NO_MEMORY; }
    *source = (Source){data, length, 0};
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return TSR_PNG_CORRUPT;
    }
    png_set_read_fn(png, source, source_read);
    // Our own size limits are checked by the caller; lift libpng's default 1,000,000 px limit.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
#if defined(PNG_SET_OPTION_SUPPORTED) && defined(PNG_IGNORE_ADLER32)
    // The image data's zlib checksum is not recomputed: every chunk's CRC is still checked, and
    // the Adler-32 pass over the inflated rows costs nearly as much as inflating them.
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_read_info(png, info);
    *pngOut = png;
    *infoOut = info;
    return TSR_PNG_OK;
}

int tsr_png_read_size(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height) {
    Source source;
    png_structp png;
    png_infop info;
    int status = open_reader(data, length, &source, &png, &info);
    if (status != TSR_PNG_OK) return status;
    *width = png_get_image_width(png, info);
    *height = png_get_image_height(png, info);
    png_destroy_read_struct(&png, &info, NULL);
    return TSR_PNG_OK;
}

int tsr_png_decode(const uint8_t *data, size_t length, uint8_t *rgba, uint32_t width, uint32_t height) {
    Source source;
    png_structp png;
    png_infop info;
    int status = open_reader(data, length, &source, &png, &info);
    if (status != TSR_PNG_OK) return status;
    png_bytep *volatile rows = NULL;   // volatile: read after a longjmp
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return TSR_PNG_CORRUPT;
    }
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height)
        png_error(png, "size changed");
    // Normalise every color type and depth to 8-bit RGBA.
    png_set_expand(png);            // palette → RGB, gray < 8 bits → 8 bits, tRNS → alpha
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row size");
    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) rows[y] = rgba + (size_t)y * width * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return TSR_PNG_OK;
}

void tsr_png_free(uint8_t *buffer) { free(buffer); }
