/*
 * Overworld overlays: writing (overlays.h). A dirty area's stores become a
 * compact routine (LDA #tile only when the tile changes, STA abs per store,
 * RTS or RTL); it replaces the old routine in place when that is the area's
 * alone and long enough, otherwise it goes to free space and the area's
 * vector (vanilla word, ZScream long) is pointed at it. Areas that shared
 * the old routine keep it: an edit splits them (they never change silently).
 */
#include <stdio.h>
#include <string.h>

#include "zelda3/gfx.h"
#include "zelda3/overlays.h"

enum { MAX_CODE = Z3_OVL_MAX_STORES * 6 + 1 };

size_t z3_ovl_encode(const z3_ovl_area *a, bool zscream, uint8_t *out, size_t cap) {
  size_t n = 0;
  long loaded = -1; /* A's value: the first store always loads it */
  for (int i = 0; i < a->count; i++) {
    const z3_ovl_store *s = &a->stores[i];
    if (n + 7 > cap) return 0;
    if (loaded != s->tile16) out[n++] = 0xA9, out[n++] = (uint8_t)s->tile16, out[n++] = (uint8_t)(s->tile16 >> 8);
    loaded = s->tile16;
    unsigned addr = 0x2000u + ((unsigned)s->y * 64 + s->x) * 2;
    out[n++] = 0x8D, out[n++] = (uint8_t)addr, out[n++] = (uint8_t)(addr >> 8);
  }
  if (n + 1 > cap) return 0;
  out[n++] = zscream ? 0x6B : 0x60;
  return n;
}

typedef struct place_ctx {
  const z3_overlays *set;
  int area;
} place_ctx;

/* No live routine there, and (vanilla) area 9's vector low byte never
 * becomes 0x6B: that byte is 0x77676, the ZScream marker. */
static bool can_use(void *user, size_t pc, size_t need) {
  const place_ctx *c = user;
  if (!c->set->zscream && c->area == 9 && (pc & 0xFF) == 0x6B) return false;
  z3_ovl_area probe = {.span_count = 1, .spans = {{pc, need}}};
  for (int i = 0; i < Z3_OVL_AREAS; i++)
    if (z3_ovl_shares(&probe, &c->set->areas[i])) return false;
  return true;
}

/* ZScream owns 0x120000-0x127FFF for overlays: any $00/$FF run no routine uses. */
static z3_status find_zscream(const z3_rom *rom, place_ctx *c, size_t need, size_t *out, z3_error *err) {
  size_t end = rom->data.len < Z3_OVL_ZS_DATA_END ? rom->data.len : Z3_OVL_ZS_DATA_END;
  const uint8_t *d = rom->data.data;
  for (size_t at = Z3_OVL_ZS_DATA_PC; at + need <= end; at++) {
    size_t k = 0;
    while (k < need && (d[at + k] == 0x00 || d[at + k] == 0xFF)) k++;
    if (k == need && can_use(c, at, need)) {
      *out = at;
      return Z3_OK;
    }
    at += k;
  }
  return z3_error_set(err, Z3_E_NOT_FOUND, "no room for the overlay of area 0x%02X (%zu bytes) in the ZScream overlay "
                      "region 0x%06X-0x%06zX", c->area, need, Z3_OVL_ZS_DATA_PC, end - 1);
}

static bool in_place(const z3_overlays *set, int i, size_t len) {
  const z3_ovl_area *a = &set->areas[i];
  if (a->unused || a->span_count != 1 || len > a->spans[0].len) return false;
  for (int j = 0; j < Z3_OVL_AREAS; j++)
    if (j != i && z3_ovl_shares(a, &set->areas[j])) return false;
  return true;
}

static z3_status write_vector(z3_overlays *set, z3_rom *rom, int i, size_t pc, const char *reason, z3_error *err) {
  uint32_t snes = 0;
  z3_status st = z3_rom_to_snes(rom, pc, &snes, err);
  if (st) return st;
  uint8_t v[3] = {(uint8_t)snes, (uint8_t)(snes >> 8), (uint8_t)(snes >> 16)};
  size_t at = set->zscream ? Z3_OVL_ZS_TABLE_PC + 3 * (size_t)i : Z3_OVL_VECTOR_PC + 2 * (size_t)i;
  set->areas[i].address = set->zscream ? snes : (0x0E0000u | (snes & 0xFFFF));
  return z3_rom_write_changed(rom, at, v, set->zscream ? 3 : 2, 0, reason, err);
}

static z3_status save_area(z3_overlays *set, z3_rom *rom, int i, z3_error *err) {
  z3_ovl_area *a = &set->areas[i];
  uint8_t code[MAX_CODE];
  size_t len = z3_ovl_encode(a, set->zscream, code, sizeof code);
  char reason[160];
  snprintf(reason, sizeof reason, "%s", a->why[0] ? a->why : "overlay");
  if (in_place(set, i, len)) {
    a->spans[0].len = len;
    return z3_rom_write_changed(rom, a->spans[0].pc, code, len, 0, reason, err);
  }
  place_ctx c = {set, i};
  size_t pc = 0;
  z3_status st = set->zscream ? find_zscream(rom, &c, len, &pc, err)
                              : z3_rom_find_free_in_bank(rom, 0x0E, len, can_use, &c, &pc, err);
  if (st) {
    z3_error_hint(err, "the overlay of area 0x%02X needs %zu bytes; remove stores from it or from other overlays", i, len);
    return st;
  }
  st = z3_rom_write(rom, pc, code, len, reason, err);
  if (st == Z3_OK) st = write_vector(set, rom, i, pc, reason, err);
  if (st == Z3_OK) {
    a->unused = false;
    a->span_count = 1, a->spans[0] = (z3_ovl_span){pc, len};
  }
  return st;
}

z3_status z3_ovl_save(z3_overlays *set, z3_rom *rom, z3_error *err) {
  bool was_zscream = rom->data.len > Z3_OVL_ZS_MARKER_PC && rom->data.data[Z3_OVL_ZS_MARKER_PC] == 0x6B;
  if (was_zscream != set->zscream)
    return z3_error_set(err, Z3_E_INVALID, "the overlays were read from a %s ROM; this one has the other layout",
                        set->zscream ? "ZScream-layout" : "vanilla-layout");
  for (int i = 0; i < Z3_OVL_AREAS; i++) {
    if (!set->areas[i].dirty) continue;
    z3_status st = save_area(set, rom, i, err);
    if (st) return st;
    set->areas[i].dirty = false, set->areas[i].why[0] = 0;
  }
  if (!set->zscream && rom->data.data[Z3_OVL_ZS_MARKER_PC] == 0x6B) /* can_use rules it out; never ship it */
    return z3_error_set_at(err, Z3_E_INTERNAL, Z3_OVL_ZS_MARKER_PC, "a vanilla overlay save set 0x77676 to 0x6B");
  return Z3_OK;
}
