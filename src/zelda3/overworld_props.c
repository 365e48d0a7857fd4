/*
 * Overworld area properties: where each lives in this ROM's layout, reading
 * them, saving one area group, and the single-field edits of `overworld
 * set-area`.
 *
 * Vanilla tables are world reference §2.4. ZSCustomOverworld (§6) adds
 * per-area tables at 0x140000 in every version, and v3 moves four vanilla
 * tables: sign messages to 0x1417F8, area palettes to 0x4C635 (the sprite
 * loader's size table it no longer needs), the sprite pointer tables to
 * 0x141438/0x141578/0x1416B8 and the special world's sprite sets to
 * 0x166E1/0x16701 (32 entries each). The places follow the v2 and v3
 * assembly (yaze assets/asm/ZSCustomOverworld*.asm); where the editors differ
 * from it the comment says so.
 */
#include <stdio.h>
#include <string.h>

#include "zelda3/overworld.h"

#define GFX_PC 0x07C9Cu
#define PALETTE_PC 0x07D1Cu
#define SPRITE_GFX_PC 0x07A41u
#define SPRITE_PALETTE_PC 0x07B41u
#define MESSAGE_PC 0x3F51Du
#define MUSIC_LW_PC 0x14303u
#define MUSIC_DW_PC 0x14403u
#define SW_SPRITE_GFX_PC 0x16811u
#define SW_GFX_PC 0x16821u
#define SW_PALETTE_PC 0x16831u
#define SW_SPRITE_PALETTE_PC 0x16841u
enum { SW_TABLE_ENTRIES = 16 };

/* ZSCustomOverworld (world reference §6). */
#define ZS_ENABLES_PC Z3_OW_ZSCUSTOM_ENABLES_PC
#define ZS_BG_COLOR_PC 0x140000u
#define ZS_MAIN_PALETTE_PC 0x140160u
#define ZS_MOSAIC_PC 0x140200u
#define ZS_ANIMATED_PC 0x1402A0u
#define ZS_OVERLAY_PC 0x140340u
#define ZS_TILE_GFX_PC 0x140480u
#define ZS_TABLES_END 0x140980u    /* v1 and v2 tables end here */
#define V3_TABLES_END 0x141938u    /* v3's moved tables end here */
#define V3_MESSAGE_PC 0x1417F8u
#define V3_PALETTE_PC 0x4C635u
#define V3_SW_SPRITE_GFX_PC 0x166E1u
#define V3_SW_SPRITE_PALETTE_PC 0x16701u
static const size_t sprite_tables[Z3_OW_STATES] = {0x4C881, 0x4C901, 0x4CA21};
static const size_t v3_sprite_tables[Z3_OW_STATES] = {0x141438, 0x141578, 0x1416B8};

enum prop_kind { /* the properties of z3_ow_entry */
  PROP_GFX = Z3_OW_ENTRY_GFX, PROP_PALETTE = Z3_OW_ENTRY_PALETTE, PROP_MESSAGE = Z3_OW_ENTRY_MESSAGE,
  PROP_SPRITE_GFX = Z3_OW_ENTRY_SPRITE_GFX, PROP_SPRITE_PALETTE = Z3_OW_ENTRY_SPRITE_PALETTE,
  PROP_MUSIC = Z3_OW_ENTRY_MUSIC, PROP_BG_COLOR = Z3_OW_ENTRY_BG_COLOR, PROP_MAIN_PALETTE = Z3_OW_ENTRY_MAIN_PALETTE,
  PROP_MOSAIC = Z3_OW_ENTRY_MOSAIC, PROP_ANIMATED = Z3_OW_ENTRY_ANIMATED, PROP_OVERLAY = Z3_OW_ENTRY_OVERLAY,
  PROP_TILE_GFX = Z3_OW_ENTRY_TILE_GFX,
};
static bool is_custom(int kind) { return kind >= PROP_BG_COLOR; }
static size_t prop_width(int kind) { return kind == PROP_MESSAGE || kind == PROP_BG_COLOR || kind == PROP_OVERLAY ? 2 : 1; }

