// HarfBuzz (shaping), FreeType (outlines, metrics) and fontconfig (font names to files), for
// CATextLayer: loaded with dlopen the first time text is laid out, not linked. Linked, the three
// and the libraries they need (GLib, Graphite, PCRE2, Brotli, Expat…) are mapped and relocated
// at every start of every program, about 0.6 ms and 100 page faults, which a short render that
// draws no text (most Lottie files) paid as much as for its frames.
//
// Declared here rather than through the libraries' headers, which need their include paths
// (pkg-config's flags would link the libraries again): only what Tessera calls, with the
// libraries' own names, types and layouts (their ABIs are stable: libharfbuzz.so.0,
// libfreetype.so.6, libfontconfig.so.1). A structure FreeType hands out is declared up to the
// last field read. Each function here calls the library's through a table filled once; when the
// libraries cannot be loaded (`tessera_text_libraries_available()` is 0), those that make an
// object fail (FreeType's return an error, the others NULL) and the rest do nothing, so that no
// font loads and no text is drawn.
#ifndef TESSERA_TEXT_LIBRARIES_H
#define TESSERA_TEXT_LIBRARIES_H

#include <stdint.h>

// MARK: FreeType

typedef signed long FT_Pos;
typedef signed long FT_Long;
typedef unsigned long FT_ULong;
typedef signed long FT_Fixed;
typedef int FT_Error;
typedef int FT_Int;
typedef unsigned int FT_UInt;
typedef int32_t FT_Int32;
typedef short FT_Short;
typedef unsigned short FT_UShort;

typedef struct FT_Vector_ {
    FT_Pos x;
    FT_Pos y;
} FT_Vector;

typedef struct FT_BBox_ {
    FT_Pos xMin, yMin, xMax, yMax;
} FT_BBox;

typedef struct FT_Generic_ {
    void *data;
    void (*finalizer)(void *object);
} FT_Generic;

typedef struct FT_Glyph_Metrics_ {
    FT_Pos width, height, horiBearingX, horiBearingY, horiAdvance, vertBearingX, vertBearingY, vertAdvance;
} FT_Glyph_Metrics;

typedef struct FT_Bitmap_ {
    unsigned int rows;
    unsigned int width;
    int pitch;
    unsigned char *buffer;
    unsigned short num_grays;
    unsigned char pixel_mode;
    unsigned char palette_mode;
    void *palette;
} FT_Bitmap;

typedef struct FT_Outline_ {
    short n_contours;
    short n_points;
    FT_Vector *points;
    char *tags;
    short *contours;
    int flags;
} FT_Outline;

#define FT_OUTLINE_EVEN_ODD_FILL 0x2

typedef enum FT_Glyph_Format_ {
    FT_GLYPH_FORMAT_NONE = 0,
    FT_GLYPH_FORMAT_OUTLINE = ('o' << 24) | ('u' << 16) | ('t' << 8) | 'l',
} FT_Glyph_Format;

typedef struct FT_LibraryRec_ *FT_Library;
typedef struct FT_FaceRec_ *FT_Face;
typedef struct FT_GlyphSlotRec_ *FT_GlyphSlot;

// Up to `outline`, the last field read.
typedef struct FT_GlyphSlotRec_ {
    FT_Library library;
    FT_Face face;
    FT_GlyphSlot next;
    FT_UInt glyph_index;
    FT_Generic generic;
    FT_Glyph_Metrics metrics;
    FT_Fixed linearHoriAdvance;
    FT_Fixed linearVertAdvance;
    FT_Vector advance;
    FT_Glyph_Format format;
    FT_Bitmap bitmap;
    FT_Int bitmap_left;
    FT_Int bitmap_top;
    FT_Outline outline;
} FT_GlyphSlotRec;

