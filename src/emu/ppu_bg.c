/*
 * BG layers of modes 0-6 (hardware reference §4.3-§4.7): tilemaps of 32 or
 * 64 entries a side, 8x8 or 16x16 tiles (16 wide in hires), 2/4/8 bpp
 * planar tiles, palettes per mode, direct colour, offset-per-tile in modes
 * 2, 4 and 6, and mosaic.
 *
 * A line is drawn in chunks of 8 output pixels aligned to the map's 8-pixel
 * tile columns, so a chunk is one tile row of one 8x8 tile: its planes are
 * read once and its 8 pixels decoded together.
 */
#include <string.h>

#include "emu/ppu_internal.h"

typedef struct bg_geometry {
  unsigned map_base, char_base;
  unsigned tile_w, tile_h;
  bool wide, tall; /* 64 entries across / down */
} bg_geometry;

static bg_geometry geometry(const z3_ppu_regs *r, unsigned bg, bool hires) {
  bool big = r->bgmode & (0x10 << bg);
  return (bg_geometry){
      .map_base = (unsigned)(r->bgsc[bg] & 0xFC) << 8,
      .char_base = (unsigned)r->bgnba[bg] << 12,
      .tile_w = big || hires ? 16 : 8,
      .tile_h = big ? 16 : 8,
      .wide = r->bgsc[bg] & 1,
      .tall = r->bgsc[bg] & 2,
  };
}

/* The tilemap entry covering map pixel (mx, my). */
static uint16_t map_entry(const z3_snes_ppu *ppu, const bg_geometry *g, unsigned mx, unsigned my) {
  unsigned tx = (mx / g->tile_w) & 63, ty = (my / g->tile_h) & 63;
  unsigned addr = g->map_base + (ty & 31) * 32 + (tx & 31);
  if ((tx & 32) && g->wide) addr += 0x400;
  if ((ty & 32) && g->tall) addr += g->wide ? 0x800 : 0x400;
  return ppu_vram_word(ppu, addr);
}

static unsigned palette_base(unsigned mode, unsigned bg, unsigned bpp, unsigned palette) {
  if (bpp == 8) return 0;
  if (bpp == 4) return palette * 16;
  return (mode == 0 ? bg * 32 : 0) + palette * 4;
}

/* The 8 colour indices of one tile row, leftmost first. */
static void decode_row(const z3_snes_ppu *ppu, unsigned row_addr, unsigned bpp, uint8_t out[8]) {
  uint8_t planes[8];
  for (unsigned p = 0; p < bpp / 2; p++) {
    uint16_t w = ppu_vram_word(ppu, row_addr + 8 * p);
    planes[2 * p] = (uint8_t)w;
    planes[2 * p + 1] = (uint8_t)(w >> 8);
  }
  for (unsigned i = 0; i < 8; i++) {
    unsigned v = 0, bit = 7 - i;
    for (unsigned p = 0; p < bpp; p++) v |= (unsigned)(planes[p] >> bit & 1) << p;
    out[i] = (uint8_t)v;
  }
}

/* Offset-per-tile: the scroll values screen column `column` (>= 1) of BG1 or
 * BG2 uses, from BG3's tilemap (§4.6). */
static void opt_offsets(const z3_snes_ppu *ppu, unsigned bg, unsigned column, unsigned *hofs, unsigned *vofs) {
  const z3_ppu_regs *r = &ppu->render.r;
  bg_geometry g3 = geometry(r, 2, false);
  g3.tile_w = r->bgmode & 0x40 ? 16 : 8; /* BG3's own tile size, in full pixels */
  unsigned ox = (column - 1) * 8 + (r->hofs[2] & 0x3F8u), oy = r->vofs[2] & 0x3FFu;
  unsigned enable = bg == 0 ? 0x2000 : 0x4000;
  uint16_t h = map_entry(ppu, &g3, ox, oy), v;
  if ((r->bgmode & 7) == 4) {
    v = h;
    if (h & 0x8000) h = 0;
    else v = 0;
  } else {
    v = map_entry(ppu, &g3, ox, oy + 8);
  }
  if (h & enable) *hofs = (h & 0x3F8) | (*hofs & 7);
  if (v & enable) *vofs = v & 0x3FF;
}

/* Offset-per-tile in mode 6 (hires), as bsnes-mercury renders it (our test
 * oracle; the references do not describe this mode's case): the chunk that
 * starts at half-pixel h0 looks BG3 up at screen pixel h0 / 2 plus BG1's fine
 * scroll, in columns 16 pixels wide, and a horizontal entry is added to that
 * position without doubling it. *mx and *vofs are the chunk's map column and
 * vertical scroll, replaced where the entries enable them. */
