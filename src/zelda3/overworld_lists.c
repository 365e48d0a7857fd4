/*
 * Overworld sprite lists (per game state) and secret-item lists: 16-bit
 * pointers into one bank, terminated records (world reference §2.5, §2.8).
 *
 * Saving a changed list: share a list that already holds the same bytes,
 * else write in place when it fits and no other pointer uses it, else into
 * a gap of the data region no list uses. Only that list's bytes and its
 * pointer change.
 */
#include <stdio.h>
#include <string.h>

#include "zelda3/overworld.h"
#include "zelda3/overworld_secrets.h"

#define SPRITE_BANK 0x09u
#define ITEM_BANK_OPERAND_PC 0xDC8BFu
#define DUNGEON_SPRITE_PTR_OPERAND_PC 0x4C298u

typedef struct list_kind {
  const char *what;     /* "sprite list", "item list" */
  int record;           /* bytes per record */
  int terminator;       /* 1 ($FF) or 2 ($FFFF) */
  size_t region_from, region_to;
} list_kind;

static const list_kind sprite_kind = {"sprite list", 3, 1, Z3_OW_SPRITE_DATA_PC, Z3_OW_SPRITE_DATA_END};
static const list_kind item_kind = {"item list", 3, 2, Z3_OW_ITEM_DATA_PC, Z3_OW_ITEM_DATA_END};

static size_t bank_pc(unsigned bank, uint16_t ptr) { return (size_t)bank * 0x8000 + (ptr & 0x7FFF); }

static bool ends_here(const list_kind *k, const uint8_t *p) {
  return k->terminator == 1 ? p[0] == 0xFF : (p[0] == 0xFF && p[1] == 0xFF);
}

/* Reads one list; `name` is like "state 1 sprite list of area 0x1B". */
static z3_status read_list(const z3_rom *rom, const list_kind *k, unsigned bank, uint16_t ptr, const char *name,
                           z3_ow_list *l, z3_error *err) {
  l->pointer = ptr;
  l->pc = bank_pc(bank, ptr);
  size_t bank_end = ((size_t)bank + 1) * 0x8000;
  if (ptr < 0x8000 || bank_end > rom->data.len) {
    return z3_error_set(err, Z3_E_INVALID, "%s: pointer $%02X:%04X is not in ROM", name, bank, ptr);
  }
  const uint8_t *d = rom->data.data;
  size_t at = l->pc;
  int n = 0;
  while (true) {
    if (at + (size_t)k->terminator > bank_end) {
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)l->pc, "%s at $%02X:%04X runs past the end of bank $%02X without its terminator",
                             name, bank, ptr, bank);
    }
    if (ends_here(k, d + at)) break;
    if (n == Z3_OW_MAX_LIST || at + (size_t)k->record > bank_end) {
      return z3_error_set_at(err, Z3_E_INVALID, (int64_t)l->pc, "%s at $%02X:%04X has no terminator within %d records",
                             name, bank, ptr, Z3_OW_MAX_LIST);
    }
    at += (size_t)k->record, n++;
  }
  l->stored_size = at + (size_t)k->terminator - l->pc;
  l->count = n;
  l->sprites = z3_calloc((size_t)(n ? n : 1), sizeof(z3_ow_sprite) > sizeof(z3_ow_item) ? sizeof(z3_ow_sprite) : sizeof(z3_ow_item));
  if (!l->sprites) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  for (int i = 0; i < n; i++) {
    const uint8_t *r = d + l->pc + (size_t)i * 3;
    if (k == &sprite_kind) l->sprites[i] = (z3_ow_sprite){.y = r[0], .x = r[1], .id = r[2]};
    else l->items[i] = (z3_ow_item){.pos = (uint16_t)(r[0] | r[1] << 8), .id = r[2]};
  }
  return Z3_OK;
}

