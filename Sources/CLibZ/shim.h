#include <zlib.h>

/// `inflateInit2(stream, -15)`: a raw deflate stream (no zlib or gzip header), as zip entries hold.
/// `inflateInit2` is a macro, which Swift cannot call; it passes the header's version and the
/// stream's size for zlib to check against the library it is linked with.
static inline int tessera_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -MAX_WBITS);
}
