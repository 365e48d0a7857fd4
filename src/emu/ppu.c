/*
 * The PPU's per-line renderer (hardware reference §4.3-§4.13): each layer
 * the mode has is drawn into a line buffer (ppu_bg.c, ppu_mode7.c,
 * ppu_sprites.c) and merged into the main and sub screens by depth, where
 * its window and TM/TS/TMW/TSW allow; then colour math, the colour window,
 * master brightness and the hires interleave make the output row.
 *
 * Depth numbers encode each mode's front-to-back order (§4.3): a layer's
 * pixel replaces the screen's when its depth is greater, so the order
 * layers are merged in does not matter.
 *
 * BGR555 to RGB888 follows bsnes v094 (the base of bsnes-mercury), with
 * master brightness b (0-15) applied to each 5-bit channel c:
 *   c8 = c << 3 | c >> 2;  c16 = c8 << 8 | c8;  L = (b + 1) / 16, halved when b = 0
 *   out8 = floor(L * c16) >> 8
 * so at full brightness out8 = c8.
 */
#include <string.h>

#include "emu/ppu_internal.h"

/* Depth tables per mode, from §4.3's draw orders (front = highest). */
static const ppu_depths depths_mode0 = {{{8, 11}, {7, 10}, {2, 5}, {1, 4}}, {3, 6, 9, 12}};
static const ppu_depths depths_mode1 = {{{6, 9}, {5, 8}, {1, 3}, {0, 0}}, {2, 4, 7, 10}};
static const ppu_depths depths_mode1_bg3 = {{{6, 9}, {5, 8}, {1, 11}, {0, 0}}, {2, 4, 7, 10}};
static const ppu_depths depths_mode2_5 = {{{3, 7}, {1, 5}, {0, 0}, {0, 0}}, {2, 4, 6, 8}};
static const ppu_depths depths_mode6 = {{{2, 5}, {0, 0}, {0, 0}, {0, 0}}, {1, 3, 4, 6}};
static const ppu_depths depths_mode7 = {{{2, 2}, {1, 5}, {0, 0}, {0, 0}}, {1, 3, 4, 5}};
static const ppu_depths depths_mode7_extbg = {{{3, 3}, {1, 5}, {0, 0}, {0, 0}}, {2, 4, 6, 7}};

/* Bits per pixel of BG1-BG4 per mode (0 = no such layer; mode 7 apart). */
static const uint8_t mode_bpp[8][4] = {
    {2, 2, 2, 2}, {4, 4, 2, 0}, {4, 4, 0, 0}, {8, 4, 0, 0},
    {8, 2, 0, 0}, {4, 2, 0, 0}, {4, 0, 0, 0}, {8, 0, 0, 0},
};

static const ppu_depths *mode_depths(const z3_snes_ppu *ppu) {
  const z3_ppu_regs *r = &ppu->render.r;
  switch (r->bgmode & 7) {
    case 0: return &depths_mode0;
    case 1: return r->bgmode & 8 ? &depths_mode1_bg3 : &depths_mode1;
    case 6: return &depths_mode6;
    case 7: return ppu->setini & 0x40 ? &depths_mode7_extbg : &depths_mode7;
    default: return &depths_mode2_5;
  }
}

/* ---- mosaic -------------------------------------------------------------- */

static unsigned mosaic_size(const z3_ppu_render *pr) { return (pr->r.mosaic >> 4) + 1u; }

unsigned ppu_mosaic_line(const z3_ppu_render *pr, unsigned bg, unsigned line) {
  if (!(pr->r.mosaic & (1u << bg)) || line < pr->mosaic_start) return line;
  return line - (line - pr->mosaic_start) % mosaic_size(pr);
}

void ppu_mosaic_row(z3_ppu_render *pr, unsigned width, unsigned half_pixels) {
  unsigned block = mosaic_size(pr) * half_pixels;
  if (block == 1) return;
  for (unsigned x = 0; x < width; x++) {
    unsigned src = x - x % block;
    pr->layer_color[x] = pr->layer_color[src];
    pr->layer_z[x] = pr->layer_z[src];
  }
}

