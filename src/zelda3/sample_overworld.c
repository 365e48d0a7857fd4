/*
 * The sample ROM's synthetic overworld, in ALttP's real layout (world
 * reference §2, checklist §7): every table at its vanilla address, the code
 * bytes readers use as layout flags, tile16/tile32 definitions, 160 map
 * screens (a few with content, the rest sharing one blank stream), property
 * tables, sprites in the three states, entrances, holes, exits, items,
 * transports and empty overlays. The content is our own.
 */
#include <string.h>

#include "snes/lz2.h"
#include "zelda3/overworld.h"
#include "zelda3/overworld_secrets.h"
#include "zelda3/sample_internal.h"
#include "zelda3/sample_overworld.h"

static void put16(uint8_t *p, unsigned v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
}

/* Large areas (top-left screens); the Dark World repeats the layout. */
static const int large_parents[] = {0x00, 0x1B, 0x30, 0x35};

static bool is_large_parent(int local) {
  for (size_t i = 0; i < sizeof large_parents / sizeof large_parents[0]; i++)
    if (large_parents[i] == local) return true;
  return false;
}

static int parent_of(int local) {
  for (size_t i = 0; i < sizeof large_parents / sizeof large_parents[0]; i++) {
    int p = large_parents[i];
    if (local == p || local == p + 1 || local == p + 8 || local == p + 9) return p;
  }
  return local;
}

/* Code bytes readers test (world reference §1): the instructions around them too. */
static void write_code_flags(uint8_t *img) {
  img[0x17D27] = 0xA9, img[0x17D28] = 0x0F;               /* LDA #$0F (tile16 bank) */
  img[0x17D38] = 0xA9, img[0x17D39] = 0x0F;
  img[0x1772B] = 0xBF, put16(img + 0x1772C, 0x8000), img[0x1772E] = 0x04; /* LDA.l $048000,X */
  img[0xDB893] = 0xDD, put16(img + 0xDB894, 0xB800);      /* CMP.w $B800,X */
  img[0xDC8B8] = 0xBF, put16(img + 0xDC8B9, 0xC2F9), img[0xDC8BB] = 0x1B; /* LDA.l $1BC2F9,X */
  img[0xDC8BE] = 0xA9, put16(img + 0xDC8BF, 0x001B);      /* LDA.w #$001B */
}

static void write_layout(uint8_t *img) {
  uint8_t parents[0x40], sizes[0x40]; /* the seam words follow the rule the size edit uses */
  for (int id = 0; id < 0x40; id++) {
    parents[id] = (uint8_t)parent_of(id);
    sizes[id] = parents[id] != id || is_large_parent(id) ? Z3_OW_LARGE : Z3_OW_SMALL;
  }
  for (int id = 0; id < 0x40; id++) {
    int p = parent_of(id);
    bool large = p != id || is_large_parent(id);
    img[Z3_OW_PARENT_PC + (size_t)id] = (uint8_t)p;
    img[Z3_OW_SIZE_PC + (size_t)id] = img[Z3_OW_SIZE_PC + 0x40 + (size_t)id] = large ? 0x00 : 0x01;
    img[0x12844 + (size_t)id] = large ? 0x20 : 0x00;
    img[0x12884 + (size_t)id] = large ? 0x03 : 0x01;
    for (int copy = 0; copy < 3; copy++) img[0x4C635 + (size_t)(copy * 0x40 + id)] = large ? 0x04 : 0x02;
    int px = p & 7, py = p >> 3;
    put16(img + 0x128C4 + 2 * (size_t)id, (unsigned)py * 0x200);
    put16(img + 0x12944 + 2 * (size_t)id, (unsigned)px * 0x200);
    put16(img + 0x13EE2 + 2 * (size_t)id, (unsigned)(py * 0x200 - 0xE0) & 0xFFFF);
    put16(img + 0x13F62 + 2 * (size_t)id, (unsigned)(px * 0x200 - 0x100) & 0xFFFF);
    uint16_t seams[4];
    z3_ow_seam_words(parents, sizes, id, seams);
    for (int t = 0; t < 4; t++) put16(img + 0x12634 + (size_t)(t * 0x80 + 2 * id), seams[t]);
  }
  for (int id = 0x80; id < 0xC0; id++) img[Z3_OW_SIZE_PC + (size_t)id] = id == 0x80 ? 0x01 : 0x00;
}