const char *const z3_ow_zscustom_enable_names[] = {
    "bg-color", "main-palette", "mosaic", "animated-gfx", "overlay", "version", "beginning-rain", "mire-rain",
    "tile-gfx", NULL,
};

z3_status z3_ow__place_custom(z3_overworld *ow, const z3_rom *rom, z3_error *err) {
  const uint8_t *d = rom->data.data;
  uint8_t v = rom->data.len > Z3_OW_ZSCUSTOM_VERSION_PC ? d[Z3_OW_ZSCUSTOM_VERSION_PC] : 0;
  ow->zscustom = v == 0xFF ? 0 : v; /* 0x00, 0xFF and absent: not installed (layouts.c) */
  for (int s = 0; s < Z3_OW_STATES; s++) ow->sprite_table_pc[s] = ow->zscustom >= 3 ? v3_sprite_tables[s] : sprite_tables[s];
  ow->message_pc = ow->zscustom >= 3 ? V3_MESSAGE_PC : MESSAGE_PC;
  ow->palette_pc = ow->zscustom >= 3 ? V3_PALETTE_PC : PALETTE_PC;
  if (!ow->zscustom) return Z3_OK;
  size_t end = ow->zscustom >= 3 ? V3_TABLES_END : ZS_TABLES_END;
  if (end > rom->data.len) {
    z3_error_set_at(err, Z3_E_INVALID, (int64_t)Z3_OW_ZSCUSTOM_VERSION_PC,
                    "ZSCustomOverworld v%d (byte 0x%02X at 0x140145) keeps tables up to 0x%zX, past the end of this %zu KiB image",
                    ow->zscustom, v, end, rom->data.len / 1024);
    z3_error_hint(err, "ZScream and yaze save such ROMs as 2 MiB files; this one may be cut short");
    return Z3_E_INVALID;
  }
  memcpy(ow->zscustom_enables, d + ZS_ENABLES_PC, sizeof ow->zscustom_enables);
  return Z3_OK;
}

static size_t custom_pc(int kind, int n, int i) {
  switch (kind) {
    case PROP_BG_COLOR: return ZS_BG_COLOR_PC + 2 * (size_t)i;
    case PROP_MAIN_PALETTE: return ZS_MAIN_PALETTE_PC + (size_t)i;
    case PROP_MOSAIC: return ZS_MOSAIC_PC + (size_t)i;
    case PROP_ANIMATED: return ZS_ANIMATED_PC + (size_t)i;
    case PROP_OVERLAY: return ZS_OVERLAY_PC + 2 * (size_t)i;
    default: return ZS_TILE_GFX_PC + 8 * (size_t)i + (size_t)n;
  }
}

/* Where property `kind` (state, music row or sheet `n`) of area i lives in
 * this ROM; 0 = no entry (the special world's vanilla entries are found
 * through its exits instead, see find_special_slot). */
static size_t prop_pc(const z3_overworld *ow, int kind, int n, int i) {
  bool v3 = ow->zscustom >= 3;
  if (i >= Z3_OW_AREA_COUNT) return 0; /* tail maps: every table the patches keep has 160 entries or fewer */
  if (is_custom(kind)) return ow->zscustom ? custom_pc(kind, n, i) : 0;
  if (kind == PROP_MUSIC)
    return i < 0x40 ? MUSIC_LW_PC + (size_t)(n * 0x40 + i) : n == 0 ? MUSIC_DW_PC + (size_t)(i - 0x40) : 0;
  if (kind == PROP_MESSAGE) return v3 || i < 0x80 ? ow->message_pc + 2 * (size_t)i : 0;
  if (kind == PROP_PALETTE) return v3 || i < 0x80 ? ow->palette_pc + (size_t)i : 0;
  if (i >= 0x80) {
    if (!v3 || kind == PROP_GFX) return 0;
    return (kind == PROP_SPRITE_GFX ? V3_SW_SPRITE_GFX_PC : V3_SW_SPRITE_PALETTE_PC) + (size_t)(i - 0x80);
  }
  size_t sprite = i < 0x40 ? (size_t)(n * 0x40 + i) : (size_t)(0xC0 + i - 0x40);
  switch (kind) {
    case PROP_GFX: return GFX_PC + (size_t)i;
    case PROP_SPRITE_GFX: return SPRITE_GFX_PC + sprite;
    default: return SPRITE_PALETTE_PC + sprite;
  }
}

