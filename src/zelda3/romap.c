/* The ROM map: every model's data locations as regions (see romap.h). */
#include "zelda3/romap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zelda3/dungeon.h"
#include "zelda3/dungeon_map.h"
#include "zelda3/gfx.h"
#include "zelda3/overlays.h"
#include "zelda3/overworld.h"
#include "zelda3/overworld_secrets.h"
#include "zelda3/palettes.h"
#include "zelda3/text.h"
#include "zelda3/water_fill.h"

static z3_status add(z3_romap *m, size_t offset, size_t length, z3_region_kind kind, int index, int part,
                     size_t rom_size) {
  if (length == 0 || offset >= rom_size) return Z3_OK;
  if (length > rom_size - offset) length = rom_size - offset;
  if (m->count == m->cap) {
    size_t cap = m->cap ? m->cap * 2 : 1024;
    z3_region *items = z3_realloc(m->items, cap * sizeof *items);
    if (!items) return Z3_E_NOMEM;
    m->items = items;
    m->cap = cap;
  }
  m->items[m->count++] = (z3_region){offset, length, kind, index, part};
  return Z3_OK;
}

static void note_skipped(z3_romap *m, const char *what) {
  size_t n = strlen(m->skipped);
  snprintf(m->skipped + n, sizeof m->skipped - n, "%s%s", n ? ", " : "", what);
}

static z3_status add_header(z3_romap *m, const z3_rom *rom) {
  size_t base = z3_rom_header_offset(rom); /* $FFC0; the extended header starts at $FFB0 */
  return add(m, base >= 0x10 ? base - 0x10 : base, 0x50, Z3_REGION_HEADER, -1, 0, rom->data.len);
}

static z3_status add_sheets(z3_romap *m, const z3_rom *rom) {
  z3_gfx_tables t;
  if (z3_gfx_find_tables(rom, &t, NULL) != Z3_OK) {
    note_skipped(m, "graphics sheets");
    return Z3_OK;
  }
  z3_status st = Z3_OK;
  size_t tables[3] = {t.bank, t.high, t.low};
  for (int i = 0; i < 3 && !st; i++)
    st = add(m, tables[i], Z3_SHEET_COUNT, Z3_REGION_TABLE, -1, Z3_TABLE_SHEET_POINTERS, rom->data.len);
  for (int i = 0; i < Z3_SHEET_COUNT && !st; i++) {
    z3_sheet_info info;
    if (z3_gfx_sheet_read(rom, i, &info, NULL, NULL) != Z3_OK || info.alias_of >= 0) continue;
    st = add(m, info.offset, info.stored_size, Z3_REGION_SHEET, i, 0, rom->data.len);
  }
  return st;
}

static z3_status add_room_tables(z3_romap *m, const z3_dungeon *d, size_t size) {
  z3_status st = add(m, d->object_table_pc, Z3_ROOM_POINTERS * 3, Z3_REGION_TABLE, -1,
                     Z3_TABLE_ROOM_OBJECT_POINTERS, size);
  if (!st) st = add(m, d->header_table_pc, Z3_ROOM_POINTERS * 2, Z3_REGION_TABLE, -1, Z3_TABLE_ROOM_HEADER_POINTERS, size);
  if (!st) st = add(m, d->sprite_table_pc, Z3_ROOM_POINTERS * 2, Z3_REGION_TABLE, -1, Z3_TABLE_ROOM_SPRITE_POINTERS, size);
  if (!st) st = add(m, d->pot_table_pc, Z3_ROOM_POINTERS * 2, Z3_REGION_TABLE, -1, Z3_TABLE_ROOM_POT_POINTERS, size);
  if (!st) st = add(m, Z3_ROOM_MESSAGE_PC, Z3_ROOM_POINTERS * 2, Z3_REGION_TABLE, -1, Z3_TABLE_ROOM_MESSAGES, size);
  for (size_t i = 0; i < d->chest_count && !st; i++) {
    int room = d->chests[i].room == 0x7FFF ? -1 : d->chests[i].room;
    st = add(m, d->chest_table_pc + 3 * i, 3, Z3_REGION_CHEST, (int)i, room, size);
  }
  return st;
}