static void write_tile16(uint8_t *img, const z3_sample_world *w) {
  for (unsigned i = 0; i < Z3_OW_TILE16_COUNT; i++)
    for (unsigned q = 0; q < 4; q++) put16(img + Z3_OW_TILE16_PC + i * 8 + q * 2, w->tile16[i][q]);
  /* tile16 #0xE00's first word: ZScream reads 0x7F000 == 0x00 or 0x7F001 == 0x01 as "expanded" */
  if (img[0x7F000] == 0x00 || img[0x7F001] == 0x01) put16(img + 0x7F000, 0x0C5B);
  memset(img + Z3_OW_TILE16_PC + Z3_OW_TILE16_COUNT * 8, 0xFF, 0x20); /* 4 blank entries, as vanilla */
}

/* Screen 0x02's first cell names a copy of its definition above 255, so its high stream carries real bits. */
enum { HIGH_ID = 0x100 };

static void write_tile32(uint8_t *img, z3_sample_world *w) {
  memcpy(w->tile32[HIGH_ID], w->tile32[w->screens[0x02][0]], sizeof(z3_ow_tile32));
  w->screens[0x02][0] = HIGH_ID;
  uint8_t *quads[4];
  for (int q = 0; q < 4; q++) quads[q] = img + z3_ow_tile32_pc[q];
  z3_ow_tile32_encode((const z3_ow_tile32 *)w->tile32, Z3_OW_TILE32_COUNT, quads);
}

typedef struct packer {
  uint8_t *img;
  size_t at, end;
} packer;

/* Appends a stream without crossing a bank end; returns its SNES address. */
static z3_status pack(packer *p, const z3_buf *s, uint32_t *addr, z3_error *err) {
  if ((p->at >> 15) != ((p->at + s->len - 1) >> 15)) p->at = (p->at + s->len - 1) & ~(size_t)0x7FFF;
  if (p->at + s->len > p->end) return z3_error_set(err, Z3_E_INTERNAL, "sample map data does not fit");
  memcpy(p->img + p->at, s->data, s->len);
  *addr = (uint32_t)((p->at >> 15) << 16 | 0x8000 | (p->at & 0x7FFF));
  p->at += s->len;
  return Z3_OK;
}

static void put_long(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16);
}

static z3_status write_maps(uint8_t *img, const z3_sample_world *w, z3_error *err) {
  memset(img + 0x58000, 0xFF, 0x5FE70 - 0x58000); /* the map regions: free unless used */
  memset(img + 0x60000, 0xFF, 0x6411F - 0x60000);
  packer p = {img, 0x58000, 0x5FE70};
  z3_buf hs, ls;
  z3_buf_init(&hs);
  z3_buf_init(&ls);
  uint32_t blank = 0;
  z3_status st = Z3_OK;
  for (int id = 0; st == Z3_OK && id < Z3_OW_AREA_COUNT; id++) {
    uint8_t hi[256], lo[256];
    for (int i = 0; i < 256; i++) hi[i] = (uint8_t)(w->screens[id][i] >> 8), lo[i] = (uint8_t)w->screens[id][i];
    bool designed = z3_sample__screen_designed(id);
    uint32_t ha = 0, la = 0;
    if (!designed && blank) {
      ha = la = blank; /* blank screens share one all-zero stream, as unused vanilla ids share data */
    } else {
      hs.len = ls.len = 0;
      st = z3_lz2_compress(&hs, hi, 256, Z3_LZ2_OVERWORLD, Z3_LZ2_OPTIMAL, err);
      if (st == Z3_OK) st = z3_lz2_compress(&ls, lo, 256, Z3_LZ2_OVERWORLD, Z3_LZ2_OPTIMAL, err);
      if (st == Z3_OK) st = pack(&p, &hs, &ha, err);
      if (st == Z3_OK && !designed) la = blank = ha;
      else if (st == Z3_OK) st = pack(&p, &ls, &la, err);
    }
    put_long(img + Z3_OW_MAP_HIGH_PTR_PC + (size_t)id * 3, ha);
    put_long(img + Z3_OW_MAP_LOW_PTR_PC + (size_t)id * 3, la);
  }
  z3_buf_release(&hs);
  z3_buf_release(&ls);
  return st;
}

