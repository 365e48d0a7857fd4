/*
 * Room rendering (see dungeon_render.h). Two 64x64 tilemaps (BG1, BG2) are
 * filled with tile words, then composed: a BG1 pixel that is not colour 0
 * hides BG2; where both are 0 the backdrop (transparent) shows. Tile
 * priority bits are not modelled.
 *
 * Generic object shapes (our rule, the same for every object of a range; the
 * game's per-object routines differ in details):
 *   subtype 1, grows horizontally (Appendix A "↔"): 2x2-tile blocks, size+1 of them left to right
 *     (0x001-0x006, 0x0B6-0x0B7: 2x4 blocks; see repeats() for the ceiling and wall counts);
 *   subtype 1, grows vertically ("↕"): 2x2-tile blocks, size+1 of them top to bottom
 *     (0x061-0x066, 0x090-0x091: 4x2 blocks read row by row);
 *   subtype 1, grows both ways ("⇲"): 4x4-tile blocks, (size>>2)+1 across, (size&3)+1 down;
 *   subtypes 2 and 3: one 2x2-tile block (the corner pieces 0x100-0x11B: one 4x4 block).
 * Tiles of a block are read column by column. Diagonals, ceilings, logic
 * objects and big set pieces follow their own rules (dungeon_render_special.c),
 * doors theirs (dungeon_render_doors.c).
 */
#include <string.h>

#include "snes/color.h"
#include "zelda3/bg_scene.h"
#include "zelda3/blockset.h"
#include "zelda3/dungeon_internal.h"
#include "zelda3/dungeon_render.h"
#include "zelda3/dungeon_render_internal.h"
#include "zelda3/entrance.h"
#include "zelda3/palettes.h"

typedef enum shape { SHAPE_BOX, SHAPE_H, SHAPE_V, SHAPE_HV, SHAPE_SINGLE2, SHAPE_SINGLE4, SHAPE_WALL_H, SHAPE_WALL_V } shape;

static bool in(uint16_t id, uint16_t lo, uint16_t hi) { return id >= lo && id <= hi; }

static shape shape_of(uint16_t id) {
  if (!z3_object_name(id)) return SHAPE_BOX;
  switch (z3_object_subtype_of(id)) {
    case Z3_OBJECT_SUBTYPE1:
      if (in(id, 0x009, 0x020) || in(id, 0x0A0, 0x0A3) || in(id, 0x0A5, 0x0AC) || in(id, 0x0D3, 0x0D6)) return SHAPE_BOX;
      /* the game's 2x4 and 4x2 routines (usdasm's RoomDraw_Rightwards2x4* / Downwards4x2*) */
      if (in(id, 0x001, 0x006) || in(id, 0x0B6, 0x0B7)) return SHAPE_WALL_H;
      if (in(id, 0x061, 0x066) || in(id, 0x090, 0x091)) return SHAPE_WALL_V;
      if (in(id, 0x060, 0x096)) return SHAPE_V;
      if (id == 0x0A4 || in(id, 0x0C0, 0x0E8)) return SHAPE_HV;
      return SHAPE_H;
    case Z3_OBJECT_SUBTYPE2:
      if (id == 0x12C || id == 0x137) return SHAPE_BOX;
      return id <= 0x11B ? SHAPE_SINGLE4 : SHAPE_SINGLE2;
    case Z3_OBJECT_SUBTYPE3: {
      static const uint16_t big[] = {0xF80, 0xF81, 0xF82, 0xF95, 0xFAD, 0xFAE, 0xFD4, 0xFE2,
                                     0xFEB, 0xFF2, 0xFF4, 0xFF6, 0xFF7, 0xFF8};
      for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
        if (id == big[i]) return SHAPE_BOX;
      return SHAPE_SINGLE2;
    }
  }
  return SHAPE_BOX;
}

/* The object's tile words: table entry = offset from RoomDrawObjectData. */
bool z3_room__tile_words(const z3_rom *rom, unsigned offset, int count, uint16_t *out) {
  size_t at = Z3_ROOM_TILE_DATA_PC + offset;
  if (at + 2 * (size_t)count > rom->data.len) return false;
  for (int i = 0; i < count; i++) out[i] = z3_dungeon__word(rom, at + 2 * (size_t)i);
  return true;
}

