/* Dungeon entrances and starting points: one field at a time (world reference §3.13-§3.14). */
#include "zelda3/entrance.h"

#include <string.h>

#include "zelda3/dungeon_json.h"
#include "zelda3/layouts.h"

#define BOUND(name, k, vert, what) \
  {name, "camera limit (high byte), " what, 0x1491D, 0x15B7C, 1, 8, k, Z3_PV_BOUND, vert}

static const z3_place_field fields[] = {
    {"room", "room Link enters (0x000-0x127)", 0x14813, 0x15B6E, 2, 2, 0, Z3_PV_ROOM, false},
    BOUND("bound_north_half", 0, true, "north, half-height room"),
    BOUND("bound_north_full", 1, true, "north, full-height room"),
    BOUND("bound_south_half", 2, true, "south, half-height room"),
    BOUND("bound_south_full", 3, true, "south, full-height room"),
    BOUND("bound_west_half", 4, false, "west, half-width room"),
    BOUND("bound_west_full", 5, false, "west, full-width room"),
    BOUND("bound_east_half", 6, false, "east, half-width room"),
    BOUND("bound_east_full", 7, false, "east, full-width room"),
    {"scroll_x", "horizontal BG scroll (absolute)", 0x14D45, 0x15BB4, 2, 2, 0, Z3_PV_COORD, false},
    {"scroll_y", "vertical BG scroll (absolute)", 0x14E4F, 0x15BC2, 2, 2, 0, Z3_PV_COORD, true},
    {"y", "Link's Y (absolute)", 0x14F59, 0x15BD0, 2, 2, 0, Z3_PV_COORD, true},
    {"x", "Link's X (absolute)", 0x15063, 0x15BDE, 2, 2, 0, Z3_PV_COORD, false},
    {"camera_trigger_y", "Y where the camera starts to follow (absolute)", 0x1516D, 0x15BEC, 2, 2, 0, Z3_PV_COORD, true},
    {"camera_trigger_x", "X where the camera starts to follow (absolute)", 0x15277, 0x15BFA, 2, 2, 0, Z3_PV_COORD, false},
    {"blockset", "main blockset (0x00-0x24)", 0x15381, 0x15C08, 1, 1, 0, Z3_PV_BLOCKSET, false},
    {"floor", "floor number, signed (-1 = B1, 0 = 1F)", 0x15406, 0x15C0F, 1, 1, 0, Z3_PV_FLOOR, false},
    {"palace", "palace: 0x00-0x1A (even), 0xFF none", 0x1548B, 0x15C16, 1, 1, 0, Z3_PV_PALACE, false},
    {"door", "Link starts in a doorway (raw byte)", 0x15510, 0, 1, 1, 0, Z3_PV_RAW, false},
    {"layer", "high nibble: starts on the lower layer; low nibble: its mirror (each 0 or 1)", 0x15595, 0x15C1D, 1, 1, 0,
     Z3_PV_NIBBLES01, false},
    {"scrolling", "high nibble: double width, low nibble: double height (each 0 or 2)", 0x1561A, 0x15C24, 1, 1, 0,
     Z3_PV_NIBBLES02, false},
    {"quadrant", "starting quadrant: 0x00, 0x02, 0x10 or 0x12", 0x1569F, 0x15C2B, 1, 1, 0, Z3_PV_QUADRANT, false},
    {"overworld_door", "door tile drawn on the overworld when leaving (raw word)", 0x15724, 0x15C32, 2, 2, 0, Z3_PV_RAW,
     false},
    {"entrance", "the entrance this starting point stands for (0x00-0x84)", 0, 0x15C40, 2, 2, 0, Z3_PV_ENTRANCE, false},
    {"song", "music: song 0x00-0x22 or sound command 0xF0-0xFF", 0x1582E, 0x15C4E, 1, 1, 0, Z3_PV_SONG, false},
};

const char *const z3_place_field_names[] = {
    "room", "bound_north_half", "bound_north_full", "bound_south_half", "bound_south_full", "bound_west_half",
    "bound_west_full", "bound_east_half", "bound_east_full", "scroll_x", "scroll_y", "y", "x", "camera_trigger_y",
    "camera_trigger_x", "blockset", "floor", "palace", "door", "layer", "scrolling", "quadrant", "overworld_door",
    "entrance", "song", NULL,
};