// Up to `glyph`, the last field read.
typedef struct FT_FaceRec_ {
    FT_Long num_faces;
    FT_Long face_index;
    FT_Long face_flags;
    FT_Long style_flags;
    FT_Long num_glyphs;
    char *family_name;
    char *style_name;
    FT_Int num_fixed_sizes;
    void *available_sizes;
    FT_Int num_charmaps;
    void *charmaps;
    FT_Generic generic;
    FT_BBox bbox;
    FT_UShort units_per_EM;
    FT_Short ascender;
    FT_Short descender;
    FT_Short height;
    FT_Short max_advance_width;
    FT_Short max_advance_height;
    FT_Short underline_position;
    FT_Short underline_thickness;
    FT_GlyphSlot glyph;
} FT_FaceRec;

#define FT_LOAD_NO_SCALE (1L << 0)
#define FT_LOAD_NO_HINTING (1L << 1)
#define FT_LOAD_NO_BITMAP (1L << 3)

typedef int (*FT_Outline_MoveToFunc)(const FT_Vector *to, void *user);
typedef int (*FT_Outline_LineToFunc)(const FT_Vector *to, void *user);
typedef int (*FT_Outline_ConicToFunc)(const FT_Vector *control, const FT_Vector *to, void *user);
typedef int (*FT_Outline_CubicToFunc)(const FT_Vector *control1, const FT_Vector *control2, const FT_Vector *to, void *user);

typedef struct FT_Outline_Funcs_ {
    FT_Outline_MoveToFunc move_to;
    FT_Outline_LineToFunc line_to;
    FT_Outline_ConicToFunc conic_to;
    FT_Outline_CubicToFunc cubic_to;
    int shift;
    FT_Pos delta;
} FT_Outline_Funcs;

// MARK: HarfBuzz

typedef uint32_t hb_codepoint_t;
typedef int32_t hb_position_t;
typedef uint32_t hb_tag_t;
typedef int hb_bool_t;
typedef unsigned int hb_ot_name_id_t;
typedef struct hb_blob_t hb_blob_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_font_t hb_font_t;
typedef struct hb_buffer_t hb_buffer_t;
typedef const struct hb_language_impl_t *hb_language_t;

enum {
    HB_OT_NAME_ID_FONT_FAMILY = 1,
    HB_OT_NAME_ID_FONT_SUBFAMILY = 2,
    HB_OT_NAME_ID_FULL_NAME = 4,
    HB_OT_NAME_ID_POSTSCRIPT_NAME = 6,
    HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY = 16,
    HB_OT_NAME_ID_TYPOGRAPHIC_SUBFAMILY = 17,
};

typedef enum {
    HB_OT_METRICS_TAG_CAP_HEIGHT = ('c' << 24) | ('p' << 16) | ('h' << 8) | 't',
} hb_ot_metrics_tag_t;

typedef struct hb_feature_t {
    hb_tag_t tag;
    uint32_t value;
    unsigned int start;
    unsigned int end;
} hb_feature_t;

typedef struct hb_glyph_extents_t {
    hb_position_t x_bearing;
    hb_position_t y_bearing;
    hb_position_t width;
    hb_position_t height;
} hb_glyph_extents_t;

typedef struct hb_glyph_info_t {
    hb_codepoint_t codepoint;
    uint32_t mask;
    uint32_t cluster;
    uint32_t var1;
    uint32_t var2;
} hb_glyph_info_t;

typedef struct hb_glyph_position_t {
    hb_position_t x_advance;
    hb_position_t y_advance;
    hb_position_t x_offset;
    hb_position_t y_offset;
    uint32_t var;
} hb_glyph_position_t;

// MARK: fontconfig

typedef unsigned char FcChar8;
typedef unsigned int FcChar32;
typedef int FcBool;
typedef struct _FcPattern FcPattern;
typedef struct _FcCharSet FcCharSet;
typedef struct _FcConfig FcConfig;

typedef enum _FcResult {
    FcResultMatch,
    FcResultNoMatch,
    FcResultTypeMismatch,
    FcResultNoId,
    FcResultOutOfMemory
} FcResult;

typedef enum _FcMatchKind { FcMatchPattern, FcMatchFont, FcMatchScan } FcMatchKind;

// MARK: The functions called