bool z3_room__object_tiles(const z3_rom *rom, uint16_t id, int count, uint16_t *out) {
  size_t table;
  unsigned index;
  switch (z3_object_subtype_of(id)) {
    case Z3_OBJECT_SUBTYPE1: table = Z3_ROOM_SUBTYPE1_TABLE_PC, index = id; break;
    case Z3_OBJECT_SUBTYPE2: table = Z3_ROOM_SUBTYPE2_TABLE_PC, index = id - 0x100u; break;
    default: table = Z3_ROOM_SUBTYPE3_TABLE_PC, index = id - 0xF80u; break;
  }
  return z3_room__tile_words(rom, z3_dungeon__word(rom, table + 2 * index), count, out);
}

void z3_room__put(z3_room_canvas *c, int bg, int x, int y, uint16_t word) {
  if (x < 0 || y < 0 || x >= Z3_ROOM_MAP || y >= Z3_ROOM_MAP) return;
  c->word[bg][y * Z3_ROOM_MAP + x] = word;
  c->set[bg][y * Z3_ROOM_MAP + x] = 1;
}

void z3_room__block(z3_room_canvas *c, int bg, int x, int y, int w, int h, const uint16_t *tiles) {
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++) z3_room__put(c, bg, x + i, y + j, tiles[i * h + j]);
}

void z3_room__block_rows(z3_room_canvas *c, int bg, int x, int y, int w, int h, const uint16_t *tiles) {
  for (int j = 0; j < h; j++)
    for (int i = 0; i < w; i++) z3_room__put(c, bg, x + i, y + j, tiles[j * w + i]);
}

/* Repeats: the game draws these objects "1 to 15 or 32" / "1 to 15 or 26"
 * times (size 0 = the long form; usdasm's RoomDraw_GetSize_1to15or32 and
 * _1to15or26 and the routines that call them); every other object size + 1. */
int z3_room_object_repeats(const z3_room_object *o) {
  uint16_t id = o->id;
  if (id == 0x000 || id == 0x060 || in(id, 0x0B8, 0x0B9) || in(id, 0x092, 0x093)) return o->size ? o->size : 32;
  if (in(id, 0x001, 0x002) || in(id, 0x061, 0x062) || in(id, 0x0B6, 0x0B7) || in(id, 0x090, 0x091))
    return o->size ? o->size : 26;
  return o->size + 1;
}

/* The wall columns 0x005-0x006 and 0x065-0x066 leave 4 tiles between blocks
 * (usdasm: the Nx4 loop at $01:8C37 adds 8 bytes to the column pointer, the
 * 4x2 one at $01:8C4F spaces rows by $300); ZScream draws them 6 tiles apart. */
int z3_room_object_step(uint16_t id) {
  if (in(id, 0x005, 0x006) || in(id, 0x065, 0x066)) return 6;
  int w, h;
  z3_room_object_block(id, &w, &h);
  return shape_of(id) == SHAPE_WALL_V ? h : w;
}

void z3_room_object_block(uint16_t id, int *w, int *h) {
  switch (shape_of(id)) {
    case SHAPE_WALL_H: *w = 2, *h = 4; break;
    case SHAPE_WALL_V: *w = 4, *h = 2; break;
    case SHAPE_HV:
    case SHAPE_SINGLE4: *w = *h = 4; break;
    default: *w = *h = 2; break;
  }
}

void z3_room__add_box(z3_room_canvas *c, int x, int y, int w, int h) {
  if (c->box_count < (int)(sizeof c->boxes / sizeof c->boxes[0])) c->boxes[c->box_count++] = (z3_room_box){x, y, w, h};
}