/* Per-area properties (§2.4), children repeating their parent. */
static void write_properties(uint8_t *img) {
  for (int id = 0; id < 0x80; id++) {
    int p = parent_of(id & 0x3F) | (id & 0x40);
    bool dark = id >= 0x40;
    img[0x07C9C + id] = (uint8_t)(dark ? 0x20 + p % 8 : 0x30 + p % 16); /* aux blockset < 82 */
    img[0x07D1C + id] = (uint8_t)((p % 8) + (dark ? 8 : 0));           /* palette set < 31 */
    put16(img + 0x3F51D + 2 * (size_t)id, (unsigned)(p % 4));          /* sign message */
    if (!dark) {
      for (int s = 0; s < 3; s++) {
        img[0x07A41 + s * 0x40 + id] = (uint8_t)((p + s) % 0x20);
        img[0x07B41 + s * 0x40 + id] = (uint8_t)(s + 1);
      }
      for (int m = 0; m < 4; m++) img[0x14303 + m * 0x40 + id] = (uint8_t)(m < 2 ? 0x05 : 0x07);
    } else {
      img[0x07A41 + 0xC0 + id - 0x40] = (uint8_t)(0x20 + p % 0x20);
      img[0x07B41 + 0xC0 + id - 0x40] = 4;
      img[0x14403 + id - 0x40] = 0x09;
    }
  }
  for (int id = 0x80; id < 0x88; id++) img[0x07D1C + id] = 0;
  for (int i = 0; i < 16; i++) {
    img[0x16801 + i] = 0;
    img[0x16811 + i] = (uint8_t)(0x0C + 2 * (i % 3)); /* entries differ, so reading the wrong one shows */
    img[0x16821 + i] = 0x40 + (uint8_t)(i % 8);
    img[0x16831 + i] = (uint8_t)(i % 4);
    img[0x16841 + i] = 1;
  }
  for (int id = 0x80; id < 0xA0; id++) img[0x14403 + id - 0x40] = id < 0x90 ? 0x0D : 0x00;
  memset(img + 0x166E1, 0, 0x16801 - 0x166E1); /* SW camera bounds: unused by the sample */
}

typedef struct spr { uint8_t area, y, x, id; } spr;

/* Sprites per state; lists of areas not named here are the shared empty list. */
static const spr sprites_by_state[3][6] = {
    {{0x00, 10, 12, 0x09}, {0x00, 40, 50, 0x0D}, {0x02, 5, 6, 0x41}, {0x1B, 20, 30, 0x43}, {0x1B, 33, 33, 0xF3}, {0xFF, 0, 0, 0}},
    {{0x00, 11, 12, 0x09}, {0x02, 7, 8, 0x41}, {0x2C, 16, 16, 0x6B}, {0x5B, 9, 9, 0x8F}, {0x80, 4, 4, 0x41}, {0xFF, 0, 0, 0}},
    {{0x02, 3, 4, 0x41}, {0x1B, 10, 10, 0x44}, {0x40, 30, 31, 0x0F}, {0x6C, 12, 14, 0xF4}, {0xFF, 0, 0, 0}, {0xFF, 0, 0, 0}},
};

static void write_sprites(uint8_t *img) {
  static const size_t table[3] = {0x4C881, 0x4C901, 0x4CA21};
  memset(img + Z3_OW_SPRITE_DATA_PC, 0xFF, Z3_OW_SPRITE_DATA_END - Z3_OW_SPRITE_DATA_PC);
  size_t at = Z3_OW_SPRITE_DATA_PC + 1; /* 0x4CB41: the shared empty list */
  for (int s = 0; s < 3; s++) {
    int lists = s == 0 ? 64 : 144;
    for (int a = 0; a < lists; a++) {
      size_t start = at;
      for (int k = 0; k < 6 && sprites_by_state[s][k].area != 0xFF; k++) {
        const spr *r = &sprites_by_state[s][k];
        if (r->area != a) continue;
        img[at] = r->y, img[at + 1] = r->x, img[at + 2] = r->id;
        at += 3;
      }
      size_t list = at == start ? Z3_OW_SPRITE_DATA_PC : start;
      if (at != start) img[at++] = 0xFF;
      put16(img + table[s] + 2 * (size_t)a, 0x8000 | (unsigned)(list & 0x7FFF));
    }
  }
}