/// The libraries' functions, resolved once (NULL when a library or one of them is missing).
struct TesseraTextLibraries {
    FT_Error (*FT_Init_FreeType)(FT_Library *library);
    FT_Error (*FT_Done_FreeType)(FT_Library library);
    FT_Error (*FT_New_Face)(FT_Library library, const char *path, FT_Long index, FT_Face *face);
    FT_Error (*FT_Done_Face)(FT_Face face);
    FT_Error (*FT_Load_Glyph)(FT_Face face, FT_UInt glyph, FT_Int32 flags);
    FT_Error (*FT_Outline_Decompose)(FT_Outline *outline, const FT_Outline_Funcs *funcs, void *user);
    FT_UInt (*FT_Get_Char_Index)(FT_Face face, FT_ULong code);
    FT_Error (*FT_Get_Advance)(FT_Face face, FT_UInt glyph, FT_Int32 flags, FT_Fixed *advance);

    hb_blob_t *(*hb_blob_create_from_file_or_fail)(const char *path);
    void (*hb_blob_destroy)(hb_blob_t *blob);
    hb_face_t *(*hb_face_create)(hb_blob_t *blob, unsigned int index);
    void (*hb_face_destroy)(hb_face_t *face);
    hb_font_t *(*hb_font_create)(hb_face_t *face);
    void (*hb_font_destroy)(hb_font_t *font);
    void (*hb_font_set_scale)(hb_font_t *font, int x, int y);
    void (*hb_font_make_immutable)(hb_font_t *font);
    hb_bool_t (*hb_font_get_nominal_glyph)(hb_font_t *font, hb_codepoint_t unicode, hb_codepoint_t *glyph);
    hb_bool_t (*hb_font_get_glyph_extents)(hb_font_t *font, hb_codepoint_t glyph, hb_glyph_extents_t *extents);
    hb_bool_t (*hb_ot_metrics_get_position)(hb_font_t *font, hb_ot_metrics_tag_t tag, hb_position_t *position);
    unsigned int (*hb_ot_name_get_utf8)(hb_face_t *face, hb_ot_name_id_t name, hb_language_t language, unsigned int *size, char *text);
    hb_buffer_t *(*hb_buffer_create)(void);
    void (*hb_buffer_destroy)(hb_buffer_t *buffer);
    void (*hb_buffer_add_utf8)(hb_buffer_t *buffer, const char *text, int length, unsigned int offset, int itemLength);
    void (*hb_buffer_guess_segment_properties)(hb_buffer_t *buffer);
    void (*hb_shape)(hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features, unsigned int count);
    hb_glyph_info_t *(*hb_buffer_get_glyph_infos)(hb_buffer_t *buffer, unsigned int *length);
    hb_glyph_position_t *(*hb_buffer_get_glyph_positions)(hb_buffer_t *buffer, unsigned int *length);

    FcPattern *(*FcPatternCreate)(void);
    void (*FcPatternDestroy)(FcPattern *pattern);
    FcBool (*FcPatternAddString)(FcPattern *pattern, const char *object, const FcChar8 *value);
    FcBool (*FcPatternAddCharSet)(FcPattern *pattern, const char *object, const FcCharSet *value);
    FcResult (*FcPatternGetString)(const FcPattern *pattern, const char *object, int n, FcChar8 **value);
    FcCharSet *(*FcCharSetCreate)(void);
    void (*FcCharSetDestroy)(FcCharSet *set);
    FcBool (*FcCharSetAddChar)(FcCharSet *set, FcChar32 character);
    FcBool (*FcConfigSubstitute)(FcConfig *config, FcPattern *pattern, FcMatchKind kind);
    void (*FcDefaultSubstitute)(FcPattern *pattern);
    FcPattern *(*FcFontMatch)(FcConfig *config, FcPattern *pattern, FcResult *result);
};

/// The table, loaded on the first call (thread-safe); NULL when the libraries cannot be loaded.
const struct TesseraTextLibraries *tessera_text_libraries(void);