static z3_status add_rooms(z3_romap *m, const z3_rom *rom) {
  z3_dungeon *d = NULL;
  if (z3_dungeon_load(rom, &d, NULL) != Z3_OK) {
    note_skipped(m, "dungeon rooms");
    return Z3_OK;
  }
  size_t size = rom->data.len;
  z3_status st = add_room_tables(m, d, size);
  for (int i = 0; i < Z3_ROOM_COUNT && !st; i++) {
    const z3_room *r = &d->rooms[i];
    st = add(m, r->header_pc, Z3_ROOM_HEADER_SIZE, Z3_REGION_ROOM_HEADER, i, 0, size);
    if (!st) st = add(m, r->object_pc, r->object_len, Z3_REGION_ROOM_OBJECTS, i, 0, size);
    if (!st) st = add(m, r->sprite_pc, r->sprite_len, Z3_REGION_ROOM_SPRITES, i, 0, size);
    if (!st) st = add(m, r->pot_pc, r->pot_len, Z3_REGION_ROOM_POTS, i, 0, size);
  }
  if (!st) st = add(m, d->layout_table_pc, Z3_ROOM_LAYOUTS * 3, Z3_REGION_TABLE, -1, Z3_TABLE_LAYOUT_POINTERS, size);
  if (!st) st = add(m, d->overlay_table_pc, Z3_DUNGEON_OVERLAYS * 3, Z3_REGION_TABLE, -1, Z3_TABLE_OVERLAY_POINTERS, size);
  for (int i = 0; i < Z3_OBJECT_LISTS && !st; i++) {
    const z3_object_list *l = &d->lists[i];
    st = add(m, l->pc, l->len, Z3_REGION_DUNGEON_LIST, l->index, l->kind == Z3_LIST_OVERLAY, size);
  }
  z3_dungeon_free(d);
  return st;
}

static z3_status add_messages(z3_romap *m, const z3_rom *rom) {
  z3_text text;
  if (z3_text_load(rom, &text, NULL) != Z3_OK) {
    note_skipped(m, "messages");
    return Z3_OK;
  }
  size_t size = rom->data.len;
  z3_status st = add(m, Z3_TEXT_DICT_PTR_PC, (Z3_TEXT_DICT_COUNT + 1) * 2, Z3_REGION_TABLE, -1,
                     Z3_TABLE_TEXT_DICTIONARY, size);
  if (!st) st = add(m, Z3_TEXT_DICT_DATA_PC, Z3_TEXT_DICT_DATA_END_PC - Z3_TEXT_DICT_DATA_PC, Z3_REGION_TABLE, -1,
                    Z3_TABLE_TEXT_DICTIONARY, size);
  for (size_t i = 0; i < text.count && !st; i++)
    st = add(m, z3_text_offset(&text, i), text.msgs[i].len + 1, Z3_REGION_MESSAGE, (int)i, 0, size);
  z3_text_release(&text);
  return st;
}

static z3_status add_area_lists(z3_romap *m, const z3_overworld *ow, size_t size) {
  z3_status st = Z3_OK;
  for (int s = 0; s < Z3_OW_STATES && !st; s++) {
    int lists = z3_ow_sprite_list_count(s);
    st = add(m, ow->sprite_table_pc[s], (size_t)lists * 2, Z3_REGION_TABLE, -1, Z3_TABLE_AREA_SPRITE_POINTERS, size);
    for (int i = 0; i < lists && !st; i++) {
      const z3_ow_list *l = &ow->sprites[s][i];
      st = add(m, l->pc, l->stored_size, Z3_REGION_AREA_SPRITES, i, s, size);
    }
  }
  if (!st) st = add(m, ow->item_ptr_pc, Z3_OW_LIST_AREAS * 2, Z3_REGION_TABLE, -1, Z3_TABLE_AREA_ITEM_POINTERS, size);
  for (int i = 0; i < Z3_OW_LIST_AREAS && !st; i++)
    st = add(m, ow->items[i].pc, ow->items[i].stored_size, Z3_REGION_AREA_ITEMS, i, 0, size);
  return st;
}

