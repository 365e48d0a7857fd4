/* ZScream's custom collision lists: parse, encode, load, edit, save (collision.h). */
#include <string.h>

#include "zelda3/collision.h"

#define SINGLE_MARKER 0xF0F0u
#define END_MARKER 0xFFFFu
#define REGION_PC 0x128000u /* the bank the pointer table and lists live in */
#define REGION_END 0x130000u

static uint16_t word_at(const uint8_t *d) { return (uint16_t)(d[0] | d[1] << 8); }

static z3_status cut_short(z3_error *err, size_t at) {
  return z3_error_set(err, Z3_E_INVALID, "collision list cut short at byte %zu (no $FFFF end)", at);
}

/* A rectangle's tiles, row by row from `offset`; tiles past the map are read and dropped, as yaze does. */
static z3_status parse_rectangle(const uint8_t *d, size_t len, size_t *at, uint16_t offset, int16_t *tiles,
                                 z3_error *err) {
  if (*at + 2 > len) return cut_short(err, *at);
  unsigned width = d[*at], height = d[*at + 1];
  *at += 2;
  if ((size_t)width * height > len - *at) return cut_short(err, len);
  for (unsigned row = 0; row < height; row++)
    for (unsigned col = 0; col < width; col++) {
      size_t idx = offset + row * Z3_COLLISION_SIDE + col;
      uint8_t tile = d[(*at)++];
      if (idx < Z3_COLLISION_TILES) tiles[idx] = tile;
    }
  return Z3_OK;
}

/* Every tile unset. A room map is 4,096 tiles and a load clears 296 of them: one memset,
 * since NONE is all bits set. */
_Static_assert(Z3_COLLISION_NONE == -1, "clear_tiles fills with 0xFF bytes");
static void clear_tiles(int16_t tiles[Z3_COLLISION_TILES]) { memset(tiles, 0xFF, Z3_COLLISION_TILES * sizeof *tiles); }

z3_status z3_collision_parse(const uint8_t *d, size_t len, int16_t tiles[Z3_COLLISION_TILES], size_t *used,
                             z3_error *err) {
  clear_tiles(tiles);
  bool singles = false;
  size_t at = 0;
  while (at + 2 <= len) {
    uint16_t offset = word_at(d + at);
    at += 2;
    if (offset == END_MARKER) {
      *used = at;
      return Z3_OK;
    }
    if (offset == SINGLE_MARKER && !singles) {
      singles = true;
      continue;
    }
    if (!singles) {
      z3_status st = parse_rectangle(d, len, &at, offset, tiles, err);
      if (st) return st;
      continue;
    }
    if (at >= len) return cut_short(err, at);
    if (offset < Z3_COLLISION_TILES) tiles[offset] = d[at];
    at++;
  }
  return cut_short(err, at);
}

static void put_word(uint8_t *p, unsigned v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }

size_t z3_collision_encode(const int16_t tiles[Z3_COLLISION_TILES], uint8_t *out) {
  size_t n = 0;
  for (int y = 0; y < Z3_COLLISION_SIDE; y++)
    for (int x = 0; x < Z3_COLLISION_SIDE;) {
      int i = y * Z3_COLLISION_SIDE + x;
      if (tiles[i] == Z3_COLLISION_NONE) {
        x++;
        continue;
      }
      int run = 0;
      while (x + run < Z3_COLLISION_SIDE && tiles[i + run] != Z3_COLLISION_NONE) run++;
      put_word(out + n, (unsigned)i), out[n + 2] = (uint8_t)run, out[n + 3] = 1;
      n += 4;
      for (int k = 0; k < run; k++) out[n++] = (uint8_t)tiles[i + k];
      x += run;
    }
  if (n == 0) return 0;
  put_word(out + n, END_MARKER);
  return n + 2;
}

static z3_status load_room(const z3_rom *rom, z3_collision_room *r, int id, z3_error *err) {
  const uint8_t *p = rom->data.data + Z3_COLLISION_PTR_PC + 3 * (size_t)id;
  r->pointer = (uint32_t)(p[0] | p[1] << 8 | p[2] << 16);
  clear_tiles(r->tiles);
  if (r->pointer == 0xFFFFFF) r->pointer = 0; /* empty expanded space reads $FF: no list, as detection has it */
  if (r->pointer == 0) return Z3_OK;
  size_t pc = 0;
  if (z3_rom_to_pc(rom, r->pointer, &pc, NULL) != Z3_OK || pc < REGION_PC || pc >= REGION_END ||
      pc >= rom->data.len)
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)(p - rom->data.data),
                           "room 0x%03X: collision pointer $%06X is outside the collision bank 0x128000-0x12FFFF", id,
                           (unsigned)r->pointer);
  size_t end = rom->data.len < REGION_END ? rom->data.len : REGION_END;
  z3_error inner;
  z3_error_init(&inner);
  z3_status st = z3_collision_parse(rom->data.data + pc, end - pc, r->tiles, &r->stored_len, &inner);
  if (st) return z3_error_set_at(err, st, (int64_t)pc, "room 0x%03X at 0x%zX: %s", id, pc, inner.message);
  r->pc = pc;
  return Z3_OK;
}