enum { FIELD_COUNT = sizeof fields / sizeof fields[0], ROOMS = 0x128 };

/* ZScream's expanded entrance tables, field by field in the order above (its
 * Constants.cs entrance_*EXP; the starting entrance field has none). Each
 * table keeps the vanilla record size, with room for 256 records. */
static const size_t expanded_pc[FIELD_COUNT] = {
    0x78000, 0x78200, 0x78200, 0x78200, 0x78200, 0x78200, 0x78200, 0x78200, 0x78200, 0x78A00, 0x78C00, 0x78E00,
    0x79000, 0x79200, 0x79400, 0x79600, 0x79700, 0x79800, 0x79900, 0x79A00, 0x79B00, 0x79C00, 0x79D00, 0,
    0x79F00,
};
#define EXPANDED_FLAG_PC 0x7F000u
#define TILE16_BANK_PC 0x17D28u
#define EXPANDED_EXTRA_PC 0x7A000u /* bit 0: Link faces down on entering */
#define EXPANDED_END (EXPANDED_EXTRA_PC + 0x100u)

const z3_place_field *z3_place_fields(size_t *count) {
  *count = FIELD_COUNT;
  return fields;
}

const z3_place_field *z3_place_field_find(const char *name) {
  for (size_t i = 0; i < FIELD_COUNT; i++)
    if (strcmp(fields[i].name, name) == 0) return &fields[i];
  return NULL;
}

bool z3_place_field_applies(const z3_place_field *f, z3_place_kind kind) {
  return (kind == Z3_PLACE_ENTRANCE ? f->entrance_pc : f->spawn_pc) != 0;
}

/* ZScream's own test (Data/Entrance.cs): vanilla only while 0x7F000 is not
 * 0x00 and 0x7F001 is not 0x01 (layouts.c reports the same bytes). */
bool z3_place_expanded(const z3_rom *rom) {
  const uint8_t *d = rom->data.data;
  return rom->data.len > EXPANDED_FLAG_PC + 1 && (d[EXPANDED_FLAG_PC] == 0x00 || d[EXPANDED_FLAG_PC + 1] == 0x01);
}

int z3_place_count(const z3_rom *rom, z3_place_kind kind) {
  if (kind == Z3_PLACE_SPAWN) return Z3_SPAWN_POINTS;
  return z3_place_expanded(rom) ? Z3_ENTRANCES_EXPANDED : Z3_ENTRANCES;
}

const char *z3_place_kind_name(z3_place_kind kind) { return kind == Z3_PLACE_ENTRANCE ? "entrance" : "spawn point"; }

static const char *const songs[] = {
    "silence",          "title",           "light world",     "rain",           "bunny",
    "lost woods",       "prologue",        "kakariko",        "mirror warp",    "dark world",
    "master sword",     "file select",     "soldiers",        "dark mountain",  "shop",
    "fanfare",          "hyrule castle",   "light palace",    "cave",           "boss cleared",
    "sanctuary",        "boss battle",     "dark palace",     "fortune teller", "cave (second)",
    "zelda rescued",    "crystal",         "fairy fountain",  "pyramid",        "agahnim defeated",
    "ganon's message",  "ganon battle",    "triforce room",   "epilogue",       "credits",
};

const char *z3_song_name(unsigned song) {
  if (song < sizeof songs / sizeof songs[0]) return songs[song];
  static const char *const commands[] = {"", "fade out", "half volume", "full volume"};
  if (song >= 0xF1 && song <= 0xF3) return commands[song - 0xF0];
  if (song >= 0xF0 && song <= 0xFF) return "sound command";
  return NULL;
}

static const char *const palaces[] = {
    "sanctuary",    "hyrule castle", "eastern palace",  "desert palace", "agahnim's tower",
    "swamp palace", "dark palace",   "misery mire",     "skull woods",   "ice palace",
    "tower of hera", "thieves' town", "turtle rock",    "ganon's tower",
};

