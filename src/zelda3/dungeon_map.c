/* Pause-screen dungeon maps; see dungeon_map.h and docs/formats.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/dungeon_map.h"

enum {
  BOSS_ROOMS_PC = 0x56807,
  BOSS_FLOORS_PC = 0x56E79,
  FLOOR_COUNTS_PC = 0x575D9,
  ROOM_POINTERS_PC = 0x57605,
  GFX_POINTERS_PC = 0x57BE4,
  BANK_PC = 0x50000,          /* bank $0A, LoROM */
  BANK_END_PC = 0x58000,
  EXPANDED_FLAG_PC = 0x56652, /* $B9 (LDA abs,Y) unless ZScream put a JSR there */
  MOVED_TEMPLATES_END_PC = 0x109010 + 8 * Z3_DMAP_TEMPLATES,
};

/* Free room for lists (docs/formats.md): the vanilla areas between the
 * tables, and in the expanded layout also the templates' old place. */
typedef struct area { size_t from, to; } area;
static const area vanilla_areas[] = {{0x57621, 0x57BE4}, {0x57C00, 0x57CE0}};
static const area expanded_areas[] = {{0x57039, 0x575D9}, {0x57621, 0x57BE4}, {0x57C00, 0x57CE0}};

static const char *const names[Z3_DMAP_PALACES] = {
    "sewers", "hyrule castle", "eastern palace", "desert palace", "agahnim's tower", "swamp palace",
    "palace of darkness", "misery mire", "skull woods", "ice palace", "tower of hera", "thieves' town",
    "turtle rock", "ganon's tower"};

const char *z3_dmap_palace_name(int palace) { return palace >= 0 && palace < Z3_DMAP_PALACES ? names[palace] : "?"; }

void z3_dmap_floor_name(int number, char *out, size_t out_size) {
  if (number >= 0) snprintf(out, out_size, "%dF", number + 1);
  else snprintf(out, out_size, "B%d", -number);
}

bool z3_dmap_parse_floor(const char *text, int *number) {
  if (!text || !*text) return false;
  char *end = NULL;
  if (text[0] == 'B' || text[0] == 'b') {
    long n = strtol(text + 1, &end, 10);
    if (end == text + 1 || *end || n < 1 || n > Z3_DMAP_MAX_FLOORS) return false;
    *number = (int)-n;
    return true;
  }
  long n = strtol(text, &end, 10);
  if (end == text) return false;
  if ((*end == 'F' || *end == 'f') && !end[1]) {
    if (n < 1 || n > Z3_DMAP_MAX_FLOORS) return false;
    *number = (int)n - 1;
    return true;
  }
  if (*end || n < -Z3_DMAP_MAX_FLOORS || n >= Z3_DMAP_MAX_FLOORS) return false;
  *number = (int)n;
  return true;
}

size_t z3_dmap_used_squares(const z3_dmap_palace *p) {
  size_t n = 0;
  for (int f = 0; f < z3_dmap_floor_total(p); f++)
    for (int s = 0; s < Z3_DMAP_SQUARES; s++) n += p->rooms[f][s] != Z3_DMAP_EMPTY;
  return n;
}

int z3_dmap_find_room(const z3_dmap_palace *p, unsigned room) {
  for (int f = 0; f < z3_dmap_floor_total(p); f++)
    for (int s = 0; s < Z3_DMAP_SQUARES; s++)
      if (p->rooms[f][s] == room) return f;
  return -1;
}

static unsigned word_at(const z3_rom *rom, size_t pc) { return rom->data.data[pc] | rom->data.data[pc + 1] << 8; }

/* A bank $0A pointer's list of n bytes: inside the bank's ROM half and the image. */
static z3_status list_at(const z3_rom *rom, int palace, size_t pointer_pc, size_t n, const char *what, size_t *out,
                         z3_error *err) {
  unsigned ptr = word_at(rom, pointer_pc);
  size_t pc = BANK_PC + (ptr & 0x7FFF);
  if (ptr < 0x8000 || pc + n > BANK_END_PC || pc + n > rom->data.len) {
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)pointer_pc,
                           "palace %d (%s): its %s list ($0A:%04X, %zu bytes; pointer at 0x%05zX) %s", palace,
                           names[palace], what, ptr, n, pointer_pc,
                           ptr < 0x8000 ? "is not in ROM" : "runs past the end of bank $0A or the image");
  }
  *out = pc;
  return Z3_OK;
}

