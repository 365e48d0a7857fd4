/*
 * The sample ROM's synthetic dungeon rooms, in ALttP's layout (world
 * reference §3 and the checklist of §7): every table at its vanilla address,
 * found through the same code operands the game and the editors read, valid
 * empty data for every room, three designed rooms with our own objects (all
 * three subtypes), doors, sprites (an overlord and a key drop), chests, a pot
 * item, a pushable block and a torch, and four gallery rooms that between
 * them hold every named object and every door type. The rooms of the 14
 * palaces come from sample_palaces.c and go into the same tables after
 * these; every region's end is checked and the generator fails naming the
 * room that does not fit. Object and door drawing data (tile words and the
 * offset tables) is ours too; see sample_dungeon_gfx.c.
 */
#include <string.h>

#include "zelda3/dungeon.h"
#include "zelda3/sample_dungeon.h"
#include "zelda3/sample_internal.h"

enum {
  HEADER_TABLE_PC = 0x27502, HEADER_DATA_PC = 0x27782, HEADER_DATA_END = 0x27FEF,
  OBJECT_TABLE_PC = 0xF8000, EMPTY_ROOM_PC = 0xF8780, OBJECT_DATA_PC = 0xF878A,
  SPRITE_TABLE_PC = 0x4D62E, SPRITE_DATA_PC = 0x4D92E, SPRITE_EMPTY_PC = 0x4EC9D,
  CHEST_TABLE_PC = 0xE96E,
  LAYOUT_TABLE_PC = 0x26F2F, LAYOUT_DATA_PC = 0x26F47, OVERLAY_TABLE_PC = 0x26CC0,
  POT_TABLE_PC = 0xDB69, POT_DATA_PC = 0xDDE9,
  BLOCK_TABLE_PC = 0x271DE, TORCH_TABLE_PC = 0x2736A, TORCH_BYTES = 0x120,
  PIT_ROOMS_PC = 0x190C, PIT_ROOM_COUNT = 57,
  OBJECT_DATA_END = 0xFFF4E, POT_DATA_END = 0xE6B2, BLOCK_ENTRIES = 99,
};

static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static void put24(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16); }
static uint32_t snes(size_t pc) { return (uint32_t)(pc >> 15) << 16 | 0x8000 | (uint32_t)(pc & 0x7FFF); }

/* ---- the rooms with content ---- */

enum { GALLERY_SLOTS = Z3_SAMPLE_GALLERY_SLOTS };
typedef z3_sample_room sample_room;

/* Headers: bg2 / collision / lights, palette set, blockset, sprite set, effect, tags, stair layers, destinations. */
static const sample_room curated[] = {
    {.id = 0x012,
     .header = {0xC0 | 1 << 2, 0x01, 0x02, 0x05, 0x00, 0x0A, 0x00, 0x00, 0x00, 0x22, 0x24, 0x00, 0x00, 0x00},
     .floor = 0x0F, .layout = 0x04,
     .objects = {{{0x001, 4, 2, 7}, {0x061, 2, 4, 6}, {0x0C4, 24, 24, 15}, {0x11C, 44, 14, 0}, {0xF99, 14, 10, 0},
                  {0xFB1, 31, 10, 0}},
                 {{0x0C7, 10, 42, 10}, {0x121, 48, 44, 0}, {0xFAF, 52, 44, 0}},
                 {{0x12D, 50, 8, 0}, {0x0B0, 28, 50, 3}}},
     .counts = {6, 3, 2},
     .doors = {{0x00, 0x00}, {0x61, 0x1C}, {0x32, 0x1E}},
     .door_count = 3,
     .sprites = {{0x08, 10, 8, 0, 0, 0}, {0x41, 20, 10, 0, 0, 1}, {0x05, 4, 4, 0, 7, 0}, {0x9A, 15, 20, 1, 0, 0}},
     .sprite_count = 4,
     .message = 0x0005},
    {.id = 0x024,
     .header = {0x20, 0x03, 0x04, 0x0A, 0x06, 0x00, 0x32, 0x04, 0x00, 0x12, 0x12, 0x00, 0x00, 0x00},
     .floor = 0x2F, .layout = 0x08,
     .objects = {{{0x000, 0, 0, 0}, {0x060, 0, 0, 0}, {0x12E, 27, 22, 0}, {0xF99, 40, 40, 0}}, {{0x0DB, 20, 16, 15}}, {{0}}},
     .counts = {4, 1, 0},
     .doors = {{0x13, 0x00}},
     .door_count = 1,
     .sprites = {{0x6A, 12, 12, 0, 0, 2}, {0x0A, 6, 18, 0, 0, 0}},
     .sprite_count = 2,
     .message = 0x0010},
    {.id = 0x104, /* Link's house */
     .header = {0xC0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00},
     .floor = 0x3F, .layout = 0x00,
     .objects = {{{0x128, 10, 8, 0}, {0x129, 31, 6, 0}, {0xF99, 40, 20, 0}, {0x0B2, 22, 28, 9}, {0x0B2, 22, 30, 9},
                  {0x0B2, 22, 32, 9}, {0x123, 31, 30, 0}, {0x127, 28, 30, 0}, {0x127, 34, 30, 0}, {0x13C, 16, 6, 0},
                  {0x13C, 14, 6, 0}}, {{0}}, {{0}}},
     .counts = {11, 0, 0},
     .doors = {{0x51, 0x0E}},
     .door_count = 1,
     .sprite_count = 0,
     .message = 0x0001},
};
enum { CURATED = sizeof curated / sizeof curated[0] };

