/* yaze's water-fill zones: parse, encode, load, edit, save (water_fill.h). */
#include "zelda3/water_fill.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/collision.h"

enum { HEADER_ENTRY = 4, GRID_TILES = Z3_WATER_SIDE * Z3_WATER_SIDE };

static uint16_t word_at(const uint8_t *d) { return (uint16_t)(d[0] | d[1] << 8); }
static bool single_bit(unsigned mask) { return mask != 0 && mask <= 0x80 && (mask & (mask - 1)) == 0; }

static int by_offset(const void *a, const void *b) {
  uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;
  return x < y ? -1 : x > y;
}

/* Sorts and drops repeats; returns the new count. */
static int normalise(uint16_t *offsets, int n) {
  qsort(offsets, (size_t)n, sizeof *offsets, by_offset);
  int w = 0;
  for (int i = 0; i < n; i++)
    if (w == 0 || offsets[w - 1] != offsets[i]) offsets[w++] = offsets[i];
  return w;
}

static bool room_taken(const z3_water_table *t, int upto, int room, unsigned mask, bool *by_mask) {
  for (int k = 0; k < upto; k++) {
    if (t->zones[k].room == room) return *by_mask = false, true;
    if (t->zones[k].mask == mask) return *by_mask = true, true;
  }
  return false;
}

/* One zone's tiles at its data offset. */
static z3_status parse_tiles(const uint8_t *d, size_t len, size_t at, z3_water_zone *z, z3_error *err) {
  z->count = d[at];
  if (at + 1 + 2 * (size_t)z->count > len)
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)at, "room 0x%02X's %d tiles at byte 0x%zX run past the region's end",
                           z->room, z->count, at);
  for (int i = 0; i < z->count; i++) {
    uint16_t off = word_at(d + at + 1 + 2 * (size_t)i);
    if (off >= GRID_TILES)
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)(at + 1 + 2 * (size_t)i),
                             "room 0x%02X's tile %d at byte 0x%zX is offset %u, outside the 64x64 map (0-4095)", z->room, i,
                             at + 1 + 2 * (size_t)i, off);
    z->offsets[i] = off;
  }
  return Z3_OK;
}

z3_status z3_water_parse(const uint8_t *d, size_t len, z3_water_table *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  if (len == 0) return z3_error_set_at(err, Z3_E_INVALID, 0, "the water-fill region is empty");
  if (d[0] > Z3_WATER_MAX_ZONES)
    return z3_error_set_at(err, Z3_E_NOT_FOUND, 0, "byte 0x%02X at the region's start is no zone count (0-8)", d[0]);
  size_t header = 1 + HEADER_ENTRY * (size_t)d[0], end = header;
  if (header > len) return z3_error_set_at(err, Z3_E_INVALID, 0, "%d zone entries run past the region's end", d[0]);
  for (int k = 0; k < d[0]; k++) {
    const uint8_t *e = d + 1 + HEADER_ENTRY * (size_t)k;
    z3_water_zone *z = &out->zones[k];
    size_t at = word_at(e + 2), entry = (size_t)(e - d);
    z->room = e[0], z->mask = e[1];
    bool by_mask = false;
    if (!single_bit(z->mask))
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)entry + 1, "zone %d (room 0x%02X): SRAM mask 0x%02X at byte 0x%zX is not one bit",
                             k, z->room, z->mask, entry + 1);
    if (room_taken(out, k, z->room, z->mask, &by_mask))
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)entry, "zone %d at byte 0x%zX repeats %s", k, entry,
                             by_mask ? "another zone's SRAM mask" : "another zone's room");
    if (at < header || at >= len)
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)entry + 2, "zone %d (room 0x%02X): data offset 0x%04zX is %s", k,
                             z->room, at, at < header ? "inside the zone entries" : "past the region's end");
    z3_status st = parse_tiles(d, len, at, z, err);
    if (st) return st;
    if (at + 1 + 2 * (size_t)z->count > end) end = at + 1 + 2 * (size_t)z->count;
    out->count = k + 1;
  }
  for (size_t i = end; i < len; i++)
    if (d[i])
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)i, "byte 0x%zX after the table is 0x%02X, not 0 as yaze leaves it", i, d[i]);
  out->present = true;
  return Z3_OK;
}

static int by_room(const void *a, const void *b) {
  const z3_water_zone *x = a, *y = b;
  return x->room < y->room ? -1 : x->room > y->room;
}

size_t z3_water_encode(const z3_water_table *t, uint8_t *region) {
  memset(region, 0, Z3_WATER_REGION_SIZE);
  z3_water_zone sorted[Z3_WATER_MAX_ZONES];
  memcpy(sorted, t->zones, sizeof sorted);
  qsort(sorted, (size_t)t->count, sizeof *sorted, by_room);
  region[0] = (uint8_t)t->count;
  size_t at = 1 + HEADER_ENTRY * (size_t)t->count;
  for (int k = 0; k < t->count; k++) {
    uint8_t *e = region + 1 + HEADER_ENTRY * (size_t)k;
    e[0] = (uint8_t)sorted[k].room, e[1] = sorted[k].mask, e[2] = (uint8_t)at, e[3] = (uint8_t)(at >> 8);
    region[at++] = (uint8_t)sorted[k].count;
    for (int i = 0; i < sorted[k].count; i++, at += 2)
      region[at] = (uint8_t)sorted[k].offsets[i], region[at + 1] = (uint8_t)(sorted[k].offsets[i] >> 8);
  }
  return at;
}

