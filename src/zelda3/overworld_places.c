/* Overworld entrances, holes, exits and transports: fixed parallel tables (world reference §2.6-§2.9). */
#include <stdio.h>
#include <string.h>

#include "zelda3/overworld.h"

#define ENT_AREA_PC 0xDB96Fu
#define ENT_POS_PC 0xDBA71u
#define ENT_ID_PC Z3_OW_ENTRANCE_ID_PC
#define HOLE_POS_PC 0xDB800u
#define HOLE_AREA_PC 0xDB826u
#define HOLE_ID_PC Z3_OW_HOLE_ID_PC
#define HOLE_POS_BIAS 0x400u /* hole positions are stored minus 0x400 */
/* The expanded entrance tables (world reference §2.6, §6; one source: yaze's
 * overworld_entrance.h, which restates ZScream's notes): 256 positions,
 * areas (bit 15 = a hole) and ids. The id table ends at 0xDB85E, over the
 * vanilla hole tables, so those are not read or written then. Holes' positions
 * are taken as stored like entrances' (no 0x400 bias): the notes call the
 * whole table "map16 tile address" (unverified against the patch's code). */
#define EXP_FLAG_PC 0xDB895u
#define EXP_FLAG_VANILLA 0xB8u
#define EXP_POS_PC 0xDB35Fu
#define EXP_AREA_PC 0xDB55Fu
#define EXP_ID_PC 0xDB75Fu
#define EXP_HOLE_BIT 0x8000u

/* Exit tables: word fields then byte fields, in struct order. */
enum { EXIT_ROOM, EXIT_AREA, EXIT_LOAD, EXIT_SCROLL_Y, EXIT_SCROLL_X, EXIT_LINK_Y, EXIT_LINK_X, EXIT_CAM_Y,
       EXIT_CAM_X, EXIT_MOD_Y, EXIT_MOD_X, EXIT_DOOR1, EXIT_DOOR2, EXIT_FIELDS };
static const struct { size_t pc; int size; } exit_fields[EXIT_FIELDS] = {
    {Z3_OW_EXIT_ROOM_PC, 2}, {Z3_OW_EXIT_AREA_PC, 1}, {0x15E77, 2}, {0x15F15, 2}, {0x15FB3, 2}, {0x16051, 2}, {0x160EF, 2},
    {0x1618D, 2}, {0x1622B, 2}, {0x162C9, 1}, {0x16318, 1}, {0x16367, 2}, {0x16405, 2},
};
/* Transport tables: 10 word tables of 17 entries, then 8 whirlpool source areas. */
static const size_t transport_pc[10] = {0x16AE5, 0x16B07, 0x16B29, 0x16B4B, 0x16B6D,
                                        0x16B8F, 0x16BB1, 0x16BD3, 0x16BF5, 0x16C17};
#define WHIRLPOOL_PC 0x16CF8u

static uint16_t word_at(const uint8_t *d, size_t pc) { return (uint16_t)(d[pc] | d[pc + 1] << 8); }

static uint16_t *exit_field(z3_ow_exit *e, int f, uint16_t *scratch) {
  switch (f) {
    case EXIT_ROOM: return &e->room;
    case EXIT_LOAD: return &e->load_offset;
    case EXIT_SCROLL_Y: return &e->scroll_y;
    case EXIT_SCROLL_X: return &e->scroll_x;
    case EXIT_LINK_Y: return &e->link_y;
    case EXIT_LINK_X: return &e->link_x;
    case EXIT_CAM_Y: return &e->camera_y;
    case EXIT_CAM_X: return &e->camera_x;
    case EXIT_DOOR1: return &e->door1;
    case EXIT_DOOR2: return &e->door2;
    default: return scratch; /* byte fields are handled by the caller */
  }
}

static uint16_t *transport_field(z3_ow_transport *t, int f) {
  uint16_t *fields[10] = {&t->area, &t->load_offset, &t->scroll_y, &t->scroll_x, &t->link_y,
                          &t->link_x, &t->camera_y, &t->camera_x, &t->scroll_mod_y, &t->scroll_mod_x};
  return fields[f];
}

