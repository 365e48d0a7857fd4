/*
 * The PPU's CPU-facing ports ($2100-$213F) without rendering: VRAM, CGRAM
 * and OAM with their address and increment rules, the mode 7 multiplier,
 * the H/V counter latch, the two PPU open-bus bytes (hardware reference
 * §4.1, §4.2, §4.12), and the rendering registers the renderer (ppu.c)
 * reads, with their write-twice latches.
 *
 * VRAM is only reachable in vblank or forced blank: other writes are
 * dropped and reads load $0000 into the buffer (what bsnes does). CGRAM and
 * OAM are accessible at any time here; the renderer's claims on them during
 * active display are not modelled.
 */
#include "emu/snes_internal.h"

void snes_ppu_power(z3_snes_ppu *ppu) {
  *ppu = (z3_snes_ppu){0};
  ppu->inidisp = 0x80; /* forced blank, brightness 0 */
  ppu->render.height = 224;
  ppu->render.mosaic_start = 1;
}

/* ---- VRAM ------------------------------------------------------------- */

static uint16_t vram_step(const z3_snes_ppu *ppu) {
  static const uint16_t steps[4] = {1, 32, 128, 128};
  return steps[ppu->vmain & 3];
}

/* The word address after VMAIN's remapping (bits 3-2), 15 bits. */
static uint16_t vram_word(const z3_snes_ppu *ppu) {
  uint16_t a = ppu->vmadd;
  switch ((ppu->vmain >> 2) & 3) {
    case 1: a = (uint16_t)((a & 0xFF00) | (a & 0xE0) >> 5 | (a & 0x1F) << 3); break;
    case 2: a = (uint16_t)((a & 0xFE00) | (a & 0x1C0) >> 6 | (a & 0x3F) << 3); break;
    case 3: a = (uint16_t)((a & 0xFC00) | (a & 0x380) >> 7 | (a & 0x7F) << 3); break;
    default: break;
  }
  return a & 0x7FFF;
}

static void vram_fill_buffer(z3_snes *snes) {
  z3_snes_ppu *ppu = &snes->ppu;
  if (!snes_vram_open(snes)) {
    ppu->vram_buffer = 0;
    return;
  }
  unsigned w = vram_word(ppu);
  ppu->vram_buffer = (uint16_t)(ppu->vram[2 * w] | ppu->vram[2 * w + 1] << 8);
}

static void watch(z3_snes *snes, z3_snes_region region, uint32_t addr, uint8_t value) {
  if (snes->ppu_watch) snes->ppu_watch(snes->debug_ctx, region, addr, value);
}

static void vram_write(z3_snes *snes, unsigned high, uint8_t value) {
  z3_snes_ppu *ppu = &snes->ppu;
  if (snes_vram_open(snes)) {
    unsigned at = 2 * vram_word(ppu) + high;
    watch(snes, Z3_REGION_VRAM, at, value);
    ppu->vram[at] = value;
  }
  if (((ppu->vmain >> 7) & 1) == high) ppu->vmadd = (uint16_t)(ppu->vmadd + vram_step(ppu));
}

/* $2139 (high = 0) and $213A: a byte of the buffer; reading the byte VMAIN
 * bit 7 selects reloads the buffer from the address, then steps it. */
static uint8_t vram_read(z3_snes *snes, unsigned high, bool peek) {
  z3_snes_ppu *ppu = &snes->ppu;
  uint8_t v = (uint8_t)(high ? ppu->vram_buffer >> 8 : ppu->vram_buffer);
  if (!peek && ((ppu->vmain >> 7) & 1) == high) {
    vram_fill_buffer(snes);
    ppu->vmadd = (uint16_t)(ppu->vmadd + vram_step(ppu));
  }
  return v;
}

/* ---- OAM and CGRAM ---------------------------------------------------- */

static unsigned oam_index(uint16_t addr) { return addr < 0x200 ? addr : 0x200 | (addr & 0x1F); }