static z3_status read_palace(const z3_rom *rom, int i, z3_dmap_palace *p, z3_error *err) {
  memset(p, 0, sizeof *p);
  memset(p->gfx, 0xFF, sizeof p->gfx);
  memset(p->rooms, Z3_DMAP_EMPTY, sizeof p->rooms);
  size_t count_pc = FLOOR_COUNTS_PC + 2 * (size_t)i;
  uint8_t counts = rom->data.data[count_pc];
  p->floors = counts >> 4, p->basements = counts & 0x0F, p->backdrop = rom->data.data[count_pc + 1];
  p->boss_room = (uint16_t)word_at(rom, BOSS_ROOMS_PC + 2 * (size_t)i);
  p->boss_floor_word = (uint16_t)word_at(rom, BOSS_FLOORS_PC + 2 * (size_t)i);
  int total = z3_dmap_floor_total(p);
  if (total > Z3_DMAP_MAX_FLOORS) {
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)count_pc,
                           "palace %d (%s): %d floors and %d basements at 0x%05zX; the game has room for %d in all", i,
                           names[i], p->floors, p->basements, count_pc, Z3_DMAP_MAX_FLOORS);
  }
  z3_status st = list_at(rom, i, ROOM_POINTERS_PC + 2 * (size_t)i, (size_t)total * Z3_DMAP_SQUARES, "room", &p->rooms_pc, err);
  if (st) return st;
  memcpy(p->rooms, rom->data.data + p->rooms_pc, (size_t)total * Z3_DMAP_SQUARES);
  size_t used = z3_dmap_used_squares(p), k = 0;
  if ((st = list_at(rom, i, GFX_POINTERS_PC + 2 * (size_t)i, used, "template", &p->gfx_pc, err)) != Z3_OK) return st;
  for (int f = 0; f < total; f++)
    for (int s = 0; s < Z3_DMAP_SQUARES; s++)
      if (p->rooms[f][s] != Z3_DMAP_EMPTY) p->gfx[f][s] = rom->data.data[p->gfx_pc + k++];
  return Z3_OK;
}

z3_status z3_dmaps_read(const z3_rom *rom, z3_dmaps *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  if (rom->data.len < BANK_END_PC)
    return z3_error_set(err, Z3_E_INVALID, "the image ends at 0x%zX, before bank $0A's dungeon maps", rom->data.len);
  out->expanded = rom->data.data[EXPANDED_FLAG_PC] != 0xB9;
  for (int i = 0; i < Z3_DMAP_PALACES; i++) {
    z3_status st = read_palace(rom, i, &out->palaces[i], err);
    if (st) return st;
  }
  return Z3_OK;
}

/* ---- writing ---- */

typedef struct span { size_t from, to; } span;
/* A list the plan keeps clear, and whose palace it is (for messages). */
typedef struct used_span { size_t from, to; int palace; } used_span;

typedef struct plan {
  uint8_t rooms[Z3_DMAP_MAX_FLOORS * Z3_DMAP_SQUARES], gfx[Z3_DMAP_MAX_FLOORS * Z3_DMAP_SQUARES];
  size_t rooms_len, gfx_len;
  size_t rooms_pc, gfx_pc;
  uint16_t boss_floor;
  used_span used[2 * Z3_DMAP_PALACES + 2]; /* others' lists, then ours as placed */
  size_t used_count;
  size_t changing[3]; /* floor count and boss words this write changes */
  int changing_count;
} plan;

/* The fixed tables; a list a hack left lying over them is read, but never
 * written there (each palace's words would overwrite it, or it them). */
static const span tables[] = {{BOSS_ROOMS_PC, BOSS_ROOMS_PC + 2 * Z3_DMAP_PALACES},
                              {BOSS_FLOORS_PC, BOSS_FLOORS_PC + 2 * Z3_DMAP_PALACES},
                              {FLOOR_COUNTS_PC, ROOM_POINTERS_PC + 2 * Z3_DMAP_PALACES},
                              {GFX_POINTERS_PC, GFX_POINTERS_PC + 2 * Z3_DMAP_PALACES}};