static int *prop_value(z3_ow_area *a, int kind, int n) {
  switch (kind) {
    case PROP_GFX: return &a->gfx;
    case PROP_PALETTE: return &a->palette;
    case PROP_MESSAGE: return &a->message;
    case PROP_SPRITE_GFX: return &a->sprite_gfx[n];
    case PROP_SPRITE_PALETTE: return &a->sprite_palette[n];
    case PROP_MUSIC: return &a->music[n];
    case PROP_BG_COLOR: return &a->custom.bg_color;
    case PROP_MAIN_PALETTE: return &a->custom.main_palette;
    case PROP_MOSAIC: return &a->custom.mosaic;
    case PROP_ANIMATED: return &a->custom.animated_gfx;
    case PROP_OVERLAY: return &a->custom.overlay;
    default: return &a->custom.tile_gfx[n];
  }
}

/* How many values of a kind an area has (states, music rows, sheets). */
static int prop_count(int kind) {
  switch (kind) {
    case PROP_SPRITE_GFX: case PROP_SPRITE_PALETTE: return Z3_OW_STATES;
    case PROP_MUSIC: return 4;
    case PROP_TILE_GFX: return 8;
    default: return 1;
  }
}

/* The special world's 16-byte property tables are indexed by the special
 * exit's room - 0x180 (usdasm LoadSpecialOverworld subtracts $80 from the low
 * byte of $A0; snesrev's get_special_exit_info reads them by exit room), and
 * the exit found for that room (the game scans the room table downward) says
 * which area is loaded: in the US game room 0x180 and 0x181 load 0x80, 0x182
 * loads Zora's Domain (0x81) and 0x189 loads 0x88. The lowest slot wins. */
static int find_special_slot(const z3_overworld *ow, int parent) {
  for (int k = 0; k < SW_TABLE_ENTRIES; k++) {
    for (int e = Z3_OW_EXIT_COUNT - 1; e >= 0; e--) {
      if (ow->exits[e].room != 0x180 + k) continue;
      if (ow->exits[e].area == parent) return k;
      break;
    }
  }
  return -1;
}

static int read_prop(const uint8_t *d, size_t pc, int kind) {
  if (!pc) return -1;
  return prop_width(kind) == 2 ? d[pc] | d[pc + 1] << 8 : d[pc];
}

/* The special world's vanilla entries, through its exits (v3 has its own
 * sprite tables and palettes for it; the area graphics stay these). */
static void load_special(const z3_overworld *ow, z3_ow_area *a, const uint8_t *d) {
  a->special_slot = find_special_slot(ow, a->parent);
  if (a->special_slot < 0) return;
  size_t k = (size_t)a->special_slot;
  a->gfx = d[SW_GFX_PC + k];
  if (ow->zscustom >= 3) return;
  a->palette = d[SW_PALETTE_PC + k];
  for (int s = 0; s < Z3_OW_STATES; s++) {
    a->sprite_gfx[s] = d[SW_SPRITE_GFX_PC + k];
    a->sprite_palette[s] = d[SW_SPRITE_PALETTE_PC + k];
  }
}