static void oam_write(z3_snes *snes, uint8_t value) {
  z3_snes_ppu *ppu = &snes->ppu;
  uint16_t a = ppu->oam_addr;
  if (a >= 0x200) {
    watch(snes, Z3_REGION_OAM, oam_index(a), value);
    ppu->oam[oam_index(a)] = value;
  } else if (!(a & 1)) {
    ppu->oam_latch = value;
  } else {
    watch(snes, Z3_REGION_OAM, a - 1u, ppu->oam_latch);
    ppu->oam[a - 1] = ppu->oam_latch;
    watch(snes, Z3_REGION_OAM, a, value);
    ppu->oam[a] = value;
  }
  ppu->oam_addr = (a + 1) & 0x3FF;
}

static void oam_set_reload(z3_snes_ppu *ppu, uint16_t word) {
  ppu->oam_reload = word & 0x1FF;
  ppu->oam_addr = (uint16_t)(ppu->oam_reload << 1);
}

static void cgram_write(z3_snes *snes, uint8_t value) {
  z3_snes_ppu *ppu = &snes->ppu;
  if (!ppu->cg_high) {
    ppu->cg_latch = value;
  } else {
    watch(snes, Z3_REGION_CGRAM, 2u * ppu->cgadd, ppu->cg_latch);
    ppu->cgram[2 * ppu->cgadd] = ppu->cg_latch;
    watch(snes, Z3_REGION_CGRAM, 2u * ppu->cgadd + 1, value & 0x7F);
    ppu->cgram[2 * ppu->cgadd + 1] = value & 0x7F;
    ppu->cgadd++;
  }
  ppu->cg_high = !ppu->cg_high;
}

static uint8_t cgram_read(z3_snes_ppu *ppu, bool peek) {
  uint8_t v = ppu->cg_high ? (uint8_t)((ppu->cgram[2 * ppu->cgadd + 1] & 0x7F) | (ppu->ppu2_mdr & 0x80))
                           : ppu->cgram[2 * ppu->cgadd];
  if (!peek) {
    if (ppu->cg_high) ppu->cgadd++;
    ppu->cg_high = !ppu->cg_high;
  }
  return v;
}

/* ---- rendering registers ------------------------------------------------ */

/* BGnHOFS/BGnVOFS share one latch (the AR/FS rule, which bsnes v094 and so
 * bsnes-mercury use): H <- new:prev&~7:H.bits 10-8 & 7; V <- new:prev.
 * The registers keep all 16 bits (the renderer uses 10): the fine scroll of
 * a low-then-high write pair reaches H through bits 10-8 of the first. */
static void scroll_write(z3_ppu_regs *r, unsigned reg, uint8_t value) {
  unsigned bg = (reg - 0x0D) / 2;
  if ((reg - 0x0D) % 2 == 0)
    r->hofs[bg] = (uint16_t)(value << 8 | (r->scroll_prev & ~7u) | ((r->hofs[bg] >> 8) & 7));
  else
    r->vofs[bg] = (uint16_t)(value << 8 | r->scroll_prev);
  r->scroll_prev = value;
}

/* Mode 7 registers share the m7 latch: register <- new:latch; latch <- new. */
static int16_t m7_word(z3_snes_ppu *ppu, uint8_t value) {
  int16_t w = (int16_t)(value << 8 | ppu->m7_latch);
  ppu->m7_latch = value;
  return w;
}

static int16_t sign13(int16_t v) {
  int v13 = v & 0x1FFF;
  return (int16_t)(v13 & 0x1000 ? v13 - 0x2000 : v13);
}

