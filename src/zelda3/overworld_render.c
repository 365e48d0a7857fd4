/*
 * Overworld area pictures: the area's tile8 words drawn with the scene's
 * 512 BG tiles (main blockset of the world + the area's aux blockset,
 * blockset.h) and the 8 BG palette rows the game builds for the area
 * (data reference §5.3, §5.5): HUD rows 0-1, the world's ow_main rows 2-6
 * left, the palette set's ow_aux 1 (rows 2-4 right), ow_aux 2 (rows 5-7
 * right) and ow_animated (row 7 left), the grass colour as backdrop.
 * Priority bits are ignored: one flat layer.
 */
#include <string.h>

#include "zelda3/bg_scene.h"
#include "zelda3/blockset.h"
#include "zelda3/overworld.h"
#include "zelda3/palettes.h"
#include "snes/color.h"

#define PALETTE_SETS_PC 0x75504u
enum { PALETTE_SET_COUNT = 31 };

/* Main blockset per world (Z OverworldMap.cs): LW 0x20, DW 0x21, Triforce room 0x24. */
static unsigned main_blockset(int id) {
  if (id == 0x88 || id == 0x93) return 0x24;
  return id >= 0x40 && id < 0x80 ? 0x21 : 0x20;
}

/* ow_main palette the editors derive for vanilla ROMs (world reference §2.4). */
static int main_palette(int id) {
  if (id == 0x03 || id == 0x05 || id == 0x07) return 2;
  if (id == 0x43 || id == 0x45 || id == 0x47) return 3;
  if (id == 0x88) return 4;
  return id >= 0x40 && id < 0x80 ? 1 : 0;
}

/* Copies `g`'s palette `index` into CGRAM rows starting at row, columns col..col+width-1. */
static void load_rows(const z3_rom *rom, const char *group, int index, int row, int col, int width,
                      uint16_t cgram[128]) {
  const z3_palette_group *g = z3_palette_group_find(group);
  uint16_t colors[256];
  z3_error err;
  z3_error_init(&err);
  if (!g || index < 0 || index >= g->count || z3_palette_read(rom, g, index, colors, &err) != Z3_OK) return;
  for (int i = 0; i < g->colors; i++) {
    int r = row + i / width, c = col + i % width;
    if (r < 8) cgram[r * 16 + c] = colors[i];
  }
}

static void build_palette(const z3_overworld *ow, const z3_rom *rom, int id, uint16_t cgram[128]) {
  memset(cgram, 0, 128 * sizeof *cgram);
  load_rows(rom, "hud", 0, 0, 0, 16, cgram);
  load_rows(rom, "ow_main", main_palette(id), 2, 1, 7, cgram);
  int set = ow->areas[id].palette;
  if (set >= 0 && set < PALETTE_SET_COUNT) {
    const uint8_t *s = rom->data.data + PALETTE_SETS_PC + (size_t)set * 4;
    if (!(s[0] & 0x80)) load_rows(rom, "ow_aux", s[0], 2, 9, 7, cgram);
    if (!(s[1] & 0x80)) load_rows(rom, "ow_aux", s[1], 5, 9, 7, cgram);
    if (!(s[2] & 0x80)) load_rows(rom, "ow_animated", s[2], 7, 1, 7, cgram);
  }
  uint16_t grass[1];
  const z3_palette_group *g = z3_palette_group_find("grass");
  z3_error err;
  z3_error_init(&err);
  if (g && z3_palette_read(rom, g, id < 0x40 ? 0 : id < 0x80 ? 1 : 2, grass, &err) == Z3_OK) cgram[0] = grass[0];
}

static void draw_tile8(const z3_scene_tiles *tiles, uint16_t word, uint8_t *dst, uint32_t stride) {
  static const uint8_t blank[64];
  unsigned n = word & 0x3FF; /* past the scene's tiles: backdrop, as the game's VRAM there is empty */
  z3_tile_blit(n < Z3_SCENE_TILE_COUNT ? tiles->px[n] : blank, word & 0x4000, word & 0x8000, ((word >> 10) & 7) * 16u,
               false, dst, stride);
}

/* A screen's 64x64 tile8 words in map order; set[i] is false where a tile32 or
 * tile16 id has no definition (the render leaves those cells as backdrop). */
static void screen_words(const z3_overworld *ow, int screen, uint16_t *words, bool *set) {
  const z3_ow_area *a = &ow->areas[screen];
  memset(words, 0, 64 * 64 * sizeof *words);
  memset(set, 0, 64 * 64 * sizeof *set);
  for (int cell = 0; cell < 256; cell++) {
    uint16_t t32 = a->map32[cell];
    if (t32 >= ow->tile32_count) continue;
    for (int q = 0; q < 4; q++) {
      uint16_t t16 = ow->tile32[t32][q];
      if (t16 >= ow->tile16_count) continue;
      int x16 = (cell % 16) * 2 + (q & 1), y16 = (cell / 16) * 2 + (q >> 1);
      for (int k = 0; k < 4; k++) {
        int at = (y16 * 2 + (k >> 1)) * 64 + x16 * 2 + (k & 1);
        words[at] = ow->tile16[t16][k], set[at] = true;
      }
    }
  }
}

static void draw_screen(const z3_overworld *ow, const z3_scene_tiles *tiles, int screen, uint8_t *dst,
                        uint32_t stride) {
  uint16_t words[64 * 64];
  bool set[64 * 64];
  screen_words(ow, screen, words, set);
  for (int i = 0; i < 64 * 64; i++)
    if (set[i]) draw_tile8(tiles, words[i], dst + (size_t)(i / 64) * 8 * stride + (size_t)(i % 64) * 8, stride);
}