/* Property values, read at the parent's index (world reference §2.4). */
void z3_ow__load_properties(z3_overworld *ow, const uint8_t *d) {
  for (int id = 0; id < ow->area_count; id++) {
    z3_ow_area *a = &ow->areas[id];
    a->special_slot = -1;
    for (int kind = PROP_GFX; kind <= PROP_TILE_GFX; kind++)
      for (int n = 0; n < prop_count(kind); n++) *prop_value(a, kind, n) = read_prop(d, prop_pc(ow, kind, n, a->parent), kind);
    if (a->parent >= 0x80 && a->parent < Z3_OW_AREA_COUNT) load_special(ow, a, d);
  }
}

/* ---- where the entries live (for the ROM map) ---------------------------- */

/* Each area's own entries, and the special world's slot entries under the
 * group's parent (one slot per group: the one the model reads). */
void z3_ow__property_places(const z3_overworld *ow, z3_ow_entry_visit visit, void *user) {
  for (int id = 0; id < ow->area_count; id++) {
    for (int kind = PROP_GFX; kind <= PROP_TILE_GFX; kind++)
      for (int n = 0; n < prop_count(kind); n++) {
        size_t pc = prop_pc(ow, kind, n, id); /* states that share one entry: listed once */
        if (pc && (n == 0 || pc != prop_pc(ow, kind, n - 1, id))) visit(user, id, (z3_ow_entry)kind, n, pc, prop_width(kind));
      }
    int k = ow->areas[id].special_slot;
    if (ow->areas[id].parent != id || id < 0x80 || id >= Z3_OW_AREA_COUNT || k < 0) continue;
    visit(user, id, Z3_OW_ENTRY_GFX, 0, SW_GFX_PC + (size_t)k, 1);
    if (ow->zscustom >= 3) continue;
    visit(user, id, Z3_OW_ENTRY_PALETTE, 0, SW_PALETTE_PC + (size_t)k, 1);
    visit(user, id, Z3_OW_ENTRY_SPRITE_GFX, 0, SW_SPRITE_GFX_PC + (size_t)k, 1);
    visit(user, id, Z3_OW_ENTRY_SPRITE_PALETTE, 0, SW_SPRITE_PALETTE_PC + (size_t)k, 1);
  }
}

void z3_ow_entry_places(const z3_overworld *ow, z3_ow_entry_visit visit, void *user) {
  z3_ow__property_places(ow, visit, user);
  z3_ow__layout_places(ow, visit, user);
}

void z3_ow_entry_name(z3_ow_entry entry, int n, char *out, size_t cap) {
  static const char *const names[Z3_OW_ENTRY_COUNT] = {
      "gfx", "palette", "message", "sprite gfx", "sprite palette", "music", "bg colour", "main palette",
      "mosaic", "animated gfx", "overlay", "tile gfx", "parent", "size", "transition"};
  static const char *const transitions[Z3_OW_ENTRY_SLOTS] = {
      "right", "left", "down", "up", "position y", "position x", "target north", "target west"};
  const char *name = (unsigned)entry < Z3_OW_ENTRY_COUNT ? names[entry] : "entry";
  bool slot_ok = n >= 0 && n < Z3_OW_ENTRY_SLOTS;
  if (entry == Z3_OW_ENTRY_SPRITE_GFX || entry == Z3_OW_ENTRY_SPRITE_PALETTE)
    snprintf(out, cap, "%s (%s)", name, z3_ow_state_name(n));
  else if (entry == Z3_OW_ENTRY_TRANSITION)
    snprintf(out, cap, "%s %s", name, transitions[slot_ok ? n : 0]);
  else if (entry == Z3_OW_ENTRY_SIZE && n >= 1 && n <= 3) /* the vanilla layout's other size tables */
    snprintf(out, cap, "%s %s", name, (const char *const[]){"flag", "high byte", "for loading"}[n - 1]);
  else if (entry == Z3_OW_ENTRY_MUSIC || entry == Z3_OW_ENTRY_TILE_GFX)
    snprintf(out, cap, "%s %d", name, n);
  else
    snprintf(out, cap, "%s", name);
}