static bool over_tables(size_t from, size_t to) {
  for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
    if (from < tables[i].to && tables[i].from < to) return true;
  return false;
}

/* The stored boss floor stands while the boss room is on it (a room shown on
 * two floors keeps the floor chosen for it); otherwise the lowest floor with
 * the boss room is written. */
static bool boss_floor_kept(const z3_dmap_palace *p) {
  int index = (int8_t)(p->boss_floor_word & 0xFF) + p->basements;
  if (p->boss_floor_word & 0xFF00 || index < 0 || index >= z3_dmap_floor_total(p)) return false;
  for (int s = 0; s < Z3_DMAP_SQUARES; s++)
    if (p->rooms[index][s] == p->boss_room) return true;
  return false;
}

static z3_status check_palace(const z3_dmap_palace *p, int palace, plan *pl, z3_error *err) {
  int total = z3_dmap_floor_total(p);
  if (total > Z3_DMAP_MAX_FLOORS || p->floors > 15 || p->basements > 15)
    return z3_error_set(err, Z3_E_INVALID, "palace %d (%s): %d floors in all; the game has room for %d", palace,
                        names[palace], total, Z3_DMAP_MAX_FLOORS);
  for (int f = 0; f < total; f++)
    for (int s = 0; s < Z3_DMAP_SQUARES; s++) {
      uint8_t room = p->rooms[f][s];
      pl->rooms[pl->rooms_len++] = room;
      if (room == Z3_DMAP_EMPTY) continue;
      if (p->gfx[f][s] >= Z3_DMAP_TEMPLATES) {
        char floor[8];
        z3_dmap_floor_name(z3_dmap_floor_number(p, f), floor, sizeof floor);
        return z3_error_set(err, Z3_E_INVALID, "palace %d (%s) %s square (%d,%d): template 0x%02X; templates are 0x00-0x%02X",
                            palace, names[palace], floor, s % 5, s / 5, p->gfx[f][s], Z3_DMAP_TEMPLATES - 1);
      }
      pl->gfx[pl->gfx_len++] = p->gfx[f][s];
    }
  pl->boss_floor = 0xFFFF;
  if (p->boss_room == Z3_DMAP_NO_BOSS) return Z3_OK;
  int f = z3_dmap_find_room(p, p->boss_room);
  if (p->boss_room > 0xFF || f < 0)
    return z3_error_set(err, Z3_E_INVALID, "palace %d (%s): boss room 0x%03X is on none of its floors; place it first or "
                        "remove the boss", palace, names[palace], p->boss_room);
  pl->boss_floor = boss_floor_kept(p) ? p->boss_floor_word : (uint8_t)z3_dmap_floor_number(p, f);
  return Z3_OK;
}

static bool overlaps(const plan *pl, size_t from, size_t to) {
  for (size_t i = 0; i < pl->used_count; i++)
    if (from < pl->used[i].to && pl->used[i].from < to) return true;
  return false;
}

static void mark(plan *pl, size_t from, size_t len, int palace) {
  if (len) pl->used[pl->used_count++] = (used_span){from, from + len, palace};
}

/* The first run of `len` bytes of the layout's areas that no used list touches. */
static bool find_room(const plan *pl, bool expanded, size_t len, size_t *at, size_t *largest) {
  const area *areas = expanded ? expanded_areas : vanilla_areas;
  size_t n = expanded ? 3 : 2;
  *largest = 0;
  for (size_t a = 0; a < n; a++) {
    size_t run = areas[a].from;
    for (size_t pc = areas[a].from; pc < areas[a].to; pc++) {
      if (overlaps(pl, pc, pc + 1)) {
        run = pc + 1;
        continue;
      }
      if (pc + 1 - run > *largest) *largest = pc + 1 - run;
      if (pc + 1 - run >= len) {
        *at = run;
        return true;
      }
    }
  }
  return false;
}

static bool hits(size_t pc, size_t from, size_t len) { return pc < from + len && from < pc + 2; }