static void m7_write(z3_snes_ppu *ppu, uint8_t reg, uint8_t value) {
  z3_ppu_regs *r = &ppu->render.r;
  switch (reg) {
    case 0x0D: r->m7hofs = sign13(m7_word(ppu, value)); break;
    case 0x0E: r->m7vofs = sign13(m7_word(ppu, value)); break;
    case 0x1B: ppu->m7a = m7_word(ppu, value); break;
    case 0x1C: ppu->m7b = m7_word(ppu, value); break;
    case 0x1D: r->m7c = m7_word(ppu, value); break;
    case 0x1E: r->m7d = m7_word(ppu, value); break;
    case 0x1F: r->m7x = sign13(m7_word(ppu, value)); break;
    default: r->m7y = sign13(m7_word(ppu, value)); break;
  }
}

static void coldata_write(z3_ppu_regs *r, uint8_t value) {
  for (unsigned c = 0; c < 3; c++)
    if (value & (0x20 << c)) r->fixed[c] = value & 0x1F;
}

/* $2101, $2105-$2114, $211A-$2120, $2123-$2132. */
static void render_write(z3_snes_ppu *ppu, uint8_t reg, uint8_t value) {
  z3_ppu_regs *r = &ppu->render.r;
  if (reg >= 0x23 && reg <= 0x25) { r->wsel[reg - 0x23] = value; return; }
  if (reg >= 0x26 && reg <= 0x29) { r->wh[reg - 0x26] = value; return; }
  if (reg >= 0x07 && reg <= 0x0A) { r->bgsc[reg - 0x07] = value; return; }
  if (reg >= 0x1B && reg <= 0x20) { m7_write(ppu, reg, value); return; }
  if (reg >= 0x0D && reg <= 0x14) {
    if (reg <= 0x0E) m7_write(ppu, reg, value);
    scroll_write(r, reg, value);
    return;
  }
  switch (reg) {
    case 0x01: r->obsel = value; break;
    case 0x05: r->bgmode = value; break;
    case 0x06: r->mosaic = value; break;
    case 0x0B: r->bgnba[0] = value & 15; r->bgnba[1] = value >> 4; break;
    case 0x0C: r->bgnba[2] = value & 15; r->bgnba[3] = value >> 4; break;
    case 0x1A: r->m7sel = value; break;
    case 0x2A: r->wbglog = value; break;
    case 0x2B: r->wobjlog = value; break;
    case 0x2C: r->tm = value; break;
    case 0x2D: r->ts = value; break;
    case 0x2E: r->tmw = value; break;
    case 0x2F: r->tsw = value; break;
    case 0x30: r->cgwsel = value; break;
    case 0x31: r->cgadsub = value; break;
    case 0x32: coldata_write(r, value); break;
    default: break;
  }
}

/* ---- counters and status ---------------------------------------------- */

void snes_ppu_latch_counters(z3_snes *snes) {
  z3_snes_ppu *ppu = &snes->ppu;
  if (!(snes->io.wrio & 0x80)) return;
  ppu->hcount_latch = (uint16_t)snes_dot(snes);
  ppu->vcount_latch = snes->line;
  ppu->counters_latched = true;
}

static uint8_t counter_read(z3_snes_ppu *ppu, uint16_t value, bool *high, bool peek) {
  uint8_t v = *high ? (uint8_t)(((value >> 8) & 1) | (ppu->ppu2_mdr & 0xFE)) : (uint8_t)value;
  if (!peek) *high = !*high;
  return v;
}

static uint8_t stat78_read(z3_snes *snes, bool peek) {
  z3_snes_ppu *ppu = &snes->ppu;
  uint8_t v = (uint8_t)((snes->field ? 0x80 : 0) | (ppu->counters_latched ? 0x40 : 0) |
                        (ppu->ppu2_mdr & 0x20) | (snes->pal ? 0x10 : 0) | 0x03);
  if (!peek) {
    ppu->counters_latched = false;
    ppu->hcount_high = ppu->vcount_high = false;
  }
  return v;
}

static uint8_t multiply_byte(const z3_snes_ppu *ppu, unsigned i) {
  int32_t product = (int32_t)ppu->m7a * (int8_t)(ppu->m7b >> 8);
  return (uint8_t)((uint32_t)product >> (8 * i));
}

