/*
 * The CPU bus (A bus) and the B bus ($21xx).
 *
 *   banks $00-$3F, $80-$BF: $0000-$1FFF WRAM, $2000-$7FFF system area,
 *                           $8000-$FFFF cartridge
 *   banks $40-$7D, $C0-$FF: cartridge;  $7E-$7F: WRAM
 *
 * ROM and WRAM go through the page tables (cart.c); everything else takes
 * the slow path here. Reads of unmapped addresses return the open-bus byte
 * (the last byte on the data bus); reads of the CPU's own registers
 * ($4000-$43FF) do not update it (hardware reference §1.10).
 */
#include "emu/snes_internal.h"

static bool is_system_bank(unsigned bank) { return (bank & 0x40) == 0; }

unsigned z3_snes_access_clocks(const z3_snes *snes, uint32_t addr) {
  unsigned bank = (addr >> 16) & 0xFF, off = addr & 0xFFFF;
  unsigned rom = (snes->io.memsel & 1) ? 6 : 8;
  if (is_system_bank(bank)) {
    if (off & 0x8000) return (bank & 0x80) ? rom : 8;
    if (off < 0x2000) return 8;
    if (off < 0x4000) return 6;
    if (off < 0x4200) return 12;
    if (off < 0x6000) return 6;
    return 8;
  }
  return bank >= 0xC0 ? rom : 8;
}

uint8_t snes_bbus_read(z3_snes *snes, uint8_t reg, bool peek) {
  if (reg < 0x40) return snes_ppu_read(snes, reg, peek);
  if (reg < 0x80) {
    if (!peek) z3_apu_catch_up(&snes->apu, snes->clock);
    return z3_apu_cpu_read(&snes->apu, reg);
  }
  if (reg == 0x80) {
    uint8_t v = snes->wram[snes->io.wmadd];
    if (!peek) snes->io.wmadd = (snes->io.wmadd + 1) & 0x1FFFF;
    return v;
  }
  return snes->mdr; /* $2181-$2183 are write-only; $2184-$21FF unused */
}

void snes_bbus_write(z3_snes *snes, uint8_t reg, uint8_t value) {
  z3_snes_io *io = &snes->io;
  if (reg < 0x40) snes_ppu_write(snes, reg, value);
  else if (reg < 0x80) {
    z3_apu_catch_up(&snes->apu, snes->clock);
    z3_apu_cpu_write(&snes->apu, reg, value);
  }
  else if (reg == 0x80) {
    snes->wram[io->wmadd] = value;
    io->wmadd = (io->wmadd + 1) & 0x1FFFF;
  } else if (reg == 0x81) io->wmadd = (io->wmadd & 0x1FF00) | value;
  else if (reg == 0x82) io->wmadd = (io->wmadd & 0x100FF) | (uint32_t)value << 8;
  else if (reg == 0x83) io->wmadd = (io->wmadd & 0x0FFFF) | (uint32_t)(value & 1) << 16;
}

static uint8_t system_read(z3_snes *snes, unsigned off, bool peek) {
  if (off >= 0x2100 && off < 0x2200) return snes_bbus_read(snes, (uint8_t)off, peek);
  if (off == 0x4016 || off == 0x4017 || (off >= 0x4200 && off < 0x4220))
    return snes_io_read(snes, (uint16_t)off, peek);
  if (off >= 0x4300 && off < 0x4380) return snes_dma_read(snes, (uint16_t)off);
  return snes->mdr;
}

static void system_write(z3_snes *snes, unsigned off, uint8_t value) {
  if (off >= 0x2100 && off < 0x2200) snes_bbus_write(snes, (uint8_t)off, value);
  else if (off == 0x4016 || (off >= 0x4200 && off < 0x4220)) snes_io_write(snes, (uint16_t)off, value);
  else if (off >= 0x4300 && off < 0x4380) snes_dma_write(snes, (uint16_t)off, value);
}

uint8_t snes_read(z3_snes *snes, uint32_t addr, bool peek) {
  addr &= 0xFFFFFF;
  const uint8_t *page = snes->read_page[addr >> 12];
  if (page) return page[addr & 0xFFF];
  uint8_t *sram = snes_sram_at(snes, addr);
  if (sram) return *sram;
  unsigned bank = addr >> 16, off = addr & 0xFFFF;
  if (is_system_bank(bank) && off < 0x8000) return system_read(snes, off, peek);
  return snes->mdr;
}