static void opt_hires(const z3_snes_ppu *ppu, unsigned bg, int h0, unsigned fine, unsigned *mx, unsigned *vofs) {
  const z3_ppu_regs *r = &ppu->render.r;
  int offset_x = h0 / 2 + (int)fine;
  if (offset_x < 8) return;
  bg_geometry g3 = geometry(r, 2, true);
  unsigned ox = (unsigned)(offset_x - 8) + (r->hofs[2] & 0x3F8u), oy = r->vofs[2] & 0x3FFu;
  unsigned enable = bg == 0 ? 0x2000 : 0x4000;
  uint16_t h = map_entry(ppu, &g3, ox, oy), v = map_entry(ppu, &g3, ox, oy + 8);
  if (h & enable) *mx = ((unsigned)offset_x + (h & 0x3F8u)) & ~7u;
  if (v & enable) *vofs = v & 0x3FF;
}

typedef struct bg_line {
  const bg_geometry *g;
  unsigned mode, bg, bpp;
  bool direct;
  uint8_t depth[2];
} bg_line;

/* One 8-pixel chunk: map pixel (mx, my), mx a multiple of 8, drawn from px. */
static void draw_chunk(z3_snes_ppu *ppu, const bg_line *l, unsigned mx, unsigned my, int px,
                       unsigned width) {
  z3_ppu_render *pr = &ppu->render;
  const bg_geometry *g = l->g;
  uint16_t e = map_entry(ppu, g, mx, my);
  unsigned fx = mx % g->tile_w, fy = my % g->tile_h;
  bool hflip = e & 0x4000;
  if (e & 0x8000) fy = g->tile_h - 1 - fy;
  if (hflip) fx = g->tile_w - 8 - fx;
  unsigned tile = ((e & 0x3FF) + (fx >= 8 ? 1 : 0) + (fy >= 8 ? 16 : 0)) & 0x3FF;
  uint8_t idx[8];
  decode_row(ppu, l->g->char_base + tile * 4 * l->bpp + (fy & 7), l->bpp, idx);
  unsigned palette = e >> 10 & 7;
  unsigned base = palette_base(l->mode, l->bg, l->bpp, palette);
  uint8_t depth = l->depth[e >> 13 & 1];
  for (unsigned i = 0; i < 8; i++) {
    int x = px + (int)i;
    if (x < 0 || x >= (int)width) continue;
    unsigned v = idx[hflip ? 7 - i : i];
    if (!v) continue;
    pr->layer_color[x] = l->direct ? ppu_direct_color(v, palette) : ppu_cgram(ppu, base + v);
    pr->layer_z[x] = depth;
  }
}

void ppu_render_bg(z3_snes_ppu *ppu, unsigned bg, unsigned bpp, unsigned line, bool hires,
                   const ppu_depths *d) {
  z3_ppu_render *pr = &ppu->render;
  const z3_ppu_regs *r = &pr->r;
  unsigned width = hires ? Z3_PPU_HIRES_WIDTH : Z3_PPU_WIDTH;
  memset(pr->layer_z, 0, width);
  unsigned mode = r->bgmode & 7;
  bg_geometry g = geometry(r, bg, hires);
  bg_line l = {.g = &g, .mode = mode, .bg = bg, .bpp = bpp,
               .direct = bpp == 8 && (r->cgwsel & 1),
               .depth = {d->bg[bg][0], d->bg[bg][1]}};
  bool opt = (mode == 2 || mode == 4 || mode == 6) && bg < 2;
  unsigned y = ppu_mosaic_line(pr, bg, line);
  if (hires && (ppu->setini & 0x01)) y = 2 * y + pr->field; /* hires interlace: twice the BG lines, by field */
  unsigned column_w = hires ? 16 : 8, scale = hires ? 2 : 1;
  unsigned fine = (r->hofs[bg] * scale) & 7;
  for (unsigned k = 0; k <= width / 8; k++) {
    unsigned hofs = r->hofs[bg] & 0x3FFu, vofs = r->vofs[bg] & 0x3FFu;
    unsigned column = (8 * k + ((hofs * scale) & (column_w - 1) & ~7u)) / column_w;
    if (opt && !hires && column > 0) opt_offsets(ppu, bg, column, &hofs, &vofs);
    unsigned mx = 8 * k + ((hofs * scale) & ~7u);
    if (opt && hires) opt_hires(ppu, bg, (int)(8 * k) - (int)fine, fine, &mx, &vofs);
    draw_chunk(ppu, &l, mx, y + vofs, (int)(8 * k) - (int)fine, width);
  }
  if (r->mosaic & (1u << bg)) ppu_mosaic_row(pr, width, hires ? 2 : 1);
}