/// 1 when HarfBuzz, FreeType and fontconfig are loaded (loading them the first time), else 0.
int tessera_text_libraries_available(void);

/// Why they could not be loaded (dlopen's message); NULL when they are.
const char *tessera_text_libraries_error(void);

#define TESSERA_TEXT_CALL(name, fallback, ...)                                                      \
    const struct TesseraTextLibraries *libraries = tessera_text_libraries();                       \
    return libraries ? libraries->name(__VA_ARGS__) : fallback
#define TESSERA_TEXT_DO(name, ...)                                                                  \
    const struct TesseraTextLibraries *libraries = tessera_text_libraries();                       \
    if (libraries) libraries->name(__VA_ARGS__)

// FreeType's error for a missing library: its own "cannot open resource" (1).
static inline FT_Error FT_Init_FreeType(FT_Library *library) {
    *library = 0;
    TESSERA_TEXT_CALL(FT_Init_FreeType, 1, library);
}
static inline FT_Error FT_Done_FreeType(FT_Library library) { TESSERA_TEXT_CALL(FT_Done_FreeType, 1, library); }
static inline FT_Error FT_New_Face(FT_Library library, const char *path, FT_Long index, FT_Face *face) {
    *face = 0;
    TESSERA_TEXT_CALL(FT_New_Face, 1, library, path, index, face);
}
static inline FT_Error FT_Done_Face(FT_Face face) { TESSERA_TEXT_CALL(FT_Done_Face, 1, face); }
static inline FT_Error FT_Load_Glyph(FT_Face face, FT_UInt glyph, FT_Int32 flags) { TESSERA_TEXT_CALL(FT_Load_Glyph, 1, face, glyph, flags); }
static inline FT_Error FT_Outline_Decompose(FT_Outline *outline, const FT_Outline_Funcs *funcs, void *user) {
    TESSERA_TEXT_CALL(FT_Outline_Decompose, 1, outline, funcs, user);
}
static inline FT_UInt FT_Get_Char_Index(FT_Face face, FT_ULong code) { TESSERA_TEXT_CALL(FT_Get_Char_Index, 0, face, code); }
static inline FT_Error FT_Get_Advance(FT_Face face, FT_UInt glyph, FT_Int32 flags, FT_Fixed *advance) {
    TESSERA_TEXT_CALL(FT_Get_Advance, 1, face, glyph, flags, advance);
}