typedef struct entry_adder {
  z3_romap *map;
  size_t rom_size;
  z3_status status;
} entry_adder;

static void add_entry(void *user, int area, z3_ow_entry entry, int n, size_t pc, size_t width) {
  entry_adder *a = user;
  if (!a->status)
    a->status = add(a->map, pc, width, Z3_REGION_AREA_ENTRY, area, (int)entry * Z3_OW_ENTRY_SLOTS + n, a->rom_size);
}

/* The map pointer tables the game reads (with the tail-map patch, its
 * 192-entry ones; the vanilla tables stay behind, unread), and the marker
 * bytes of ZSCustomOverworld and of the tail-map patch. */
static z3_status add_area_tables(z3_romap *m, const z3_overworld *ow, size_t size) {
  size_t bytes = (size_t)ow->area_count * 3;
  bool tail = ow->area_count > Z3_OW_AREA_COUNT;
  z3_status st = add(m, ow->map_ptr_pc[0], bytes, Z3_REGION_TABLE, -1, Z3_TABLE_AREA_MAP_POINTERS, size);
  if (!st) st = add(m, ow->map_ptr_pc[1], bytes, Z3_REGION_TABLE, -1, Z3_TABLE_AREA_MAP_POINTERS, size);
  if (!st && tail) {
    st = add(m, Z3_OW_MAP_HIGH_PTR_PC, Z3_OW_AREA_COUNT * 3, Z3_REGION_TABLE, -1, Z3_TABLE_AREA_MAP_POINTERS_UNREAD, size);
    if (!st) st = add(m, Z3_OW_MAP_LOW_PTR_PC, Z3_OW_AREA_COUNT * 3, Z3_REGION_TABLE, -1, Z3_TABLE_AREA_MAP_POINTERS_UNREAD, size);
    if (!st) st = add(m, Z3_OW_TAIL_MARKER_PC, 1, Z3_REGION_TABLE, -1, Z3_TABLE_TAIL_MAP_MARKER, size);
  }
  if (!st && ow->zscustom)
    st = add(m, Z3_OW_ZSCUSTOM_ENABLES_PC, sizeof ow->zscustom_enables, Z3_REGION_TABLE, -1, Z3_TABLE_ZSCUSTOM_FLAGS, size);
  entry_adder entries = {m, size, st};
  if (!st) z3_ow_entry_places(ow, add_entry, &entries);
  return entries.status;
}

static z3_status add_areas(z3_romap *m, const z3_rom *rom) {
  z3_overworld *ow = NULL;
  if (z3_ow_load(&ow, rom, NULL) != Z3_OK) {
    note_skipped(m, "overworld areas");
    return Z3_OK;
  }
  size_t size = rom->data.len;
  z3_status st = add_area_tables(m, ow, size);
  for (int i = 0; i < ow->area_count && !st; i++) {
    st = add(m, ow->areas[i].high.pc, ow->areas[i].high.stored_size, Z3_REGION_AREA_MAP, i, 0, size);
    if (!st) st = add(m, ow->areas[i].low.pc, ow->areas[i].low.stored_size, Z3_REGION_AREA_MAP, i, 1, size);
  }
  if (!st) st = add(m, ow->tile16_pc, (size_t)ow->tile16_count * 8, Z3_REGION_TILES, -1, 0, size);
  for (int q = 0; q < 4 && !st; q++)
    st = add(m, ow->tile32_pc[q], ow->tile32_table_bytes, Z3_REGION_TILES, -1, q + 1, size);
  if (!st) st = add_area_lists(m, ow, size);
  if (!st) st = add(m, z3_ow_bomb_door_pc(rom), Z3_OW_LIST_AREAS * 2, Z3_REGION_TABLE, -1, Z3_TABLE_BOMB_DOORS, size);
  if (!st) st = add(m, Z3_GRAVES_PC, Z3_GRAVES_BYTES, Z3_REGION_TABLE, -1, Z3_TABLE_GRAVESTONES, size);
  z3_ow_free(ow);
  return st;
}