/* yaze's region is the collision bank's tail: no collision list may reach it. */
static bool collision_reaches_region(const z3_collision *c, int *room) {
  for (int id = 0; id < Z3_COLLISION_ROOMS; id++)
    if (c->rooms[id].pointer && c->rooms[id].pc + c->rooms[id].stored_len > Z3_WATER_TABLE_PC) return *room = id, true;
  return false;
}

static z3_status absent(z3_water_table *out, const char *why) {
  memset(out, 0, sizeof *out);
  snprintf(out->why_absent, sizeof out->why_absent, "%.150s", why);
  return Z3_OK;
}

z3_status z3_water_load(const z3_rom *rom, z3_water_table *out, z3_error *err) {
  if (rom->data.len < Z3_WATER_TABLE_PC + Z3_WATER_REGION_SIZE) return absent(out, "the ROM is smaller than 0x130000 bytes");
  z3_collision *c = NULL;
  z3_status st = z3_collision_load(rom, &c, err);
  if (st) return st;
  int room = 0;
  bool installed = c->installed, reaches = installed && collision_reaches_region(c, &room);
  z3_collision_free(c);
  if (!installed) return absent(out, "no custom collision (no room pointer at 0x128090 is set): yaze keeps the zones in its bank");
  if (reaches) {
    char why[160];
    snprintf(why, sizeof why, "room 0x%03X's collision list reaches into 0x12E000-0x12FFFF, which yaze keeps for the zones", room);
    return absent(out, why);
  }
  z3_error inner;
  z3_error_init(&inner);
  st = z3_water_parse(rom->data.data + Z3_WATER_TABLE_PC, Z3_WATER_REGION_SIZE, out, &inner);
  if (st == Z3_E_NOT_FOUND) return absent(out, inner.message);
  if (st) {
    return z3_error_set_at(err, st, (int64_t)Z3_WATER_TABLE_PC + inner.offset, "water-fill table at 0x%X: %s", Z3_WATER_TABLE_PC,
                           inner.message);
  }
  return Z3_OK;
}

const z3_water_zone *z3_water_find(const z3_water_table *t, int room) {
  for (int k = 0; k < t->count; k++)
    if (t->zones[k].room == room) return &t->zones[k];
  return NULL;
}

static void remove_zone(z3_water_table *t, int k) {
  memmove(&t->zones[k], &t->zones[k + 1], (size_t)(t->count - k - 1) * sizeof t->zones[0]);
  t->count--;
}

/* The mask for a room's zone: given, the room's own, or the lowest free bit; 0 when none is left. */
static unsigned pick_mask(const z3_water_table *t, const z3_water_zone *own, int mask) {
  if (mask) return (unsigned)mask;
  if (own) return own->mask;
  unsigned used = 0;
  for (int k = 0; k < t->count; k++) used |= t->zones[k].mask;
  for (unsigned bit = 1; bit <= 0x80; bit <<= 1)
    if (!(used & bit)) return bit;
  return 0;
}

static z3_status check_set(const z3_water_table *t, int room, int mask, const uint16_t *offsets, int n, z3_error *err) {
  if (!t->present) {
    z3_error_set(err, Z3_E_INVALID, "this ROM has no water-fill table: %s", t->why_absent);
    z3_error_hint(err, "yaze writes the table on ROMs with ZScream's custom collision; z3ed never installs it");
    return Z3_E_INVALID;
  }
  if (room < 0 || room > Z3_WATER_MAX_ROOM)
    return z3_error_set(err, Z3_E_INVALID, "room 0x%03X cannot have a zone: the table stores rooms 0x00-0xFF", (unsigned)room);
  if (mask && !single_bit((unsigned)mask))
    return z3_error_set(err, Z3_E_INVALID, "SRAM mask 0x%02X is not one bit (0x01, 0x02, ... 0x80)", (unsigned)mask);
  if (n < 0 || n > Z3_WATER_MAX_TILES) return z3_error_set(err, Z3_E_INVALID, "%d tiles: a zone holds 1-255", n);
  for (int i = 0; i < n; i++) /* the table's reader refuses them: a save must load again */
    if (offsets[i] >= GRID_TILES)
      return z3_error_set(err, Z3_E_INVALID, "tile %d is offset %u, outside the 64x64 map (0-4095)", i, offsets[i]);
  return Z3_OK;
}