const char *z3_palace_name(unsigned palace) {
  if (palace == 0xFF) return "none";
  return palace % 2 == 0 && palace / 2 < sizeof palaces / sizeof palaces[0] ? palaces[palace / 2] : NULL;
}

/* Where the last table (the spawn points' songs) ends. */
enum { TABLES_END = 0x15C4E + Z3_SPAWN_POINTS };

z3_status z3_place_check_rom(const z3_rom *rom, z3_error *err) {
  if (rom->data.len < TABLES_END) {
    return z3_error_set(err, Z3_E_INVALID, "the ROM (%zu bytes) ends before the entrance tables (0x14813-0x%X)",
                        rom->data.len, (unsigned)TABLES_END - 1);
  }
  if (z3_place_expanded(rom) && rom->data.len < EXPANDED_END) {
    z3_error_set(err, Z3_E_INVALID, "this ROM shows ZScream's expanded dungeon entrances (byte 0x%02X at 0x7F000, 0x%02X at "
                 "0x7F001) but ends before their tables (0x78000-0x%X)", rom->data.data[EXPANDED_FLAG_PC],
                 rom->data.data[EXPANDED_FLAG_PC + 1], (unsigned)EXPANDED_END - 1);
    z3_error_hint(err, "'z3ed rom info' lists the expanded layouts it shows");
    return Z3_E_INVALID;
  }
  /* ZScream puts them where the vanilla tile16 table was, so it must have moved. */
  if (z3_place_expanded(rom) && rom->data.data[TILE16_BANK_PC] == 0x0F) {
    z3_error_set_at(err, Z3_E_INVALID, (int64_t)EXPANDED_FLAG_PC,
                    "this ROM shows ZScream's expanded dungeon entrances (byte 0x%02X at 0x7F000, 0x%02X at 0x7F001) "
                    "but its tile16 table still fills 0x78000-0x7F53F (byte 0x0F at 0x17D28), where they would be",
                    rom->data.data[EXPANDED_FLAG_PC], rom->data.data[EXPANDED_FLAG_PC + 1]);
    z3_error_hint(err, "the bytes at 0x7F000 may belong to a tile16 definition; 'z3ed rom info' lists the layouts");
    return Z3_E_INVALID;
  }
  return Z3_OK;
}

static size_t field_offset(const z3_rom *rom, const z3_place_field *f, z3_place_kind kind, int id) {
  size_t base = kind == Z3_PLACE_ENTRANCE ? f->entrance_pc : f->spawn_pc;
  if (kind == Z3_PLACE_ENTRANCE && z3_place_expanded(rom)) base = expanded_pc[f - fields];
  return base + (size_t)f->stride * (size_t)id + f->sub;
}

static z3_status check_record(const z3_rom *rom, z3_place_kind kind, int id, const z3_place_field *f, z3_error *err) {
  int count = z3_place_count(rom, kind);
  if (id < 0 || id >= count) {
    return z3_error_set(err, Z3_E_INVALID, "%s 0x%02X does not exist: %ss are 0x00-0x%02X", z3_place_kind_name(kind),
                        (unsigned)id, z3_place_kind_name(kind), (unsigned)count - 1);
  }
  if (!z3_place_field_applies(f, kind)) {
    return z3_error_set(err, Z3_E_INVALID, "%ss have no field '%s'", z3_place_kind_name(kind), f->name);
  }
  if (rom->data.len < TABLES_END) { /* cheap: reads need only the bytes; writes also check the layout */
    return z3_error_set(err, Z3_E_INVALID, "the ROM (%zu bytes) ends before the entrance tables (0x14813-0x%X)",
                        rom->data.len, (unsigned)TABLES_END - 1);
  }
  if (kind == Z3_PLACE_ENTRANCE && z3_place_expanded(rom)) return z3_place_check_rom(rom, err);
  return Z3_OK;
}

static unsigned read_value(const z3_rom *rom, const z3_place_field *f, z3_place_kind kind, int id) {
  const uint8_t *p = rom->data.data + field_offset(rom, f, kind, id);
  return f->width == 2 ? (unsigned)(p[0] | p[1] << 8) : p[0];
}