/* Gallery rooms, with the headers of curated ones of the same dungeons: between them
 * every named object (each size rule of the three subtypes) at size 0 on a
 * grid, every door type (0x00-0x66) in every direction, sprites, a pot item
 * and chests. Room k takes every GALLERIES-th object and 13 door types. */
static const struct {
  int id, like;
} galleries[] = {{0x015, 0x012}, {0x016, 0x012}, {0x026, 0x024}, {0x106, 0x104}};
/* Partner rooms: a doorway needs its door on both sides (z3_door_needs_pair),
 * so a neighbour that holds nothing else gets a room with just that door. */
enum { GALLERIES = sizeof galleries / sizeof galleries[0], PARTNERS_MAX = 16,
       SAMPLE_ROOMS_MAX = CURATED + GALLERIES + Z3_SAMPLE_PALACES * Z3_SAMPLE_PALACE_ROOMS + PARTNERS_MAX };

typedef struct sample_rooms {
  sample_room list[SAMPLE_ROOMS_MAX];
  size_t count;
} sample_rooms;

static void gallery_objects(sample_room *g, int k) {
  int slot = 0;
  for (unsigned id = 0, n = 0; id < 0x1000; id++) {
    if (!z3_object_name((uint16_t)id) || n++ % GALLERIES != (unsigned)k) continue;
    int list = slot / GALLERY_SLOTS, cell = slot % GALLERY_SLOTS;
    if (list >= 3) break;
    g->objects[list][cell] = (z3_room_object){(uint16_t)id, (uint8_t)(6 + 7 * (cell % 8)), (uint8_t)(6 + 7 * (cell / 8)), 0};
    g->counts[list]++;
    slot++;
  }
}

static bool has_chest(const sample_room *g) {
  for (int l = 0; l < 3; l++)
    for (size_t i = 0; i < g->counts[l]; i++)
      if (g->objects[l][i].id == 0xF99) return true;
  return false;
}

static void gallery_doors(sample_room *g, int k) {
  for (int i = 0; i < 13 && k * 13 + i < 52; i++) {
    unsigned dir = (unsigned)i % 4, pos = (unsigned)(i / 4) * 3 + (unsigned)k % 3;
    g->doors[g->door_count++] = (z3_room_door){(uint8_t)(pos << 4 | dir), (uint8_t)((k * 13 + i) * 2)};
  }
}

static sample_room *room_in(sample_rooms *all, int id) {
  for (size_t i = 0; i < all->count; i++)
    if (all->list[i].id == id) return &all->list[i];
  return NULL;
}

static bool has_door(const sample_room *r, uint8_t b0) {
  for (size_t i = 0; i < r->door_count; i++)
    if (r->doors[i].b0 == b0) return true;
  return false;
}

