/* Layouts and dungeon overlays (world reference §3.5): object lists shared by
 * rooms, read through their tables of longs and written back only when an
 * edit made them dirty. The tables themselves never move (two code operands
 * read each one), only the lists do. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "zelda3/dungeon_internal.h"

const char *z3_list_kind_name(z3_list_kind kind) { return kind == Z3_LIST_LAYOUT ? "layout" : "overlay"; }

z3_object_list *z3_dungeon_list(z3_dungeon *d, z3_list_kind kind, int64_t index, z3_error *err) {
  int64_t count = kind == Z3_LIST_LAYOUT ? Z3_ROOM_LAYOUTS : Z3_DUNGEON_OVERLAYS;
  if (index >= 0 && index < count) return &d->lists[(kind == Z3_LIST_LAYOUT ? 0 : Z3_ROOM_LAYOUTS) + index];
  z3_error_set(err, Z3_E_NOT_FOUND, "%s %lld does not exist: %ss are 0-%lld", z3_list_kind_name(kind), (long long)index,
               z3_list_kind_name(kind), (long long)(count - 1));
  z3_error_hint(err, "see 'z3ed dungeon list-%ss'", z3_list_kind_name(kind));
  return NULL;
}

/* The "holes" tags (usdasm bank $01, RoomTag_Holes0 $01:CC00 ff.): each loads a
 * base index and RoomTag_TriggerHoles stores base + the kind of switch pressed
 * (0 for tile types 0x23/0x3A, 1 for 0x3B; RoomTag_CheckForPressedSwitch) in
 * $04BA, which Underworld_ApplyRoomOverlay indexes the table with. The chest
 * tags and holes 2 store a fixed index. */
size_t z3_tag_overlays(uint8_t tag, int out[2]) {
  static const struct { uint8_t tag, base, count; } tags[] = {
      {0x21, 1, 2},  {0x22, 0, 1},  {0x23, 3, 2},  {0x24, 5, 1},  {0x34, 6, 2},  {0x35, 8, 2},
      {0x36, 10, 2}, {0x37, 12, 2}, {0x39, 14, 2}, {0x3A, 16, 2}, {0x3B, 18, 1},
  };
  for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++) {
    if (tags[i].tag != tag) continue;
    for (int k = 0; k < tags[i].count; k++) out[k] = tags[i].base + k;
    return tags[i].count;
  }
  return 0;
}

static bool room_uses(const z3_room *r, const z3_object_list *l) {
  if (l->kind == Z3_LIST_LAYOUT) return (r->layout_byte >> 2) == l->index;
  z3_room_header h;
  z3_room_header_decode(r->header, &h);
  uint8_t tags[2] = {h.tag1, h.tag2};
  for (int t = 0; t < 2; t++) {
    int ids[2];
    size_t n = z3_tag_overlays(tags[t], ids);
    for (size_t k = 0; k < n; k++)
      if (ids[k] == l->index) return true;
  }
  return false;
}

size_t z3_list_rooms(const z3_dungeon *d, const z3_object_list *l, int rooms[Z3_ROOM_COUNT]) {
  size_t n = 0;
  for (int i = 0; i < Z3_ROOM_COUNT; i++)
    if (room_uses(&d->rooms[i], l)) rooms[n++] = i;
  return n;
}

z3_status z3_object_list_encode(const z3_object_list *l, z3_buf *out, z3_error *err) {
  z3_status st = Z3_OK;
  for (size_t i = 0; i < l->count && st == Z3_OK; i++) {
    uint8_t b[3];
    st = z3_object_check(&l->objects[i], err);
    if (st == Z3_OK) z3_object_encode(&l->objects[i], b), st = z3_buf_append(out, b, 3, err);
  }
  static const uint8_t end[2] = {0xFF, 0xFF};
  return st ? st : z3_buf_append(out, end, 2, err);
}

void z3_list_note(z3_object_list *l, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  z3_dungeon__append_note(&l->notes, fmt, ap);
  va_end(ap);
}

/* ---- loading ---- */

static z3_status load_list(const z3_rom *rom, z3_object_list *l, size_t table_pc, z3_error *err) {
  const char *what = z3_list_kind_name(l->kind);
  l->addr = z3_dungeon__long(rom, table_pc + 3 * (size_t)l->index);
  if (z3_rom_to_pc(rom, l->addr, &l->pc, NULL) != Z3_OK) {
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)(table_pc + 3 * (size_t)l->index),
                           "%s %d: its pointer $%02X:%04X (at 0x%06zX) is not in the ROM", what, l->index,
                           (unsigned)(l->addr >> 16), (unsigned)(l->addr & 0xFFFF), table_pc + 3 * (size_t)l->index);
  }
  /* The game reads [$B7],Y inside the list's bank: bound the parse by it. */
  size_t avail = 0x8000 - (l->pc & 0x7FFF);
  if (l->pc + avail > rom->data.len) avail = rom->data.len - l->pc;
  z3_error inner;
  z3_error_init(&inner);
  z3_status st = z3_object_list_parse(rom->data.data + l->pc, avail, &l->objects, &l->count, &l->len, &inner);
  if (st) {
    return z3_error_set_at(err, st, (int64_t)l->pc + inner.offset, "%s %d at 0x%06zX: %s", what, l->index, l->pc,
                           inner.message);
  }
  l->cap = l->count;
  return Z3_OK;
}

