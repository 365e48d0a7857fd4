/*
 * emu/ppu: the picture side of the PPU: the rendering registers
 * ($2101-$2133 as latched), the per-line renderer's scratch and the frame
 * it produces. emu/snes.h embeds a z3_ppu_render in the console's PPU; the
 * memories (VRAM, CGRAM, OAM) and the CPU-facing port logic stay there and
 * in ppu_ports.c.
 *
 * Rendering is one scanline at a time: at hclock Z3_PPU_RENDER_CLOCK (the
 * end of the picture) of lines 1..224 (1..239 with overscan) the line is
 * drawn with the registers as they stand. A register write in the middle of
 * a line first draws the pixels before it with the old state (pixel x shows
 * at dot x + Z3_PPU_PIXEL_LAG, as bsnes-mercury turns the display on
 * mid-line), so a mid-line change splits the line where the oracle does;
 * writes in hblank (HDMA, most IRQ splits) show on the next line.
 *
 * Output: the frame is kept woven, 2 x height rows: line l of field f is
 * row 2(l - 1) + f, and a progressive frame draws the even rows (so a field
 * after a progressive frame shows its odd rows as they were, as bsnes does). Each row holds 512
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
  Z3_PPU_MAX_HEIGHT = 478, /* 239 lines with overscan, two rows each (woven fields) */
  Z3_PPU_RENDER_CLOCK = 1096, /* the end of the picture (dot 274), before HDMA at 1104 */
  Z3_PPU_PIXEL_LAG = 14,      /* dots between a register write and the first pixel it affects */
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
  /* the OBJ line buffer: the next line's sprite pixels, fetched at the end of
   * the line before (CGRAM index, 0 = none; OAM priority and palette group) */
  uint8_t obj_pixel[Z3_PPU_WIDTH], obj_attr[Z3_PPU_WIDTH];
  uint32_t scratch[Z3_PPU_HIRES_WIDTH]; /* a whole line, before its pixels are taken */
  uint16_t drawn_line, drawn_x;   /* pixels 0..drawn_x-1 of drawn_line are in the frame */
  /* the frame */
  uint32_t frame[Z3_PPU_MAX_HEIGHT][Z3_PPU_HIRES_WIDTH];
  bool line_hires[Z3_PPU_MAX_HEIGHT];
  uint16_t frame_height;          /* rows of the last completed frame */
  bool frame_woven;               /* it was interlaced: all its rows; else the even ones */
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
