/*
 * Mode 7 (hardware reference §4.8): one 1024x1024 map of 8 bpp tiles seen
 * through the matrix A-D about the centre (M7X, M7Y), with the screen flips
 * and out-of-map handling of M7SEL, direct colour on BG1 and EXTBG (BG2:
 * the same pixels, bit 7 a priority bit).
 *
 * The partial products are rounded down to multiples of 64 as the hardware
 * does (bsnes: the `& ~63` terms); stepping by A and C per pixel then gives
 * the same result as recomputing each pixel.
 */
#include <string.h>

#include "emu/ppu_internal.h"

/* M7HOFS - M7X and friends: 13-bit values folded to -1024..1023 the way
 * the hardware's adder sees them. */
static int32_t clip13(int32_t v) { return v & 0x2000 ? v | ~0x3FF : v & 0x3FF; }

typedef struct m7_start {
  int32_t x, y;   /* 16.8 map position of the first pixel */
  int32_t dx, dy; /* per pixel */
} m7_start;

static m7_start line_start(const z3_snes_ppu *ppu, unsigned sy) {
  const z3_ppu_regs *r = &ppu->render.r;
  int32_t a = ppu->m7a, b = ppu->m7b, c = r->m7c, d = r->m7d;
  int32_t cx = r->m7x, cy = r->m7y;
  int32_t hx = clip13(r->m7hofs - cx), vy = clip13(r->m7vofs - cy);
  int32_t y = (int32_t)sy;
  m7_start s = {
      .x = ((a * hx) & ~63) + ((b * vy) & ~63) + ((b * y) & ~63) + (cx * 256),
      .y = ((c * hx) & ~63) + ((d * vy) & ~63) + ((d * y) & ~63) + (cy * 256),
      .dx = a, .dy = c};
  if (r->m7sel & 1) { /* horizontal flip: start at screen x 255 and walk back */
    s.x += 255 * a;
    s.y += 255 * c;
    s.dx = -a;
    s.dy = -c;
  }
  return s;
}

/* The 8-bit pixel at map position (px, py) in whole pixels, 0 = none. */
static unsigned map_pixel(const z3_snes_ppu *ppu, int32_t px, int32_t py) {
  unsigned over = ppu->render.r.m7sel >> 6;
  unsigned tile;
  if ((px | py) & ~1023) {
    if (over == 2) return 0;
    if (over == 3) tile = 0;
    else tile = ppu->vram[2 * ((unsigned)(py >> 3 & 127) * 128 + (unsigned)(px >> 3 & 127))];
  } else {
    tile = ppu->vram[2 * ((unsigned)(py >> 3) * 128 + (unsigned)(px >> 3))];
  }
  return ppu->vram[2 * (tile * 64 + (unsigned)(py & 7) * 8 + (unsigned)(px & 7)) + 1];
}

void ppu_render_mode7(z3_snes_ppu *ppu, unsigned bg, unsigned line, const ppu_depths *d) {
  z3_ppu_render *pr = &ppu->render;
  memset(pr->layer_z, 0, Z3_PPU_WIDTH);
  unsigned sy = ppu_mosaic_line(pr, 0, line) & 0xFF;
  if (pr->r.m7sel & 2) sy = 255 - sy;
  m7_start s = line_start(ppu, sy);
  bool direct = bg == 0 && (pr->r.cgwsel & 1);
  for (unsigned x = 0; x < Z3_PPU_WIDTH; x++) {
    unsigned v = map_pixel(ppu, s.x >> 8, s.y >> 8);
    s.x += s.dx;
    s.y += s.dy;
    if (bg == 1) {
      if (!(v & 0x7F)) continue;
      pr->layer_color[x] = ppu_cgram(ppu, v & 0x7F);
      pr->layer_z[x] = d->bg[1][v >> 7];
    } else {
      if (!v) continue;
      pr->layer_color[x] = direct ? ppu_direct_color(v, 0) : ppu_cgram(ppu, v);
      pr->layer_z[x] = d->bg[0][0];
    }
  }
  if (pr->r.mosaic & (bg == 0 ? 1 : 2)) ppu_mosaic_row(pr, Z3_PPU_WIDTH, 1);
}