z3_status z3_water_set(z3_water_table *t, int room, int mask, const uint16_t *offsets, int n, z3_error *err) {
  z3_status st = check_set(t, room, mask, offsets, n, err);
  if (st) return st;
  const z3_water_zone *own = z3_water_find(t, room);
  int k = own ? (int)(own - t->zones) : t->count;
  if (n == 0) {
    if (!own) return z3_error_set(err, Z3_E_NOT_FOUND, "room 0x%02X has no water-fill zone to remove", (unsigned)room);
    remove_zone(t, k);
    t->dirty = true;
    return Z3_OK;
  }
  unsigned bit = pick_mask(t, own, mask);
  for (int i = 0; i < t->count; i++)
    if (i != k && t->zones[i].mask == bit)
      return z3_error_set(err, Z3_E_INVALID, "SRAM mask 0x%02X is room 0x%02X's already", bit, (unsigned)t->zones[i].room);
  if (!bit || k == Z3_WATER_MAX_ZONES)
    return z3_error_set(err, Z3_E_INVALID, "the table holds 8 zones (one per bit of $7EF411) and has no room for another");
  z3_water_zone z = {.room = room, .mask = (uint8_t)bit, .count = n};
  memcpy(z.offsets, offsets, (size_t)n * sizeof *offsets);
  z.count = normalise(z.offsets, n);
  t->zones[k] = z;
  if (k == t->count) t->count++;
  t->dirty = true;
  return Z3_OK;
}

z3_status z3_water_save(z3_water_table *t, z3_rom *rom, z3_error *err) {
  if (!t->dirty) return Z3_OK;
  uint8_t *region = z3_malloc(Z3_WATER_REGION_SIZE);
  if (!region) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_water_encode(t, region);
  z3_status st = z3_rom_write_changed(rom, Z3_WATER_TABLE_PC, region, Z3_WATER_REGION_SIZE, 16, "water-fill zones", err);
  z3_free(region);
  if (st == Z3_OK) t->dirty = false;
  return st;
}

/* ---- the tile list text --------------------------------------------------- */

static bool read_number(const char **p, long *out) {
  char *end;
  if (!isdigit((unsigned char)**p)) return false;
  bool hex = (*p)[0] == '0' && ((*p)[1] == 'x' || (*p)[1] == 'X'); /* decimal else: "08" is eight */
  long v = strtol(*p, &end, hex ? 16 : 10);
  if (end == *p || v < 0 || v > 0xFFFF) return false;
  *p = end, *out = v;
  return true;
}

/* One "x,y" or "x,y,w,h" item; *count numbers read. */
static z3_status read_item(const char *text, const char **p, long v[4], int *count, z3_error *err) {
  static const char *const names[] = {"x", "y", "width", "height"};
  *count = 0;
  for (;;) {
    if (!read_number(p, &v[*count]))
      return z3_error_set(err, Z3_E_INVALID, "--tiles column %td: %s must be a number", *p - text + 1, names[*count]);
    (*count)++;
    if (**p != ',' || *count == 4) return Z3_OK;
    (*p)++;
  }
}

static z3_status add_item(const long v[4], int count, long column, uint16_t *offsets, int *n, z3_error *err) {
  if (count != 2 && count != 4)
    return z3_error_set(err, Z3_E_INVALID, "--tiles column %ld: give x,y or x,y,width,height", column);
  long w = count == 4 ? v[2] : 1, h = count == 4 ? v[3] : 1;
  if (v[0] + w > Z3_WATER_SIDE || v[1] + h > Z3_WATER_SIDE || w < 1 || h < 1)
    return z3_error_set(err, Z3_E_INVALID, "--tiles column %ld: (%ld,%ld) size %ldx%ld is not inside the 64x64 map", column, v[0], v[1], w, h);
  for (long y = v[1]; y < v[1] + h; y++)
    for (long x = v[0]; x < v[0] + w; x++) {
      if (*n == Z3_WATER_MAX_TILES) *n = normalise(offsets, *n); /* repeats may free room */
      if (*n == Z3_WATER_MAX_TILES)
        return z3_error_set(err, Z3_E_INVALID, "--tiles column %ld: more than 255 tiles (a zone's count is a byte)", column);
      offsets[(*n)++] = (uint16_t)(y * Z3_WATER_SIDE + x);
    }
  return Z3_OK;
}

z3_status z3_water_parse_tiles(const char *text, uint16_t offsets[Z3_WATER_MAX_TILES], int *n, z3_error *err) {
  *n = 0;
  const char *p = text;
  for (;;) {
    while (*p == ' ' || *p == ';' || *p == '\t') p++;
    if (!*p) break;
    long v[4] = {0}, column = p - text + 1;
    int count;
    z3_status st = read_item(text, &p, v, &count, err);
    if (st == Z3_OK && *p && *p != ' ' && *p != ';' && *p != '\t')
      st = z3_error_set(err, Z3_E_INVALID, "--tiles column %td: unexpected '%c'", p - text + 1, *p);
    if (st == Z3_OK) st = add_item(v, count, column, offsets, n, err);
    if (st) return st;
  }
  *n = normalise(offsets, *n);
  return Z3_OK;
}
