/* Saving the dungeon model: only dirty structures, in place when they fit and
 * change no byte another pointer reads, otherwise relocated with their
 * pointers updated. */
#include <stdint.h>
#include <string.h>

#include "zelda3/dungeon_internal.h"
#include "zelda3/gfx.h"

static size_t bank_end(size_t pc) { return (pc | 0x7FFF) + 1; }

/* Bytes the model's data occupies (one bit per ROM byte): a free run must
 * avoid them even when they look like filler (a list's terminator is $FF). */
typedef struct live_ranges {
  uint8_t *bits;
  size_t size;
} live_ranges;

static void add_range(live_ranges *l, size_t from, size_t len) {
  for (size_t pc = from; l->bits && pc < from + len && pc < l->size; pc++) l->bits[pc >> 3] |= (uint8_t)(1u << (pc & 7));
}

static void collect_live(const z3_dungeon *d, const z3_rom *rom, live_ranges *l) {
  for (int i = 0; i < Z3_ROOM_COUNT; i++) {
    const z3_room *r = &d->rooms[i];
    add_range(l, r->header_pc, Z3_ROOM_HEADER_SIZE);
    add_range(l, r->object_pc, r->object_len);
    add_range(l, r->sprite_pc, r->sprite_len);
    add_range(l, r->pot_pc, r->pot_len);
  }
  for (int i = 0; i < Z3_OBJECT_LISTS; i++) add_range(l, d->lists[i].pc, d->lists[i].len);
  for (int i = Z3_ROOM_COUNT; i < Z3_ROOM_POINTERS; i++) {
    size_t pc;
    if (z3_rom_to_pc(rom, (uint32_t)d->header_bank << 16 | d->extra_header_word[i - Z3_ROOM_COUNT], &pc, NULL) == Z3_OK)
      add_range(l, pc, Z3_ROOM_HEADER_SIZE);
    if (z3_rom_to_pc(rom, d->extra_object_addr[i - Z3_ROOM_COUNT], &pc, NULL) == Z3_OK) {
      z3_room tmp;
      memset(&tmp, 0, sizeof tmp);
      size_t used = 0, avail = bank_end(pc) - pc;
      if (pc + avail <= rom->data.len && z3_room_stream_parse(&tmp, rom->data.data + pc, avail, &used, NULL) == Z3_OK)
        add_range(l, pc, used);
      for (int k = 0; k < Z3_ROOM_LAYERS; k++) z3_free(tmp.objects[k]);
    }
  }
}

static bool is_live(const live_ranges *l, size_t pc) {
  return l->bits && pc < l->size && (l->bits[pc >> 3] >> (pc & 7) & 1);
}

/* First run of `need` equal filler bytes ($00 or $FF) in [from, to) that stays
 * in one bank and touches no live range. */
static bool find_run(const z3_rom *rom, const live_ranges *l, size_t from, size_t to, size_t need, size_t *out) {
  const uint8_t *d = rom->data.data;
  if (to > rom->data.len) to = rom->data.len;
  size_t run = 0;
  for (size_t i = from; i < to; i++) {
    bool filler = (d[i] == 0x00 || d[i] == 0xFF) && !is_live(l, i);
    bool same = run > 0 && d[i] == d[i - 1] && (i & 0x7FFF) != 0;
    run = !filler ? 0 : same ? run + 1 : 1;
    if (run == need) {
      *out = i + 1 - need;
      return true;
    }
  }
  return false;
}

/* The regions z3_rom_find_free allocates from (data reference §7): the
 * expanded area outside what ZScream and yaze reserve, then the vanilla free
 * blocks; `bank` >= 0 keeps to one bank (word pointers). */
