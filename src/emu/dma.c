/*
 * General-purpose DMA ($420B) and the channel registers $43x0-$43xF
 * (hardware reference §3.1-§3.3, §3.7). HDMA is in hdma.c.
 *
 * Time: align to the 8-clock grid, 8 clocks of overhead, then per channel 8
 * clocks plus 8 per byte. The timer runs meanwhile (an NMI raised during a
 * transfer is taken when the CPU resumes); the CPU's multiply/divide unit is
 * not stepped while the CPU is halted.
 */
#include "emu/snes_internal.h"

enum { DMA_CLOCKS = 8 };

const uint8_t snes_dma_unit_offsets[8][4] = {
    {0, 0, 0, 0}, {0, 1, 0, 1}, {0, 0, 0, 0}, {0, 0, 1, 1},
    {0, 1, 2, 3}, {0, 1, 0, 1}, {0, 0, 0, 0}, {0, 0, 1, 1},
};
const uint8_t snes_dma_unit_length[8] = {1, 2, 2, 4, 4, 4, 2, 4};

void snes_dma_power(z3_snes *snes) {
  for (int c = 0; c < 8; c++) {
    z3_snes_dma *d = &snes->dma[c];
    d->dmap = d->bbad = d->a1b = d->dasb = d->ntrl = d->unused = 0xFF;
    d->a1t = d->das = d->a2a = 0xFFFF;
    d->hdma_done = d->hdma_do_transfer = false;
  }
}

uint8_t snes_dma_read(const z3_snes *snes, uint16_t addr) {
  const z3_snes_dma *d = &snes->dma[(addr >> 4) & 7];
  switch (addr & 0xF) {
    case 0x0: return d->dmap;
    case 0x1: return d->bbad;
    case 0x2: return (uint8_t)d->a1t;
    case 0x3: return (uint8_t)(d->a1t >> 8);
    case 0x4: return d->a1b;
    case 0x5: return (uint8_t)d->das;
    case 0x6: return (uint8_t)(d->das >> 8);
    case 0x7: return d->dasb;
    case 0x8: return (uint8_t)d->a2a;
    case 0x9: return (uint8_t)(d->a2a >> 8);
    case 0xA: return d->ntrl;
    case 0xB:
    case 0xF: return d->unused;
    default: return snes->mdr; /* $43xC-$43xE */
  }
}

static uint16_t set_low(uint16_t w, uint8_t v) { return (uint16_t)((w & 0xFF00) | v); }
static uint16_t set_high(uint16_t w, uint8_t v) { return (uint16_t)((w & 0x00FF) | v << 8); }

void snes_dma_write(z3_snes *snes, uint16_t addr, uint8_t v) {
  z3_snes_dma *d = &snes->dma[(addr >> 4) & 7];
  switch (addr & 0xF) {
    case 0x0: d->dmap = v; break;
    case 0x1: d->bbad = v; break;
    case 0x2: d->a1t = set_low(d->a1t, v); break;
    case 0x3: d->a1t = set_high(d->a1t, v); break;
    case 0x4: d->a1b = v; break;
    case 0x5: d->das = set_low(d->das, v); break;
    case 0x6: d->das = set_high(d->das, v); break;
    case 0x7: d->dasb = v; break;
    case 0x8: d->a2a = set_low(d->a2a, v); break;
    case 0x9: d->a2a = set_high(d->a2a, v); break;
    case 0xA: d->ntrl = v; break;
    case 0xB:
    case 0xF: d->unused = v; break;
    default: break;
  }
}

/* A-bus addresses DMA cannot use: the B bus and the CPU's own registers. */
static bool a_bus_blocked(uint32_t addr) {
  if (addr & 0x400000) return false;
  unsigned off = addr & 0xFFFF;
  return (off >= 0x2100 && off < 0x2200) || (off >= 0x4000 && off < 0x4200) ||
         (off >= 0x4200 && off < 0x4220) || (off >= 0x4300 && off < 0x4380);
}

static bool is_wram(uint32_t addr) {
  unsigned bank = addr >> 16;
  return bank == 0x7E || bank == 0x7F || (!(bank & 0x40) && (addr & 0xFFFF) < 0x2000);
}

void snes_dma_transfer_byte(z3_snes *snes, const z3_snes_dma *d, uint32_t a, uint8_t b) {
  bool wram_port = b == 0x80 && is_wram(a); /* WRAM to its own port cannot move data */
  if (!(d->dmap & 0x80)) {
    uint8_t v = a_bus_blocked(a) ? 0 : snes_read(snes, a, false);
    if (!wram_port) snes_bbus_write(snes, b, v);
  } else {
    uint8_t v = wram_port ? 0 : snes_bbus_read(snes, b, false);
    if (!a_bus_blocked(a)) snes_write(snes, a, v);
  }
}

static void run_channel(z3_snes *snes, z3_snes_dma *d, uint8_t bit) {
  unsigned pattern = d->dmap & 7;
  unsigned i = 0;
  snes_advance(snes, DMA_CLOCKS);
  do {
    /* An HDMA on this channel ended the DMA, its count left in DASx (hardware reference
     * §3.6); carrying on with the count HDMA rewrites as its indirect address never ends. */
    if (!(snes->dma_running & bit)) return;
    uint8_t b = (uint8_t)(d->bbad + snes_dma_unit_offsets[pattern][i % snes_dma_unit_length[pattern]]);
    snes_dma_transfer_byte(snes, d, (uint32_t)d->a1b << 16 | d->a1t, b);
    if (!(d->dmap & 0x08)) d->a1t = (uint16_t)(d->a1t + ((d->dmap & 0x10) ? -1 : 1));
    d->das--;
    i++;
    snes_advance(snes, DMA_CLOCKS);
  } while (d->das != 0);
}

void snes_dma_run(z3_snes *snes, uint8_t mask) {
  if (!mask) return;
  uint64_t start = snes->clock;
  snes_advance(snes, DMA_CLOCKS - (uint32_t)(snes->clock % DMA_CLOCKS));
  snes_advance(snes, DMA_CLOCKS);
  snes->dma_running = mask;
  for (int c = 0; c < 8; c++)
    if (snes->dma_running & (1u << c)) run_channel(snes, &snes->dma[c], (uint8_t)(1u << c));
  snes->dma_running = 0;
  snes->dma_clocks += snes->clock - start;
}