/* Gives every doorway of the designed and gallery rooms its other side. */
static void pair_doors(sample_rooms *all) {
  for (size_t i = 0, rooms = all->count; i < rooms; i++) {
    for (size_t k = 0; k < all->list[i].door_count; k++) {
      const sample_room *from = &all->list[i];
      z3_room_door door = from->doors[k];
      unsigned dir = door.b0 & 3u;
      int n = z3_room_neighbour(from->id, dir);
      if (!z3_door_needs_pair(door.b1) || n < 0) continue;
      sample_room *to = room_in(all, n);
      if (!to && all->count < SAMPLE_ROOMS_MAX) {
        to = &all->list[all->count++];
        memset(to, 0, sizeof *to);
        to->id = n;
        memcpy(to->header, from->header, 4); /* the dungeon's layers, palette, blockset, sprite set; no tags or holes */
        to->floor = from->floor;
      }
      uint8_t b0 = (uint8_t)((door.b0 & 0xF0u) | (dir ^ 1u));
      if (to && !has_door(to, b0) && to->door_count < Z3_ROOM_MAX_DOORS) to->doors[to->door_count++] = (z3_room_door){b0, door.b1};
    }
  }
}

static z3_status build_rooms(sample_rooms *all, z3_error *err) {
  memcpy(all->list, curated, sizeof curated);
  all->count = CURATED + GALLERIES;
  for (int k = 0; k < GALLERIES; k++) {
    sample_room *g = &all->list[CURATED + k];
    const sample_room *like = NULL;
    for (size_t i = 0; i < CURATED; i++)
      if (curated[i].id == galleries[k].like) like = &curated[i];
    memset(g, 0, sizeof *g);
    g->id = galleries[k].id;
    memcpy(g->header, like->header, Z3_ROOM_HEADER_SIZE);
    g->floor = (uint8_t)(0xF0 | (k + 1)), g->layout = (uint8_t)(k << 2);
    gallery_objects(g, k);
    if (!has_chest(g)) g->objects[2][g->counts[2]++] = (z3_room_object){0xF99, 56, 56, 0}; /* list 2 has room */
    gallery_doors(g, k);
    g->sprites[0] = (z3_room_sprite){0x08, 12, 10, 0, 0, 0};
    g->sprites[1] = (z3_room_sprite){(uint8_t)(0x41 + k), 20, 20, 0, 0, (uint8_t)(k % 3)};
    g->sprites[2] = (z3_room_sprite){0x9A, 26, 8, 1, 0, 0};
    g->sprite_count = 3;
    g->message = (uint16_t)(0x0020 + k);
  }
  z3_status st = z3_sample__build_palaces(all->list, &all->count, SAMPLE_ROOMS_MAX, err);
  if (st == Z3_OK) pair_doors(all);
  return st;
}

static const z3_chest chests[] = {
    {0x012, false, 0x24}, {0x012, true, 0x32}, {0x024, false, 0x33}, {0x104, false, 0x12},
};