z3_status z3_dungeon__alloc(const z3_dungeon *d, const z3_rom *rom, size_t need, int bank, size_t *out,
                            z3_error *err) {
  z3_free_range expanded[4];
  size_t ranges = z3_expanded_free_ranges(rom->data.len, expanded, 4);
  live_ranges l = {z3_calloc(rom->data.len / 8 + 1, 1), rom->data.len};
  if (!l.bits) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  collect_live(d, rom, &l);
  bool found = false;
  for (size_t i = 0; i < ranges && !found && bank < 0; i++)
    found = find_run(rom, &l, expanded[i].from, expanded[i].to, need, out);
  for (size_t b = 0; b < z3_vanilla_free_count && !found; b++) {
    size_t from = z3_vanilla_free[b].pc;
    if (bank >= 0 && (int)(from >> 15) != bank) continue;
    found = find_run(rom, &l, from, from + z3_vanilla_free[b].size, need, out);
  }
  z3_free(l.bits);
  if (found) return Z3_OK;
  if (bank >= 0) {
    z3_error_set(err, Z3_E_NOT_FOUND, "no free space of %zu bytes in bank $%02X", need, bank);
    z3_error_hint(err, "this table's pointers only reach bank $%02X", bank);
    return Z3_E_NOT_FOUND;
  }
  z3_error_set(err, Z3_E_NOT_FOUND, "no free space of %zu bytes inside one bank of the %zu KiB ROM", need,
               rom->data.len / 1024);
  z3_error_hint(err, "'z3ed rom expand --size 2MiB' adds free space");
  return Z3_E_NOT_FOUND;
}

static const char *note_of(const z3_room *r) { return r->notes ? r->notes : "edited"; }

/* Writes only the span that differs from what is there, so the change log
 * shows what an edit changed rather than the whole re-encoded structure. */
static z3_status write_reason(z3_rom *rom, size_t pc, const void *bytes, size_t len, const z3_room *r,
                              const char *part, z3_error *err) {
  char *reason = z3_strfmt("room 0x%03X %s (%s)", r->id, part, note_of(r));
  if (!reason) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = z3_rom_write_changed(rom, pc, bytes, len, SIZE_MAX, reason, err);
  z3_free(reason);
  return st;
}

/* ---- headers ---- */

/* Vanilla packs the headers: most are stored shorter than the 14 bytes the
 * game reads, so a room's last bytes are the next room's first ones (usdasm
 * bank $04 "leaked value"s). Bytes [from, to) of a room's header are shared
 * when any other room's 14-byte window covers one of them. */
static bool header_bytes_shared(const z3_dungeon *d, const z3_room *r, size_t from, size_t to) {
  size_t lo = r->header_word + from, hi = r->header_word + to;
  for (int i = 0; i < Z3_ROOM_POINTERS; i++) {
    if (i == r->id) continue;
    size_t w = i < Z3_ROOM_COUNT ? d->rooms[i].header_word : d->extra_header_word[i - Z3_ROOM_COUNT];
    if (w < hi && lo < w + Z3_ROOM_HEADER_SIZE) return true;
  }
  return false;
}

/* An edit that changes only bytes no other room reads is written in place;
 * otherwise the header moves (bank $04 has little free space). */
static z3_status save_header(z3_dungeon *d, z3_rom *rom, z3_room *r, z3_error *err) {
  const uint8_t *old = rom->data.data + r->header_pc;
  size_t from = 0, to = Z3_ROOM_HEADER_SIZE;
  while (from < to && old[from] == r->header[from]) from++;
  while (to > from && old[to - 1] == r->header[to - 1]) to--;
  if (from == to) return Z3_OK;
  if (!header_bytes_shared(d, r, from, to)) return write_reason(rom, r->header_pc, r->header, Z3_ROOM_HEADER_SIZE, r, "header", err);
  size_t pc;
  z3_status st = z3_dungeon__alloc(d, rom, Z3_ROOM_HEADER_SIZE, d->header_bank, &pc, err);
  uint32_t addr = 0;
  if (st == Z3_OK) st = z3_rom_to_snes(rom, pc, &addr, err);
  if (st == Z3_OK) st = write_reason(rom, pc, r->header, Z3_ROOM_HEADER_SIZE, r, "header (moved: it was shared)", err);
  uint8_t w[2] = {(uint8_t)addr, (uint8_t)(addr >> 8)};
  if (st == Z3_OK) st = write_reason(rom, d->header_table_pc + 2 * (size_t)r->id, w, 2, r, "header pointer", err);
  if (st == Z3_OK) r->header_pc = pc, r->header_word = (uint16_t)addr;
  return st;
}