static z3_status put_byte(z3_rom *rom, size_t pc, int value, const char *reason, z3_error *err) {
  if (value < 0) return Z3_OK;
  uint8_t b = (uint8_t)value;
  return z3_ow__write_diff(rom, pc, &b, 1, reason, err);
}

/* One property at every index of the parent's group, but only when the
 * parent's own entry changes: the game reads the parent's entry (it indexes
 * by $8A, which holds the parent), so a child entry that differs (vanilla
 * area 0x31's palette byte) is left alone unless that property is edited. */
static z3_status put_group(const z3_overworld *ow, z3_rom *rom, int parent, int kind, int n, int value,
                           const char *reason, z3_error *err) {
  size_t at = prop_pc(ow, kind, n, parent), width = prop_width(kind);
  uint8_t b[2] = {(uint8_t)value, (uint8_t)(value >> 8)};
  if (value < 0 || at == 0 || memcmp(rom->data.data + at, b, width) == 0) return Z3_OK;
  for (int i = 0; i < ow->area_count; i++) {
    size_t pc = ow->areas[i].parent == parent ? prop_pc(ow, kind, n, i) : 0;
    z3_status st = pc ? z3_ow__write_diff(rom, pc, b, width, reason, err) : Z3_OK;
    if (st) return st;
  }
  return Z3_OK;
}

/* Writes one area group's properties (the values are the parent's). */
z3_status z3_ow__save_properties(const z3_overworld *ow, z3_rom *rom, int id, z3_error *err) {
  const z3_ow_area *a = &ow->areas[id];
  int p = a->parent;
  char reason[256];
  snprintf(reason, sizeof reason, "%s%sarea 0x%02X properties", a->why, a->why[0] ? ": " : "", p);
  z3_status st = Z3_OK;
  for (int kind = PROP_GFX; st == Z3_OK && kind <= PROP_TILE_GFX; kind++)
    for (int n = 0; st == Z3_OK && n < prop_count(kind); n++)
      st = put_group(ow, rom, p, kind, n, *prop_value((z3_ow_area *)a, kind, n), reason, err);
  int k = ow->areas[p].special_slot; /* special world: one entry for the whole group, not one per area */
  if (st == Z3_OK && p >= 0x80 && p < Z3_OW_AREA_COUNT && k >= 0) {
    st = put_byte(rom, SW_GFX_PC + (size_t)k, a->gfx, reason, err);
    if (ow->zscustom >= 3) return st;
    if (st == Z3_OK) st = put_byte(rom, SW_PALETTE_PC + (size_t)k, a->palette, reason, err);
    if (st == Z3_OK) st = put_byte(rom, SW_SPRITE_GFX_PC + (size_t)k, a->sprite_gfx[0], reason, err);
    if (st == Z3_OK) st = put_byte(rom, SW_SPRITE_PALETTE_PC + (size_t)k, a->sprite_palette[0], reason, err);
  }
  return st;
}

/* ---- single-field edits ------------------------------------------------- */

const char *const z3_ow_area_fields[] = {
    "gfx", "palette", "message", "bg-color", "main-palette", "mosaic", "animated-gfx", "overlay",
    "tile-gfx-0", "tile-gfx-1", "tile-gfx-2", "tile-gfx-3", "tile-gfx-4", "tile-gfx-5", "tile-gfx-6", "tile-gfx-7",
    "size", NULL,
};
enum { FIELD_TILE_GFX0 = 8, FIELD_SIZE = 16 };

static const char *const size_names[] = {"small", "large", "wide", "tall"};
const char *z3_ow_size_name(z3_ow_size size) { return (unsigned)size < 4 ? size_names[size] : "?"; }

z3_ow_size z3_ow_area_size(const z3_overworld *ow, int id) {
  return ow->areas[id].size;
}