void snes_write(z3_snes *snes, uint32_t addr, uint8_t value) {
  addr &= 0xFFFFFF;
  uint8_t *page = snes->write_page[addr >> 12];
  if (page) {
    page[addr & 0xFFF] = value;
    return;
  }
  uint8_t *sram = snes_sram_at(snes, addr);
  if (sram) {
    *sram = value;
    return;
  }
  unsigned bank = addr >> 16, off = addr & 0xFFFF;
  if (is_system_bank(bank) && off < 0x8000) system_write(snes, off, value);
  /* ROM and unmapped addresses ignore writes */
}

static bool is_cpu_register(uint32_t addr) {
  unsigned off = addr & 0xFFFF;
  return is_system_bank((addr >> 16) & 0xFF) && off >= 0x4000 && off < 0x4400;
}

/* After a DMA the CPU resumes on the grid of the cycle it resumes with: a
 * whole number (1..N) of that cycle's length since the pause began. Rare:
 * kept out of the access path. */
__attribute__((noinline, cold)) static void dma_resync(z3_snes *snes, uint32_t cycle) {
  snes->dma_resync = false;
  uint32_t wait = cycle - (uint32_t)((snes->clock - snes->dma_began) % cycle);
  snes->dma_clocks += wait;
  snes_advance(snes, wait);
}

/* A DMA requested by $420B starts once the CPU has run one more bus cycle
 * after the write's own. */
__attribute__((noinline, cold)) static void dma_cycle_end(z3_snes *snes) {
  if (!snes->dma_armed) {
    snes->dma_armed = true; /* the $420B write's own cycle */
    return;
  }
  uint8_t mask = snes->dma_pending;
  snes->dma_armed = false;
  snes->dma_pending = 0;
  snes->dma_began = snes->clock;
  snes->dma_resync = true;
  snes_dma_run(snes, mask);
}

/* cycle_begin runs the first `now` clocks of a cycle of `length`. */
static inline void cycle_begin(z3_snes *snes, uint32_t length, uint32_t now) {
  if (__builtin_expect(snes->dma_resync, 0)) dma_resync(snes, length);
  snes_advance(snes, now);
}

static inline void cycle_end(z3_snes *snes) {
  if (__builtin_expect(snes->dma_pending != 0, 0)) dma_cycle_end(snes);
}

/* A read samples the bus 4 clocks before its cycle ends (bsnes-mercury's
 * op_read); a write lands at the end. */
enum { READ_TAIL = 4 };

uint8_t z3_snes_bus_read(z3_snes *snes, uint32_t addr) {
  uint32_t length = z3_snes_access_clocks(snes, addr);
  cycle_begin(snes, length, length - READ_TAIL);
  if (snes->io.alu_steps) snes_alu_step(snes);
  const uint8_t *page = snes->read_page[(addr & 0xFFFFFF) >> 12]; /* ROM and WRAM without a call */
  uint8_t v = page ? page[addr & 0xFFF] : snes_read(snes, addr, false);
  snes_advance(snes, READ_TAIL);
  if (!is_cpu_register(addr)) snes->mdr = v;
  if (snes->watch_pages && snes->watch_pages[(addr & 0xFFFFFF) >> 12])
    snes->watch(snes->watch_ctx, addr & 0xFFFFFF, v, false);
  cycle_end(snes);
  return v;
}

void z3_snes_bus_write(z3_snes *snes, uint32_t addr, uint8_t value) {
  uint32_t length = z3_snes_access_clocks(snes, addr);
  cycle_begin(snes, length, length);
  if (snes->io.alu_steps) snes_alu_step(snes);
  snes->mdr = value;
  if (snes->watch_pages && snes->watch_pages[(addr & 0xFFFFFF) >> 12])
    snes->watch(snes->watch_ctx, addr & 0xFFFFFF, value, true);
  snes_write(snes, addr, value);
  cycle_end(snes);
}

void z3_snes_bus_idle(z3_snes *snes) {
  cycle_begin(snes, 6, 6);
  if (snes->io.alu_steps) snes_alu_step(snes);
  cycle_end(snes);
}

uint8_t z3_snes_peek(const z3_snes *snes, uint32_t addr) {
  /* peek never writes: the casts only let the shared read path be reused */
  return snes_read((z3_snes *)snes, addr, true);
}

void z3_snes_advance(z3_snes *snes, uint32_t clocks) { snes_advance(snes, clocks); }
