/* Dungeon figures on the sample ROM (the real layout, our rooms): load all 296
 * rooms, save them with every structure re-encoded, render every room to PNG
 * in memory. */
#include <stdio.h>
#include <string.h>

#include "base/png.h"
#include "bench.h"
#include "zelda3/dungeon.h"
#include "zelda3/dungeon_render.h"
#include "zelda3/sample.h"

static z3_rom *sample(void) {
  z3_error err;
  z3_error_init(&err);
  z3_rom *rom = NULL;
  if (z3_sample_rom(&rom, NULL, &err) != Z3_OK) bench_report_error("dungeon", err.message);
  return rom;
}

static void load_all(const bench_ctx *ctx, const z3_rom *rom) {
  const char *name = "dungeon_load_all_rooms";
  if (!bench_selected(ctx, name)) return;
  double ms[BENCH_RUNS];
  z3_error err;
  z3_error_init(&err);
  for (int r = 0; r < BENCH_RUNS; r++) {
    double t0 = bench_now_ms();
    z3_dungeon *d = NULL;
    if (z3_dungeon_load(rom, &d, &err) != Z3_OK) return bench_report_error(name, err.message);
    ms[r] = bench_now_ms() - t0;
    z3_dungeon_free(d);
  }
  bench_report(name, ms, BENCH_RUNS, ",\"rooms\":296");
}

static void save_all(const bench_ctx *ctx, z3_rom *rom) {
  const char *name = "dungeon_save_all_rooms";
  if (!bench_selected(ctx, name)) return;
  double ms[BENCH_RUNS];
  z3_error err;
  z3_error_init(&err);
  z3_dungeon *d = NULL;
  if (z3_dungeon_load(rom, &d, &err) != Z3_OK) return bench_report_error(name, err.message);
  for (int r = 0; r < BENCH_RUNS; r++) {
    for (int i = 0; i < Z3_ROOM_COUNT; i++) { /* re-encode everything: the worst case of a save */
      z3_room *room = &d->rooms[i];
      room->dirty_header = room->dirty_objects = room->dirty_sprites = room->dirty_message = room->dirty_pots = true;
    }
    d->dirty_chests = true;
    double t0 = bench_now_ms();
    z3_status st = z3_dungeon_save(d, rom, &err);
    ms[r] = bench_now_ms() - t0;
    if (st) return z3_dungeon_free(d), bench_report_error(name, err.message);
  }
  z3_dungeon_free(d);
  bench_report(name, ms, BENCH_RUNS, ",\"rooms\":296,\"reencoded\":true");
}

static void render_all(const bench_ctx *ctx, const z3_rom *rom) {
  const char *name = "dungeon_render_all_rooms_png";
  if (!bench_selected(ctx, name)) return;
  double ms[BENCH_RUNS];
  z3_error err;
  z3_error_init(&err);
  z3_dungeon *d = NULL;
  z3_room_image *img = z3_malloc(sizeof *img);
  z3_buf png;
  z3_buf_init(&png);
  size_t bytes = 0;
  if (!img || z3_dungeon_load(rom, &d, &err) != Z3_OK) return z3_free(img), bench_report_error(name, err.message);
  bool ok = true;
  for (int r = 0; r < BENCH_RUNS && ok; r++) {
    double t0 = bench_now_ms();
    bytes = 0;
    for (int i = 0; i < Z3_ROOM_COUNT && ok; i++) {
      ok = z3_room_render(rom, d, i, Z3_RENDER_ALL, img, &err) == Z3_OK &&
           z3_png_write_indexed(&png, Z3_ROOM_PIXELS, Z3_ROOM_PIXELS, img->pixels, (const uint8_t(*)[4])img->palette,
                                Z3_ROOM_RENDER_COLORS, &err) == Z3_OK;
      bytes += png.len;
    }
    ms[r] = bench_now_ms() - t0;
  }
  char extra[64];
  snprintf(extra, sizeof extra, ",\"rooms\":296,\"png_bytes\":%zu", bytes);
  if (ok) bench_report(name, ms, BENCH_RUNS, extra);
  else bench_report_error(name, err.message);
  z3_buf_release(&png);
  z3_free(img);
  z3_dungeon_free(d);
}

void bench_dungeon(const bench_ctx *ctx) {
  z3_rom *rom = sample();
  if (!rom) return;
  load_all(ctx, rom);
  save_all(ctx, rom);
  render_all(ctx, rom);
  z3_rom_free(rom);
}
