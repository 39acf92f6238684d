// ThorVG's side of Scripts/lottie-speed.py: renders frames of a Lottie file on ThorVG's software
// canvas with no worker thread (tvg_engine_init(0): the main thread only), as `tessera render
// --threads 1 --format rgba -o -` does, and writes each frame's RGBA, straight alpha as Tessera
// writes it (ThorVG's ABGR8888S), to standard output.
//
//     lottie-speed-thorvg FILE WIDTH HEIGHT FRAMES STEP    (frame k at k·STEP of the animation's frames)
//
// Built by the script against the libthorvg of PyPI's thorvg-python. ThorVG's header is not part of
// this repository: the few functions of its C API (thorvg_capi.h, 1.x) used here are declared below.
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef void *Tvg_Canvas, *Tvg_Paint, *Tvg_Animation;
typedef int Tvg_Result;   // 0: success; 5 (insufficient condition) where a frame did not change

Tvg_Result tvg_engine_init(unsigned threads);
Tvg_Result tvg_engine_term(void);
Tvg_Canvas tvg_swcanvas_create(int option);   // 1: the default engine
Tvg_Result tvg_swcanvas_set_target(Tvg_Canvas, uint32_t *buffer, uint32_t stride, uint32_t w, uint32_t h,
                                   int colorspace);   // 2: ABGR8888S, R in the lowest byte, straight alpha
Tvg_Result tvg_canvas_add(Tvg_Canvas, Tvg_Paint);
Tvg_Result tvg_canvas_update(Tvg_Canvas);
Tvg_Result tvg_canvas_draw(Tvg_Canvas, bool clear);
Tvg_Result tvg_canvas_sync(Tvg_Canvas);
Tvg_Result tvg_canvas_destroy(Tvg_Canvas);
Tvg_Animation tvg_animation_new(void);
Tvg_Paint tvg_animation_get_picture(Tvg_Animation);
Tvg_Result tvg_animation_set_frame(Tvg_Animation, float frame);
Tvg_Result tvg_animation_get_total_frame(Tvg_Animation, float *count);
Tvg_Result tvg_picture_load(Tvg_Paint, const char *path);
Tvg_Result tvg_picture_set_size(Tvg_Paint, float w, float h);

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: %s FILE WIDTH HEIGHT FRAMES STEP\n", argv[0]);
        return 64;
    }
    const uint32_t w = (uint32_t)atoi(argv[2]), h = (uint32_t)atoi(argv[3]);
    const int frames = atoi(argv[4]);
    const float step = (float)atof(argv[5]);
    if (tvg_engine_init(0) != 0) return fprintf(stderr, "tvg_engine_init failed\n"), 1;
    uint32_t *buffer = malloc((size_t)w * h * 4);
    Tvg_Canvas canvas = tvg_swcanvas_create(1);
    Tvg_Animation animation = tvg_animation_new();
    Tvg_Paint picture = tvg_animation_get_picture(animation);
    if (!buffer || !canvas || tvg_swcanvas_set_target(canvas, buffer, w, w, h, 2) != 0) {
        return fprintf(stderr, "no canvas\n"), 1;
    }
    if (tvg_picture_load(picture, argv[1]) != 0) return fprintf(stderr, "ThorVG cannot load %s\n", argv[1]), 65;
    tvg_picture_set_size(picture, (float)w, (float)h);
    tvg_canvas_add(canvas, picture);
    float total = 0;
    tvg_animation_get_total_frame(animation, &total);
    for (int k = 0; k < frames; k++) {
        const float frame = k * step;
        tvg_animation_set_frame(animation, frame < total ? frame : total - 1);
        tvg_canvas_update(canvas);
        tvg_canvas_draw(canvas, true);
        tvg_canvas_sync(canvas);
        fwrite(buffer, 4, (size_t)w * h, stdout);
    }
    tvg_canvas_destroy(canvas);
    tvg_engine_term();
    free(buffer);
    return 0;
}