static void load_entrances(z3_overworld *ow, const uint8_t *d) {
  ow->entrances_expanded = d[EXP_FLAG_PC] != EXP_FLAG_VANILLA;
  ow->entrance_count = ow->entrances_expanded ? Z3_OW_ENTRANCE_EXPANDED_COUNT : Z3_OW_ENTRANCE_COUNT;
  ow->hole_count = ow->entrances_expanded ? 0 : Z3_OW_HOLE_COUNT;
  size_t area_pc = ow->entrances_expanded ? EXP_AREA_PC : ENT_AREA_PC;
  size_t pos_pc = ow->entrances_expanded ? EXP_POS_PC : ENT_POS_PC, id_pc = ow->entrances_expanded ? EXP_ID_PC : ENT_ID_PC;
  for (int i = 0; i < ow->entrance_count; i++) {
    z3_ow_entrance *e = &ow->entrances[i];
    uint16_t area = word_at(d, area_pc + 2 * (size_t)i);
    e->hole = ow->entrances_expanded && (area & EXP_HOLE_BIT);
    e->area = ow->entrances_expanded ? (uint16_t)(area & ~EXP_HOLE_BIT) : area;
    e->pos = word_at(d, pos_pc + 2 * (size_t)i);
    e->entrance = d[id_pc + (size_t)i];
  }
  for (int i = 0; i < ow->hole_count; i++) {
    z3_ow_entrance *h = &ow->holes[i];
    h->area = word_at(d, HOLE_AREA_PC + 2 * (size_t)i);
    h->pos = (uint16_t)(word_at(d, HOLE_POS_PC + 2 * (size_t)i) + HOLE_POS_BIAS);
    h->entrance = d[HOLE_ID_PC + (size_t)i];
    h->hole = true;
  }
  ow->hole_fallback = d[HOLE_ID_PC + Z3_OW_HOLE_COUNT];
}

z3_status z3_ow__load_places(z3_overworld *ow, const z3_rom *rom, z3_error *err) {
  (void)err;
  const uint8_t *d = rom->data.data;
  load_entrances(ow, d);
  for (int i = 0; i < Z3_OW_EXIT_COUNT; i++) {
    z3_ow_exit *e = &ow->exits[i];
    uint16_t scratch;
    for (int f = 0; f < EXIT_FIELDS; f++) {
      size_t pc = exit_fields[f].pc + (size_t)(i * exit_fields[f].size);
      if (exit_fields[f].size == 2) *exit_field(e, f, &scratch) = word_at(d, pc);
    }
    e->area = d[exit_fields[EXIT_AREA].pc + (size_t)i];
    e->scroll_mod_y = d[exit_fields[EXIT_MOD_Y].pc + (size_t)i];
    e->scroll_mod_x = d[exit_fields[EXIT_MOD_X].pc + (size_t)i];
  }
  for (int i = 0; i < Z3_OW_TRANSPORT_COUNT; i++)
    for (int f = 0; f < 10; f++) *transport_field(&ow->transports[i], f) = word_at(d, transport_pc[f] + 2 * (size_t)i);
  for (int i = 0; i < Z3_OW_WHIRLPOOL_COUNT; i++) ow->whirlpool_areas[i] = word_at(d, WHIRLPOOL_PC + 2 * (size_t)i);
  return Z3_OK;
}

/* Re-encodes one table and writes the bytes that differ. */
static z3_status put_words(z3_rom *rom, size_t pc, const uint16_t *v, int n, const char *reason, z3_error *err) {
  uint8_t buf[2 * Z3_OW_ENTRANCE_EXPANDED_COUNT];
  for (int i = 0; i < n; i++) buf[2 * i] = (uint8_t)v[i], buf[2 * i + 1] = (uint8_t)(v[i] >> 8);
  return z3_ow__write_diff(rom, pc, buf, 2 * (size_t)n, reason, err);
}

/* The entrance table where this ROM has it; the hole table only when it exists
 * (the expanded id table covers it), the fallback byte after it always. */