/* ---- windows -------------------------------------------------------------- */

/* The window of one layer (0-3 BG, 4 OBJ, 5 colour), 1 = inside, §4.10. */
static void window_mask(const z3_ppu_regs *r, unsigned layer, uint8_t *out) {
  unsigned sel = r->wsel[layer / 2] >> (4 * (layer & 1)) & 15;
  unsigned logic = layer < 4 ? r->wbglog >> (2 * layer) & 3 : r->wobjlog >> (2 * (layer - 4)) & 3;
  bool en1 = sel & 2, inv1 = sel & 1, en2 = sel & 8, inv2 = sel & 4;
  for (unsigned x = 0; x < Z3_PPU_WIDTH; x++) {
    bool a = (x >= r->wh[0] && x <= r->wh[1]) != inv1;
    bool b = (x >= r->wh[2] && x <= r->wh[3]) != inv2;
    bool w;
    if (en1 && en2) {
      switch (logic) {
        case 0: w = a || b; break;
        case 1: w = a && b; break;
        case 2: w = a != b; break;
        default: w = a == b; break;
      }
    } else {
      w = en1 ? a : en2 ? b : false;
    }
    out[x] = w;
  }
}

/* ---- merging layers into the screens --------------------------------------- */

static void merge_screen(z3_ppu_pixel *screen, const z3_ppu_render *pr, unsigned layer,
                         const uint8_t *masked, unsigned step, unsigned offset) {
  for (unsigned x = 0; x < Z3_PPU_WIDTH; x++) {
    unsigned src = x * step + offset;
    uint8_t z = pr->layer_z[src];
    if (z <= screen[x].z || (masked && masked[x])) continue;
    screen[x].color = pr->layer_color[src];
    screen[x].z = z;
    screen[x].layer = layer == PPU_LAYER_OBJ ? pr->obj_layer[x] : (uint8_t)layer;
  }
}

/* Merges the layer buffer (hires: 512 half-pixels, sub screen on the even
 * ones) as `layer` (0-3 BG, PPU_LAYER_OBJ) where TM/TS and the windows let it. */
static void merge_layer(z3_ppu_render *pr, unsigned layer, bool hires) {
  const z3_ppu_regs *r = &pr->r;
  unsigned bit = 1u << layer;
  uint8_t mask[Z3_PPU_WIDTH];
  bool windowed = (r->tmw | r->tsw) & bit;
  if (windowed) window_mask(r, layer, mask);
  if (r->tm & bit)
    merge_screen(pr->main, pr, layer, r->tmw & bit ? mask : NULL, hires ? 2 : 1, hires ? 1 : 0);
  if (r->ts & bit)
    merge_screen(pr->sub, pr, layer, r->tsw & bit ? mask : NULL, hires ? 2 : 1, 0);
}

static void draw_layers(z3_snes_ppu *ppu, unsigned line, bool hires) {
  z3_ppu_render *pr = &ppu->render;
  const ppu_depths *d = mode_depths(ppu);
  unsigned mode = pr->r.bgmode & 7, shown = pr->r.tm | pr->r.ts;
  for (unsigned bg = 0; bg < 4; bg++) {
    unsigned bpp = mode_bpp[mode][bg];
    if (mode == 7) {
      bool extbg = bg == 1 && (ppu->setini & 0x40);
      if (!(bg == 0 || extbg) || !(shown & (1u << bg))) continue;
      ppu_render_mode7(ppu, bg, line, d);
      merge_layer(pr, bg, false);
      continue;
    }
    if (!bpp || !(shown & (1u << bg))) continue;
    ppu_render_bg(ppu, bg, bpp, line, hires, d);
    merge_layer(pr, bg, hires);
  }
  if (!(shown & 0x10)) return;
  ppu_draw_sprites(ppu, d);
  merge_layer(pr, PPU_LAYER_OBJ, false);
}

/* ---- colour math and output ----------------------------------------------- */

