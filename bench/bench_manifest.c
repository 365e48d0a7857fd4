/*
 * Manifest figure: what changed between two 2 MiB ROMs in game terms. The
 * sample, expanded to 2 MiB, against a copy with a hack's typical edits made
 * through the model (a message rewritten, so every later message shifts; a
 * sprite added to a room, so its list moves) plus 4 KiB of new code in the
 * expanded area. The manifest is checked before any time is reported.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "zelda3/dungeon.h"
#include "zelda3/gfx.h"
#include "zelda3/manifest.h"
#include "zelda3/merge.h"
#include "zelda3/sample.h"
#include "zelda3/text.h"

static z3_status edit(z3_rom *rom, z3_error *err) {
  z3_text text;
  z3_status st = z3_text_load(rom, &text, err);
  if (st) return st;
  st = z3_text_set(&text, 1, "A longer first line than the sample had, to shift the rest.", false, err);
  if (!st) st = z3_text_save(&text, rom, err);
  z3_text_release(&text);
  z3_dungeon *d = NULL;
  if (!st) st = z3_dungeon_load(rom, &d, err);
  z3_room_sprite s = {0};
  s.id = 0x41, s.x = 8, s.y = 9;
  size_t index;
  if (!st) st = z3_room_add_sprite(d, 0x12, &s, &index, err);
  if (!st) st = z3_dungeon_save(d, rom, err);
  z3_dungeon_free(d);
  uint8_t code[4096];
  for (size_t i = 0; i < sizeof code; i++) code[i] = (uint8_t)(0xA9 + i * 7);
  if (!st) st = z3_rom_write(rom, 0x180000, code, sizeof code, "bench code", err);
  return st;
}

static bool looks_right(const json_t *m) {
  const json_t *summary = json_object_get(m, "summary");
  return json_integer_value(json_object_get(summary, "rooms")) == 1 &&
         json_integer_value(json_object_get(summary, "messages")) == 1 &&
         json_integer_value(json_object_get(summary, "unmodelled_bytes")) + json_integer_value(json_object_get(summary, "free_space_bytes")) >= 4000;
}

void bench_manifest(const bench_ctx *ctx) {
  const char *name = "manifest_2mib_hack";
  if (!bench_selected(ctx, name)) return;
  z3_error err;
  z3_error_init(&err);
  z3_rom *a = NULL, *b = NULL;
  z3_status st = z3_sample_rom(&a, NULL, &err);
  if (!st) st = z3_rom_expand(a, 2u << 20, &err);
  if (!st) st = z3_rom_from_memory(&b, a->data.data, a->data.len, "hack", &err);
  if (!st) st = edit(b, &err);
  double ms[BENCH_RUNS];
  for (int i = -1; i < BENCH_RUNS && !st; i++) {
    json_t *m = NULL;
    double t0 = bench_now_ms();
    st = z3_manifest_build(a, b, &m, &err);
    double t1 = bench_now_ms();
    if (!st && !looks_right(m)) st = z3_error_set(&err, Z3_E_INTERNAL, "the manifest missed an edit");
    json_decref(m);
    if (i >= 0) ms[i] = t1 - t0;
  }
  if (st) bench_report_error(name, err.message);
  else bench_report(name, ms, BENCH_RUNS, ",\"rom_bytes\":2097152");
  z3_rom_free(a);
  z3_rom_free(b);
}

/* Merge figure: two hacks of the sample (a message and a room's sprites on one
 * side, a palette and 4 KiB of code on the other), merged without conflict. */
static z3_status palette_and_code(z3_rom *rom, z3_error *err) {
  uint8_t colour[2] = {0x08, 0x23}, code[4096];
  for (size_t i = 0; i < sizeof code; i++) code[i] = (uint8_t)(0xEA ^ i);
  z3_status st = z3_rom_write(rom, 0xDD308 + 4, colour, sizeof colour, "bench palette", err);
  if (!st) st = z3_rom_write(rom, 0x1C0000, code, sizeof code, "bench code", err);
  return st;
}

void bench_merge(const bench_ctx *ctx) {
  const char *name = "merge_two_hacks_2mib";
  if (!bench_selected(ctx, name)) return;
  z3_error err;
  z3_error_init(&err);
  z3_rom *base = NULL, *ours = NULL, *theirs = NULL;
  z3_status st = z3_sample_rom(&base, NULL, &err);
  if (!st) st = z3_rom_expand(base, 2u << 20, &err);
  if (!st) st = z3_rom_from_memory(&ours, base->data.data, base->data.len, "ours", &err);
  if (!st) st = z3_rom_from_memory(&theirs, base->data.data, base->data.len, "theirs", &err);
  if (!st) st = edit(ours, &err);
  if (!st) st = palette_and_code(theirs, &err);
  z3_merge_opts opts = {{Z3_MERGE_NONE}};
  double ms[BENCH_RUNS];
  for (int i = -1; i < BENCH_RUNS && !st; i++) {
    z3_buf out;
    z3_buf_init(&out);
    z3_merge_result res;
    double t0 = bench_now_ms();
    st = z3_merge(base, ours, theirs, &opts, &out, &res, &err);
    double t1 = bench_now_ms();
    if (!st && (res.conflicts || memcmp(out.data + 0x1C0000, theirs->data.data + 0x1C0000, 4096) != 0))
      st = z3_error_set(&err, Z3_E_INTERNAL, "the merge lost an edit");
    json_decref(res.report);
    z3_buf_release(&out);
    if (i >= 0) ms[i] = t1 - t0;
  }
  if (st) bench_report_error(name, err.message);
  else bench_report(name, ms, BENCH_RUNS, ",\"rom_bytes\":2097152");
  z3_rom_free(base);
  z3_rom_free(ours);
  z3_rom_free(theirs);
}