static z3_status save_entrances(const z3_overworld *ow, z3_rom *rom, const char *prefix, z3_error *err) {
  uint16_t area[Z3_OW_ENTRANCE_EXPANDED_COUNT], pos[Z3_OW_ENTRANCE_EXPANDED_COUNT];
  uint8_t id[Z3_OW_ENTRANCE_EXPANDED_COUNT];
  char reason[320];
  int n = ow->entrance_count;
  for (int i = 0; i < n; i++) {
    const z3_ow_entrance *e = &ow->entrances[i];
    area[i] = (uint16_t)(e->area | (ow->entrances_expanded && e->hole ? EXP_HOLE_BIT : 0));
    pos[i] = e->pos, id[i] = e->entrance;
  }
  snprintf(reason, sizeof reason, "%soverworld entrance table%s", prefix, ow->entrances_expanded ? " (expanded)" : "");
  bool x = ow->entrances_expanded;
  z3_status st = put_words(rom, x ? EXP_AREA_PC : ENT_AREA_PC, area, n, reason, err);
  if (st == Z3_OK) st = put_words(rom, x ? EXP_POS_PC : ENT_POS_PC, pos, n, reason, err);
  if (st == Z3_OK) st = z3_ow__write_diff(rom, x ? EXP_ID_PC : ENT_ID_PC, id, (size_t)n, reason, err);
  snprintf(reason, sizeof reason, "%soverworld hole table", prefix);
  if (x) return st == Z3_OK ? z3_ow__write_diff(rom, HOLE_ID_PC + Z3_OW_HOLE_COUNT, &ow->hole_fallback, 1, reason, err) : st;
  for (int i = 0; i < Z3_OW_HOLE_COUNT; i++)
    area[i] = ow->holes[i].area, pos[i] = (uint16_t)(ow->holes[i].pos - HOLE_POS_BIAS), id[i] = ow->holes[i].entrance;
  id[Z3_OW_HOLE_COUNT] = ow->hole_fallback;
  if (st == Z3_OK) st = put_words(rom, HOLE_AREA_PC, area, Z3_OW_HOLE_COUNT, reason, err);
  if (st == Z3_OK) st = put_words(rom, HOLE_POS_PC, pos, Z3_OW_HOLE_COUNT, reason, err);
  if (st == Z3_OK) st = z3_ow__write_diff(rom, HOLE_ID_PC, id, Z3_OW_HOLE_COUNT + 1, reason, err);
  return st;
}

static z3_status save_exits(const z3_overworld *ow, z3_rom *rom, const char *prefix, z3_error *err) {
  char reason[320];
  snprintf(reason, sizeof reason, "%soverworld exit table", prefix);
  z3_status st = Z3_OK;
  for (int f = 0; st == Z3_OK && f < EXIT_FIELDS; f++) {
    uint8_t buf[2 * Z3_OW_EXIT_COUNT];
    for (int i = 0; i < Z3_OW_EXIT_COUNT; i++) {
      z3_ow_exit e = ow->exits[i];
      uint16_t scratch = 0;
      uint16_t v = f == EXIT_AREA ? e.area : f == EXIT_MOD_Y ? e.scroll_mod_y : f == EXIT_MOD_X ? e.scroll_mod_x
                                                                                            : *exit_field(&e, f, &scratch);
      if (exit_fields[f].size == 1) buf[i] = (uint8_t)v;
      else buf[2 * i] = (uint8_t)v, buf[2 * i + 1] = (uint8_t)(v >> 8);
    }
    st = z3_ow__write_diff(rom, exit_fields[f].pc, buf, (size_t)(exit_fields[f].size * Z3_OW_EXIT_COUNT), reason, err);
  }
  snprintf(reason, sizeof reason, "%soverworld transport table", prefix);
  for (int f = 0; st == Z3_OK && f < 10; f++) {
    uint16_t v[Z3_OW_TRANSPORT_COUNT];
    for (int i = 0; i < Z3_OW_TRANSPORT_COUNT; i++) v[i] = *transport_field((z3_ow_transport *)&ow->transports[i], f);
    st = put_words(rom, transport_pc[f], v, Z3_OW_TRANSPORT_COUNT, reason, err);
  }
  if (st == Z3_OK) st = put_words(rom, WHIRLPOOL_PC, ow->whirlpool_areas, Z3_OW_WHIRLPOOL_COUNT, reason, err);
  return st;
}