static bool changes_inside(const plan *pl, size_t from, size_t len) {
  for (int k = 0; k < pl->changing_count; k++)
    if (hits(pl->changing[k], from, len)) return true;
  return false;
}

/* Keeps a list where it is when it does not grow and either nobody else
 * reads those bytes or they already hold it (lists another palace shares stay
 * shared while unchanged); one lying over the fixed tables stays only
 * unchanged and clear of the words this write changes. Otherwise finds it a
 * free run. */
static z3_status place(plan *pl, const z3_rom *rom, bool expanded, int palace, size_t pointer_pc, size_t old_len,
                       const uint8_t *bytes, size_t new_len, const char *what, size_t *pc, z3_error *err) {
  size_t old_pc = BANK_PC + (word_at(rom, pointer_pc) & 0x7FFF);
  bool same = new_len <= old_len && memcmp(rom->data.data + old_pc, bytes, new_len) == 0;
  bool stays = same || !overlaps(pl, old_pc, old_pc + new_len);
  if (over_tables(old_pc, old_pc + new_len)) stays = same && !changes_inside(pl, old_pc, new_len);
  if (new_len <= old_len && stays) {
    *pc = old_pc;
    mark(pl, *pc, new_len, palace);
    return Z3_OK;
  }
  if (new_len == 0) {
    *pc = old_pc;
    return Z3_OK;
  }
  size_t largest = 0;
  /* The templates' old place is free only when they can have moved: a file
   * too short for $21:9010 with the byte changed is not ZScream's layout. */
  expanded = expanded && rom->data.len >= MOVED_TEMPLATES_END_PC;
  if (!find_room(pl, expanded, new_len, pc, &largest)) {
    z3_error_set(err, Z3_E_INVALID, "palace %d (%s): its %s list needs %zu bytes; the largest free run of the %s dungeon "
                 "map area holds %zu", palace, names[palace], what, new_len, expanded ? "expanded" : "vanilla", largest);
    z3_error_hint(err, "free bytes by removing squares from other palaces' maps");
    return Z3_E_INVALID;
  }
  mark(pl, *pc, new_len, palace);
  return Z3_OK;
}

/* Lists of the other palaces as the ROM has them now (they stay put). */
static void mark_others(plan *pl, const z3_dmaps *now, int palace) {
  for (int i = 0; i < Z3_DMAP_PALACES; i++) {
    if (i == palace) continue;
    const z3_dmap_palace *o = &now->palaces[i];
    mark(pl, o->rooms_pc, (size_t)z3_dmap_floor_total(o) * Z3_DMAP_SQUARES, i);
    mark(pl, o->gfx_pc, z3_dmap_used_squares(o), i);
  }
}