static inline hb_blob_t *hb_blob_create_from_file_or_fail(const char *path) { TESSERA_TEXT_CALL(hb_blob_create_from_file_or_fail, 0, path); }
static inline void hb_blob_destroy(hb_blob_t *blob) { TESSERA_TEXT_DO(hb_blob_destroy, blob); }
static inline hb_face_t *hb_face_create(hb_blob_t *blob, unsigned int index) { TESSERA_TEXT_CALL(hb_face_create, 0, blob, index); }
static inline void hb_face_destroy(hb_face_t *face) { TESSERA_TEXT_DO(hb_face_destroy, face); }
static inline hb_font_t *hb_font_create(hb_face_t *face) { TESSERA_TEXT_CALL(hb_font_create, 0, face); }
static inline void hb_font_destroy(hb_font_t *font) { TESSERA_TEXT_DO(hb_font_destroy, font); }
static inline void hb_font_set_scale(hb_font_t *font, int x, int y) { TESSERA_TEXT_DO(hb_font_set_scale, font, x, y); }
static inline void hb_font_make_immutable(hb_font_t *font) { TESSERA_TEXT_DO(hb_font_make_immutable, font); }
static inline hb_bool_t hb_font_get_nominal_glyph(hb_font_t *font, hb_codepoint_t unicode, hb_codepoint_t *glyph) {
    TESSERA_TEXT_CALL(hb_font_get_nominal_glyph, 0, font, unicode, glyph);
}
static inline hb_bool_t hb_font_get_glyph_extents(hb_font_t *font, hb_codepoint_t glyph, hb_glyph_extents_t *extents) {
    TESSERA_TEXT_CALL(hb_font_get_glyph_extents, 0, font, glyph, extents);
}
static inline hb_bool_t hb_ot_metrics_get_position(hb_font_t *font, hb_ot_metrics_tag_t tag, hb_position_t *position) {
    TESSERA_TEXT_CALL(hb_ot_metrics_get_position, 0, font, tag, position);
}
static inline unsigned int hb_ot_name_get_utf8(hb_face_t *face, hb_ot_name_id_t name, hb_language_t language, unsigned int *size, char *text) {
    TESSERA_TEXT_CALL(hb_ot_name_get_utf8, 0, face, name, language, size, text);
}
static inline hb_buffer_t *hb_buffer_create(void) { TESSERA_TEXT_CALL(hb_buffer_create, 0); }
static inline void hb_buffer_destroy(hb_buffer_t *buffer) { TESSERA_TEXT_DO(hb_buffer_destroy, buffer); }
static inline void hb_buffer_add_utf8(hb_buffer_t *buffer, const char *text, int length, unsigned int offset, int itemLength) {
    TESSERA_TEXT_DO(hb_buffer_add_utf8, buffer, text, length, offset, itemLength);
}
static inline void hb_buffer_guess_segment_properties(hb_buffer_t *buffer) { TESSERA_TEXT_DO(hb_buffer_guess_segment_properties, buffer); }
static inline void hb_shape(hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features, unsigned int count) {
    TESSERA_TEXT_DO(hb_shape, font, buffer, features, count);
}
static inline hb_glyph_info_t *hb_buffer_get_glyph_infos(hb_buffer_t *buffer, unsigned int *length) {
    TESSERA_TEXT_CALL(hb_buffer_get_glyph_infos, 0, buffer, length);
}
static inline hb_glyph_position_t *hb_buffer_get_glyph_positions(hb_buffer_t *buffer, unsigned int *length) {
    TESSERA_TEXT_CALL(hb_buffer_get_glyph_positions, 0, buffer, length);
}

static inline FcPattern *FcPatternCreate(void) { TESSERA_TEXT_CALL(FcPatternCreate, 0); }
static inline void FcPatternDestroy(FcPattern *pattern) { TESSERA_TEXT_DO(FcPatternDestroy, pattern); }
static inline FcBool FcPatternAddString(FcPattern *pattern, const char *object, const FcChar8 *value) {
    TESSERA_TEXT_CALL(FcPatternAddString, 0, pattern, object, value);
}
static inline FcBool FcPatternAddCharSet(FcPattern *pattern, const char *object, const FcCharSet *value) {
    TESSERA_TEXT_CALL(FcPatternAddCharSet, 0, pattern, object, value);
}
static inline FcResult FcPatternGetString(const FcPattern *pattern, const char *object, int n, FcChar8 **value) {
    TESSERA_TEXT_CALL(FcPatternGetString, FcResultNoMatch, pattern, object, n, value);
}
static inline FcCharSet *FcCharSetCreate(void) { TESSERA_TEXT_CALL(FcCharSetCreate, 0); }
static inline void FcCharSetDestroy(FcCharSet *set) { TESSERA_TEXT_DO(FcCharSetDestroy, set); }
static inline FcBool FcCharSetAddChar(FcCharSet *set, FcChar32 character) { TESSERA_TEXT_CALL(FcCharSetAddChar, 0, set, character); }
static inline FcBool FcConfigSubstitute(FcConfig *config, FcPattern *pattern, FcMatchKind kind) {
    TESSERA_TEXT_CALL(FcConfigSubstitute, 0, config, pattern, kind);
}
static inline void FcDefaultSubstitute(FcPattern *pattern) { TESSERA_TEXT_DO(FcDefaultSubstitute, pattern); }
static inline FcPattern *FcFontMatch(FcConfig *config, FcPattern *pattern, FcResult *result) {
    *result = FcResultNoMatch;
    TESSERA_TEXT_CALL(FcFontMatch, 0, config, pattern, result);
}

#undef TESSERA_TEXT_CALL
#undef TESSERA_TEXT_DO

#endif
