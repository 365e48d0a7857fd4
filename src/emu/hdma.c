/*
 * HDMA (hardware reference §3.4-§3.6): at line 0 the enabled channels load
 * their tables; on each visible line (0-224) at hclock 1104 every active
 * channel transfers one unit when its do-transfer flag says so, then counts
 * its line counter down and reads the next entry when it runs out.
 *
 * Table entries: a count byte ($00 ends the table; $01-$80 one unit then
 * idle for count lines; $81-$FF a unit on each of count - $80 lines), then
 * the data (direct mode) or a 16-bit pointer into bank DASB (indirect mode).
 *
 * The hardware's oddity is kept: when a table ends (count $00) on the last
 * active channel of a line, an indirect channel reads one pointer byte only,
 * into the high byte of DASx. Not modelled: the cancelling of a general DMA
 * running on the same channel.
 *
 * Time: 18 clocks when anything runs, 8 per active channel, 16 per indirect
 * pointer read, 8 per byte moved; init costs 8 per direct and 24 per
 * indirect channel. The caller adds it to the clock (the CPU is halted).
 */
#include "emu/snes_internal.h"

enum { OVERHEAD = 18, PER_CHANNEL = 8, PER_POINTER = 16, PER_BYTE = 8 };

static bool indirect(const z3_snes_dma *d) { return d->dmap & 0x40; }

static uint8_t table_byte(z3_snes *snes, z3_snes_dma *d) {
  uint8_t v = snes_read(snes, (uint32_t)d->a1b << 16 | d->a2a, false);
  d->a2a++;
  return v;
}

/* Reads the next count byte (and pointer); returns the clocks it took. */
static uint32_t next_entry(z3_snes *snes, z3_snes_dma *d, bool last_active) {
  d->ntrl = table_byte(snes, d);
  d->hdma_done = d->ntrl == 0;
  d->hdma_do_transfer = true;
  if (!indirect(d)) return 0;
  if (d->hdma_done && last_active) {
    d->das = (uint16_t)(table_byte(snes, d) << 8);
    return PER_POINTER;
  }
  uint8_t lo = table_byte(snes, d);
  d->das = (uint16_t)(lo | table_byte(snes, d) << 8);
  return PER_POINTER;
}

uint32_t snes_hdma_init(z3_snes *snes) {
  uint8_t enabled = snes->io.hdmaen;
  if (!enabled) return 0;
  uint32_t clocks = OVERHEAD;
  for (int c = 0; c < 8; c++) {
    z3_snes_dma *d = &snes->dma[c];
    d->hdma_done = false;
    d->hdma_do_transfer = true;
    if (!(enabled & (1u << c))) continue;
    snes->dma_running &= (uint8_t)~(1u << c); /* HDMA takes the channel: its DMA ends */
    d->a2a = d->a1t;
    clocks += PER_CHANNEL + next_entry(snes, d, false);
  }
  return clocks;
}

static void transfer_unit(z3_snes *snes, z3_snes_dma *d) {
  unsigned pattern = d->dmap & 7;
  for (unsigned i = 0; i < snes_dma_unit_length[pattern]; i++) {
    uint8_t b = (uint8_t)(d->bbad + snes_dma_unit_offsets[pattern][i]);
    if (indirect(d)) snes_dma_transfer_byte(snes, d, (uint32_t)d->dasb << 16 | d->das++, b);
    else snes_dma_transfer_byte(snes, d, (uint32_t)d->a1b << 16 | d->a2a++, b);
  }
}

static bool active(const z3_snes *snes, int c) {
  return (snes->io.hdmaen & (1u << c)) && !snes->dma[c].hdma_done;
}

uint32_t snes_hdma_line(z3_snes *snes) {
  uint32_t clocks = 0;
  for (int c = 0; c < 8; c++) {
    z3_snes_dma *d = &snes->dma[c];
    if (!active(snes, c) || !d->hdma_do_transfer) continue;
    snes->dma_running &= (uint8_t)~(1u << c);
    transfer_unit(snes, d);
    clocks += PER_BYTE * snes_dma_unit_length[d->dmap & 7];
  }
  int last = -1;
  for (int c = 0; c < 8; c++)
    if (active(snes, c)) last = c;
  for (int c = 0; c <= last; c++) {
    z3_snes_dma *d = &snes->dma[c];
    if (!active(snes, c)) continue;
    clocks += PER_CHANNEL;
    d->ntrl--;
    d->hdma_do_transfer = d->ntrl & 0x80;
    if (!(d->ntrl & 0x7F)) clocks += next_entry(snes, d, c == last);
  }
  return clocks ? clocks + OVERHEAD : 0;
}