static z3_status put_word(z3_rom *rom, size_t pc, unsigned v, const char *why, z3_error *err) {
  uint8_t b[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
  return z3_rom_write_changed(rom, pc, b, 2, 0, why, err);
}

typedef struct word_put { size_t pc; unsigned value; } word_put;

/* The palace's five table words as the plan writes them. */
static void plan_words(const z3_dmap_palace *p, int palace, const plan *pl, word_put out[5]) {
  size_t i2 = 2 * (size_t)palace;
  out[0] = (word_put){ROOM_POINTERS_PC + i2, 0x8000 | (pl->rooms_pc & 0x7FFF)};
  out[1] = (word_put){GFX_POINTERS_PC + i2, 0x8000 | (pl->gfx_pc & 0x7FFF)};
  out[2] = (word_put){FLOOR_COUNTS_PC + i2, (unsigned)(p->floors << 4 | p->basements) | p->backdrop << 8};
  out[3] = (word_put){BOSS_ROOMS_PC + i2, p->boss_room};
  out[4] = (word_put){BOSS_FLOORS_PC + i2, pl->boss_floor};
}

/* A changed word must not land in a list (a hack can leave one over the
 * tables): that map would change unasked. Ours have moved off the tables
 * unless nothing of this palace changes; the others stay where they are.
 * The plan's used spans are exactly those lists. */
static z3_status check_words(const z3_rom *rom, int palace, const plan *pl, const word_put w[5], z3_error *err) {
  for (int k = 0; k < 5; k++) {
    if (word_at(rom, w[k].pc) == (w[k].value & 0xFFFF)) continue;
    for (size_t i = 0; i < pl->used_count; i++) {
      int other = pl->used[i].palace;
      if (hits(w[k].pc, pl->used[i].from, pl->used[i].to - pl->used[i].from))
        return z3_error_set_at(err, Z3_E_INVALID, (int64_t)w[k].pc,
                               "palace %d (%s): its table word at 0x%05zX lies inside a list of palace %d (%s), "
                               "which writing it would change", palace, names[palace], w[k].pc, other, names[other]);
    }
  }
  return Z3_OK;
}

static z3_status write_plan(z3_rom *rom, int palace, const plan *pl, const word_put w[5], z3_error *err) {
  char why[96];
  snprintf(why, sizeof why, "dungeon map of palace %d (%s)", palace, names[palace]);
  z3_status st = z3_rom_write_changed(rom, pl->rooms_pc, pl->rooms, pl->rooms_len, 4, why, err);
  if (st == Z3_OK) st = z3_rom_write_changed(rom, pl->gfx_pc, pl->gfx, pl->gfx_len, 4, why, err);
  for (int k = 0; k < 5 && st == Z3_OK; k++) st = put_word(rom, w[k].pc, w[k].value, why, err);
  return st;
}

static z3_status place_lists(const z3_rom *rom, const z3_dmaps *now, int palace, plan *pl, z3_error *err) {
  const z3_dmap_palace *old = &now->palaces[palace];
  size_t i2 = 2 * (size_t)palace;
  mark_others(pl, now, palace);
  z3_status st = place(pl, rom, now->expanded, palace, ROOM_POINTERS_PC + i2,
                       (size_t)z3_dmap_floor_total(old) * Z3_DMAP_SQUARES, pl->rooms, pl->rooms_len, "room",
                       &pl->rooms_pc, err);
  if (st == Z3_OK)
    st = place(pl, rom, now->expanded, palace, GFX_POINTERS_PC + i2, z3_dmap_used_squares(old), pl->gfx, pl->gfx_len,
               "template", &pl->gfx_pc, err);
  return st;
}

z3_status z3_dmap_write(z3_rom *rom, const z3_dmaps *maps, int palace, z3_error *err) {
  if (palace < 0 || palace >= Z3_DMAP_PALACES)
    return z3_error_set(err, Z3_E_INVALID, "palace %d does not exist: palaces are 0-%d", palace, Z3_DMAP_PALACES - 1);
  z3_dmaps *now = z3_calloc(1, sizeof *now);
  plan *pl = z3_calloc(1, sizeof *pl);
  z3_status st = now && pl ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = z3_dmaps_read(rom, now, err);
  const z3_dmap_palace *p = &maps->palaces[palace];
  if (st == Z3_OK) st = check_palace(p, palace, pl, err);
  word_put w[5];
  if (st == Z3_OK) {
    plan_words(p, palace, pl, w);
    for (int k = 2; k < 5; k++) /* the words after the two pointers */
      if (word_at(rom, w[k].pc) != (w[k].value & 0xFFFF)) pl->changing[pl->changing_count++] = w[k].pc;
    st = place_lists(rom, now, palace, pl, err);
  }
  if (st == Z3_OK) plan_words(p, palace, pl, w), st = check_words(rom, palace, pl, w, err);
  if (st == Z3_OK) st = write_plan(rom, palace, pl, w, err);
  z3_free(now);
  z3_free(pl);
  return st;
}

z3_status z3_dmaps_write(z3_rom *rom, const z3_dmaps *maps, z3_error *err) {
  z3_status st = Z3_OK;
  for (int i = 0; i < Z3_DMAP_PALACES && st == Z3_OK; i++) st = z3_dmap_write(rom, maps, i, err);
  return st;
}

int z3_dmap_table_pcs(size_t out[5]) {
  static const size_t pcs[5] = {BOSS_ROOMS_PC, BOSS_FLOORS_PC, FLOOR_COUNTS_PC, ROOM_POINTERS_PC, GFX_POINTERS_PC};
  memcpy(out, pcs, sizeof pcs);
  return 5;
}
