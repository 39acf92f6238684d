// Loads HarfBuzz, FreeType and fontconfig on first use (see TextLibraries.h).
#include "TextLibraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

static struct TesseraTextLibraries table;
static const struct TesseraTextLibraries *loaded;
static const char *failure;
static pthread_once_t once = PTHREAD_ONCE_INIT;

// The names the libraries' ABIs go by: Debian's libharfbuzz0b, libfreetype6 and libfontconfig1;
// on macOS Homebrew's, which the loader does not search for by name alone.
#ifdef __APPLE__
static const char *const harfbuzzNames[] = {"libharfbuzz.0.dylib", "/opt/homebrew/lib/libharfbuzz.0.dylib",
                                            "/usr/local/lib/libharfbuzz.0.dylib", NULL};
static const char *const freetypeNames[] = {"libfreetype.6.dylib", "/opt/homebrew/lib/libfreetype.6.dylib",
                                            "/usr/local/lib/libfreetype.6.dylib", NULL};
static const char *const fontconfigNames[] = {"libfontconfig.1.dylib", "/opt/homebrew/lib/libfontconfig.1.dylib",
                                              "/usr/local/lib/libfontconfig.1.dylib", NULL};
#else
static const char *const harfbuzzNames[] = {"libharfbuzz.so.0", NULL};
static const char *const freetypeNames[] = {"libfreetype.so.6", NULL};
static const char *const fontconfigNames[] = {"libfontconfig.so.1", NULL};
#endif

// dlerror's message, kept (the next dl call overwrites its own).
static char message[512];

static void fail(void) {
    const char *reason = dlerror();
    strncpy(message, reason ? reason : "unknown error", sizeof message - 1);
    failure = message;
}

// The first of `names` that loads; NULL (and `failure` set) when none does.
static void *openFirst(const char *const *names) {
    for (; *names; names++) {
        void *library = dlopen(*names, RTLD_NOW | RTLD_LOCAL);
        if (library) return library;
    }
    fail();
    return NULL;
}

// Resolves `symbol` in `library` into `*slot`; 0 (and `failure` set) when it is missing.
static int resolve(void *library, const char *symbol, void **slot) {
    *slot = dlsym(library, symbol);
    if (!*slot) fail();
    return *slot != NULL;
}

#define RESOLVE(library, name) ok = ok && resolve(library, #name, (void **)&table.name)

static void load(void) {
    // Kept for the life of the process (the faces loaded from them are): never closed.
    void *harfbuzz = openFirst(harfbuzzNames);
    void *freetype = harfbuzz ? openFirst(freetypeNames) : NULL;
    void *fontconfig = freetype ? openFirst(fontconfigNames) : NULL;
    if (!fontconfig) return;
    int ok = 1;
    RESOLVE(freetype, FT_Init_FreeType);
    RESOLVE(freetype, FT_Done_FreeType);
    RESOLVE(freetype, FT_New_Face);
    RESOLVE(freetype, FT_Done_Face);
    RESOLVE(freetype, FT_Load_Glyph);
    RESOLVE(freetype, FT_Outline_Decompose);
    RESOLVE(freetype, FT_Get_Char_Index);
    RESOLVE(freetype, FT_Get_Advance);
    RESOLVE(harfbuzz, hb_blob_create_from_file_or_fail);
    RESOLVE(harfbuzz, hb_blob_destroy);
    RESOLVE(harfbuzz, hb_face_create);
    RESOLVE(harfbuzz, hb_face_destroy);
    RESOLVE(harfbuzz, hb_font_create);
    RESOLVE(harfbuzz, hb_font_destroy);
    RESOLVE(harfbuzz, hb_font_set_scale);
    RESOLVE(harfbuzz, hb_font_make_immutable);
    RESOLVE(harfbuzz, hb_font_get_nominal_glyph);
    RESOLVE(harfbuzz, hb_font_get_glyph_extents);
    RESOLVE(harfbuzz, hb_ot_metrics_get_position);
    RESOLVE(harfbuzz, hb_ot_name_get_utf8);
    RESOLVE(harfbuzz, hb_buffer_create);
    RESOLVE(harfbuzz, hb_buffer_destroy);
    RESOLVE(harfbuzz, hb_buffer_add_utf8);
    RESOLVE(harfbuzz, hb_buffer_guess_segment_properties);
    RESOLVE(harfbuzz, hb_shape);
    RESOLVE(harfbuzz, hb_buffer_get_glyph_infos);
    RESOLVE(harfbuzz, hb_buffer_get_glyph_positions);
    RESOLVE(fontconfig, FcPatternCreate);
    RESOLVE(fontconfig, FcPatternDestroy);
    RESOLVE(fontconfig, FcPatternAddString);
    RESOLVE(fontconfig, FcPatternAddCharSet);
    RESOLVE(fontconfig, FcPatternGetString);
    RESOLVE(fontconfig, FcCharSetCreate);
    RESOLVE(fontconfig, FcCharSetDestroy);
    RESOLVE(fontconfig, FcCharSetAddChar);
    RESOLVE(fontconfig, FcConfigSubstitute);
    RESOLVE(fontconfig, FcDefaultSubstitute);
    RESOLVE(fontconfig, FcFontMatch);
    if (ok) loaded = &table;
}

const struct TesseraTextLibraries *tessera_text_libraries(void) {
    pthread_once(&once, load);
    return loaded;
}

int tessera_text_libraries_available(void) { return tessera_text_libraries() != NULL; }

const char *tessera_text_libraries_error(void) {
    return tessera_text_libraries() ? NULL : failure;
}