static z3_status find_table(const z3_rom *rom, size_t operand, size_t entries, const char *what, size_t *out,
                            z3_error *err) {
  uint32_t addr = z3_dungeon__long(rom, operand);
  if (z3_rom_to_pc(rom, addr, out, NULL) == Z3_OK && *out + 3 * entries <= rom->data.len) return Z3_OK;
  return z3_error_set_at(err, Z3_E_INVALID, (int64_t)operand,
                         "the %s pointer table (operand at 0x%04zX) points at $%02X:%04X, which is not %zu bytes of ROM",
                         what, operand, (unsigned)(addr >> 16), (unsigned)(addr & 0xFFFF), 3 * entries);
}

z3_status z3_dungeon__load_lists(const z3_rom *rom, z3_dungeon *d, z3_error *err) {
  z3_status st = find_table(rom, Z3_ROOM_LAYOUT_PTR_OPERAND_PC, Z3_ROOM_LAYOUTS, "layout", &d->layout_table_pc, err);
  if (st == Z3_OK) st = find_table(rom, Z3_OVERLAY_PTR_OPERAND_PC, Z3_DUNGEON_OVERLAYS, "overlay", &d->overlay_table_pc, err);
  for (int i = 0; i < Z3_OBJECT_LISTS && st == Z3_OK; i++) {
    z3_object_list *l = &d->lists[i];
    l->kind = i < Z3_ROOM_LAYOUTS ? Z3_LIST_LAYOUT : Z3_LIST_OVERLAY;
    l->index = i < Z3_ROOM_LAYOUTS ? i : i - Z3_ROOM_LAYOUTS;
    st = load_list(rom, l, l->kind == Z3_LIST_LAYOUT ? d->layout_table_pc : d->overlay_table_pc, err);
  }
  return st;
}

void z3_dungeon__free_lists(z3_dungeon *d) {
  for (int i = 0; i < Z3_OBJECT_LISTS; i++) {
    z3_free(d->lists[i].objects);
    z3_free(d->lists[i].notes);
    d->lists[i].objects = NULL, d->lists[i].notes = NULL;
  }
}

/* ---- saving ---- */

/* Another list reads some of these bytes (vanilla-style sharing, or the
 * sample's one empty list behind all 19 overlays): writing in place would
 * change it too. */
static bool list_shared(const z3_dungeon *d, const z3_object_list *l) {
  for (int i = 0; i < Z3_OBJECT_LISTS; i++) {
    const z3_object_list *o = &d->lists[i];
    if (o != l && o->pc < l->pc + l->len && l->pc < o->pc + o->len) return true;
  }
  return false;
}

static z3_status write_list(z3_rom *rom, const z3_object_list *l, size_t pc, const void *bytes, size_t len,
                            const char *part, z3_error *err) {
  char *reason = z3_strfmt("%s %d %s (%s)", z3_list_kind_name(l->kind), l->index, part, l->notes ? l->notes : "edited");
  if (!reason) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = z3_rom_write_changed(rom, pc, bytes, len, SIZE_MAX, reason, err);
  z3_free(reason);
  return st;
}

/* In place when it fits and is not shared; otherwise into free space of any
 * bank (the pointers are longs) with its table entry updated. */
static z3_status save_list(z3_dungeon *d, z3_rom *rom, z3_object_list *l, z3_error *err) {
  z3_buf s;
  z3_buf_init(&s);
  z3_status st = z3_object_list_encode(l, &s, err);
  bool same = st == Z3_OK && s.len == l->len && memcmp(rom->data.data + l->pc, s.data, s.len) == 0;
  bool moved = st == Z3_OK && !same && (s.len > l->len || list_shared(d, l));
  size_t pc = l->pc;
  if (moved) st = z3_dungeon__alloc(d, rom, s.len, -1, &pc, err);
  if (st == Z3_OK && !same) st = write_list(rom, l, pc, s.data, s.len, moved ? "objects (moved)" : "objects", err);
  uint32_t addr = l->addr;
  if (st == Z3_OK && moved) st = z3_rom_to_snes(rom, pc, &addr, err);
  uint8_t p[3] = {(uint8_t)addr, (uint8_t)(addr >> 8), (uint8_t)(addr >> 16)};
  size_t table = l->kind == Z3_LIST_LAYOUT ? d->layout_table_pc : d->overlay_table_pc;
  if (st == Z3_OK && moved) st = write_list(rom, l, table + 3 * (size_t)l->index, p, 3, "pointer", err);
  if (st == Z3_OK && !same) l->pc = pc, l->addr = addr, l->len = s.len;
  z3_buf_release(&s);
  return st;
}

z3_status z3_dungeon__save_lists(z3_dungeon *d, z3_rom *rom, z3_error *err) {
  z3_status st = Z3_OK;
  for (int i = 0; i < Z3_OBJECT_LISTS && st == Z3_OK; i++) {
    if (!d->lists[i].dirty) continue;
    st = save_list(d, rom, &d->lists[i], err);
    if (st == Z3_OK) d->lists[i].dirty = false;
  }
  return st;
}