/* The scene tiles of area id's parent, with a hint naming its blocksets when they do not load. */
static z3_status load_tiles(const z3_overworld *ow, const z3_rom *rom, int id, z3_scene_tiles **out, z3_error *err) {
  z3_status st = z3_ow_check_map(ow, id, err);
  if (st) return st;
  const z3_ow_area *a = &ow->areas[ow->areas[id].parent];
  z3_scene_tiles *tiles = z3_malloc(sizeof *tiles);
  if (!tiles) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  st = z3_scene_tiles_load(rom, main_blockset(id), a->gfx < 0 ? 0 : (unsigned)a->gfx, tiles, err);
  if (st) {
    z3_free(tiles);
    z3_error_hint(err, "area 0x%02X uses main blockset 0x%02X and aux blockset 0x%02X", id, main_blockset(id),
                  (unsigned)a->gfx);
    return st;
  }
  *out = tiles;
  return Z3_OK;
}

static z3_status image_alloc(const z3_overworld *ow, const z3_rom *rom, int id, uint32_t w, uint32_t h,
                             z3_ow_image *out, z3_error *err) {
  out->width = w, out->height = h;
  out->pixels = z3_calloc((size_t)w * h, 1);
  if (!out->pixels) return z3_error_set(err, Z3_E_NOMEM, "out of memory");
  uint16_t cgram[128];
  build_palette(ow, rom, id, cgram);
  for (int i = 0; i < 128; i++) {
    z3_rgb c = z3_color_to_rgb(cgram[i]);
    out->palette[i][0] = c.r, out->palette[i][1] = c.g, out->palette[i][2] = c.b, out->palette[i][3] = 255;
  }
  return Z3_OK;
}

z3_status z3_ow_render(const z3_overworld *ow, const z3_rom *rom, int id, z3_ow_image *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  z3_scene_tiles *tiles = NULL;
  z3_status st = load_tiles(ow, rom, id, &tiles, err);
  if (st) return st;
  int w16, h16, screens[4];
  z3_ow_area_grid(ow, id, &w16, &h16);
  uint32_t w = (uint32_t)w16 * 16, h = (uint32_t)h16 * 16;
  st = image_alloc(ow, rom, id, w, h, out, err);
  int n = z3_ow_group_screens(ow, id, screens);
  for (int k = 0; st == Z3_OK && k < n; k++) {
    int sx = (screens[k] - id) % 8, sy = (screens[k] - id) / 8;
    draw_screen(ow, tiles, screens[k], out->pixels + (size_t)sy * 512 * w + (size_t)sx * 512, w);
  }
  z3_free(tiles);
  return st;
}

z3_status z3_ow_render_tile16s(const z3_overworld *ow, const z3_rom *rom, int id, int columns, z3_ow_image *out,
                               z3_error *err) {
  memset(out, 0, sizeof *out);
  if (columns < 1 || columns > 64) return z3_error_set(err, Z3_E_INVALID, "%d tile16 columns: 1 to 64", columns);
  z3_scene_tiles *tiles = NULL;
  z3_status st = load_tiles(ow, rom, id, &tiles, err);
  if (st) return st;
  uint32_t w = (uint32_t)columns * 16, h = (uint32_t)((ow->tile16_count + columns - 1) / columns) * 16;
  st = image_alloc(ow, rom, id, w, h, out, err);
  for (int t = 0; st == Z3_OK && t < ow->tile16_count; t++) {
    uint32_t x16 = (uint32_t)(t % columns) * 16, y16 = (uint32_t)(t / columns) * 16;
    for (int k = 0; k < 4; k++) {
      uint32_t x = x16 + (uint32_t)(k & 1) * 8, y = y16 + (uint32_t)(k >> 1) * 8;
      draw_tile8(tiles, ow->tile16[t][k], out->pixels + (size_t)y * w + x, w);
    }
  }
  z3_free(tiles);
  return st;
}

void z3_ow_image_release(z3_ow_image *img) {
  z3_free(img->pixels);
  memset(img, 0, sizeof *img);
}

z3_status z3_ow_bg_scene(const z3_overworld *ow, const z3_rom *rom, int id, z3_bg_scene *out, z3_error *err) {
  memset(out, 0, sizeof *out);
  z3_scene_tiles *tiles = NULL;
  z3_status st = load_tiles(ow, rom, id, &tiles, err);
  if (st) return st;
  bool set[64 * 64];
  screen_words(ow, id, out->scr.words, set);
  for (int i = 0; i < 64 * 64; i++)
    if (!set[i]) out->scr.words[i] = Z3_BG_SCENE_BLANK;
  build_palette(ow, rom, id, out->cgram);
  z3_bg_scene_tiles(tiles, out);
  z3_free(tiles);
  return Z3_OK;
}

z3_status z3_ow_render_cells(const z3_overworld *ow, const z3_rom *rom, int id, const uint8_t (*cells)[2],
                             const uint16_t *tile16, int n, z3_ow_image *img, int *drawn, z3_error *err) {
  *drawn = 0;
  z3_scene_tiles *tiles = NULL;
  z3_status st = load_tiles(ow, rom, id, &tiles, err);
  if (st) return st;
  for (int i = 0; i < n; i++) {
    uint32_t x16 = (uint32_t)cells[i][0] * 16, y16 = (uint32_t)cells[i][1] * 16;
    if (x16 + 16 > img->width || y16 + 16 > img->height || tile16[i] >= ow->tile16_count) continue;
    for (int k = 0; k < 4; k++) {
      uint32_t x = x16 + (uint32_t)(k & 1) * 8, y = y16 + (uint32_t)(k >> 1) * 8;
      draw_tile8(tiles, ow->tile16[tile16[i]][k], img->pixels + (size_t)y * img->width + x, img->width);
    }
    (*drawn)++;
  }
  z3_free(tiles);
  return Z3_OK;
}