z3_status z3_place_get(const z3_rom *rom, z3_place_kind kind, int id, const z3_place_field *f, unsigned *out,
                       z3_error *err) {
  z3_status st = check_record(rom, kind, id, f, err);
  if (st == Z3_OK) *out = read_value(rom, f, kind, id);
  return st;
}

/* Room R's upper-left corner in the dungeon space (§3.1). */
static unsigned room_base(unsigned room, bool vertical) { return vertical ? (room >> 4) * 512 : (room & 0x0F) * 512; }

static unsigned record_room(const z3_rom *rom, z3_place_kind kind, int id) { return read_value(rom, &fields[0], kind, id); }

static z3_status check_inside_room(const z3_place_field *f, unsigned room, int64_t v, z3_error *err) {
  int64_t lo = room_base(room, f->vertical), hi = lo + 511;
  if (f->value == Z3_PV_BOUND) lo >>= 8, hi >>= 8;
  if (v >= lo && v <= hi) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID,
                      "%s 0x%llX is outside room 0x%03X (0x%llX-0x%llX); coordinates are absolute in the dungeon space",
                      f->name, (unsigned long long)v, room, (unsigned long long)lo, (unsigned long long)hi);
}

static bool nibbles_in(int64_t v, unsigned a, unsigned b) {
  unsigned hi = (unsigned)v >> 4, lo = (unsigned)v & 15;
  return (hi == a || hi == b) && (lo == a || lo == b);
}

static z3_status check_value(const z3_place_field *f, unsigned room, int64_t v, z3_error *err) {
  int64_t min = 0, max = f->width == 2 ? 0xFFFF : 0xFF;
  if (f->value == Z3_PV_FLOOR) min = -128, max = 127;
  if (v < min || v > max) {
    return z3_error_set(err, Z3_E_INVALID, "%s %lld is out of range %lld-%lld", f->name, (long long)v, (long long)min,
                        (long long)max);
  }
  bool ok = true;
  switch (f->value) {
  case Z3_PV_ROOM: ok = v < ROOMS; break;
  case Z3_PV_COORD:
  case Z3_PV_BOUND: return check_inside_room(f, room, v, err);
  case Z3_PV_BLOCKSET: ok = v <= 0x24; break;
  case Z3_PV_PALACE: ok = z3_palace_name((unsigned)v) != NULL; break;
  case Z3_PV_NIBBLES01: ok = nibbles_in(v, 0, 1); break;
  case Z3_PV_NIBBLES02: ok = nibbles_in(v, 0, 2); break;
  case Z3_PV_QUADRANT: ok = v == 0x00 || v == 0x02 || v == 0x10 || v == 0x12; break;
  case Z3_PV_SONG: ok = z3_song_name((unsigned)v) != NULL; break;
  case Z3_PV_ENTRANCE: ok = v < Z3_ENTRANCES; break;
  case Z3_PV_RAW:
  case Z3_PV_FLOOR: break;
  }
  if (ok) return Z3_OK;
  return z3_error_set(err, Z3_E_INVALID, "%s 0x%02llX is not allowed: %s", f->name, (unsigned long long)v, f->help);
}

z3_status z3_place_check(const z3_rom *rom, z3_place_kind kind, int id, const z3_place_field *f, int64_t value,
                         z3_error *err) {
  z3_status st = check_record(rom, kind, id, f, err);
  if (st == Z3_OK) st = z3_place_check_rom(rom, err);
  if (st == Z3_OK) st = check_value(f, record_room(rom, kind, id), value, err);
  return st;
}