/* Field index -> property kind, sheet and the largest value. */
static void field_kind(int field, int *kind, int *n, long *max) {
  static const int kinds[] = {PROP_GFX, PROP_PALETTE, PROP_MESSAGE, PROP_BG_COLOR, PROP_MAIN_PALETTE, PROP_MOSAIC,
                              PROP_ANIMATED, PROP_OVERLAY};
  static const long maxes[] = {0xFF, 0xFF, 0xFFFF, 0x7FFF, 5, 0x0F, 0xFF, 0xFF};
  *n = field >= FIELD_TILE_GFX0 ? field - FIELD_TILE_GFX0 : 0;
  *kind = field >= FIELD_TILE_GFX0 ? PROP_TILE_GFX : kinds[field];
  *max = field >= FIELD_TILE_GFX0 ? 0xFF : maxes[field];
}

static z3_status check_field(const z3_overworld *ow, int id, int field, z3_error *err) {
  z3_status st = z3_ow_check_map(ow, id, err);
  if (st) return st;
  if (field < 0 || field >= FIELD_TILE_GFX0 + 8) return z3_error_set(err, Z3_E_INVALID, "area field %d does not exist", field);
  int kind, n;
  long max;
  field_kind(field, &kind, &n, &max);
  if (*prop_value((z3_ow_area *)&ow->areas[ow->areas[id].parent], kind, n) >= 0) return Z3_OK;
  if (is_custom(kind)) {
    z3_error_set(err, Z3_E_NOT_FOUND, "'%s' is a ZSCustomOverworld table and this ROM does not have that patch (byte 0x140145)",
                 z3_ow_area_fields[field]);
    z3_error_hint(err, "ZScream applies ZSCustomOverworld; z3ed does not install it ('z3ed rom upgrade' explains)");
    return Z3_E_NOT_FOUND;
  }
  return z3_error_set(err, Z3_E_NOT_FOUND, "area 0x%02X has no '%s' entry in this ROM (special-world areas take theirs from a special exit)",
                      id, z3_ow_area_fields[field]);
}

z3_status z3_ow_get_area_field(const z3_overworld *ow, int id, int field, long *out, z3_error *err) {
  if (field == FIELD_SIZE) { /* v3's enum, on every ROM: 0 small, 1 large, 2 wide, 3 tall */
    z3_status st = z3_ow_check_map(ow, id, err);
    if (st == Z3_OK) *out = (long)ow->areas[id].size;
    return st;
  }
  z3_status st = check_field(ow, id, field, err);
  if (st) return st;
  int kind, n;
  long max;
  field_kind(field, &kind, &n, &max);
  *out = *prop_value((z3_ow_area *)&ow->areas[ow->areas[id].parent], kind, n);
  return Z3_OK;
}

z3_status z3_ow_set_area_field(z3_overworld *ow, int id, int field, long value, z3_error *err) {
  if (field == FIELD_SIZE) {
    if (value < 0 || value > Z3_OW_TALL) return z3_error_set(err, Z3_E_INVALID, "%ld is outside 0-3 for 'size' (0 small, 1 large, 2 wide, 3 tall)", value);
    return z3_ow_set_area_size(ow, id, (z3_ow_size)value, err);
  }
  z3_status st = check_field(ow, id, field, err);
  if (st) return st;
  int kind, n;
  long max;
  field_kind(field, &kind, &n, &max);
  if (value < 0 || value > max)
    return z3_error_set(err, Z3_E_INVALID, "%ld is outside 0-0x%lX for '%s'", value, (unsigned long)max, z3_ow_area_fields[field]);
  int p = ow->areas[id].parent;
  for (int i = 0; i < ow->area_count; i++) /* children repeat the parent's values */
    if (ow->areas[i].parent == p) *prop_value(&ow->areas[i], kind, n) = (int)value;
  z3_ow_area *a = &ow->areas[p];
  a->props_dirty = true;
  snprintf(a->why, sizeof a->why, "area 0x%02X %s set to 0x%lX", p, z3_ow_area_fields[field], (unsigned long)value);
  return Z3_OK;
}