/* ---- lists other pointers read ---- */

/* Rooms' lists may share bytes: the same list for several rooms, a list running into the
 * shared empty one (vanilla's pots), or on ROMs other tools wrote one list starting inside
 * another. A list is rewritten in place only when no byte another pointer reads changes,
 * and freed only when no other pointer reads any of it. */
typedef enum { LIST_OBJECTS, LIST_SPRITES, LIST_POTS } list_kind;

/* Where pointer i's list of that kind is: its bytes, or (len 0) its first byte only for
 * the table entries past the rooms, whose lists editors do not read. */
static bool list_of(const z3_dungeon *d, const z3_rom *rom, list_kind kind, int i, size_t *pc, size_t *len) {
  *len = 0;
  if (i < Z3_ROOM_COUNT) {
    const z3_room *o = &d->rooms[i];
    *pc = kind == LIST_OBJECTS ? o->object_pc : kind == LIST_SPRITES ? o->sprite_pc : o->pot_pc;
    *len = kind == LIST_OBJECTS ? o->object_len : kind == LIST_SPRITES ? o->sprite_len : o->pot_len;
    return true;
  }
  if (kind == LIST_SPRITES) return false;
  uint32_t addr = kind == LIST_OBJECTS ? d->extra_object_addr[i - Z3_ROOM_COUNT]
                                       : (uint32_t)d->pot_bank << 16 | d->extra_pot_word[i - Z3_ROOM_COUNT];
  return z3_rom_to_pc(rom, addr, pc, NULL) == Z3_OK;
}

/* Whether another pointer reads a byte of [pc, pc + len) (with bytes: a byte the write of
 * those bytes at pc would change). */
static bool others_read(const z3_dungeon *d, const z3_rom *rom, const z3_room *r, list_kind kind, size_t pc,
                        size_t len, const uint8_t *bytes) {
  for (int i = 0; i < Z3_ROOM_POINTERS; i++) {
    size_t b, blen;
    if (i == r->id || !list_of(d, rom, kind, i, &b, &blen)) continue;
    size_t end = b + (blen ? blen : 1), from = pc > b ? pc : b, to = pc + len < end ? pc + len : end;
    if (from < to && (!bytes || memcmp(rom->data.data + from, bytes + (from - pc), to - from) != 0)) return true;
  }
  return false;
}

/* ---- object streams ---- */

/* Whether [pc, pc + len) lies in space the allocator hands out, and the
 * filler it should go back to (the byte after it when that is filler). */
static bool in_alloc_space(const z3_rom *rom, size_t pc, size_t len, uint8_t *fill) {
  z3_free_range expanded[4];
  size_t ranges = z3_expanded_free_ranges(rom->data.len, expanded, 4);
  bool inside = false;
  for (size_t i = 0; i < ranges && !inside; i++) inside = pc >= expanded[i].from && pc + len <= expanded[i].to;
  for (size_t b = 0; b < z3_vanilla_free_count && !inside; b++)
    inside = pc >= z3_vanilla_free[b].pc && pc + len <= z3_vanilla_free[b].pc + z3_vanilla_free[b].size;
  uint8_t next = pc + len < rom->data.len ? rom->data.data[pc + len] : 0xFF;
  *fill = next == 0x00 ? 0x00 : 0xFF;
  return inside;
}

/* A stream that moved out of allocated space gives that space back, so
 * repeated edits of one room do not use up the free blocks (and no stale copy
 * is left for a merge of two hacks to trip over). The game's own places are
 * left as they are. */
static z3_status release_objects(z3_rom *rom, const z3_room *r, size_t pc, size_t len, z3_error *err) {
  uint8_t fill;
  if (!len || !in_alloc_space(rom, pc, len, &fill)) return Z3_OK;
  uint8_t *bytes = z3_malloc(len);
  if (!bytes) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  memset(bytes, fill, len);
  z3_status st = write_reason(rom, pc, bytes, len, r, "object data's old place (freed)", err);
  z3_free(bytes);
  return st;
}