static uint16_t blend(uint16_t a, uint16_t b, bool subtract, bool half) {
  uint16_t out = 0;
  for (unsigned shift = 0; shift <= 10; shift += 5) {
    int ca = a >> shift & 31, cb = b >> shift & 31;
    int c = subtract ? ca - cb : ca + cb;
    if (c < 0) c = 0;
    if (half) c >>= 1;
    if (c > 31) c = 31;
    out |= (uint16_t)(c << shift);
  }
  return out;
}

/* CGWSEL's 2-bit region selectors: never, outside, inside, always. */
static bool region_applies(unsigned sel, bool inside) {
  return sel == 3 || (sel == 1 && !inside) || (sel == 2 && inside);
}

static bool math_enabled(const z3_ppu_regs *r, unsigned layer) {
  switch (layer) {
    case PPU_LAYER_OBJ: return false;
    case PPU_LAYER_OBJ_MATH: return r->cgadsub & 0x10;
    case PPU_LAYER_BACKDROP: return r->cgadsub & 0x20;
    default: return r->cgadsub & (1u << layer);
  }
}

/* The decision colour math made for one main pixel: whether it applied, and
 * with which operand and halving. The hires sub half-pixel of the next pixel
 * reuses it (below). */
typedef struct math_state {
  bool math, half;
  uint16_t operand;  /* the main pixel's operand */
  uint16_t swapped;  /* the operand with the screens' roles swapped: the main colour, or fixed */
} math_state;

/* Steps 3-6 of §4.11 for the main pixel; *st gets the decision. */
static uint16_t color_math(const z3_ppu_render *pr, unsigned x, bool inside, math_state *st) {
  const z3_ppu_regs *r = &pr->r;
  const z3_ppu_pixel *m = &pr->main[x], *s = &pr->sub[x];
  bool black = region_applies(r->cgwsel >> 6, inside);
  bool sub_present = s->z != 0, by_sub = r->cgwsel & 2;
  uint16_t main = black ? 0 : m->color;
  uint16_t fixed = (uint16_t)(r->fixed[0] | r->fixed[1] << 5 | r->fixed[2] << 10);
  st->math = !region_applies(r->cgwsel >> 4 & 3, inside) && math_enabled(r, m->layer);
  st->operand = by_sub && sub_present ? s->color : fixed;
  st->swapped = by_sub && sub_present ? main : fixed;
  /* halving needs a real operand: not the fixed colour standing in for a
   * transparent sub screen, and not a main colour clipped to black */
  st->half = (r->cgadsub & 0x40) && !black && (sub_present || !by_sub);
  return st->math ? blend(main, st->operand, r->cgadsub & 0x80, st->half) : main;
}

/* The hires sub half-pixel left of main pixel x: the sub screen's own colour
 * (the backdrop where it is transparent), put through colour math with main
 * pixel x - 1's decision and halving, and with the screens' roles swapped:
 * the operand is pixel x - 1's main colour, or the fixed colour where its
 * sub screen was transparent. That is what bsnes-mercury draws (it works the
 * sub half out before pixel x's main; our references say nothing here). Line
 * start counts as a transparent sub screen. */
static uint16_t hires_sub(const z3_ppu_render *pr, unsigned x, bool inside, const math_state *prev) {
  const z3_ppu_regs *r = &pr->r;
  const z3_ppu_pixel *s = &pr->sub[x];
  if (region_applies(r->cgwsel >> 6, inside)) return 0;
  uint16_t own = s->z ? s->color : pr->backdrop;
  return prev->math ? blend(own, prev->swapped, r->cgadsub & 0x80, prev->half) : own;
}

/* The BGR555 -> RGB888 table per brightness (see the top comment). */
static uint8_t channel_table[16][32];
static bool channel_table_ready;

static void build_channel_table(void) {
  for (unsigned b = 0; b < 16; b++)
    for (unsigned c = 0; c < 32; c++) {
      unsigned c8 = c << 3 | c >> 2, c16 = c8 << 8 | c8;
      /* L * c16 with L = (b + 1) / 16 (or half that at b = 0), in integers */
      unsigned scaled = b ? c16 * (b + 1) / 16 : c16 / 32;
      channel_table[b][c] = (uint8_t)(scaled >> 8);
    }
  channel_table_ready = true;
}