/* Write-only addresses read back PPU1's latch for $21x4-6 and $21x8-A (x = 0-2), else the CPU's. */
static uint8_t write_only_read(const z3_snes *snes, uint8_t reg) {
  unsigned low = reg & 0xF;
  bool ppu1 = reg < 0x30 && ((low >= 4 && low <= 6) || (low >= 8 && low <= 0xA));
  return ppu1 ? snes->ppu.ppu1_mdr : snes->mdr;
}

uint8_t snes_ppu_read(z3_snes *snes, uint8_t reg, bool peek) {
  z3_snes_ppu *ppu = &snes->ppu;
  uint8_t v;
  switch (reg) {
    case 0x34: case 0x35: case 0x36: v = multiply_byte(ppu, reg - 0x34u); break;
    case 0x37:
      if (!peek) snes_ppu_latch_counters(snes);
      return snes->mdr;
    case 0x38:
      v = ppu->oam[oam_index(ppu->oam_addr)];
      if (!peek) ppu->oam_addr = (ppu->oam_addr + 1) & 0x3FF;
      break;
    case 0x39: v = vram_read(snes, 0, peek); break;
    case 0x3A: v = vram_read(snes, 1, peek); break;
    case 0x3E:
      v = (uint8_t)((ppu->render.time_over ? 0x80 : 0) | (ppu->render.range_over ? 0x40 : 0) |
                    (ppu->ppu1_mdr & 0x10) | 0x01);
      break;
    case 0x3B: v = cgram_read(ppu, peek); goto ppu2;
    case 0x3C: v = counter_read(ppu, ppu->hcount_latch, &ppu->hcount_high, peek); goto ppu2;
    case 0x3D: v = counter_read(ppu, ppu->vcount_latch, &ppu->vcount_high, peek); goto ppu2;
    case 0x3F: v = stat78_read(snes, peek); goto ppu2;
    default: return write_only_read(snes, reg);
  }
  if (!peek) ppu->ppu1_mdr = v;
  return v;
ppu2:
  if (!peek) ppu->ppu2_mdr = v;
  return v;
}

/* Writes that change what the next pixel looks like (not the memory ports). */
static bool shapes_picture(uint8_t reg) {
  return reg <= 0x33 && !(reg >= 0x02 && reg <= 0x04) && !(reg >= 0x15 && reg <= 0x19) && reg != 0x21;
}

void snes_ppu_write(z3_snes *snes, uint8_t reg, uint8_t value) {
  z3_snes_ppu *ppu = &snes->ppu;
  if (shapes_picture(reg)) snes_ppu_before_write(snes);
  switch (reg) {
    case 0x00: ppu->inidisp = value; break;
    case 0x02: oam_set_reload(ppu, (uint16_t)((ppu->oam_reload & 0x100) | value)); break;
    case 0x03:
      ppu->oam_priority = value & 0x80;
      oam_set_reload(ppu, (uint16_t)((ppu->oam_reload & 0xFF) | (value & 1) << 8));
      break;
    case 0x04: oam_write(snes, value); break;
    case 0x15: ppu->vmain = value; break;
    case 0x16:
      ppu->vmadd = (uint16_t)((ppu->vmadd & 0xFF00) | value);
      vram_fill_buffer(snes);
      break;
    case 0x17:
      ppu->vmadd = (uint16_t)((ppu->vmadd & 0x00FF) | value << 8);
      vram_fill_buffer(snes);
      break;
    case 0x18: vram_write(snes, 0, value); break;
    case 0x19: vram_write(snes, 1, value); break;
    case 0x21: ppu->cgadd = value; ppu->cg_high = false; break;
    case 0x22: cgram_write(snes, value); break;
    case 0x33: ppu->setini = value; break;
    default: render_write(ppu, reg, value); break;
  }
}