static z3_status save_objects(z3_dungeon *d, z3_rom *rom, z3_room *r, z3_error *err) {
  z3_buf s;
  z3_buf_init(&s);
  size_t door_off = 0;
  z3_status st = z3_room_stream_encode(r, &s, &door_off, err);
  bool same = st == Z3_OK && s.len == r->object_len && memcmp(rom->data.data + r->object_pc, s.data, s.len) == 0;
  if (st || same) {
    z3_buf_release(&s);
    return st;
  }
  size_t pc = r->object_pc, old_pc = r->object_pc, old_len = r->object_len;
  bool moved = s.len > r->object_len || others_read(d, rom, r, LIST_OBJECTS, old_pc, s.len, s.data);
  bool shared = moved && others_read(d, rom, r, LIST_OBJECTS, old_pc, old_len, NULL); /* asked only to free */
  if (moved) st = z3_dungeon__alloc(d, rom, s.len, -1, &pc, err);
  if (st == Z3_OK) st = write_reason(rom, pc, s.data, s.len, r, moved ? "object data (moved)" : "object data", err);
  uint32_t addr = 0, door_addr = 0;
  if (st == Z3_OK) st = z3_rom_to_snes(rom, pc, &addr, err);
  if (st == Z3_OK) st = z3_rom_to_snes(rom, pc + door_off, &door_addr, err);
  uint8_t p[3] = {(uint8_t)addr, (uint8_t)(addr >> 8), (uint8_t)(addr >> 16)};
  uint8_t q[3] = {(uint8_t)door_addr, (uint8_t)(door_addr >> 8), (uint8_t)(door_addr >> 16)};
  if (st == Z3_OK && moved) st = write_reason(rom, d->object_table_pc + 3 * (size_t)r->id, p, 3, r, "object pointer", err);
  if (st == Z3_OK) st = write_reason(rom, d->door_table_pc + 3 * (size_t)r->id, q, 3, r, "door pointer", err);
  if (st == Z3_OK) r->object_pc = pc, r->object_addr = addr, r->object_len = s.len;
  if (st == Z3_OK && moved && !shared) st = release_objects(rom, r, old_pc, old_len, err);
  z3_buf_release(&s);
  return st;
}

/* ---- sprite lists (bank $09 only: the pointers are words) ---- */

/* Length of the sprite list at pc (sort byte, records, 0xFF), 0 when unreadable. */
static size_t sprite_list_len(const z3_rom *rom, size_t pc) {
  const uint8_t *d = rom->data.data;
  size_t at = pc + 1, end = (pc | 0x7FFF) + 1;
  while (at < end && at < rom->data.len && d[at] != 0xFF) at += 3;
  return at < end && at < rom->data.len ? at + 1 - pc : 0;
}

/* The start of the first run of `need` zero marks in used[0, len). */
static bool first_unused(const uint8_t *used, size_t len, size_t need, size_t *at) {
  size_t run = 0;
  for (size_t k = 0; k < len; k++) {
    run = used[k] ? 0 : run + 1;
    if (run == need) {
      *at = k + 1 - need;
      return true;
    }
  }
  return false;
}

/* Bytes of the room-sprite region that no list uses (bank $09, up to the
 * region end), or else a vanilla free block in bank $09. The game's table
 * has 384 entries; the lists of the 88 that editors ignore stay used. The
 * region is vanilla's: only all lists when the table is where vanilla has it. */
