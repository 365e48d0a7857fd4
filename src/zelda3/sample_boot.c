/*
 * The sample ROM's boot program: at power-on the console shows a window of
 * one overworld area, drawn by the PPU from tiles, a tilemap and palettes
 * loaded into VRAM and CGRAM, with the area's sprites marked by 16x16 OBJs.
 *
 * The picture's data is worked out here, when the sample is built, from the
 * sample's own overworld (the editor's renderer gives the area's pixels and
 * palette): the window's 8x8 cells become 4 bpp tiles (repeats shared) and a
 * 32x32 tilemap. It goes into banks $05-$06, which hold nothing of the world
 * model (the real game's sprite code lives there; the sample fills it with
 * filler). The 65816 program that loads it is written below byte by byte:
 *
 *   $00:8000 SEI; CLC; XCE; REP #$30; LDX #$1FFF; TXS; STZ $4200
 *   $00:800C JSR boot;  $00:800F BRA $800F (idle);  $00:8011 RTI
 *   boot:    SEP #$20; forced blank; every PPU register $2101-$2133 to 0;
 *            DMA tiles, tilemap, sprite tiles to VRAM, the palette to
 *            CGRAM, the OAM image to OAM; mode 1, BG1 + OBJ; brightness 15; RTS
 */
#include <stdarg.h>
#include <string.h>

#include "snes/color.h"
#include "zelda3/overworld.h"
#include "zelda3/sample_internal.h"

enum {
  AREA = 0x1B,               /* the area the tour describes and renders */
  WIDTH = 256, HEIGHT = 224, /* the window shown */
  CELLS_X = WIDTH / 8, CELLS_Y = HEIGHT / 8,
  MAX_TILES = CELLS_X * CELLS_Y + 1,
  TILES_PC = 0x28000,        /* $05:8000: up to 897 tiles of 32 bytes */
  DATA_PC = 0x30000,         /* $06:8000: tilemap, palette, OAM, sprite tiles */
  MAP_OFF = 0, PAL_OFF = 0x800, OAM_OFF = 0xA00, OBJ_OFF = 0xC40,
  VRAM_MAP = 0x7C00, VRAM_OBJ = 0x4000, /* tiles take at most $0000-$380F */
  MAX_MARKERS = 32,
  BOOT_PC = 0x0012,          /* $00:8012 */
};

typedef struct boot_data {
  uint8_t tiles[MAX_TILES][32];
  int tile_count;
  uint16_t map[32 * 32];
  uint16_t cgram[256];
  uint8_t oam[544];
} boot_data;

/* An 8x8 cell of palette indices as a 4 bpp tile and its palette row. */
static void encode_cell(const uint8_t *px, size_t stride, uint8_t tile[32], unsigned *row) {
  memset(tile, 0, 32);
  *row = 0;
  for (unsigned y = 0; y < 8; y++)
    for (unsigned x = 0; x < 8; x++) {
      unsigned v = px[y * stride + x];
      if (v & 15) *row = v >> 4;
      for (unsigned p = 0; p < 4; p++)
        if (v >> p & 1) tile[(p >> 1) * 16 + 2 * y + (p & 1)] |= (uint8_t)(0x80 >> x);
    }
}

static int find_or_add(boot_data *b, const uint8_t tile[32]) {
  for (int i = 0; i < b->tile_count; i++)
    if (memcmp(b->tiles[i], tile, 32) == 0) return i;
  memcpy(b->tiles[b->tile_count], tile, 32);
  return b->tile_count++;
}

static void build_bg(boot_data *b, const z3_ow_image *img, unsigned x0, unsigned y0) {
  b->tile_count = 1; /* tile 0: empty */
  for (unsigned cy = 0; cy < CELLS_Y; cy++)
    for (unsigned cx = 0; cx < CELLS_X; cx++) {
      uint8_t tile[32];
      unsigned row;
      encode_cell(img->pixels + (size_t)(y0 + 8 * cy) * img->width + x0 + 8 * cx, img->width, tile, &row);
      b->map[cy * 32 + cx] = (uint16_t)(find_or_add(b, tile) | row << 10);
    }
  for (int i = 0; i < 128; i++)
    b->cgram[i] = z3_color_from_rgb((z3_rgb){img->palette[i][0], img->palette[i][1], img->palette[i][2]});
  b->cgram[129] = z3_color_from_rgb((z3_rgb){z3_ow_marker_rgba[0][0], z3_ow_marker_rgba[0][1],
                                              z3_ow_marker_rgba[0][2]});
}