static uint16_t read_word(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

z3_status z3_ow__load_lists(z3_overworld *ow, const z3_rom *rom, z3_error *err) {
  const uint8_t *d = rom->data.data;
  char name[96];
  for (int s = 0; s < Z3_OW_STATES; s++) {
    for (int i = 0; i < z3_ow_sprite_list_count(s); i++) {
      size_t at = ow->sprite_table_pc[s] + (size_t)i * 2; /* ZSCustomOverworld v3 moves the tables */
      snprintf(name, sizeof name, "state %d sprite list of area 0x%02X (pointer at 0x%zX)", s, i, at);
      uint16_t ptr = read_word(d + at);
      z3_status st = read_list(rom, &sprite_kind, SPRITE_BANK, ptr, name, &ow->sprites[s][i], err);
      if (st) return st;
    }
  }
  const uint8_t *op = d + Z3_OW_ITEM_PTR_OPERAND_PC;
  uint32_t table = (uint32_t)(op[0] | op[1] << 8 | op[2] << 16);
  z3_status st = z3_rom_to_pc(rom, table, &ow->item_ptr_pc, err);
  if (st == Z3_OK && ow->item_ptr_pc + 2 * Z3_OW_LIST_AREAS > rom->data.len)
    st = z3_error_set(err, Z3_E_INVALID, "item pointer table at 0x%zX runs past the ROM's end", ow->item_ptr_pc);
  if (st) {
    z3_error_hint(err, "the secret-item pointer table is found through the long at $1B:C8B9");
    return st;
  }
  unsigned bank = d[ITEM_BANK_OPERAND_PC] & 0x7F; /* $9B:xxxx is the same ROM byte as $1B:xxxx */
  for (int i = 0; i < Z3_OW_LIST_AREAS; i++) {
    snprintf(name, sizeof name, "item list of area 0x%02X", i);
    uint16_t ptr = read_word(d + ow->item_ptr_pc + (size_t)i * 2);
    st = read_list(rom, &item_kind, bank, ptr, name, &ow->items[i], err);
    if (st) return st;
  }
  return Z3_OK;
}

void z3_ow__free_lists(z3_overworld *ow) {
  for (int s = 0; s < Z3_OW_STATES; s++)
    for (int i = 0; i < 144; i++) z3_free(ow->sprites[s][i].sprites), ow->sprites[s][i].sprites = NULL;
  for (int i = 0; i < Z3_OW_LIST_AREAS; i++) z3_free(ow->items[i].items), ow->items[i].items = NULL;
}

/* ---- access and edits --------------------------------------------------- */

z3_status z3_ow_sprite_list(z3_overworld *ow, int state, int id, z3_ow_list **out, z3_error *err) {
  z3_status st = z3_ow_check_map(ow, id, err);
  if (st) return st;
  if (state < 0 || state >= Z3_OW_STATES)
    return z3_error_set(err, Z3_E_INVALID, "sprite state %d does not exist (0 beginning, 1 zelda, 2 agahnim)", state);
  int p = ow->areas[id].parent;
  if (p >= z3_ow_sprite_list_count(state)) {
    z3_error_set(err, Z3_E_NOT_FOUND, "area 0x%02X has no sprite list for state %d (%s)", id, state,
                 z3_ow_state_name(state));
    z3_error_hint(err, "state 0 covers areas 0x00-0x3F, states 1 and 2 cover 0x00-0x8F");
    return Z3_E_NOT_FOUND;
  }
  *out = &ow->sprites[state][p];
  return Z3_OK;
}

z3_status z3_ow_item_list(z3_overworld *ow, int id, z3_ow_list **out, z3_error *err) {
  z3_status st = z3_ow_check_map(ow, id, err);
  if (st) return st;
  int p = ow->areas[id].parent;
  if (p >= Z3_OW_LIST_AREAS) {
    return z3_error_set(err, Z3_E_NOT_FOUND, "area 0x%02X has no item list (items exist for 0x00-0x7F)", id);
  }
  *out = &ow->items[p];
  return Z3_OK;
}

static z3_status check_xy(const z3_overworld *ow, int id, int x, int y, z3_error *err) {
  int w, h;
  char range[48];
  z3_ow_area_grid(ow, ow->areas[id].parent, &w, &h);
  if (x < 0 || y < 0 || x >= w || y >= h) {
    return z3_error_set(err, Z3_E_INVALID, "position (%d,%d) is outside area 0x%02X (tile16 %s)", x, y,
                        ow->areas[id].parent, z3_ow_grid_text(w, h, range));
  }
  return Z3_OK;
}

z3_status z3_ow_sprite_add(z3_overworld *ow, int state, int id, z3_ow_sprite s, int *index,
                           z3_error *err) {
  z3_ow_list *l = NULL;
  z3_status st = z3_ow_sprite_list(ow, state, id, &l, err);
  if (st == Z3_OK) st = check_xy(ow, id, s.x, s.y, err);
  if (st) return st;
  if (l->count >= Z3_OW_MAX_LIST) {
    return z3_error_set(err, Z3_E_INVALID, "the state %d sprite list of area 0x%02X is full (%d sprites)", state,
                        ow->areas[id].parent, l->count);
  }
  z3_ow_sprite *grown = z3_realloc(l->sprites, (size_t)(l->count + 1) * sizeof *grown);
  if (!grown) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  l->sprites = grown;
  l->sprites[l->count] = s;
  *index = l->count++;
  l->dirty = true;
  snprintf(l->why, sizeof l->why, "area 0x%02X state %d sprite %d (id 0x%02X) added at (%d,%d)",
           ow->areas[id].parent, state, *index, s.id, s.x, s.y);
  return Z3_OK;
}

static z3_status check_index(const z3_ow_list *l, int state, int parent, int index, z3_error *err) {
  if (index >= 0 && index < l->count) return Z3_OK;
  return z3_error_set(err, Z3_E_NOT_FOUND, "area 0x%02X state %d has no sprite %d (it has %d)", parent, state, index,
                      l->count);
}

z3_status z3_ow_sprite_remove(z3_overworld *ow, int state, int id, int index, z3_error *err) {
  z3_ow_list *l = NULL;
  z3_status st = z3_ow_sprite_list(ow, state, id, &l, err);
  int p = ow->areas[id].parent;
  if (st == Z3_OK) st = check_index(l, state, p, index, err);
  if (st) return st;
  z3_ow_sprite gone = l->sprites[index];
  memmove(l->sprites + index, l->sprites + index + 1, (size_t)(l->count - index - 1) * sizeof *l->sprites);
  l->count--;
  l->dirty = true;
  snprintf(l->why, sizeof l->why, "area 0x%02X state %d sprite %d (id 0x%02X at (%d,%d)) removed", p, state, index,
           gone.id, gone.x, gone.y);
  return Z3_OK;
}

z3_status z3_ow_sprite_move(z3_overworld *ow, int state, int id, int index, int x, int y,
                            z3_error *err) {
  z3_ow_list *l = NULL;
  z3_status st = z3_ow_sprite_list(ow, state, id, &l, err);
  int p = ow->areas[id].parent;
  if (st == Z3_OK) st = check_index(l, state, p, index, err);
  if (st == Z3_OK) st = check_xy(ow, id, x, y, err);
  if (st) return st;
  z3_ow_sprite *s = &l->sprites[index];
  snprintf(l->why, sizeof l->why, "area 0x%02X state %d sprite %d moved from (%d,%d) to (%d,%d)", p, state, index,
           s->x, s->y, x, y);
  s->x = (uint8_t)x, s->y = (uint8_t)y;
  l->dirty = true;
  return Z3_OK;
}

/* Secret ids (§2.8): drops 0x00-0x16 and the even specials 0x80-0x88. */
static z3_status check_item_id(int item, z3_error *err) {
  if ((item >= 0 && item <= 0x16) || (item >= 0x80 && item <= 0x88 && !(item & 1))) return Z3_OK;
  z3_error_set(err, Z3_E_INVALID, "secret item 0x%02X does not exist", (unsigned)item);
  z3_error_hint(err, "items are 0x00-0x16, or 0x80 hole, 0x82 warp, 0x84 staircase, 0x86 bombable door, 0x88 switch");
  return Z3_E_INVALID;
}

static z3_status item_at(z3_overworld *ow, int id, int index, z3_ow_list **l, z3_error *err) {
  z3_status st = z3_ow_item_list(ow, id, l, err);
  if (st == Z3_OK && (index < 0 || index >= (*l)->count)) {
    st = z3_error_set(err, Z3_E_NOT_FOUND, "area 0x%02X has %d items; there is no item %d", ow->areas[id].parent,
                      (*l)->count, index);
  }
  return st;
}

/* The game remembers one opened bomb door per area (z3_ow__save_bomb_doors). */
static z3_status check_one_bomb_door(const z3_overworld *ow, int id, const z3_ow_list *l, int item, z3_error *err) {
  int door = item == Z3_OW_BOMB_DOOR_ITEM ? z3_ow_bomb_door_item(l) : -1;
  if (door < 0) return Z3_OK;
  z3_error_set(err, Z3_E_INVALID, "area 0x%02X already has a bombable door (item %d at (%d,%d)); the game remembers one "
               "opened door per area", ow->areas[id].parent, door, Z3_OW_POS_X(l->items[door].pos), Z3_OW_POS_Y(l->items[door].pos));
  z3_error_hint(err, "move the existing door with 'overworld move-item' instead");
  return Z3_E_INVALID;
}

z3_status z3_ow_item_add(z3_overworld *ow, int id, int x, int y, int item, int *index, z3_error *err) {
  z3_ow_list *l = NULL;
  z3_status st = z3_ow_item_list(ow, id, &l, err);
  if (st == Z3_OK) st = check_xy(ow, id, x, y, err);
  if (st == Z3_OK) st = check_item_id(item, err);
  if (st == Z3_OK && l->count >= Z3_OW_MAX_LIST) {
    st = z3_error_set(err, Z3_E_INVALID, "the item list of area 0x%02X is full (%d items)", ow->areas[id].parent, l->count);
  }
  if (st == Z3_OK) st = check_one_bomb_door(ow, id, l, item, err);
  if (st) return st;
  z3_ow_item *grown = z3_realloc(l->items, (size_t)(l->count + 1) * sizeof *grown);
  if (!grown) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  l->items = grown;
  l->items[l->count] = (z3_ow_item){Z3_OW_POS(x, y), (uint8_t)item};
  *index = l->count++;
  l->dirty = true;
  snprintf(l->why, sizeof l->why, "area 0x%02X item %d (0x%02X) added at (%d,%d)", ow->areas[id].parent, *index, item, x, y);
  return Z3_OK;
}

z3_status z3_ow_item_move(z3_overworld *ow, int id, int index, int x, int y, z3_error *err) {
  z3_ow_list *l = NULL;
  z3_status st = item_at(ow, id, index, &l, err);
  if (st == Z3_OK) st = check_xy(ow, id, x, y, err);
  if (st) return st;
  z3_ow_item *it = &l->items[index];
  snprintf(l->why, sizeof l->why, "area 0x%02X item %d moved from (%d,%d) to (%d,%d)", ow->areas[id].parent, index,
           Z3_OW_POS_X(it->pos), Z3_OW_POS_Y(it->pos), x, y);
  it->pos = Z3_OW_POS(x, y);
  l->dirty = true;
  return Z3_OK;
}

z3_status z3_ow_item_remove(z3_overworld *ow, int id, int index, z3_error *err) {
  z3_ow_list *l = NULL;
  z3_status st = item_at(ow, id, index, &l, err);
  if (st) return st;
  snprintf(l->why, sizeof l->why, "area 0x%02X item %d (0x%02X) removed", ow->areas[id].parent, index, l->items[index].id);
  memmove(&l->items[index], &l->items[index + 1], (size_t)(l->count - index - 1) * sizeof l->items[0]);
  l->count--;
  l->dirty = true;
  return Z3_OK;
}

z3_status z3_ow_list_replace_sprites(z3_ow_list *l, const z3_ow_sprite *s, int n, z3_error *err) {
  z3_ow_sprite *copy = z3_calloc((size_t)(n ? n : 1), sizeof *copy);
  if (!copy) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (n) memcpy(copy, s, (size_t)n * sizeof *copy);
  bool same = n == l->count && (n == 0 || memcmp(copy, l->sprites, (size_t)n * sizeof *copy) == 0);
  z3_free(l->sprites);
  l->sprites = copy, l->count = n;
  l->dirty = l->dirty || !same;
  return Z3_OK;
}

z3_status z3_ow_list_replace_items(z3_ow_list *l, const z3_ow_item *s, int n, z3_error *err) {
  z3_ow_item *copy = z3_calloc((size_t)(n ? n : 1), sizeof *copy);
  if (!copy) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  bool same = n == l->count;
  for (int i = 0; i < n; i++) {
    copy[i] = s[i];
    same = same && l->items[i].pos == s[i].pos && l->items[i].id == s[i].id;
  }
  z3_free(l->items);
  l->items = copy, l->count = n;
  l->dirty = l->dirty || !same;
  return Z3_OK;
}

/* ---- save --------------------------------------------------------------- */

typedef struct list_set {
  z3_ow_list *lists[Z3_OW_STATES * 144];
  int n;
} list_set;

static void encode(const list_kind *k, const z3_ow_list *l, uint8_t *out, size_t *len) {
  size_t at = 0;
  for (int i = 0; i < l->count; i++) {
    if (k == &sprite_kind) {
      out[at] = l->sprites[i].y, out[at + 1] = l->sprites[i].x, out[at + 2] = l->sprites[i].id;
    } else {
      out[at] = (uint8_t)l->items[i].pos, out[at + 1] = (uint8_t)(l->items[i].pos >> 8), out[at + 2] = l->items[i].id;
    }
    at += 3;
  }
  for (int t = 0; t < k->terminator; t++) out[at++] = 0xFF;
  *len = at;
}

static bool clashes(const list_set *set, const z3_ow_list *self, size_t pc, size_t len, size_t *next) {
  bool clash = false;
  for (int i = 0; i < set->n; i++) {
    const z3_ow_list *o = set->lists[i];
    if (o == self || !(o->pc < pc + len && pc < o->pc + o->stored_size)) continue;
    clash = true;
    if (o->pc + o->stored_size > *next) *next = o->pc + o->stored_size;
  }
  return clash;
}

static z3_status place_list(const list_kind *k, const list_set *set, z3_rom *rom, z3_ow_list *l,
                            const uint8_t *bytes, size_t len, size_t region_to, const char *reason, z3_error *err) {
  if (len == l->stored_size && memcmp(rom->data.data + l->pc, bytes, len) == 0) return Z3_OK; /* unchanged */
  for (int i = 0; i < set->n; i++) { /* the same bytes already stored: share them */
    const z3_ow_list *o = set->lists[i];
    if (o != l && !o->dirty && o->stored_size == len && memcmp(rom->data.data + o->pc, bytes, len) == 0) {
      l->pc = o->pc, l->pointer = o->pointer, l->stored_size = len;
      return Z3_OK;
    }
  }
  bool shared = false; /* another pointer into these bytes (the same list, or a shared tail) */
  for (int i = 0; i < set->n; i++) {
    const z3_ow_list *o = set->lists[i];
    shared = shared || (o != l && o->pc < l->pc + l->stored_size && l->pc < o->pc + o->stored_size);
  }
  if (!shared && len <= l->stored_size) {
    l->stored_size = len;
    return z3_ow__write_diff(rom, l->pc, bytes, len, reason, err);
  }
  if ((k->region_from >> 15) != (l->pc >> 15)) {
    z3_error_set(err, Z3_E_INVALID, "cannot move the %s (%zu bytes): its data is in bank $%02zX, and z3ed moves %ss only "
                 "within the vanilla region 0x%05zX-0x%05zX of bank $%02zX", k->what, len, l->pc >> 15, k->what,
                 k->region_from, k->region_to - 1, k->region_from >> 15);
    z3_error_hint(err, "make the list no longer than it is, so it is rewritten in place");
    return Z3_E_INVALID;
  }
  size_t at = k->region_from;
  while (at + len <= region_to) {
    size_t next = at + 1;
    if (!clashes(set, l, at, len, &next)) {
      l->pointer = (uint16_t)(0x8000 | (at & 0x7FFF));
      l->pc = at, l->stored_size = len;
      return z3_rom_write(rom, at, bytes, len, reason, err);
    }
    at = next;
  }
  z3_error_set(err, Z3_E_INVALID, "no room for the %s (%zu bytes): the data region 0x%05zX-0x%05zX is full", k->what,
               len, k->region_from, region_to - 1);
  z3_error_hint(err, "remove entries from other lists of the same kind to make room");
  return Z3_E_INVALID;
}

/* Where the sprite region really ends: the dungeon sprite pointer table,
 * found through the operand of LDA.w RoomData_SpritePointers,Y at $09:C297
 * (usdasm bank_09), follows the overworld lists; vanilla keeps it at
 * $09:D62E, but ZScream moves it (and the room lists after it) down to the
 * first byte after the overworld data it writes (world reference §3.6), where
 * it would otherwise look like free room. */
static size_t sprite_region_end(const z3_rom *rom) {
  const uint8_t *d = rom->data.data;
  size_t table = (size_t)SPRITE_BANK * 0x8000 + ((d[DUNGEON_SPRITE_PTR_OPERAND_PC] | d[DUNGEON_SPRITE_PTR_OPERAND_PC + 1] << 8) & 0x7FFF);
  return table > Z3_OW_SPRITE_DATA_PC && table < Z3_OW_SPRITE_DATA_END ? table : Z3_OW_SPRITE_DATA_END;
}

static z3_status save_one(const list_kind *k, const list_set *set, z3_rom *rom, z3_ow_list *l, size_t ptr_pc,
                          const char *what, z3_error *err) {
  uint8_t bytes[Z3_OW_MAX_LIST * 3 + 2];
  size_t len;
  encode(k, l, bytes, &len);
  char reason[256];
  snprintf(reason, sizeof reason, "%s%s%s", l->why, l->why[0] ? ": " : "", what);
  size_t region_to = k == &sprite_kind ? sprite_region_end(rom) : k->region_to;
  z3_status st = place_list(k, set, rom, l, bytes, len, region_to, reason, err);
  uint8_t ptr[2] = {(uint8_t)l->pointer, (uint8_t)(l->pointer >> 8)};
  snprintf(reason, sizeof reason, "%s%spointer of the %s", l->why, l->why[0] ? ": " : "", what);
  if (st == Z3_OK) st = z3_ow__write_diff(rom, ptr_pc, ptr, 2, reason, err);
  if (st == Z3_OK) l->dirty = false, l->why[0] = 0;
  return st;
}

z3_status z3_ow__save_lists(z3_overworld *ow, z3_rom *rom, z3_error *err) {
  list_set *set = z3_calloc(1, sizeof *set);
  if (!set) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  for (int s = 0; s < Z3_OW_STATES; s++)
    for (int i = 0; i < z3_ow_sprite_list_count(s); i++) set->lists[set->n++] = &ow->sprites[s][i];
  z3_status st = Z3_OK;
  char what[64];
  for (int s = 0; st == Z3_OK && s < Z3_OW_STATES; s++)
    for (int i = 0; st == Z3_OK && i < z3_ow_sprite_list_count(s); i++) {
      if (!ow->sprites[s][i].dirty) continue;
      snprintf(what, sizeof what, "state %d sprite list of area 0x%02X", s, i);
      st = save_one(&sprite_kind, set, rom, &ow->sprites[s][i], ow->sprite_table_pc[s] + (size_t)i * 2, what, err);
    }
  set->n = 0;
  bool changed[Z3_OW_LIST_AREAS] = {false};
  for (int i = 0; i < Z3_OW_LIST_AREAS; i++) set->lists[set->n++] = &ow->items[i];
  for (int i = 0; st == Z3_OK && i < Z3_OW_LIST_AREAS; i++) {
    if (!ow->items[i].dirty) continue;
    snprintf(what, sizeof what, "item list of area 0x%02X", i);
    st = save_one(&item_kind, set, rom, &ow->items[i], ow->item_ptr_pc + (size_t)i * 2, what, err);
    changed[i] = true;
  }
  z3_free(set);
  if (st == Z3_OK) st = z3_ow__save_bomb_doors(ow, rom, changed, err);
  return st;
}