/* Draws one object; false when it became a placeholder. */
static bool draw_object(const z3_rom *rom, z3_room_canvas *c, int bg, const z3_room_object *o) {
  bool drawn;
  if (z3_room__draw_special(rom, c, bg, o, &drawn)) return drawn;
  shape s = shape_of(o->id);
  uint16_t tiles[16];
  int n = s == SHAPE_HV || s == SHAPE_SINGLE4 ? 16 : s == SHAPE_WALL_H || s == SHAPE_WALL_V ? 8 : 4;
  if (s == SHAPE_BOX || !z3_room__object_tiles(rom, o->id, n, tiles)) {
    z3_room__add_box(c, o->x, o->y, 2, 2);
    return false;
  }
  int count = z3_room_object_repeats(o);
  switch (s) {
    case SHAPE_WALL_H:
      for (int k = 0; k < count; k++) z3_room__block(c, bg, o->x + z3_room_object_step(o->id) * k, o->y, 2, 4, tiles);
      break;
    case SHAPE_WALL_V:
      for (int k = 0; k < count; k++) z3_room__block_rows(c, bg, o->x, o->y + z3_room_object_step(o->id) * k, 4, 2, tiles);
      break;
    case SHAPE_H:
      for (int k = 0; k < count; k++) z3_room__block(c, bg, o->x + 2 * k, o->y, 2, 2, tiles);
      break;
    case SHAPE_V:
      for (int k = 0; k < count; k++) z3_room__block(c, bg, o->x, o->y + 2 * k, 2, 2, tiles);
      break;
    case SHAPE_HV:
      for (int i = 0; i <= o->size >> 2; i++)
        for (int j = 0; j <= (o->size & 3); j++) z3_room__block(c, bg, o->x + 4 * i, o->y + 4 * j, 4, 4, tiles);
      break;
    case SHAPE_SINGLE4: z3_room__block(c, bg, o->x, o->y, 4, 4, tiles); break;
    default: z3_room__block(c, bg, o->x, o->y, 2, 2, tiles); break;
  }
  return true;
}

static void draw_floor(const z3_rom *rom, z3_room_canvas *c, int bg, unsigned floor) {
  size_t at = Z3_ROOM_FLOOR_TILES_PC + 16 * (size_t)floor;
  uint16_t t[8];
  for (int i = 0; i < 8; i++) t[i] = z3_dungeon__word(rom, at + 2 * (size_t)i);
  for (int y = 0; y < Z3_ROOM_MAP; y += 2)
    for (int x = 0; x < Z3_ROOM_MAP; x += 4)
      for (int k = 0; k < 8; k++) z3_room__put(c, bg, x + k % 4, y + k / 4, t[k]);
}

static void draw_list(const z3_rom *rom, z3_room_canvas *c, int bg, const z3_room_object *objs, size_t n, z3_room_image *out) {
  for (size_t i = 0; i < n; i++) draw_object(rom, c, bg, &objs[i]) ? out->objects_drawn++ : out->unrendered++;
}

/* The layout's objects (§3.5), drawn on BG1 before list 0: from the model, so
 * an edited layout draws as it will be saved. */
static void draw_layout(const z3_rom *rom, const z3_dungeon *d, z3_room_canvas *c, unsigned layout, z3_room_image *out) {
  const z3_object_list *l = &d->lists[layout < Z3_ROOM_LAYOUTS ? layout : 0];
  draw_list(rom, c, 0, l->objects, l->count, out);
}

/* Main blockset: from the first entrance into this room (§3.13), else 0. */
static unsigned main_blockset(const z3_rom *rom, int room) {
  const z3_place_field *room_field = z3_place_field_find("room"), *blockset = z3_place_field_find("blockset");
  if (z3_place_check_rom(rom, NULL) != Z3_OK) return 0;
  for (int i = 0; i < Z3_ENTRANCES; i++) {
    unsigned r = 0, b = 0;
    if (z3_place_get(rom, Z3_PLACE_ENTRANCE, i, room_field, &r, NULL) != Z3_OK) return 0;
    if ((int)r == room && z3_place_get(rom, Z3_PLACE_ENTRANCE, i, blockset, &b, NULL) == Z3_OK) return b;
  }
  return 0;
}

static void set_rgba(uint8_t *p, uint16_t snes, uint8_t alpha) {
  z3_rgb c = z3_color_to_rgb(snes);
  p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = alpha;
}