/* Up to 32 large OBJs at the area's sprites inside the window (beginning state). */
static void build_oam(boot_data *b, z3_overworld *ow, unsigned x0, unsigned y0) {
  for (int i = 0; i < 128; i++) b->oam[4 * i + 1] = 0xF0; /* below the picture */
  z3_ow_list *l = NULL;
  int shown = 0;
  if (z3_ow_sprite_list(ow, 0, AREA, &l, NULL) == Z3_OK)
    for (int i = 0; i < l->count && shown < MAX_MARKERS; i++) {
      int x = l->sprites[i].x * 16 - (int)x0, y = l->sprites[i].y * 16 - (int)y0;
      if (x < 0 || x > WIDTH - 16 || y < 0 || y > HEIGHT - 16) continue;
      uint8_t *o = b->oam + 4 * shown;
      o[0] = (uint8_t)x, o[1] = (uint8_t)y, o[2] = 0, o[3] = 0x30;
      b->oam[0x200 + shown / 4] |= (uint8_t)(2 << (2 * (shown % 4)));
      shown++;
    }
}

/* A 16x16 ring in colour 1: tiles 0, 1, 16, 17 of the OBJ table. */
static void write_marker(uint8_t *dst) {
  memset(dst, 0, 18 * 32);
  for (unsigned y = 0; y < 16; y++)
    for (unsigned x = 0; x < 16; x++) {
      if (!(y == 0 || y == 15 || x == 0 || x == 15 || y == 1 || y == 14 || x == 1 || x == 14)) continue;
      unsigned tile = (y / 8) * 16 + x / 8;
      dst[tile * 32 + 2 * (y % 8)] |= (uint8_t)(0x80 >> (x % 8));
    }
}

/* ---- the 65816 program ------------------------------------------------------ */

typedef struct code {
  uint8_t *at;
  size_t len;
} code;

static void emit(code *c, int n, ...) {
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) c->at[c->len++] = (uint8_t)va_arg(ap, int);
  va_end(ap);
}

static void store8(code *c, unsigned value, unsigned addr) { /* LDA #v; STA addr */
  emit(c, 5, 0xA9, value & 0xFF, 0x8D, addr & 0xFF, addr >> 8);
}

static void store16x(code *c, unsigned value, unsigned addr) { /* LDX #v; STX addr */
  emit(c, 6, 0xA2, value & 0xFF, value >> 8, 0x8E, addr & 0xFF, addr >> 8);
}

/* General DMA on channel 0 from the CPU address src24 to B-bus register bbad. */
static void dma(code *c, unsigned bbad, unsigned dmap, uint32_t src24, unsigned len) {
  store8(c, dmap, 0x4300);
  store8(c, bbad, 0x4301);
  store16x(c, src24 & 0xFFFF, 0x4302);
  store8(c, src24 >> 16, 0x4304);
  store16x(c, len, 0x4305);
  store8(c, 0x01, 0x420B);
}

static void vram_dma(code *c, unsigned word, uint32_t src24, unsigned len) {
  store8(c, 0x80, 0x2115);
  store16x(c, word, 0x2116);
  dma(c, 0x18, 0x01, src24, len);
}

static uint32_t cpu_address(size_t pc) { return (uint32_t)((pc >> 15) << 16 | 0x8000 | (pc & 0x7FFF)); }