static z3_status write_value(z3_rom *rom, z3_place_kind kind, int id, const z3_place_field *f, unsigned v,
                             z3_error *err) {
  uint8_t bytes[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
  char *why = z3_strfmt("%s 0x%02X %s = 0x%0*X", z3_place_kind_name(kind), (unsigned)id, f->name, f->width * 2, v);
  z3_status st = z3_rom_write(rom, field_offset(rom, f, kind, id), bytes, f->width, why ? why : f->name, err);
  z3_free(why);
  return st;
}

/* Shifts every coordinate and bound of the record from room `from` to room `to`. */
static z3_status carry_coordinates(z3_rom *rom, z3_place_kind kind, int id, unsigned from, unsigned to, z3_error *err) {
  z3_status st = Z3_OK;
  for (size_t i = 0; st == Z3_OK && i < FIELD_COUNT; i++) {
    const z3_place_field *f = &fields[i];
    if ((f->value != Z3_PV_COORD && f->value != Z3_PV_BOUND) || !z3_place_field_applies(f, kind)) continue;
    int shift = (int)room_base(to, f->vertical) - (int)room_base(from, f->vertical);
    if (f->value == Z3_PV_BOUND) shift /= 256;
    unsigned mask = f->width == 2 ? 0xFFFF : 0xFF;
    st = write_value(rom, kind, id, f, (unsigned)((int)read_value(rom, f, kind, id) + shift) & mask, err);
  }
  return st;
}

z3_status z3_place_set(z3_rom *rom, z3_place_kind kind, int id, const z3_place_field *f, int64_t value,
                       bool keep_coordinates, bool *moved, z3_error *err) {
  if (moved) *moved = false;
  z3_status st = z3_place_check(rom, kind, id, f, value, err);
  if (st) return st;
  unsigned mask = f->width == 2 ? 0xFFFF : 0xFF, old_room = record_room(rom, kind, id);
  st = write_value(rom, kind, id, f, (unsigned)value & mask, err);
  if (st == Z3_OK && f->value == Z3_PV_ROOM && !keep_coordinates && (unsigned)value != old_room) {
    st = carry_coordinates(rom, kind, id, old_room, (unsigned)value, err);
    if (moved) *moved = st == Z3_OK;
  }
  return st;
}

static json_t *hex(unsigned v, int digits) { return z3_json_hex(v, digits); }

static json_t *field_json(const z3_place_field *f, unsigned v) {
  if (f->value == Z3_PV_FLOOR) return json_integer((int8_t)v);
  return hex(v, f->value == Z3_PV_ROOM ? 3 : f->width * 2);
}

json_t *z3_place_json(const z3_rom *rom, z3_place_kind kind, int id) {
  json_t *o = json_object(), *rel = json_object();
  json_object_set_new(o, "id", hex((unsigned)id, 2));
  unsigned room = record_room(rom, kind, id);
  for (size_t i = 0; i < FIELD_COUNT; i++) {
    const z3_place_field *f = &fields[i];
    if (!z3_place_field_applies(f, kind)) continue;
    unsigned v = read_value(rom, f, kind, id);
    json_object_set_new(o, f->name, field_json(f, v));
    if (f->value == Z3_PV_COORD) json_object_set_new(rel, f->name, json_integer((int)v - (int)room_base(room, f->vertical)));
  }
  json_object_set_new(o, "relative", rel);
  const char *palace = z3_palace_name(read_value(rom, z3_place_field_find("palace"), kind, id));
  const char *song = z3_song_name(read_value(rom, z3_place_field_find("song"), kind, id));
  json_object_set_new(o, "palace_name", palace ? json_string(palace) : json_null());
  json_object_set_new(o, "song_name", song ? json_string(song) : json_null());
  if (kind == Z3_PLACE_ENTRANCE && z3_place_expanded(rom)) /* ZScream keeps it in its extra byte */
    json_object_set_new(o, "face_down", json_boolean(rom->data.data[EXPANDED_EXTRA_PC + (size_t)id] & 1));
  return o;
}

json_t *z3_place_summary_json(const z3_rom *rom, z3_place_kind kind, int id) {
  json_t *full = z3_place_json(rom, kind, id), *o = json_object();
  static const char *const keep[] = {"id", "room", "palace_name", "floor", "song_name", NULL};
  for (int i = 0; keep[i]; i++) json_object_set(o, keep[i], json_object_get(full, keep[i]));
  json_t *rel = json_object_get(full, "relative");
  json_object_set(o, "x", json_object_get(rel, "x"));
  json_object_set(o, "y", json_object_get(rel, "y"));
  json_decref(full);
  return o;
}