/* CGRAM rows 2-7 from dungeon_main (§5.3), chosen through the room's palette set (§5.5). */
static z3_status room_palette(const z3_rom *rom, uint8_t set, z3_room_image *out, uint16_t cgram[128], z3_error *err) {
  unsigned offset = rom->data.data[Z3_ROOM_PALETTE_SETS_PC + 4 * (size_t)(set <= 40 ? set : 0)];
  unsigned id = z3_dungeon__word(rom, Z3_ROOM_PALETTE_OFFSETS_PC + (offset & 0x3E)) / 180;
  out->palette_id = (int)(id < 20 ? id : 0);
  const z3_palette_group *g = z3_palette_group_find("dungeon_main");
  uint16_t colors[Z3_PALETTE_MAX_COLORS];
  z3_status st = g ? z3_palette_read(rom, g, out->palette_id, colors, err) : z3_error_set(err, Z3_E_INTERNAL, "no dungeon_main group");
  if (st) return st;
  memset(out->palette, 0, sizeof out->palette);
  for (int i = 0; i < 128; i++) set_rgba(out->palette[i], (uint16_t)(i * 0x0421 % 0x7FFF), 255); /* rows 0-1: unused here */
  memset(cgram, 0, 128 * sizeof *cgram);
  for (int row = 0; row < 6; row++)
    for (int col = 1; col < 16; col++) {
      cgram[(row + 2) * 16 + col] = colors[row * 15 + col - 1];
      set_rgba(out->palette[(row + 2) * 16 + col], colors[row * 15 + col - 1], 255);
    }
  out->palette[0][3] = 0;
  memcpy(out->palette[Z3_ROOM_PLACEHOLDER_COLOR], (uint8_t[4]){255, 0, 255, 255}, 4);
  return Z3_OK;
}

/* The dungeon wraps tile numbers past the scene's 512, as the game's VRAM mirrors them. */
static void draw_cell(const z3_scene_tiles *t, uint16_t w, int cell, bool transparent, uint8_t *pixels) {
  uint8_t *dst = pixels + (size_t)(cell / Z3_ROOM_MAP) * 8 * Z3_ROOM_PIXELS + (size_t)(cell % Z3_ROOM_MAP) * 8;
  z3_tile_blit(t->px[(w & 0x3FF) % Z3_SCENE_TILE_COUNT], w & 0x4000, w & 0x8000, ((w >> 10) & 7) * 16u, transparent,
               dst, Z3_ROOM_PIXELS);
}

/* BG2 first, then BG1 over it: BG1's colour 0 shows BG2, as the room's priority puts BG1 in front. */
static void compose(const z3_room_canvas *c, const z3_scene_tiles *t, z3_room_layers layers, z3_room_image *out) {
  memset(out->pixels, 0, sizeof out->pixels);
  for (int cell = 0; cell < Z3_ROOM_MAP * Z3_ROOM_MAP; cell++) {
    if ((layers & Z3_RENDER_BG2) && c->set[1][cell]) draw_cell(t, c->word[1][cell], cell, false, out->pixels);
    if ((layers & Z3_RENDER_BG1) && c->set[0][cell]) draw_cell(t, c->word[0][cell], cell, true, out->pixels);
  }
  for (int b = 0; b < c->box_count; b++) { /* outlines, so what lies under stays visible */
    int x0 = c->boxes[b].x * 8, y0 = c->boxes[b].y * 8, x1 = x0 + c->boxes[b].w * 8 - 1, y1 = y0 + c->boxes[b].h * 8 - 1;
    for (int y = y0; y <= y1 && y < Z3_ROOM_PIXELS; y++)
      for (int x = x0; x <= x1 && x < Z3_ROOM_PIXELS; x++)
        if (y - y0 < 2 || y1 - y < 2 || x - x0 < 2 || x1 - x < 2) out->pixels[y * Z3_ROOM_PIXELS + x] = Z3_ROOM_PLACEHOLDER_COLOR;
  }
}