static void write_program(uint8_t *img, unsigned tile_bytes) {
  static const uint8_t prologue[] = {0x78, 0x18, 0xFB, 0xC2, 0x30, 0xA2, 0xFF, 0x1F, 0x9A, 0x9C,
                                     0x00, 0x42, 0x20, 0x12, 0x80, 0x80, 0xFE, 0x40};
  memcpy(img, prologue, sizeof prologue);
  code c = {img + BOOT_PC, 0};
  emit(&c, 2, 0xE2, 0x20);          /* SEP #$20 */
  store8(&c, 0x80, 0x2100);         /* forced blank */
  emit(&c, 3, 0xA2, 0x01, 0x00);    /* LDX #$0001 */
  emit(&c, 6, 0x9E, 0x00, 0x21, 0x9E, 0x00, 0x21); /* STZ $2100,X twice (write-twice registers) */
  emit(&c, 4, 0xE8, 0xE0, 0x34, 0x00);             /* INX; CPX #$0034 */
  emit(&c, 2, 0xD0, 0xF4);                         /* BNE back to the STZs */
  vram_dma(&c, 0x0000, cpu_address(TILES_PC), tile_bytes);
  vram_dma(&c, VRAM_MAP, cpu_address(DATA_PC + MAP_OFF), 0x800);
  vram_dma(&c, VRAM_OBJ, cpu_address(DATA_PC + OBJ_OFF), 18 * 32);
  emit(&c, 3, 0x9C, 0x21, 0x21);    /* STZ $2121 */
  dma(&c, 0x22, 0x00, cpu_address(DATA_PC + PAL_OFF), 0x200);
  emit(&c, 6, 0x9C, 0x02, 0x21, 0x9C, 0x03, 0x21); /* STZ $2102; STZ $2103 */
  dma(&c, 0x04, 0x00, cpu_address(DATA_PC + OAM_OFF), 544);
  store8(&c, 0x02, 0x2101);         /* OBJ: 8/16, tiles at $4000 */
  store8(&c, 0x01, 0x2105);         /* mode 1 */
  store8(&c, VRAM_MAP >> 8, 0x2107);
  store8(&c, 0xFF, 0x210E);         /* BG1VOFS = -1: map row 0 on the first line */
  store8(&c, 0x03, 0x210E);
  store8(&c, 0x11, 0x212C);         /* BG1 and OBJ on the main screen */
  store8(&c, 0x0F, 0x2100);
  emit(&c, 1, 0x60);                /* RTS (A stays 8-bit: the idle loop does not care) */
}

z3_status z3_sample__write_boot(uint8_t *img, size_t size, z3_error *err) {
  z3_rom *rom = NULL;
  z3_overworld *ow = NULL;
  z3_ow_image pic = {0};
  boot_data *b = z3_calloc(1, sizeof *b);
  z3_status st = b ? z3_rom_from_memory(&rom, img, size, "sample", err)
                   : z3_error_set(err, Z3_E_NOMEM, "out of memory");
  if (!st) st = z3_ow_load(&ow, rom, err);
  if (!st) st = z3_ow_render(ow, rom, AREA, &pic, err);
  if (!st) {
    unsigned x0 = (pic.width - WIDTH) / 2 & ~7u, y0 = (pic.height - HEIGHT) / 2 & ~7u;
    build_bg(b, &pic, x0, y0);
    build_oam(b, ow, x0, y0);
    memcpy(img + TILES_PC, b->tiles, (size_t)b->tile_count * 32);
    uint8_t *d = img + DATA_PC;
    for (int i = 0; i < 32 * 32; i++) d[MAP_OFF + 2 * i] = (uint8_t)b->map[i], d[MAP_OFF + 2 * i + 1] = (uint8_t)(b->map[i] >> 8);
    for (int i = 0; i < 256; i++) d[PAL_OFF + 2 * i] = (uint8_t)b->cgram[i], d[PAL_OFF + 2 * i + 1] = (uint8_t)(b->cgram[i] >> 8);
    memcpy(d + OAM_OFF, b->oam, sizeof b->oam);
    write_marker(d + OBJ_OFF);
    write_program(img, (unsigned)b->tile_count * 32);
  }
  z3_ow_image_release(&pic);
  z3_ow_free(ow);
  z3_rom_free(rom);
  z3_free(b);
  return st;
}