static void write_items(uint8_t *img) {
  static const struct { uint8_t area, x, y, id; } items[] = {
      {0x00, 12, 14, 0x01}, {0x00, 13, 14, 0x06}, {0x02, 4, 20, 0x03}, {0x1B, 40, 40, 0x80},
      {0x2C, 8, 9, 0x07},   {0x40, 5, 5, 0x0B},   {0x5B, 33, 34, 0x86},
  };
  memset(img + Z3_OW_ITEM_DATA_PC, 0xFF, Z3_OW_ITEM_DATA_END - Z3_OW_ITEM_DATA_PC);
  size_t at = Z3_OW_ITEM_DATA_PC + 2; /* 0xDC3F9: the shared empty list FF FF */
  for (int a = 0; a < Z3_OW_LIST_AREAS; a++) {
    size_t start = at;
    for (size_t k = 0; k < sizeof items / sizeof items[0]; k++) {
      if (items[k].area != a) continue;
      put16(img + at, Z3_OW_POS(items[k].x, items[k].y));
      img[at + 2] = items[k].id;
      at += 3;
    }
    size_t list = at == start ? Z3_OW_ITEM_DATA_PC : start;
    if (at != start) img[at] = img[at + 1] = 0xFF, at += 2;
    put16(img + 0xDC2F9 + 2 * (size_t)a, 0x8000 | (unsigned)(list & 0x7FFF));
  }
  memset(img + 0x16DC5, 0, 0x100); /* bomb-door locations: none */
  put16(img + 0x16DC5 + 2 * 0x5B, Z3_OW_POS(33, 34));
}

static void write_entrances(uint8_t *img) {
  static const struct { uint8_t area, x, y, id; } used[] = {
      {0x2C, 10, 12, 0x01}, {0x1B, 30, 28, 0x04}, {0x13, 16, 10, 0x02}, {0x02, 20, 8, 0x03}, {0x5B, 31, 30, 0x10},
  };
  for (int i = 0; i < Z3_OW_ENTRANCE_COUNT; i++) {
    bool on = i < (int)(sizeof used / sizeof used[0]);
    put16(img + 0xDB96F + 2 * (size_t)i, on ? used[i].area : 0);
    put16(img + 0xDBA71 + 2 * (size_t)i, on ? Z3_OW_POS(used[i].x, used[i].y) : 0xFFFF);
    img[0xDBB73 + i] = on ? used[i].id : 0;
  }
  for (int i = 0; i < Z3_OW_HOLE_COUNT; i++) { /* holes: two real, the rest repeat the first */
    int area = i == 1 ? 0x1B : 0x00, x = i == 1 ? 40 : 20, y = i == 1 ? 44 : 24;
    put16(img + 0xDB800 + 2 * (size_t)i, (unsigned)(Z3_OW_POS(x, y) - 0x400));
    put16(img + 0xDB826 + 2 * (size_t)i, (unsigned)area);
    img[0xDB84C + i] = (uint8_t)(i == 1 ? 0x05 : 0x06);
  }
  img[0xDB84C + Z3_OW_HOLE_COUNT] = 0x82;
  for (int i = 0; i < 44; i++) { /* the tile pairs a door tile16 may have */
    put16(img + 0xDB8BF + 2 * (size_t)i, 0x0100 + (unsigned)i * 2);
    put16(img + 0xDB917 + 2 * (size_t)i, 0x0101 + (unsigned)i * 2);
  }
}

/* One exit's fields (world reference §2.7), from Link's position. */
static void write_exit(uint8_t *img, int i, unsigned room, unsigned area, unsigned link_x, unsigned link_y) {
  unsigned base_x = (area & 7) << 9, base_y = (area & 0x38) << 6;
  unsigned sx = link_x - 120, sy = link_y - 80;
  if (link_x == 0xFFFF) sx = sy = 0, base_x = base_y = 0;
  static const size_t word_pc[] = {0x15D8A, 0x15E77, 0x15F15, 0x15FB3, 0x16051, 0x160EF, 0x1618D, 0x1622B, 0x16367, 0x16405};
  unsigned load = (((sy - base_y) >> 4 & 0x3F) << 7) | (((sx - base_x) >> 4 & 0x3F) << 1);
  unsigned v[] = {room, load, sy, sx, link_y, link_x, link_y + 0x1F, link_x + 7, 0, 0};
  if (link_x == 0xFFFF) v[1] = v[2] = v[3] = v[6] = v[7] = 0;
  for (size_t f = 0; f < sizeof word_pc / sizeof word_pc[0]; f++) put16(img + word_pc[f] + 2 * (size_t)i, v[f] & 0xFFFF);
  img[0x15E28 + i] = (uint8_t)area;
  img[0x162C9 + i] = img[0x16318 + i] = 0;
}