static uint32_t to_rgb(uint16_t color, unsigned brightness) {
  const uint8_t *t = channel_table[brightness];
  return (uint32_t)t[color & 31] << 16 | (uint32_t)t[color >> 5 & 31] << 8 | t[color >> 10 & 31];
}

/* What bsnes-mercury holds before pixel 0 of a hires line: a backdrop pixel
 * outside the colour window over a transparent sub screen (fitted on two
 * test programs whose first sub half-pixels differ by exactly this). */
static math_state line_start_state(const z3_ppu_regs *r) {
  bool black = region_applies(r->cgwsel >> 6, false), by_sub = r->cgwsel & 2;
  return (math_state){
      .math = !region_applies(r->cgwsel >> 4 & 3, false) && math_enabled(r, PPU_LAYER_BACKDROP),
      .half = (r->cgadsub & 0x40) && !black && !by_sub,
      .swapped = (uint16_t)(r->fixed[0] | r->fixed[1] << 5 | r->fixed[2] << 10),
  };
}

static void output_row(z3_snes_ppu *ppu, uint32_t *out, bool hires) {
  z3_ppu_render *pr = &ppu->render;
  uint8_t inside[Z3_PPU_WIDTH];
  window_mask(&pr->r, 5, inside);
  unsigned brightness = ppu->inidisp & 15;
  math_state prev = {0}, now;
  for (unsigned x = 0; x < Z3_PPU_WIDTH; x++) {
    uint16_t main = color_math(pr, x, inside[x], &now);
    if (hires) {
      if (x == 0) prev = line_start_state(&pr->r);
      out[2 * x] = to_rgb(hires_sub(pr, x, inside[x], &prev), brightness);
      out[2 * x + 1] = to_rgb(main, brightness);
    } else {
      out[x] = to_rgb(main, brightness);
    }
    prev = now;
  }
}

static void clear_screens(z3_snes_ppu *ppu) {
  z3_ppu_render *pr = &ppu->render;
  pr->backdrop = ppu_cgram(ppu, 0);
  for (unsigned x = 0; x < Z3_PPU_WIDTH; x++) {
    pr->main[x] = (z3_ppu_pixel){pr->backdrop, 0, PPU_LAYER_BACKDROP};
    pr->sub[x] = (z3_ppu_pixel){0, 0, PPU_LAYER_BACKDROP};
  }
}

/* The whole line as the registers stand now, into out (256 or 512 entries);
 * true when it is hires. */
static bool render_row(z3_snes *snes, unsigned line, uint32_t *out) {
  z3_snes_ppu *ppu = &snes->ppu;
  if (ppu->inidisp & 0x80) { /* forced blank: black */
    memset(out, 0, Z3_PPU_WIDTH * sizeof *out);
    return false;
  }
  unsigned mode = ppu->render.r.bgmode & 7;
  bool bg_hires = mode == 5 || mode == 6;
  clear_screens(ppu);
  draw_layers(ppu, line, bg_hires);
  bool hires = bg_hires || (ppu->setini & 0x08);
  output_row(ppu, out, hires);
  return hires;
}

/* A normal row's first n pixels as half-pixel pairs, in place. */
static void widen_row(uint32_t *row, unsigned n) {
  for (unsigned x = n; x-- > 0;) row[2 * x] = row[2 * x + 1] = row[x];
}

/* Pixels [from, to) of a freshly rendered row into the frame's row, which
 * becomes hires when either part is. */
static void copy_pixels(z3_ppu_render *pr, unsigned row, const uint32_t *src, bool src_hires, unsigned from,
                        unsigned to) {
  uint32_t *dst = pr->frame[row];
  bool dst_hires = from == 0 ? src_hires : pr->line_hires[row];
  if (src_hires && !dst_hires) widen_row(dst, from), dst_hires = true;
  if (dst_hires == src_hires) {
    unsigned k = dst_hires ? 2 : 1;
    memcpy(dst + k * from, src + k * from, k * (to - from) * sizeof *dst);
  } else {
    for (unsigned x = from; x < to; x++) dst[2 * x] = dst[2 * x + 1] = src[x];
  }
  pr->line_hires[row] = dst_hires;
}