/* Everything but the picture: the canvas of tile words, the scene's tiles and the palette. */
/* `only`: draw that layout or overlay alone (no floors, lists or doors) in the room's graphics. */
static z3_status room_prepare(const z3_rom *rom, const z3_dungeon *d, int room, const z3_object_list *only,
                              z3_room_canvas *c, z3_scene_tiles *tiles, z3_room_image *out, uint16_t cgram[128],
                              z3_error *err) {
  z3_status st = z3_room_check_id(room, err);
  if (st) return st;
  const z3_room *r = &d->rooms[room];
  z3_room_header h;
  z3_room_header_decode(r->header, &h);
  out->objects_drawn = out->unrendered = 0;
  out->main_blockset = (int)main_blockset(rom, room);
  out->aux_blockset = h.blockset;
  st = z3_scene_tiles_load(rom, (unsigned)out->main_blockset, h.blockset, tiles, err);
  if (st == Z3_OK) st = room_palette(rom, h.palette, out, cgram, err);
  if (st == Z3_OK && only) {
    draw_list(rom, c, 0, only->objects, only->count, out);
  } else if (st == Z3_OK) {
    draw_floor(rom, c, 1, r->floor_byte >> 4);
    draw_floor(rom, c, 0, r->floor_byte & 15);
    draw_layout(rom, d, c, r->layout_byte >> 2, out);
    static const int bg_of_list[Z3_ROOM_LAYERS] = {0, 1, 0};
    for (int l = 0; l < Z3_ROOM_LAYERS; l++) draw_list(rom, c, bg_of_list[l], r->objects[l], r->object_count[l], out);
    z3_room__draw_doors(rom, c, r, out);
  }
  if (st) z3_error_hint(err, "room 0x%03X uses main blockset 0x%02X, aux 0x%02X, palette set 0x%02X", room,
                        (unsigned)out->main_blockset, h.blockset, h.palette);
  return st;
}

static z3_status render(const z3_rom *rom, const z3_dungeon *d, int room, const z3_object_list *only,
                        z3_room_layers layers, z3_room_image *out, z3_error *err) {
  z3_room_canvas *c = z3_calloc(1, sizeof *c);
  z3_scene_tiles *tiles = z3_malloc(sizeof *tiles);
  uint16_t cgram[128];
  z3_status st = c && tiles ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = room_prepare(rom, d, room, only, c, tiles, out, cgram, err);
  if (st == Z3_OK) compose(c, tiles, layers, out);
  z3_free(c);
  z3_free(tiles);
  return st;
}

z3_status z3_room_render(const z3_rom *rom, const z3_dungeon *d, int room, z3_room_layers layers,
                         z3_room_image *out, z3_error *err) {
  return render(rom, d, room, NULL, layers, out, err);
}

z3_status z3_list_render(const z3_rom *rom, const z3_dungeon *d, const z3_object_list *l, int room,
                         z3_room_image *out, z3_error *err) {
  return render(rom, d, room, l, Z3_RENDER_ALL, out, err);
}

z3_status z3_room_bg_scene(const z3_rom *rom, const z3_dungeon *d, int room, int bg, z3_bg_scene *out,
                           z3_error *err) {
  memset(out, 0, sizeof *out);
  if (bg != 0 && bg != 1) return z3_error_set(err, Z3_E_INVALID, "room layer %d: 0 (BG1) or 1 (BG2)", bg);
  z3_room_canvas *c = z3_calloc(1, sizeof *c);
  z3_scene_tiles *tiles = z3_malloc(sizeof *tiles);
  z3_room_image *image = z3_malloc(sizeof *image);
  z3_status st = c && tiles && image ? Z3_OK : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (st == Z3_OK) st = room_prepare(rom, d, room, NULL, c, tiles, image, out->cgram, err);
  if (st == Z3_OK) {
    for (int i = 0; i < Z3_ROOM_MAP * Z3_ROOM_MAP; i++) out->scr.words[i] = c->set[bg][i] ? c->word[bg][i] : Z3_BG_SCENE_BLANK;
    z3_bg_scene_tiles(tiles, out);
  }
  z3_free(c);
  z3_free(tiles);
  z3_free(image);
  return st;
}
