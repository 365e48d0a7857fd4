/*
 * The structured half of rom merge for the overworld: area maps merged as
 * maps, not as bytes.
 *
 * An area's map is two compressed streams behind a pointer table; a hack that
 * edits a map recompresses it and, when it grew, moves it into free space.
 * Byte by byte, two hacks that moved different areas' maps into the same free
 * space conflict. Here each area's tile32 grid is read from all three ROMs,
 * taken from the side that changed it, and the overworld model writes the
 * merged maps, finding room for what grew. The bytes the maps own in any of
 * the three ROMs (streams and their pointer tables) stay at the base's value
 * in the byte merge, so the writer starts from the base's layout.
 */
#include <stdio.h>
#include <string.h>

#include "zelda3/merge_internal.h"
#include "zelda3/overworld.h"

/* Bytes that are map data in one image count as map bytes only when no image
 * holds other data there, as for rooms. */
static bool map_kind(const z3_region *r) {
  return r && (r->kind == Z3_REGION_AREA_MAP ||
               (r->kind == Z3_REGION_TABLE && r->part == Z3_TABLE_AREA_MAP_POINTERS));
}

bool z3_merge__area_byte(const z3_merge_three *t, size_t i) { return t->ow[0] && z3_merge__owned_by(t, i, map_kind); }

bool z3_merge__areas_load(z3_merge_three *t) {
  for (int k = 0; k < 3; k++) {
    if (z3_ow_load(&t->ow[k], t->rom[k], NULL) != Z3_OK || t->ow[k]->area_count != t->ow[0]->area_count) {
      z3_merge__areas_release(t);
      return false;
    }
  }
  return true;
}

void z3_merge__areas_release(z3_merge_three *t) {
  for (int k = 0; k < 3; k++) z3_ow_free(t->ow[k]), t->ow[k] = NULL;
}

static bool same_map(const z3_ow_area *a, const z3_ow_area *b) { return !memcmp(a->map32, b->map32, sizeof a->map32); }

/* Which image area id's map comes from: 0 (unchanged), 1 or 2. */
static int map_source(const z3_merge_three *t, const z3_merge_opts *opts, int id, z3_merge_result *res,
                      json_t *list) {
  const z3_ow_area *b = &t->ow[0]->areas[id], *o = &t->ow[1]->areas[id], *th = &t->ow[2]->areas[id];
  char what[32];
  snprintf(what, sizeof what, "area 0x%02X map", id);
  z3_merge_part part = {!same_map(o, b), !same_map(th, b), same_map(o, th), what, "areas", b->high.pc};
  return z3_merge__source(&part, opts, res, list);
}

z3_status z3_merge__areas(const z3_merge_three *t, const z3_merge_opts *opts, z3_rom *rom, z3_merge_result *res,
                          json_t *list, z3_error *err) {
  z3_overworld *merged = NULL;
  z3_status st = z3_ow_load(&merged, rom, err);
  for (int id = 0; st == Z3_OK && id < t->ow[0]->area_count; id++) {
    int from = map_source(t, opts, id, res, list);
    if (from == 0) continue;
    res->area_maps_from[from - 1]++;
    z3_ow_area *a = &merged->areas[id];
    memcpy(a->map32, t->ow[from]->areas[id].map32, sizeof a->map32);
    snprintf(a->why, sizeof a->why, "area 0x%02X map taken from %s", id, from == 1 ? "ours" : "theirs");
    a->map_dirty = true;
  }
  if (st == Z3_OK && res->unresolved == 0) st = z3_ow_save(merged, rom, err);
  z3_ow_free(merged);
  return st;
}