/* Overlay routines (overlays.h), when they can be read; unused vectors
 * point into free space and own nothing. */
static z3_status add_overlays(z3_romap *m, const z3_rom *rom) {
  z3_overlays *set = NULL;
  if (z3_ovl_load(&set, rom, NULL) != Z3_OK) {
    note_skipped(m, "overworld overlays");
    return Z3_OK;
  }
  size_t size = rom->data.len;
  z3_status st = set->zscream ? add(m, Z3_OVL_ZS_TABLE_PC, 3 * Z3_OVL_AREAS, Z3_REGION_TABLE, -1, Z3_TABLE_OVERLAY_VECTORS, size)
                              : add(m, Z3_OVL_VECTOR_PC, 2 * Z3_OVL_AREAS, Z3_REGION_TABLE, -1, Z3_TABLE_OVERLAY_VECTORS, size);
  for (int i = 0; i < Z3_OVL_AREAS && !st; i++) {
    const z3_ovl_area *a = &set->areas[i];
    for (int k = 0; k < a->span_count && !a->unused && !st; k++)
      st = add(m, a->spans[k].pc, a->spans[k].len, Z3_REGION_AREA_OVERLAY, i, k, size);
  }
  z3_ovl_free(set);
  return st;
}

/* The pause-screen maps: the fixed tables and each palace's two lists. */
static z3_status add_dungeon_maps(z3_romap *m, const z3_rom *rom) {
  z3_dmaps *maps = z3_malloc(sizeof *maps);
  if (!maps) return Z3_E_NOMEM;
  if (z3_dmaps_read(rom, maps, NULL) != Z3_OK) {
    z3_free(maps);
    note_skipped(m, "dungeon maps");
    return Z3_OK;
  }
  size_t pcs[5], size = rom->data.len;
  z3_status st = Z3_OK;
  for (int t = 0, n = z3_dmap_table_pcs(pcs); t < n && !st; t++)
    st = add(m, pcs[t], 2 * Z3_DMAP_PALACES, Z3_REGION_TABLE, -1, Z3_TABLE_DUNGEON_MAPS, size);
  for (int p = 0; p < Z3_DMAP_PALACES && !st; p++) {
    const z3_dmap_palace *pal = &maps->palaces[p];
    size_t squares = (size_t)z3_dmap_floor_total(pal) * Z3_DMAP_SQUARES, used = z3_dmap_used_squares(pal);
    if (squares) st = add(m, pal->rooms_pc, squares, Z3_REGION_TABLE, p, Z3_TABLE_DUNGEON_MAP_LISTS, size);
    if (!st && used) st = add(m, pal->gfx_pc, used, Z3_REGION_TABLE, p, Z3_TABLE_DUNGEON_MAP_LISTS, size);
  }
  z3_free(maps);
  return st;
}

/* yaze's reserved region, where it holds a water-fill table (maybe empty). */
static z3_status add_water_fill(z3_romap *m, const z3_rom *rom) {
  z3_water_table t;
  if (z3_water_load(rom, &t, NULL) != Z3_OK) {
    note_skipped(m, "water-fill zones");
    return Z3_OK;
  }
  if (!t.present) return Z3_OK;
  return add(m, Z3_WATER_TABLE_PC, Z3_WATER_REGION_SIZE, Z3_REGION_TABLE, -1, Z3_TABLE_WATER_FILL, rom->data.len);
}

static z3_status add_palettes(z3_romap *m, const z3_rom *rom) {
  z3_status st = Z3_OK;
  for (size_t g = 0; g < z3_palette_group_count && !st; g++) {
    const z3_palette_group *grp = &z3_palette_groups[g];
    for (int i = 0; i < grp->count && !st; i++) {
      for (int c = 0; c < grp->colors && !st; c++) {
        size_t at[Z3_PALETTE_MAX_COPIES];
        int copies = z3_palette_color_offsets(grp, i, c, at);
        for (int k = 0; k < copies && !st; k++)
          st = add(m, at[k], 2, Z3_REGION_PALETTE, i, (int)g, rom->data.len);
      }
    }
  }
  return st;
}

