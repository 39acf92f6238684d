// HarfBuzz (shaping), FreeType (outlines, metrics) and fontconfig (font names to files), for CATextLayer.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_ADVANCES_H
#include <hb.h>
#include <hb-ot.h>
#include <fontconfig/fontconfig.h>
