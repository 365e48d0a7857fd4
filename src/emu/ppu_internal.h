/* The renderer's parts (ppu.c, ppu_bg.c, ppu_sprites.c, ppu_mode7.c): emu/ only. */
#ifndef Z3_EMU_PPU_INTERNAL_H
#define Z3_EMU_PPU_INTERNAL_H

#include "emu/snes_internal.h"

enum {
  PPU_LAYER_OBJ = 4,      /* sprites with palettes 0-3: never in colour math */
  PPU_LAYER_OBJ_MATH = 5, /* sprites with palettes 4-7 */
  PPU_LAYER_BACKDROP = 6,
  OBJ_MATH = 4,           /* obj_attr: palettes 4-7 (bits 0-1: the OAM priority) */
};

/* Depths of one mode's layers (higher is in front; 0 = transparent):
 * bg[n][tile priority bit] and obj[OAM priority]. */
typedef struct ppu_depths {
  uint8_t bg[4][2];
  uint8_t obj[4];
} ppu_depths;

static inline uint16_t ppu_vram_word(const z3_snes_ppu *ppu, unsigned word) {
  word &= 0x7FFF;
  return (uint16_t)(ppu->vram[2 * word] | ppu->vram[2 * word + 1] << 8);
}

static inline uint16_t ppu_cgram(const z3_snes_ppu *ppu, unsigned index) {
  index &= 0xFF;
  return (uint16_t)(ppu->cgram[2 * index] | (ppu->cgram[2 * index + 1] & 0x7F) << 8);
}

/* Direct colour (CGWSEL bit 0): 8-bit pixel BBGGGRRR plus palette bits bgr. */
static inline uint16_t ppu_direct_color(unsigned pixel, unsigned palette) {
  unsigned r = (pixel & 7) << 2 | (palette & 1) << 1;
  unsigned g = (pixel >> 3 & 7) << 2 | (palette >> 1 & 1) << 1;
  unsigned b = (pixel >> 6 & 3) << 3 | (palette >> 2 & 1) << 2;
  return (uint16_t)(r | g << 5 | b << 10);
}

/* The BG line a screen line shows after vertical mosaic. */
unsigned ppu_mosaic_line(const z3_ppu_render *pr, unsigned bg, unsigned line);
/* Replaces each horizontal mosaic block of the layer buffer by its first pixel. */
void ppu_mosaic_row(z3_ppu_render *pr, unsigned width, unsigned half_pixels);

/* ppu_bg.c: BG `bg` (0-3) of modes 0-6 into layer_color/layer_z, `width`
 * pixels (512 half-pixels in hires). */
void ppu_render_bg(z3_snes_ppu *ppu, unsigned bg, unsigned bpp, unsigned line, bool hires,
                   const ppu_depths *d);

/* ppu_mode7.c: BG1 (bg 0) or EXTBG's BG2 (bg 1) of mode 7. */
void ppu_render_mode7(z3_snes_ppu *ppu, unsigned bg, unsigned line, const ppu_depths *d);

/* ppu_sprites.c: at the end of the line before `line`, finds and fetches
 * line's sprites into the OBJ line buffer (setting the $213E flags); while
 * drawing `line`, colours the buffer into layer_color/layer_z/obj_layer. */
void ppu_fetch_sprites(z3_snes_ppu *ppu, unsigned line);
void ppu_draw_sprites(z3_snes_ppu *ppu, const ppu_depths *d);

#endif