static void write_exits(uint8_t *img) {
  for (int i = 0; i < Z3_OW_EXIT_COUNT; i++) write_exit(img, i, 0, 0, 0xFFFF, 0xFFFF);
  write_exit(img, 0, 0x104, 0x2C, 0x0800 + 0xA0, 0x0A00 + 0xD0); /* below the house door, entrance slot 0 at (10,12) */
  write_exit(img, 1, 0x012, 0x1B, 0x0600 + 0x1E0, 0x0600 + 0x1C0);
  write_exit(img, 2, 0x180, 0x80, 0x0100, 0x0100);
  write_exit(img, 3, 0x182, 0x81, 0x0200, 0x0100); /* as in the game: special room 0x182 loads Zora's Domain */
}

static void write_transports(uint8_t *img) {
  static const size_t pcs[10] = {0x16AE5, 0x16B07, 0x16B29, 0x16B4B, 0x16B6D, 0x16B8F, 0x16BB1, 0x16BD3, 0x16BF5, 0x16C17};
  for (int i = 0; i < Z3_OW_TRANSPORT_COUNT; i++) {
    unsigned area = (unsigned)(i * 5) % 0x40, bx = (area & 7) << 9, by = (area & 0x38) << 6;
    unsigned lx = bx + 0x100, ly = by + 0xC0, sx = lx - 120, sy = ly - 80;
    unsigned load = (((sy - by) >> 4 & 0x3F) << 7) | (((sx - bx) >> 4 & 0x3F) << 1);
    unsigned v[10] = {area, load, sy, sx, ly, lx, ly + 0x1F, lx + 7, 0, 0};
    for (int f = 0; f < 10; f++) put16(img + pcs[f] + 2 * (size_t)i, v[f]);
  }
  for (int i = 0; i < Z3_OW_WHIRLPOOL_COUNT; i++) put16(img + 0x16CF8 + 2 * (size_t)i, (unsigned)(0x0F + i));
}

/* Palette sets (data reference §5.5): 31 x {ow_aux 1, ow_aux 2, ow_animated, unused},
 * then 20 sprite palette sets of two sprites_aux3 indices. Aux 1 is always an
 * even ow_aux palette (ground, water, foliage rows) and aux 2 the odd one after
 * it (stone, house, flowers), as sample_palettes.c designs them; sets 8-15
 * (the Dark World's) take the Dark World palettes (ow_aux 10-19, ow_animated 7-13). */
static void write_palette_sets(uint8_t *img) {
  for (int i = 0; i < 31; i++) {
    uint8_t *s = img + 0x75504 + 4 * i;
    bool dark = i >= 8 && i < 16;
    s[0] = (uint8_t)((dark ? 10 : 0) + 2 * (i % 5)), s[1] = (uint8_t)(s[0] + 1);
    s[2] = (uint8_t)((dark ? 7 : 0) + i % 7), s[3] = 0xFF;
  }
  for (int i = 0; i < 20; i++) img[0x75580 + 2 * i] = (uint8_t)(i % 24), img[0x75581 + 2 * i] = (uint8_t)((i + 5) % 24);
}

/* Overlays are code (world reference §2.10): most vectors (bank $0E) share
 * one RTS; the unused ones point at the free $FF space at $0E:FB64 as in the
 * game; a few areas get routines that use every opcode form the game's do:
 * 0x00 INC A through a 2x2 gate, 0x1B LDX/STA abs,X then a JMP into the tail
 * of 0x5B's routine (a shared tail), 0x33 and 0x35 one routine (two vectors)
 * with a long store. Tiles and places are our own. */
static const uint8_t overlay_code[] = {
    /* $F765 area 0x00: 0x50..0x53 at (20,10) (21,10) (20,11) (21,11) */
    0xA9, 0x50, 0x00, 0x8D, 0x28, 0x25, 0x1A, 0x8D, 0x2A, 0x25, 0x1A, 0x8D, 0xA8, 0x25, 0x1A, 0x8D, 0xAA, 0x25, 0x60,
    /* $F778 area 0x5B: 0xC0 at (5,6); tail $F77E: 0xC1 at (6,6) */
    0xA9, 0xC0, 0x00, 0x8D, 0x0A, 0x23, 0xA9, 0xC1, 0x00, 0x8D, 0x0C, 0x23, 0x60,
    /* $F785 area 0x1B: X = 0x10, 0x34 at $2100+X (8,2) and $2102+X (9,2), JMP $F77E */
    0xA2, 0x10, 0x00, 0xA9, 0x34, 0x00, 0x9D, 0x00, 0x21, 0x9D, 0x02, 0x21, 0x4C, 0x7E, 0xF7,
    /* $F794 areas 0x33 and 0x35: 0x77 at $7E:2814 (10,16) */
    0xA9, 0x77, 0x00, 0x8F, 0x14, 0x28, 0x7E, 0x60,
};