static z3_status add_free(z3_romap *m, const z3_rom *rom) {
  z3_status st = Z3_OK;
  for (size_t i = 0; i < z3_vanilla_free_count && !st; i++)
    st = add(m, z3_vanilla_free[i].pc, z3_vanilla_free[i].size, Z3_REGION_FREE, -1, 0, rom->data.len);
  z3_free_range ranges[16];
  size_t n = z3_expanded_free_ranges(rom->data.len, ranges, 16);
  for (size_t i = 0; i < n && !st; i++)
    st = add(m, ranges[i].from, ranges[i].to - ranges[i].from, Z3_REGION_FREE, -1, 0, rom->data.len);
  return st;
}

/* Colours are two bytes each: one palette's colours become one region again. */
static void join_palettes(z3_romap *m) {
  size_t w = 0;
  for (size_t r = 0; r < m->count; r++) {
    z3_region *cur = &m->items[r], *prev = w ? &m->items[w - 1] : NULL;
    if (prev && cur->kind == Z3_REGION_PALETTE && prev->kind == Z3_REGION_PALETTE && prev->index == cur->index &&
        prev->part == cur->part && prev->offset + prev->length == cur->offset) {
      prev->length += cur->length;
      continue;
    }
    m->items[w++] = *cur;
  }
  m->count = w;
}

static int by_offset(const void *pa, const void *pb) {
  const z3_region *a = pa, *b = pb;
  if (a->offset != b->offset) return a->offset < b->offset ? -1 : 1;
  if (a->length != b->length) return a->length > b->length ? -1 : 1;
  if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

static z3_status finish(z3_romap *m) {
  join_palettes(m);
  qsort(m->items, m->count, sizeof *m->items, by_offset);
  m->reach = z3_malloc((m->count ? m->count : 1) * sizeof *m->reach);
  if (!m->reach) return Z3_E_NOMEM;
  size_t best = 0;
  for (size_t i = 0; i < m->count; i++) {
    size_t end = m->items[i].offset + m->items[i].length;
    if (end > best) best = end;
    m->reach[i] = best;
  }
  return Z3_OK;
}

z3_status z3_romap_build(const z3_rom *rom, z3_romap *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  z3_status st = add_header(out, rom);
  if (!st) st = add_sheets(out, rom);
  if (!st) st = add_rooms(out, rom);
  if (!st) st = add_messages(out, rom);
  if (!st) st = add_areas(out, rom);
  if (!st) st = add_overlays(out, rom);
  if (!st) st = add_water_fill(out, rom);
  if (!st) st = add_dungeon_maps(out, rom);
  if (!st) st = add_palettes(out, rom);
  if (!st) st = add_free(out, rom);
  if (!st) st = finish(out);
  if (st) {
    z3_romap_release(out);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory mapping the ROM");
  }
  return Z3_OK;
}

void z3_romap_release(z3_romap *map) {
  z3_free(map->items);
  z3_free(map->reach);
  memset(map, 0, sizeof *map);
}

/* The index just past the last region starting at or before offset. */
static size_t upper_bound(const z3_romap *map, size_t offset) {
  size_t lo = 0, hi = map->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (map->items[mid].offset <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const z3_region *z3_romap_find(const z3_romap *map, size_t offset) {
  const z3_region *best = NULL;
  for (size_t i = upper_bound(map, offset); i > 0 && map->reach[i - 1] > offset; i--) {
    const z3_region *r = &map->items[i - 1];
    if (offset - r->offset < r->length && (!best || r->length <= best->length)) best = r;
  }
  return best;
}

size_t z3_romap_next_start(const z3_romap *map, size_t offset) {
  if (z3_romap_find(map, offset)) return offset;
  size_t i = upper_bound(map, offset);
  return i < map->count ? map->items[i].offset : SIZE_MAX;
}