/* A header everybody else shares (vanilla shares too): normal BG2, one layer, palette set 0. */
static const uint8_t shared_header[Z3_ROOM_HEADER_SIZE] = {0xC0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

static const sample_room *sample_of(const sample_rooms *rooms, int id) {
  for (size_t i = 0; i < rooms->count; i++)
    if (rooms->list[i].id == id) return &rooms->list[i];
  return NULL;
}

static z3_status write_headers(uint8_t *img, const sample_rooms *rooms, z3_error *err) {
  put24(img + Z3_ROOM_HEADER_PTR_OPERAND_PC, snes(HEADER_TABLE_PC));
  img[Z3_ROOM_HEADER_BANK_OPERAND_PC] = (uint8_t)(HEADER_TABLE_PC >> 15);
  size_t at = HEADER_DATA_PC;
  memcpy(img + at, shared_header, Z3_ROOM_HEADER_SIZE);
  uint16_t shared_word = (uint16_t)snes(at);
  at += Z3_ROOM_HEADER_SIZE;
  for (int i = 0; i < Z3_ROOM_POINTERS; i++) put16(img + HEADER_TABLE_PC + 2 * (size_t)i, shared_word);
  for (size_t i = 0; i < rooms->count; i++) {
    memcpy(img + at, rooms->list[i].header, Z3_ROOM_HEADER_SIZE);
    put16(img + HEADER_TABLE_PC + 2 * (size_t)rooms->list[i].id, (uint16_t)snes(at));
    at += Z3_ROOM_HEADER_SIZE;
  }
  if (at > HEADER_DATA_END) return z3_error_set(err, Z3_E_INTERNAL, "sample room headers overflow their region");
  memset(img + at, 0xFF, HEADER_DATA_END - at); /* unused, like the tail after vanilla's last header */
  return Z3_OK;
}

static size_t encode_room(uint8_t *dst, const sample_room *s, size_t *door_off) {
  size_t n = 0;
  dst[n++] = s->floor, dst[n++] = s->layout;
  for (int l = 0; l < 3; l++) {
    for (size_t i = 0; i < s->counts[l]; i++, n += 3) z3_object_encode(&s->objects[l][i], dst + n);
    if (l == 2) {
      dst[n++] = 0xF0, dst[n++] = 0xFF;
      *door_off = n;
      for (size_t i = 0; i < s->door_count; i++) dst[n++] = s->doors[i].b0, dst[n++] = s->doors[i].b1;
    }
    dst[n++] = 0xFF, dst[n++] = 0xFF;
  }
  return n;
}

static z3_status write_objects(uint8_t *img, const sample_rooms *rooms, z3_error *err) {
  put24(img + Z3_ROOM_OBJECT_PTR_OPERAND_PC, snes(OBJECT_TABLE_PC));
  put24(img + Z3_ROOM_DOOR_PTR_OPERAND_PC, snes(Z3_ROOM_DOOR_TABLE_PC));
  put24(img + Z3_ROOM_DOOR_PTR_OPERAND2_PC, snes(Z3_ROOM_DOOR_TABLE_PC));
  static const uint8_t empty[10] = {0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0, 0xFF, 0xFF, 0xFF};
  memcpy(img + EMPTY_ROOM_PC, empty, sizeof empty);
  for (int i = 0; i < Z3_ROOM_POINTERS; i++) {
    put24(img + OBJECT_TABLE_PC + 3 * (size_t)i, snes(EMPTY_ROOM_PC));
    put24(img + Z3_ROOM_DOOR_TABLE_PC + 3 * (size_t)i, snes(EMPTY_ROOM_PC + 8));
  }
  size_t at = OBJECT_DATA_PC;
  for (size_t i = 0; i < rooms->count; i++) {
    uint8_t buf[2 + 3 * 3 * GALLERY_SLOTS + 2 * Z3_ROOM_MAX_DOORS + 16];
    size_t door_off = 0, n = encode_room(buf, &rooms->list[i], &door_off);
    if (at + n > OBJECT_DATA_END) {
      return z3_error_set(err, Z3_E_INTERNAL, "sample room 0x%03X: objects overflow their region at 0x%zX (ends 0x%X)",
                          rooms->list[i].id, at, OBJECT_DATA_END);
    }
    memcpy(img + at, buf, n);
    put24(img + OBJECT_TABLE_PC + 3 * (size_t)rooms->list[i].id, snes(at));
    put24(img + Z3_ROOM_DOOR_TABLE_PC + 3 * (size_t)rooms->list[i].id, snes(at + door_off));
    at += n;
  }
  return Z3_OK;
}

static size_t encode_sprites(uint8_t *dst, const sample_room *s) {
  size_t n = 0;
  dst[n++] = 0x00;
  for (size_t i = 0; i < s->sprite_count; i++) {
    const z3_room_sprite *p = &s->sprites[i];
    dst[n++] = (uint8_t)(p->layer << 7 | (p->subtype >> 3) << 5 | p->y);
    dst[n++] = (uint8_t)((p->subtype & 7) << 5 | p->x);
    dst[n++] = p->id;
    if (p->key_drop) dst[n++] = p->key_drop == 2 ? 0xFD : 0xFE, dst[n++] = 0x00, dst[n++] = 0xE4;
  }
  dst[n++] = 0xFF;
  return n;
}

static z3_status write_sprites(uint8_t *img, const sample_rooms *rooms, z3_error *err) {
  put16(img + Z3_ROOM_SPRITE_PTR_OPERAND_PC, (uint16_t)snes(SPRITE_TABLE_PC));
  memset(img + SPRITE_DATA_PC, 0xFF, SPRITE_EMPTY_PC - SPRITE_DATA_PC); /* the unused part of the region */
  img[SPRITE_EMPTY_PC] = 0x00, img[SPRITE_EMPTY_PC + 1] = 0xFF;
  for (int i = 0; i < 384; i++) put16(img + SPRITE_TABLE_PC + 2 * (size_t)i, (uint16_t)snes(SPRITE_EMPTY_PC));
  size_t at = SPRITE_DATA_PC;
  for (size_t i = 0; i < rooms->count; i++) {
    if (!rooms->list[i].sprite_count) continue;
    uint8_t buf[2 + 6 * 6];
    size_t n = encode_sprites(buf, &rooms->list[i]);
    if (at + n > SPRITE_EMPTY_PC) {
      return z3_error_set(err, Z3_E_INTERNAL, "sample room 0x%03X: sprites overflow their region at 0x%zX (ends 0x%X)",
                          rooms->list[i].id, at, SPRITE_EMPTY_PC);
    }
    memcpy(img + at, buf, n);
    put16(img + SPRITE_TABLE_PC + 2 * (size_t)rooms->list[i].id, (uint16_t)snes(at));
    at += n;
  }
  return Z3_OK;
}

/* The curated records, then one per chest object of each gallery room, in stream order. */
static z3_status write_chests(uint8_t *img, const sample_rooms *rooms, z3_error *err) {
  put16(img + Z3_CHEST_SIZE_OPERAND_PC, Z3_CHEST_RECORDS * 3);
  put24(img + Z3_CHEST_PTR_OPERAND_PC, snes(CHEST_TABLE_PC));
  put24(img + 0xEC0A, snes(CHEST_TABLE_PC + 2)); /* the game's second read of the item bytes */
  z3_chest all[Z3_CHEST_RECORDS];
  size_t n = sizeof chests / sizeof chests[0];
  memcpy(all, chests, sizeof chests);
  for (size_t r = CURATED; r < rooms->count; r++)
    for (int l = 0; l < 3; l++)
      for (size_t i = 0; i < rooms->list[r].counts[l]; i++) {
        uint16_t id = rooms->list[r].objects[l][i].id;
        if (id != 0xF99 && id != 0xFB1) continue;
        if (n == Z3_CHEST_RECORDS) {
          return z3_error_set(err, Z3_E_INTERNAL, "sample room 0x%03X: more than %d chests in the chest table",
                              rooms->list[r].id, Z3_CHEST_RECORDS);
        }
        n++;
        all[n - 1] = (z3_chest){(uint16_t)rooms->list[r].id, id == 0xFB1, (uint8_t)(0x34 + n % 3)};
      }
  for (size_t i = 0; i < Z3_CHEST_RECORDS; i++) {
    uint8_t *rec = img + CHEST_TABLE_PC + 3 * i;
    if (i < n) {
      put16(rec, all[i].room | (all[i].big ? 0x8000u : 0));
      rec[2] = all[i].item;
    } else {
      put16(rec, 0x7FFF); /* never matches a room (§3.7) */
      rec[2] = 0x00;
    }
  }
  return Z3_OK;
}

static void write_messages(uint8_t *img, const sample_rooms *rooms) {
  for (int i = 0; i < Z3_ROOM_POINTERS; i++) {
    const sample_room *s = i < Z3_ROOM_COUNT ? sample_of(rooms, i) : NULL;
    put16(img + Z3_ROOM_MESSAGE_PC + 2 * (size_t)i, s ? s->message : 0);
  }
}

/* Layouts: each draws the room's frame: ceiling along the edges (size 0 is
 * the long form, 32 blocks), walls (26 blocks) and the four inside corners;
 * the 19 dungeon overlays share one empty list. */
enum { LAYOUT_OBJECTS = 12 };

static void write_layouts(uint8_t *img) {
  put24(img + Z3_ROOM_LAYOUT_PTR_OPERAND_PC, snes(LAYOUT_TABLE_PC));
  size_t at = LAYOUT_DATA_PC;
  for (int i = 0; i < Z3_ROOM_LAYOUTS; i++) {
    put24(img + LAYOUT_TABLE_PC + 3 * (size_t)i, snes(at));
    z3_room_object frame[LAYOUT_OBJECTS] = {
        {0x000, 0, 0, 0},     {0x000, 0, 62, 0},    {0x060, 0, 0, 0},     {0x060, 62, 0, 0},
        {0x001, 6, 2, 0},     {0x002, 6, 58, 0},    {0x061, 2, 6, 0},     {0x062, 58, 6, 0},
        {0x100, 2, 2, 0},     {0x102, 58, 2, 0},    {0x101, 2, 58, 0},    {0x103, 58, 58, 0}};
    for (int k = 0; k < LAYOUT_OBJECTS; k++, at += 3) z3_object_encode(&frame[k], img + at);
    img[at++] = 0xFF, img[at++] = 0xFF;
  }
  size_t empty = at;
  img[at++] = 0xFF, img[at++] = 0xFF;
  for (int i = 0; i < 19; i++) put24(img + OVERLAY_TABLE_PC + 3 * (size_t)i, snes(empty));
  put24(img + 0xB857, snes(OVERLAY_TABLE_PC));
}

/* The palace rooms' pot items, one list each, after the gallery ones. */
static z3_status write_room_pots(uint8_t *img, size_t at, const sample_rooms *rooms, z3_error *err) {
  for (size_t i = 0; i < rooms->count; i++) {
    const sample_room *r = &rooms->list[i];
    if (!r->pot.position) continue;
    if (at + 5 > POT_DATA_END) {
      return z3_error_set(err, Z3_E_INTERNAL, "sample room 0x%03X: pot items overflow their region at 0x%zX (ends 0x%X)",
                          r->id, at, POT_DATA_END);
    }
    put16(img + POT_TABLE_PC + 2 * (size_t)r->id, (uint16_t)snes(at));
    put16(img + at, r->pot.position), img[at + 2] = r->pot.item;
    img[at + 3] = 0xFF, img[at + 4] = 0xFF;
    at += 5;
  }
  return Z3_OK;
}

/* Pushable blocks after room 0x024's: 4-byte records (room, position). */
static z3_status write_room_blocks(uint8_t *img, const sample_rooms *rooms, z3_error *err) {
  size_t n = 1;
  for (size_t i = 0; i < rooms->count; i++) {
    const sample_room *r = &rooms->list[i];
    if (!r->block) continue;
    if (n == BLOCK_ENTRIES) {
      return z3_error_set(err, Z3_E_INTERNAL, "sample room 0x%03X: more than %d pushable blocks", r->id, BLOCK_ENTRIES);
    }
    put16(img + BLOCK_TABLE_PC + 4 * n, (unsigned)r->id), put16(img + BLOCK_TABLE_PC + 4 * n + 2, r->block);
    n++;
  }
  return Z3_OK;
}

/* Torch groups after room 0x012's: room, positions, 0xFFFF. */
static z3_status write_room_torches(uint8_t *img, const sample_rooms *rooms, z3_error *err) {
  size_t at = TORCH_TABLE_PC + 6;
  for (size_t i = 0; i < rooms->count; i++) {
    const sample_room *r = &rooms->list[i];
    if (!r->torches[0]) continue;
    if (at + 8 > TORCH_TABLE_PC + TORCH_BYTES) {
      return z3_error_set(err, Z3_E_INTERNAL, "sample room 0x%03X: torches overflow their 0x%X bytes", r->id, TORCH_BYTES);
    }
    put16(img + at, (unsigned)r->id), put16(img + at + 2, r->torches[0]), put16(img + at + 4, r->torches[1]);
    put16(img + at + 6, 0xFFFF);
    at += 8;
  }
  return Z3_OK;
}

/* Pot items (one in room 0x012), pushable blocks, torches and pit-damage rooms. */
static z3_status write_specials(uint8_t *img, const sample_rooms *rooms, z3_error *err) {
  put24(img + 0xE6C2, snes(POT_TABLE_PC));
  put16(img + 0xE6C8, POT_TABLE_PC >> 15);
  /* Like vanilla's (usdasm $01:DDEB, room 0x004 into 0x005): room 0x012's
   * list has no end of its own but runs into the empty list the others
   * share; each gallery room's list holds one item and ends. */
  size_t pots = POT_DATA_PC, empty = pots + 3, at = empty + 2;
  put16(img + pots, (12 * 64 + 20) * 2), img[pots + 2] = 0x01; /* green rupee at (20,12) */
  img[empty] = 0xFF, img[empty + 1] = 0xFF;
  for (int i = 0; i < Z3_ROOM_POINTERS; i++)
    put16(img + POT_TABLE_PC + 2 * (size_t)i, (uint16_t)snes(i == 0x012 ? pots : empty));
  for (int k = 0; k < GALLERIES; k++, at += 5) {
    put16(img + POT_TABLE_PC + 2 * (size_t)galleries[k].id, (uint16_t)snes(at));
    put16(img + at, (unsigned)((4 + 8 * k) * 64 + 30) * 2), img[at + 2] = (uint8_t)(0x02 + k); /* (30, 4+8k) */
    img[at + 3] = 0xFF, img[at + 4] = 0xFF;
  }
  z3_status st = write_room_pots(img, at, rooms, err);
  if (st != Z3_OK) return st;

  put16(img + 0x8896, 99 * 4);
  static const size_t chunk_pc[4] = {0x15AFA, 0x15B01, 0x15B08, 0x15B0F};
  for (int i = 0; i < 4; i++) put24(img + chunk_pc[i], snes(BLOCK_TABLE_PC + 0x80 * (size_t)i));
  memset(img + BLOCK_TABLE_PC, 0xFF, 0x200 - 0x74); /* 99 entries, room 0xFFFF = unused */
  put16(img + BLOCK_TABLE_PC, 0x024), put16(img + BLOCK_TABLE_PC + 2, (uint16_t)(20 << 7 | 24 << 1));
  if ((st = write_room_blocks(img, rooms, err)) != Z3_OK) return st;

  put16(img + 0x88C1, TORCH_BYTES);
  for (int i = 0; i < 3; i++) put24(img + 0x15B16 + 7 * (size_t)i, snes(TORCH_TABLE_PC + 0x80 * (size_t)i));
  memset(img + TORCH_TABLE_PC, 0xFF, TORCH_BYTES); /* groups of room 0xFFFF are skipped */
  put16(img + TORCH_TABLE_PC, 0x012), put16(img + TORCH_TABLE_PC + 2, (uint16_t)(0x8000 | 6 << 7 | 6 << 1));
  if ((st = write_room_torches(img, rooms, err)) != Z3_OK) return st;

  put16(img + 0x394A6, (PIT_ROOM_COUNT - 1) * 2);
  put24(img + 0x394AB, 0x00990C);
  for (int i = 0; i < PIT_ROOM_COUNT; i++) put16(img + PIT_ROOMS_PC + 2 * (size_t)i, i == 0 ? 0x024 : 0x0FF);
  return Z3_OK;
}

z3_status z3_sample__write_dungeons(uint8_t *img, size_t size, z3_error *err) {
  if (size < 0x100000) return Z3_OK;
  sample_rooms *rooms = z3_calloc(1, sizeof *rooms);
  if (!rooms) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  z3_status st = build_rooms(rooms, err);
  if (st == Z3_OK) st = write_headers(img, rooms, err);
  if (st == Z3_OK) st = write_objects(img, rooms, err);
  if (st == Z3_OK) st = write_sprites(img, rooms, err);
  if (st == Z3_OK) st = write_chests(img, rooms, err);
  if (st == Z3_OK) {
    write_messages(img, rooms);
    write_layouts(img);
    st = write_specials(img, rooms, err);
  }
  if (st == Z3_OK) st = z3_sample__write_dungeon_maps(img, err); /* keeps 0x56652 = $B9: not expanded */
  if (st == Z3_OK) {
    z3_sample__write_dungeon_entrances(img);
    z3_sample__write_dungeon_gfx(img);
  }
  z3_free(rooms);
  return st;
}