static z3_status alloc_sprites(const z3_dungeon *d, const z3_rom *rom, size_t need, size_t *out, z3_error *err) {
  enum { GAME_ENTRIES = 384 };
  size_t from = d->sprite_table_pc + 2 * GAME_ENTRIES, to = Z3_ROOM_SPRITE_REGION_END_PC;
  if (d->sprite_table_pc == Z3_ROOM_SPRITE_TABLE_PC) {
    uint8_t *used = z3_calloc(to - from, 1);
    if (!used) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    for (int i = 0; i < Z3_ROOM_COUNT; i++) {
      const z3_room *r = &d->rooms[i];
      for (size_t k = 0; k < r->sprite_len; k++)
        if (r->sprite_pc + k >= from && r->sprite_pc + k < to) used[r->sprite_pc + k - from] = 1;
    }
    for (int i = Z3_ROOM_COUNT; i < GAME_ENTRIES; i++) {
      size_t pc;
      if (z3_rom_to_pc(rom, 0x090000u | z3_dungeon__word(rom, d->sprite_table_pc + 2 * (size_t)i), &pc, NULL)) continue;
      size_t n = sprite_list_len(rom, pc);
      for (size_t k = 0; k < n; k++)
        if (pc + k >= from && pc + k < to) used[pc + k - from] = 1;
    }
    bool found = first_unused(used, to - from, need, out);
    z3_free(used);
    if (found) {
      *out += from;
      return Z3_OK;
    }
  }
  return z3_dungeon__alloc(d, rom, need, 0x09, out, err);
}

static z3_status save_sprites(z3_dungeon *d, z3_rom *rom, z3_room *r, z3_error *err) {
  z3_buf s;
  z3_buf_init(&s);
  z3_status st = z3_room_sprites_encode(r, &s, err);
  bool same = st == Z3_OK && s.len == r->sprite_len && memcmp(rom->data.data + r->sprite_pc, s.data, s.len) == 0;
  if (st || same) {
    z3_buf_release(&s);
    return st;
  }
  size_t pc = r->sprite_pc;
  bool moved = s.len > r->sprite_len || others_read(d, rom, r, LIST_SPRITES, pc, s.len, s.data);
  if (moved) st = alloc_sprites(d, rom, s.len, &pc, err);
  if (st == Z3_OK) st = write_reason(rom, pc, s.data, s.len, r, moved ? "sprite list (moved)" : "sprite list", err);
  uint32_t addr = 0;
  if (st == Z3_OK) st = z3_rom_to_snes(rom, pc, &addr, err);
  uint8_t w[2] = {(uint8_t)addr, (uint8_t)(addr >> 8)};
  if (st == Z3_OK && moved) st = write_reason(rom, d->sprite_table_pc + 2 * (size_t)r->id, w, 2, r, "sprite pointer", err);
  if (st == Z3_OK) r->sprite_pc = pc, r->sprite_word = (uint16_t)addr, r->sprite_len = s.len;
  z3_buf_release(&s);
  return st;
}

/* ---- pot items (bank of the operand at 0xE6C8: word pointers) ---- */

/* Bytes of the pot-data region (after the 320-entry table, up to the vanilla
 * end) that no room's list uses, else a vanilla free block of that bank. The
 * region holds nothing but lists only when the table and the data bank are
 * vanilla's; elsewhere the bytes after a table are not ours to take. */
static z3_status alloc_pots(const z3_dungeon *d, const z3_rom *rom, size_t need, size_t *out, z3_error *err) {
  size_t from = d->pot_table_pc + 2 * Z3_ROOM_POINTERS, to = Z3_POT_REGION_END_PC;
  if (d->pot_table_pc == Z3_POT_TABLE_PC && d->pot_bank == Z3_POT_TABLE_PC >> 15) {
    uint8_t *used = z3_calloc(to - from, 1);
    if (!used) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
    for (int i = 0; i < Z3_ROOM_COUNT; i++) {
      const z3_room *r = &d->rooms[i];
      for (size_t k = 0; k < r->pot_len; k++)
        if (r->pot_pc + k >= from && r->pot_pc + k < to) used[r->pot_pc + k - from] = 1;
    }
    for (int i = Z3_ROOM_COUNT; i < Z3_ROOM_POINTERS; i++) { /* entries editors ignore: keep what they reach */
      size_t pc;
      if (z3_rom_to_pc(rom, (uint32_t)d->pot_bank << 16 | d->extra_pot_word[i - Z3_ROOM_COUNT], &pc, NULL)) continue;
      for (size_t k = pc; k + 1 < to && k >= from; k += 3) {
        used[k - from] = used[k + 1 - from] = 1;
        if (rom->data.data[k] == 0xFF && rom->data.data[k + 1] == 0xFF) break;
        if (k + 2 < to) used[k + 2 - from] = 1;
      }
    }
    bool found = first_unused(used, to - from, need, out);
    z3_free(used);
    if (found) {
      *out += from;
      return Z3_OK;
    }
  }
  return z3_dungeon__alloc(d, rom, need, d->pot_bank, out, err);
}