/* The layout needs the bank: a shorter image reads as vanilla (nothing installed). */
z3_status z3_collision_load(const z3_rom *rom, z3_collision **out, z3_error *err) {
  *out = NULL;
  z3_collision *c = z3_calloc(1, sizeof *c);
  if (!c) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  bool present = rom->data.len >= Z3_COLLISION_PTR_PC + 3 * Z3_COLLISION_ROOMS;
  for (int id = 0; id < Z3_COLLISION_ROOMS; id++) {
    z3_collision_room *r = &c->rooms[id];
    if (!present) {
      clear_tiles(r->tiles);
      continue;
    }
    z3_status st = load_room(rom, r, id, err);
    if (st) {
      z3_free(c);
      return st;
    }
    c->installed = c->installed || r->pointer != 0;
  }
  *out = c;
  return Z3_OK;
}

void z3_collision_free(z3_collision *c) { z3_free(c); }

z3_status z3_collision_set(z3_collision *c, int room, int x, int y, int value, z3_error *err) {
  if (!c->installed) {
    z3_error_set(err, Z3_E_INVALID, "this ROM has no custom collision (no room pointer at 0x128090 is set)");
    z3_error_hint(err, "ZScream installs its collision patch when it saves a room's collision; z3ed never installs it");
    return Z3_E_INVALID;
  }
  if (room < 0 || room >= Z3_COLLISION_ROOMS)
    return z3_error_set(err, Z3_E_NOT_FOUND, "room 0x%03X has no collision slot (0x000-0x127)", (unsigned)room);
  if (x < 0 || y < 0 || x >= Z3_COLLISION_SIDE || y >= Z3_COLLISION_SIDE)
    return z3_error_set(err, Z3_E_INVALID, "tile (%d,%d) is outside the 64x64 collision map", x, y);
  if (value < Z3_COLLISION_NONE || value > 0xFF)
    return z3_error_set(err, Z3_E_INVALID, "collision value %d is outside 0x00-0xFF", value);
  int16_t *t = &c->rooms[room].tiles[y * Z3_COLLISION_SIDE + x];
  if (*t != value) *t = (int16_t)value, c->rooms[room].dirty = true;
  return Z3_OK;
}

/* Whether another room's list uses any of this room's bytes: the same pointer, or (on a
 * ROM another tool wrote) a list starting inside this one or this one inside it. Writing
 * in place would change that room too. */
static bool overlapped(const z3_collision *c, int room) {
  const z3_collision_room *r = &c->rooms[room];
  for (int i = 0; i < Z3_COLLISION_ROOMS; i++) {
    const z3_collision_room *o = &c->rooms[i];
    if (i != room && o->pointer && o->pc < r->pc + r->stored_len && r->pc < o->pc + o->stored_len) return true;
  }
  return false;
}

/* The first byte after every list, never below the data start. */
static size_t data_end(const z3_collision *c) {
  size_t end = Z3_COLLISION_DATA_PC;
  for (int i = 0; i < Z3_COLLISION_ROOMS; i++)
    if (c->rooms[i].pointer && c->rooms[i].pc + c->rooms[i].stored_len > end) end = c->rooms[i].pc + c->rooms[i].stored_len;
  return end;
}

static z3_status write_pointer(z3_rom *rom, int id, uint32_t pointer, const char *reason, z3_error *err) {
  uint8_t p[3] = {(uint8_t)pointer, (uint8_t)(pointer >> 8), (uint8_t)(pointer >> 16)};
  return z3_rom_write_changed(rom, Z3_COLLISION_PTR_PC + 3 * (size_t)id, p, 3, SIZE_MAX, reason, err);
}

static z3_status save_room(z3_collision *c, z3_rom *rom, int id, uint8_t *buf, z3_error *err) {
  z3_collision_room *r = &c->rooms[id];
  size_t len = z3_collision_encode(r->tiles, buf);
  char *reason = z3_strfmt("room 0x%03X custom collision", id);
  if (!reason) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  if (len == 0) {
    st = write_pointer(rom, id, 0, reason, err);
    if (st == Z3_OK) r->pointer = 0, r->pc = r->stored_len = 0;
  } else {
    size_t pc = r->pc;
    bool in_place = r->pointer && len <= r->stored_len && !overlapped(c, id);
    if (!in_place) pc = data_end(c);
    if (!in_place && pc + len > Z3_COLLISION_DATA_END)
      st = z3_error_set(err, Z3_E_NOT_FOUND, "no room for room 0x%03X's %zu-byte collision list before 0x%X", id, len,
                        Z3_COLLISION_DATA_END);
    uint32_t addr = 0;
    if (st == Z3_OK) st = z3_rom_to_snes(rom, pc, &addr, err);
    if (st == Z3_OK) st = z3_rom_write_changed(rom, pc, buf, len, SIZE_MAX, reason, err);
    if (st == Z3_OK && addr != r->pointer) st = write_pointer(rom, id, addr, reason, err);
    if (st == Z3_OK) r->pointer = addr, r->pc = pc, r->stored_len = in_place ? r->stored_len : len;
  }
  z3_free(reason);
  return st;
}

z3_status z3_collision_save(z3_collision *c, z3_rom *rom, z3_error *err) {
  uint8_t *buf = z3_malloc(Z3_COLLISION_TILES * 5 + 2);
  if (!buf) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  for (int id = 0; id < Z3_COLLISION_ROOMS && st == Z3_OK; id++) {
    if (!c->rooms[id].dirty) continue;
    st = save_room(c, rom, id, buf, err);
    if (st == Z3_OK) c->rooms[id].dirty = false;
  }
  z3_free(buf);
  return st;
}