void snes_ppu_catch_up(z3_snes *snes, unsigned x) {
  z3_ppu_render *pr = &snes->ppu.render;
  unsigned line = snes->line;
  if (line < 1 || line > pr->height) return;
  if (pr->drawn_line != line) pr->drawn_line = (uint16_t)line, pr->drawn_x = 0;
  if (x > Z3_PPU_WIDTH) x = Z3_PPU_WIDTH;
  if (x <= pr->drawn_x) return;
  if (!channel_table_ready) build_channel_table();
  /* the frame is kept woven as bsnes keeps it: a field fills every other row,
   * a progressive frame the even ones */
  unsigned row = 2 * (line - 1) + (pr->interlace ? pr->field : 0);
  if (pr->drawn_x == 0 && x == Z3_PPU_WIDTH) { /* no write split the line: draw it in place */
    pr->line_hires[row] = render_row(snes, line, pr->frame[row]);
  } else {
    bool hires = render_row(snes, line, pr->scratch);
    copy_pixels(pr, row, pr->scratch, hires, pr->drawn_x, x);
  }
  pr->drawn_x = (uint16_t)x;
}

void snes_ppu_line_end(z3_snes *snes) {
  snes_ppu_catch_up(snes, Z3_PPU_WIDTH);
  unsigned next = snes->line + 1u;
  if (next <= snes->ppu.render.height) ppu_fetch_sprites(&snes->ppu, next);
}

void snes_ppu_before_write(z3_snes *snes) {
  uint32_t dot = snes->hclock / 4;
  if (dot > Z3_PPU_PIXEL_LAG) snes_ppu_catch_up(snes, dot - Z3_PPU_PIXEL_LAG);
}

void snes_ppu_frame_start(z3_snes *snes) {
  z3_ppu_render *pr = &snes->ppu.render;
  pr->range_over = pr->time_over = false;
  pr->height = snes->ppu.setini & 0x04 ? 239 : 224;
  pr->interlace = snes->ppu.setini & 0x01;
  pr->field = snes->field;
  pr->mosaic_start = 1;
  pr->drawn_line = 0;
}

void snes_ppu_frame_end(z3_snes *snes) {
  z3_ppu_render *pr = &snes->ppu.render;
  pr->frame_woven = pr->interlace;
  pr->frame_height = (uint16_t)(pr->interlace ? 2 * pr->height : pr->height);
  pr->frames_rendered++;
}

/* The buffer row behind row y of the last completed frame. */
static unsigned frame_row(const z3_ppu_render *pr, unsigned y) { return pr->frame_woven ? y : 2 * y; }

bool z3_snes_frame_hires(const z3_snes *snes) {
  const z3_ppu_render *pr = &snes->ppu.render;
  for (unsigned y = 0; y < pr->frame_height; y++)
    if (pr->line_hires[frame_row(pr, y)]) return true;
  return false;
}

void z3_snes_frame_rgb(const z3_snes *snes, uint8_t *out, unsigned *width, unsigned *height) {
  const z3_ppu_render *pr = &snes->ppu.render;
  bool hires = z3_snes_frame_hires(snes);
  *width = hires ? Z3_PPU_HIRES_WIDTH : Z3_PPU_WIDTH;
  *height = pr->frame_height;
  for (unsigned y = 0; y < pr->frame_height; y++) {
    unsigned row = frame_row(pr, y);
    for (unsigned x = 0; x < *width; x++) {
      /* a normal line in a hires frame shows each pixel twice */
      uint32_t c = pr->frame[row][hires && !pr->line_hires[row] ? x / 2 : x];
      uint8_t *p = out + 3 * ((size_t)y * *width + x);
      p[0] = (uint8_t)(c >> 16);
      p[1] = (uint8_t)(c >> 8);
      p[2] = (uint8_t)c;
    }
  }
}
