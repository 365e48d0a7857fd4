/*
 * Sprites (hardware reference §4.9): the range pass keeps the first 32
 * sprites on the line (a 33rd sets range over), the time pass walks them
 * from the last kept back to the first fetching 8-pixel slivers, at most 34
 * (a 35th sets time over, and the slivers lost are the frontmost sprites').
 * Drawing in that same order and letting later slivers overwrite leaves
 * the frontmost sprite's pixel and priority on each dot.
 *
 * As on the console, a line's sprites are found and fetched during the line
 * before it (at its end here), with OBSEL, OAM and forced blank as they stand
 * then, into the OBJ line buffer; the line itself only colours them.
 */
#include <string.h>

#include "emu/ppu_internal.h"

enum { MAX_SPRITES = 32, MAX_SLIVERS = 34 };

/* OBSEL bits 7-5: small and large sizes, width then height. */
static const uint8_t sizes[8][2][2] = {
    {{8, 8}, {16, 16}},   {{8, 8}, {32, 32}},   {{8, 8}, {64, 64}},   {{16, 16}, {32, 32}},
    {{16, 16}, {64, 64}}, {{32, 32}, {64, 64}}, {{16, 32}, {32, 64}}, {{16, 32}, {32, 32}},
};

typedef struct sprite {
  unsigned x;    /* 9 bits */
  unsigned y, tile, attr, w, h;
} sprite;

static sprite sprite_at(const z3_snes_ppu *ppu, unsigned n) {
  const uint8_t *o = ppu->oam + 4 * n;
  unsigned high = ppu->oam[0x200 + n / 4] >> (2 * (n % 4)), obsel = ppu->render.r.obsel >> 5;
  bool large = high >> 1 & 1;
  const uint8_t *size = sizes[obsel][large];
  /* the 16x32 small sizes (6, 7) are 16x16 under OBJ interlace, as bsnes draws them */
  unsigned h = !large && obsel >= 6 && (ppu->setini & 0x02) ? 16 : size[1];
  return (sprite){.x = o[0] | (high & 1) << 8, .y = o[1], .tile = o[2], .attr = o[3], .w = size[0], .h = h};
}

/* Sprite Y = 0 starts on line 1, the first line shown. With OBJ interlace a
 * sprite is half as tall on screen and each field draws every other row. */
static unsigned sprite_line(const sprite *s, unsigned line) { return (line - 1 - s->y) & 0xFF; }

static unsigned sprite_row(const z3_snes_ppu *ppu, const sprite *s, unsigned line) {
  unsigned l = sprite_line(s, line);
  return ppu->setini & 0x02 ? 2 * l + ppu->render.field : l;
}

static bool in_range(const z3_snes_ppu *ppu, const sprite *s, unsigned line) {
  unsigned shown = ppu->setini & 0x02 ? s->h / 2 : s->h;
  if (sprite_line(s, line) >= shown) return false;
  return !(s->x > 256 && s->x + s->w - 1 < 512);
}

/* The range pass: up to 32 sprite numbers in priority order. */
static unsigned evaluate(z3_snes_ppu *ppu, unsigned line, uint8_t *list) {
  unsigned first = ppu->oam_priority ? (ppu->oam_reload >> 1) & 0x7F : 0, count = 0;
  for (unsigned i = 0; i < 128; i++) {
    unsigned n = (first + i) & 0x7F;
    sprite s = sprite_at(ppu, n);
    if (!in_range(ppu, &s, line)) continue;
    if (count == MAX_SPRITES) {
      ppu->render.range_over = true;
      break;
    }
    list[count++] = (uint8_t)n;
  }
  return count;
}

static void fetch_sliver(z3_snes_ppu *ppu, const sprite *s, unsigned piece, unsigned row, unsigned sx) {
  z3_ppu_render *pr = &ppu->render;
  unsigned obsel = pr->r.obsel;
  unsigned base = (obsel & 7) << 13, gap = ((obsel >> 3 & 3) + 1) << 12;
  bool hflip = s->attr & 0x40;
  unsigned column = hflip ? s->w / 8 - 1 - piece : piece;
  unsigned tile = ((s->tile >> 4) + row / 8) % 16 * 16 + ((s->tile & 15) + column) % 16;
  unsigned addr = base + (s->attr & 1 ? gap : 0) + tile * 16 + row % 8;
  uint16_t p01 = ppu_vram_word(ppu, addr), p23 = ppu_vram_word(ppu, addr + 8);
  unsigned palette = 128 + (s->attr >> 1 & 7) * 16;
  for (unsigned i = 0; i < 8; i++) {
    unsigned x = (sx + i) & 511;
    if (x >= Z3_PPU_WIDTH) continue;
    unsigned bit = hflip ? i : 7 - i;
    unsigned v = (p01 >> bit & 1) | (p01 >> (bit + 8) & 1) << 1 | (p23 >> bit & 1) << 2 |
                 (p23 >> (bit + 8) & 1) << 3;
    if (!v) continue;
    pr->obj_pixel[x] = (uint8_t)(palette + v);
    pr->obj_attr[x] = (uint8_t)(s->attr >> 4 & 3) | (s->attr & 0x08 ? OBJ_MATH : 0);
  }
}

/* Vertical flip mirrors the whole sprite; a tall sprite flips as two squares. */
static unsigned flipped_row(const sprite *s, unsigned row) {
  if (!(s->attr & 0x80)) return row;
  if (s->h > s->w) return (row & ~(s->w - 1)) + (s->w - 1 - (row & (s->w - 1)));
  return s->h - 1 - row;
}

void ppu_fetch_sprites(z3_snes_ppu *ppu, unsigned line) {
  z3_ppu_render *pr = &ppu->render;
  memset(pr->obj_pixel, 0, sizeof pr->obj_pixel);
  if (ppu->inidisp & 0x80) return; /* forced blank: no evaluation */
  uint8_t list[MAX_SPRITES];
  unsigned count = evaluate(ppu, line, list), slivers = 0;
  for (unsigned k = count; k-- > 0;) {
    sprite s = sprite_at(ppu, list[k]);
    unsigned row = flipped_row(&s, sprite_row(ppu, &s, line));
    for (unsigned piece = 0; piece < s.w / 8; piece++) {
      unsigned sx = (s.x + 8 * piece) & 511;
      if (sx >= 256 && sx + 7 < 512) continue; /* wholly off screen: no fetch */
      if (slivers == MAX_SLIVERS) {
        pr->time_over = true;
        return;
      }
      slivers++;
      fetch_sliver(ppu, &s, piece, row, sx);
    }
  }
}

void ppu_draw_sprites(z3_snes_ppu *ppu, const ppu_depths *d) {
  z3_ppu_render *pr = &ppu->render;
  for (unsigned x = 0; x < Z3_PPU_WIDTH; x++) {
    pr->layer_z[x] = 0;
    if (!pr->obj_pixel[x]) continue;
    pr->layer_color[x] = ppu_cgram(ppu, pr->obj_pixel[x]);
    pr->layer_z[x] = d->obj[pr->obj_attr[x] & 3];
    pr->obj_layer[x] = pr->obj_attr[x] & OBJ_MATH ? PPU_LAYER_OBJ_MATH : PPU_LAYER_OBJ;
  }
}
