/* Overworld figures on the sample ROM's world (the real layout, our data): load the
 * whole model, save it with everything marked changed (every map recompressed,
 * every list and table re-encoded), and render every area to PNG in memory. */
#include <stdio.h>
#include <string.h>

#include "base/png.h"
#include "bench.h"
#include "zelda3/overworld.h"
#include "zelda3/sample.h"

static bool build(z3_buf *img) {
  z3_error err;
  z3_error_init(&err);
  z3_sample_opts opts = {0};
  if (z3_sample_build(img, &opts, &err) == Z3_OK) return true;
  bench_report_error("overworld", err.message);
  return false;
}

static void bench_load(const bench_ctx *ctx, const z3_buf *img) {
  const char *name = "overworld_load";
  if (!bench_selected(ctx, name)) return;
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom;
  if (z3_rom_from_memory(&rom, img->data, img->len, "sample", &err) != Z3_OK) {
    bench_report_error(name, err.message);
    return;
  }
  double ms[BENCH_RUNS];
  for (int r = 0; r < BENCH_RUNS; r++) {
    z3_overworld *ow;
    double t0 = bench_now_ms();
    z3_status st = z3_ow_load(&ow, rom, &err);
    ms[r] = bench_now_ms() - t0;
    if (st) {
      z3_rom_free(rom);
      bench_report_error(name, err.message);
      return;
    }
    z3_ow_free(ow);
  }
  z3_rom_free(rom);
  bench_report(name, ms, BENCH_RUNS, ",\"areas\":160");
}

static void mark_all_dirty(z3_overworld *ow) {
  ow->tile16_dirty = ow->tile32_dirty = true;
  for (int id = 0; id < Z3_OW_AREA_COUNT; id++) ow->areas[id].map_dirty = ow->areas[id].props_dirty = true;
  for (int s = 0; s < Z3_OW_STATES; s++)
    for (int i = 0; i < z3_ow_sprite_list_count(s); i++) ow->sprites[s][i].dirty = true;
  for (int i = 0; i < Z3_OW_LIST_AREAS; i++) ow->items[i].dirty = true;
}

static void bench_save(const bench_ctx *ctx, const z3_buf *img) {
  const char *name = "overworld_save_everything";
  if (!bench_selected(ctx, name)) return;
  z3_error err;
  z3_error_init(&err);
  double ms[BENCH_RUNS];
  for (int r = 0; r < BENCH_RUNS; r++) {
    z3_rom *rom;
    z3_overworld *ow = NULL;
    z3_status st = z3_rom_from_memory(&rom, img->data, img->len, "sample", &err);
    if (st == Z3_OK) st = z3_ow_load(&ow, rom, &err);
    if (st == Z3_OK) mark_all_dirty(ow);
    double t0 = bench_now_ms();
    if (st == Z3_OK) st = z3_ow_save(ow, rom, &err);
    ms[r] = bench_now_ms() - t0;
    z3_ow_free(ow);
    z3_rom_free(rom);
    if (st) {
      bench_report_error(name, err.message);
      return;
    }
  }
  bench_report(name, ms, BENCH_RUNS, ",\"maps_recompressed\":160");
}

/* with_png: also encode each picture (the PNG encoder dominates: about 10 ms per 1024x1024). */
static void bench_render(const bench_ctx *ctx, const z3_buf *img, bool with_png) {
  const char *name = with_png ? "overworld_render_all_areas_png" : "overworld_render_all_areas_pixels";
  if (!bench_selected(ctx, name)) return;
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom;
  z3_overworld *ow = NULL;
  if (z3_rom_from_memory(&rom, img->data, img->len, "sample", &err) != Z3_OK || z3_ow_load(&ow, rom, &err) != Z3_OK) {
    z3_rom_free(rom);
    bench_report_error(name, err.message);
    return;
  }
  double ms[BENCH_RUNS];
  size_t areas = 0, png_bytes = 0;
  z3_buf png;
  z3_buf_init(&png);
  z3_status st = Z3_OK;
  for (int r = 0; r < BENCH_RUNS && st == Z3_OK; r++) {
    areas = png_bytes = 0;
    double t0 = bench_now_ms();
    for (int id = 0; id < Z3_OW_AREA_COUNT && st == Z3_OK; id++) {
      if (ow->areas[id].parent != id) continue; /* parts of a large area are drawn with it */
      z3_ow_image pic;
      st = z3_ow_render(ow, rom, id, &pic, &err);
      if (st == Z3_OK && with_png)
        st = z3_png_write_indexed(&png, pic.width, pic.height, pic.pixels, (const uint8_t(*)[4])pic.palette, 128, &err);
      z3_ow_image_release(&pic);
      areas++, png_bytes += png.len;
    }
    ms[r] = bench_now_ms() - t0;
  }
  z3_buf_release(&png);
  z3_ow_free(ow);
  z3_rom_free(rom);
  if (st) {
    bench_report_error(name, err.message);
    return;
  }
  char extra[96];
  if (with_png) snprintf(extra, sizeof extra, ",\"areas\":%zu,\"png_bytes\":%zu", areas, png_bytes);
  else snprintf(extra, sizeof extra, ",\"areas\":%zu", areas);
  bench_report(name, ms, BENCH_RUNS, extra);
}

void bench_overworld(const bench_ctx *ctx) {
  if (!bench_selected(ctx, "overworld_load") && !bench_selected(ctx, "overworld_save_everything") &&
      !bench_selected(ctx, "overworld_render_all_areas_png") &&
      !bench_selected(ctx, "overworld_render_all_areas_pixels"))
    return;
  z3_buf img;
  z3_buf_init(&img);
  if (build(&img)) {
    bench_load(ctx, &img);
    bench_save(ctx, &img);
    bench_render(ctx, &img, false);
    bench_render(ctx, &img, true);
  }
  z3_buf_release(&img);
}