static void write_overlays(uint8_t *img) {
  static const uint8_t unused[] = {0x72, 0x73, 0x74, 0x75, 0x76, 0x7A, 0x7C, 0x7D, 0x7E, 0x7F};
  for (int i = 0; i < 128; i++) put16(img + 0x77664 + 2 * (size_t)i, 0xF764);
  img[0x77764] = 0x60;
  memcpy(img + 0x77765, overlay_code, sizeof overlay_code);
  put16(img + 0x77664 + 2 * 0x00, 0xF765);
  put16(img + 0x77664 + 2 * 0x5B, 0xF778);
  put16(img + 0x77664 + 2 * 0x1B, 0xF785);
  put16(img + 0x77664 + 2 * 0x33, 0xF794);
  put16(img + 0x77664 + 2 * 0x35, 0xF794);
  for (size_t i = 0; i < sizeof unused; i++) put16(img + 0x77664 + 2 * (size_t)unused[i], 0xFB64);
}

/* A small graveyard of ours in area 0x14: six stones on three rows, sorted
 * by row as the game's search needs (overworld_graves.c), the top one opening
 * to a dash onto stairs, one on the middle row onto a hole; the three code
 * operands that name single graves carry their opcodes so readers find them. */
static void write_graves(uint8_t *img) {
  static const struct { uint8_t x, y, reveal; } graves[] = {
      {8, 20, 0x30}, {12, 20, 0x30}, {16, 20, 0x30}, {10, 16, 0x30}, {14, 16, 0x58}, {12, 12, 0x38},
  };
  enum { N = sizeof graves / sizeof graves[0], STAIRS = 5, HOLE = 4, AREA = 0x14 };
  static const uint8_t row_start[9] = {0, 6, 10, 12, 12, 12, 12, 12, 12};
  memset(img + 0x4993A, 0, 0x499E9 - 0x4993A);
  unsigned ox = (AREA & 7) * 512, oy = (AREA >> 3) * 512, addr[N];
  for (int i = 0; i < N; i++) {
    unsigned x = ox + 16u * graves[i].x, y = oy + 16u * graves[i].y;
    addr[i] = z3_grave_map_addr((int)x, (int)y, AREA);
    put16(img + 0x4994A + 2 * (size_t)i, x), put16(img + 0x49986 + 2 * (size_t)i, x);
    put16(img + 0x49968 + 2 * (size_t)i, y), put16(img + 0x499A4 + 2 * (size_t)i, addr[i]);
    put16(img + 0x499C2 + 2 * (size_t)i, graves[i].reveal);
  }
  for (int r = 0; r < 8; r++) /* a row's Link Y is one tile below its stones; unused rows never match */
    put16(img + 0x4993A + 2 * (size_t)r, r < 3 ? oy + 16u * graves[row_start[r] / 2].y + 16u : 0xFFFF);
  memcpy(img + 0x499E0, row_start, sizeof row_start);
  img[0x49A3F] = 0xC0, put16(img + 0x49A40, 2 * STAIRS);            /* CPY.w #offset: the dash grave */
  img[0x46DD8] = 0xC9, put16(img + 0x46DD9, addr[STAIRS] - 0x80);  /* CMP.w #addr: stairs */
  img[0x46DDF] = 0xC9, put16(img + 0x46DE0, addr[HOLE] - 0x80);    /* CMP.w #addr: hole */
}

/* Tile types and gravestones. */
static void write_misc(uint8_t *img) {
  write_overlays(img);
  for (int t = 0; t < 512; t++) img[0x71459 + t] = (uint8_t)(t % 16 == 15 ? 0x09 : t % 7 == 0 ? 0x01 : 0x00);
  write_graves(img);
}

z3_status z3_sample__write_overworld(uint8_t *img, size_t size, z3_error *err) {
  if (size < 0x100000) return Z3_OK;
  write_code_flags(img);
  write_layout(img);
  z3_sample_world world;
  z3_status st = z3_sample__world_build(&world, err);
  if (st) return st;
  write_tile16(img, &world);
  write_tile32(img, &world);
  st = write_maps(img, &world, err);
  z3_sample__world_free(&world);
  if (st) return st;
  write_properties(img);
  write_sprites(img);
  write_items(img);
  write_entrances(img);
  write_exits(img);
  write_transports(img);
  write_misc(img);
  write_palette_sets(img);
  return Z3_OK;
}
