/* Drawing helpers shared by the sample ROM's motifs; see sample_art.h. */
#include <string.h>

#include "zelda3/sample_art.h"

void z3_art_put(z3_art a, int x, int y, uint8_t v) {
  if (x >= 0 && y >= 0 && x < a.w && y < a.h) a.px[y * a.stride + x] = v;
}

uint8_t z3_art_get(z3_art a, int x, int y) {
  return x >= 0 && y >= 0 && x < a.w && y < a.h ? a.px[y * a.stride + x] : 0;
}

void z3_art_rect(z3_art a, int x0, int y0, int w, int h, uint8_t v) {
  for (int y = y0; y < y0 + h; y++)
    for (int x = x0; x < x0 + w; x++) z3_art_put(a, x, y, v);
}

void z3_art_fill(z3_art a, uint8_t v) { z3_art_rect(a, 0, 0, a.w, a.h, v); }

uint32_t z3_art_hash(int x, int y, int salt) {
  uint32_t h = (uint32_t)x * 0x8DA6B343u ^ (uint32_t)y * 0xD8163841u ^ (uint32_t)salt * 0xCB1AB31Fu;
  h ^= h >> 15, h *= 0x2C1B3C6Du, h ^= h >> 12, h *= 0x297A2D39u, h ^= h >> 15;
  return h;
}

bool z3_art_in_ellipse(int x, int y, int cx2, int cy2, int rx, int ry) {
  long dx = 2L * x + 1 - cx2, dy = 2L * y + 1 - cy2;
  return dx * dx * ry * ry + dy * dy * rx * rx <= 4L * rx * rx * ry * ry;
}

void z3_art_outline(z3_art a, const uint8_t *inside, uint8_t v) {
  static const int step[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (int y = 0; y < a.h; y++)
    for (int x = 0; x < a.w; x++) {
      if (!inside[y * a.w + x]) continue;
      for (int k = 0; k < 4; k++) {
        int nx = x + step[k][0], ny = y + step[k][1];
        bool out_of_canvas = nx < 0 || ny < 0 || nx >= a.w || ny >= a.h; /* tiled shapes continue there */
        if (!out_of_canvas && !inside[ny * a.w + nx]) {
          z3_art_put(a, x, y, v);
          break;
        }
      }
    }
}

/* The land line sits 4-5 pixels in; the same wobble at both ends keeps flipped neighbours joined. */
static int border(int t) {
  static const uint8_t wobble[16] = {4, 4, 5, 5, 5, 4, 4, 4, 5, 5, 4, 4, 4, 5, 4, 4};
  return wobble[t & 15];
}

bool z3_edge_outside(z3_edge e, int x, int y) {
  switch (e) {
    case Z3_EDGE_TOP: return y < border(x);
    case Z3_EDGE_LEFT: return x < border(y);
    case Z3_EDGE_CORNER: {
      if (x >= 10) return y < border(x);
      if (y >= 10) return x < border(y);
      int dx = 2 * x + 1 - 20, dy = 2 * y + 1 - 20;
      return dx * dx + dy * dy > 144;
    }
    case Z3_EDGE_INNER: return (2 * x + 1) * (2 * x + 1) + (2 * y + 1) * (2 * y + 1) < 64;
    default: return false;
  }
}

unsigned z3_motif_tile(const z3_motif *m, int tx, int ty) {
  return m->position * 64u + (unsigned)(m->cy * 2 + ty) * 16u + (unsigned)(m->cx * 2 + tx);
}

void z3_motifs_draw(const z3_motif *motifs, int count, int position, uint8_t *sheet_px) {
  memset(sheet_px, 0, 128 * 32);
  int pages = 0;
  for (int i = 0; i < count; i++)
    if (motifs[i].position >= pages) pages = motifs[i].position + 1;
  if (pages && position >= pages) position %= pages; /* spare positions repeat a page */
  for (int i = 0; i < count; i++) {
    const z3_motif *m = &motifs[i];
    if (m->position != position || !m->draw) continue;
    z3_art a = {sheet_px + m->cy * 16 * 128 + m->cx * 16, m->w * 16, m->h * 16, 128};
    m->draw(a);
  }
}