z3_status z3_ow__save_places(const z3_overworld *ow, z3_rom *rom, z3_error *err) {
  char prefix[256];
  snprintf(prefix, sizeof prefix, "%s%s", ow->places_why, ow->places_why[0] ? ": " : "");
  z3_status st = save_entrances(ow, rom, prefix, err);
  if (st == Z3_OK) st = save_exits(ow, rom, prefix, err);
  return st;
}

/* Shared by entrances and holes: same position encoding, parent area, entrance id. */
static z3_status set_place(z3_overworld *ow, z3_ow_entrance *table, int slots, const char *kind, int slot, int area,
                           int x, int y, int entrance, z3_error *err) {
  if (slot < 0 || slot >= slots) {
    z3_error_set(err, Z3_E_NOT_FOUND, "%s slot %d does not exist (0-%d)", kind, slot, slots - 1);
    if (ow->entrances_expanded) z3_error_hint(err, "this ROM's expanded table holds entrances and holes in slots 0-255");
    return Z3_E_NOT_FOUND;
  }
  z3_status st = z3_ow_check_map(ow, area, err);
  if (st) return st;
  if (area >= 0x80) return z3_error_set(err, Z3_E_INVALID, "%ss belong to areas 0x00-0x7F, not 0x%02X", kind, area);
  int parent = ow->areas[area].parent, w, h;
  char range[48];
  z3_ow_area_grid(ow, parent, &w, &h);
  if (x < 0 || y < 0 || x >= w || y >= h)
    return z3_error_set(err, Z3_E_INVALID, "position (%d,%d) is outside area 0x%02X (tile16 %s)", x, y, parent,
                        z3_ow_grid_text(w, h, range));
  /* The id indexes the game's dungeon entrance tables, 133 entries (usdasm bank_02
   * $02:C813-$02:C91C; snesrev extract_resources.py reads 133): a larger id
   * makes the game read past them. */
  if (entrance < 0 || entrance >= Z3_OW_DUNGEON_ENTRANCES) {
    z3_error_set(err, Z3_E_INVALID, "entrance id %d (0x%X) does not exist: the game has dungeon entrances 0x00-0x%02X",
                 entrance, (unsigned)entrance, Z3_OW_DUNGEON_ENTRANCES - 1);
    z3_error_hint(err, "'z3ed overworld list-entrances' shows the ids the game's own entrances use");
    return Z3_E_INVALID;
  }
  z3_ow_entrance *e = &table[slot];
  snprintf(ow->places_why, sizeof ow->places_why,
           "%s slot %d set from area 0x%02X (%d,%d) id 0x%02X to area 0x%02X (%d,%d) id 0x%02X", kind, slot, e->area,
           Z3_OW_POS_X(e->pos), Z3_OW_POS_Y(e->pos), e->entrance, parent, x, y, entrance);
  e->area = (uint16_t)parent;
  e->pos = Z3_OW_POS(x, y);
  e->entrance = (uint8_t)entrance;
  e->hole = strcmp(kind, "hole") == 0;
  return Z3_OK;
}

z3_status z3_ow_set_entrance(z3_overworld *ow, int slot, int area, int x, int y, int entrance,
                             z3_error *err) {
  return set_place(ow, ow->entrances, ow->entrance_count, "entrance", slot, area, x, y, entrance, err);
}

z3_ow_entrance *z3_ow_hole_table(z3_overworld *ow, int *slots) {
  *slots = ow->entrances_expanded ? ow->entrance_count : ow->hole_count;
  return ow->entrances_expanded ? ow->entrances : ow->holes;
}

bool z3_ow_is_listed_hole(const z3_overworld *ow, const z3_ow_entrance *e) {
  return e->hole && !(ow->entrances_expanded && e->pos == 0xFFFF);
}

bool z3_ow_is_listed_entrance(const z3_ow_entrance *e) { return !e->hole && e->pos != 0xFFFF; }

z3_status z3_ow_set_hole(z3_overworld *ow, int slot, int area, int x, int y, int entrance, z3_error *err) {
  int slots;
  z3_ow_entrance *table = z3_ow_hole_table(ow, &slots);
  return set_place(ow, table, slots, "hole", slot, area, x, y, entrance, err);
}
