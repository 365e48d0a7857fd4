/*
 * The structured half of rom merge for graphics: sheets merged as sheets.
 *
 * A compressed sheet that one hack redraws is packed again and, when it
 * grew, moved into free space with its pointer; byte by byte, two hacks that
 * moved different sheets into the same free space conflict. Here each sheet's
 * decoded tiles are read from all three ROMs, taken from the side that
 * changed them, and written by the graphics writer, which packs and places
 * them (sheets sharing data follow together). The bytes the sheets own in any
 * of the three ROMs (their data and pointer tables) stay at the base's value
 * in the byte merge.
 */
#include <stdio.h>
#include <string.h>

#include "zelda3/gfx.h"
#include "zelda3/merge_internal.h"

static bool sheet_kind(const z3_region *r) {
  return r && (r->kind == Z3_REGION_SHEET || (r->kind == Z3_REGION_TABLE && r->part == Z3_TABLE_SHEET_POINTERS));
}

bool z3_merge__sheet_byte(const z3_merge_three *t, size_t i) {
  return t->sheets[0] && z3_merge__owned_by(t, i, sheet_kind);
}

bool z3_merge__sheets_load(z3_merge_three *t) {
  for (int k = 0; k < 3; k++) {
    t->sheets[k] = z3_calloc(Z3_SHEET_COUNT, sizeof *t->sheets[k]);
    if (!t->sheets[k]) goto fail;
    for (int i = 0; i < Z3_SHEET_COUNT; i++) {
      z3_buf_init(&t->sheets[k][i]);
      z3_sheet_info info;
      if (z3_gfx_sheet_read(t->rom[k], i, &info, &t->sheets[k][i], NULL) != Z3_OK) goto fail;
    }
  }
  return true;
fail:
  z3_merge__sheets_release(t);
  return false;
}

void z3_merge__sheets_release(z3_merge_three *t) {
  for (int k = 0; k < 3; k++) {
    for (int i = 0; t->sheets[k] && i < Z3_SHEET_COUNT; i++) z3_buf_release(&t->sheets[k][i]);
    z3_free(t->sheets[k]);
    t->sheets[k] = NULL;
  }
}

static bool same(const z3_buf *a, const z3_buf *b) { return a->len == b->len && !memcmp(a->data, b->data, a->len); }

/* Which image sheet i comes from: 0 (unchanged), 1 or 2. */
static int sheet_source(const z3_merge_three *t, const z3_merge_opts *opts, int i, z3_merge_result *res,
                        json_t *list) {
  const z3_buf *b = &t->sheets[0][i], *o = &t->sheets[1][i], *th = &t->sheets[2][i];
  char what[32];
  snprintf(what, sizeof what, "sheet 0x%02X", i);
  z3_merge_part part = {!same(o, b), !same(th, b), same(o, th), what, "sheets", SIZE_MAX};
  return z3_merge__source(&part, opts, res, list);
}

z3_status z3_merge__sheets(const z3_merge_three *t, const z3_merge_opts *opts, z3_rom *rom, z3_merge_result *res,
                           json_t *list, z3_error *err) {
  int from[Z3_SHEET_COUNT];
  for (int i = 0; i < Z3_SHEET_COUNT; i++) from[i] = sheet_source(t, opts, i, res, list);
  if (res->unresolved) return Z3_OK;
  z3_status st = Z3_OK;
  for (int i = 0; st == Z3_OK && i < Z3_SHEET_COUNT; i++) {
    if (from[i] == 0) continue;
    res->sheets_from[from[i] - 1]++;
    const z3_buf *data = &t->sheets[from[i]][i];
    z3_sheet_write_result wr;
    st = z3_gfx_sheet_write(rom, i, data->data, data->len, &wr, err);
  }
  return st;
}
