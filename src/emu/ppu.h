/*
 * emu/ppu: the picture side of the PPU: the rendering registers
 * ($2101-$2133 as latched), the per-line renderer's scratch and the frame
 * it produces. emu/snes.h embeds a z3_ppu_render in the console's PPU; the
 * memories (VRAM, CGRAM, OAM) and the CPU-facing port logic stay there and
 * in ppu_ports.c.
 *
 * Rendering is one scanline at a time, at hclock Z3_PPU_RENDER_CLOCK of
 * lines 1..224 (1..239 with overscan), so register writes between lines
 * (HDMA, IRQ splits) show on the lines after them.
 *
 * Output: frame rows 0..height-1 are lines 1..height. Each row holds 512
 * half-pixels when that line was hires (modes 5/6 or pseudo-hires; even
 * half-pixels from the sub screen), else 256 pixels. Colours are 0x00RRGGBB
 * after master brightness; see ppu.c for the BGR555 -> RGB888 formula.
 */
#ifndef Z3_EMU_PPU_H
#define Z3_EMU_PPU_H

#include <stdbool.h>
#include <stdint.h>

enum {
  Z3_PPU_WIDTH = 256,
  Z3_PPU_HIRES_WIDTH = 512,
  Z3_PPU_MAX_HEIGHT = 478, /* 239 lines with overscan, twice that interlaced */
  Z3_PPU_RENDER_CLOCK = 512, /* mid-line, as LakeSnes does */
};

/* The rendering registers, as the CPU last wrote them. */
typedef struct z3_ppu_regs {
  uint8_t obsel, bgmode, mosaic;
  uint8_t bgsc[4], bgnba[4];      /* BGnSC; tile base nibble per BG */
  uint16_t hofs[4], vofs[4];      /* BG scrolls as written (10 bits used) */
  uint8_t scroll_prev;            /* the shared BG scroll write-twice latch */
  uint8_t m7sel;
  int16_t m7c, m7d;               /* (A and B live in z3_snes_ppu for the multiplier) */
  int16_t m7x, m7y, m7hofs, m7vofs; /* 13-bit signed */
  uint8_t wsel[3];                /* W12SEL, W34SEL, WOBJSEL */
  uint8_t wh[4];                  /* WH0-WH3 */
  uint8_t wbglog, wobjlog;
  uint8_t tm, ts, tmw, tsw;
  uint8_t cgwsel, cgadsub;
  uint8_t fixed[3];               /* COLDATA red, green, blue (0-31) */
} z3_ppu_regs;

/* One screen's pixel: colour (BGR555), depth (0 = nothing yet), source. */
typedef struct z3_ppu_pixel {
  uint16_t color;
  uint8_t z;
  uint8_t layer; /* 0-3 BG1-4, 4 OBJ palettes 0-3, 5 OBJ palettes 4-7, 6 backdrop */
} z3_ppu_pixel;

typedef struct z3_ppu_render {
  z3_ppu_regs r;
  bool range_over, time_over;     /* $213E bits 6 and 7, cleared at line 0 */
  uint16_t mosaic_start;          /* line the vertical mosaic blocks count from */
  uint16_t height;                /* 224 or 239, latched at line 0 */
  bool interlace;                 /* SETINI bit 0 at line 0: the frame is one field of 448/478 lines */
  bool field;                     /* this frame's field ($213F bit 7): odd or even picture lines */
  uint16_t backdrop;              /* CGRAM colour 0 for the line being drawn */
  /* scratch of the line being drawn */
  z3_ppu_pixel main[Z3_PPU_HIRES_WIDTH], sub[Z3_PPU_HIRES_WIDTH];
  uint16_t layer_color[Z3_PPU_HIRES_WIDTH];
  uint8_t layer_z[Z3_PPU_HIRES_WIDTH];
  uint8_t obj_layer[Z3_PPU_WIDTH];
  /* the frame */
  uint32_t frame[Z3_PPU_MAX_HEIGHT][Z3_PPU_HIRES_WIDTH];
  bool line_hires[Z3_PPU_MAX_HEIGHT];
  uint16_t frame_height;          /* rows of the last completed frame */
  uint64_t frames_rendered;
} z3_ppu_render;

typedef struct z3_snes z3_snes;
/* True when a line of the last frame was hires (the picture is 512 wide). */
bool z3_snes_frame_hires(const z3_snes *snes);
/* The last completed frame as RGB888 rows into out (at least 512 * 239 * 3
 * bytes): 256 or 512 wide (a hires frame shows normal lines' pixels twice),
 * 224 or 239 tall; 0 x 0 before the first frame completes. */
void z3_snes_frame_rgb(const z3_snes *snes, uint8_t *out, unsigned *width, unsigned *height);

#endif