static z3_status save_pots(z3_dungeon *d, z3_rom *rom, z3_room *r, z3_error *err) {
  uint8_t buf[3 * Z3_ROOM_MAX_POTS + 2];
  size_t len = 0;
  z3_room_pots_encode(r, buf, &len);
  if (len == r->pot_len && memcmp(rom->data.data + r->pot_pc, buf, len) == 0) return Z3_OK;
  size_t pc = r->pot_pc;
  bool moved = len > r->pot_len || others_read(d, rom, r, LIST_POTS, pc, len, buf);
  z3_status st = moved ? alloc_pots(d, rom, len, &pc, err) : Z3_OK;
  if (st == Z3_OK) st = write_reason(rom, pc, buf, len, r, moved ? "pot items (moved)" : "pot items", err);
  uint32_t addr = 0;
  if (st == Z3_OK) st = z3_rom_to_snes(rom, pc, &addr, err);
  uint8_t w[2] = {(uint8_t)addr, (uint8_t)(addr >> 8)};
  if (st == Z3_OK && moved) st = write_reason(rom, d->pot_table_pc + 2 * (size_t)r->id, w, 2, r, "pot-item pointer", err);
  if (st == Z3_OK) r->pot_pc = pc, r->pot_word = (uint16_t)addr, r->pot_len = len;
  return st;
}

/* ---- chests and messages ---- */

static z3_status save_chests(z3_dungeon *d, z3_rom *rom, z3_error *err) {
  char *reason = z3_strfmt("chest table (%s)", d->chest_notes ? d->chest_notes : "edited");
  if (!reason) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = Z3_OK;
  for (size_t i = 0; i < d->chest_count && st == Z3_OK; i++) {
    uint16_t w = (uint16_t)(d->chests[i].room | (d->chests[i].big ? 0x8000 : 0));
    uint8_t rec[3] = {(uint8_t)w, (uint8_t)(w >> 8), d->chests[i].item};
    size_t pc = d->chest_table_pc + 3 * i;
    if (memcmp(rom->data.data + pc, rec, 3) != 0) st = z3_rom_write(rom, pc, rec, 3, reason, err);
  }
  z3_free(reason);
  return st;
}

static z3_status save_message(z3_rom *rom, z3_room *r, z3_error *err) {
  size_t pc = Z3_ROOM_MESSAGE_PC + 2 * (size_t)r->id;
  uint8_t w[2] = {(uint8_t)r->message, (uint8_t)(r->message >> 8)};
  if (memcmp(rom->data.data + pc, w, 2) == 0) return Z3_OK;
  return write_reason(rom, pc, w, 2, r, "message id", err);
}

z3_status z3_dungeon_save(z3_dungeon *d, z3_rom *rom, z3_error *err) {
  z3_status st = Z3_OK;
  for (int i = 0; i < Z3_ROOM_COUNT && st == Z3_OK; i++) {
    z3_room *r = &d->rooms[i];
    if (r->dirty_header) st = save_header(d, rom, r, err);
    if (st == Z3_OK && r->dirty_objects) st = save_objects(d, rom, r, err);
    if (st == Z3_OK && r->dirty_sprites) st = save_sprites(d, rom, r, err);
    if (st == Z3_OK && r->dirty_message) st = save_message(rom, r, err);
    if (st == Z3_OK && r->dirty_pots) st = save_pots(d, rom, r, err);
    if (st == Z3_OK) r->dirty_header = r->dirty_objects = r->dirty_sprites = r->dirty_message = r->dirty_pots = false;
  }
  if (st == Z3_OK && d->dirty_chests) st = save_chests(d, rom, err);
  if (st == Z3_OK) st = z3_dungeon__save_blocks(d, rom, err);
  if (st == Z3_OK) st = z3_dungeon__save_lists(d, rom, err);
  if (st == Z3_OK) d->dirty_chests = false;
  return st;
}
