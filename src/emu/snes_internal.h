/* Functions shared by the console's source files (emu/ only). */
#ifndef Z3_EMU_SNES_INTERNAL_H
#define Z3_EMU_SNES_INTERNAL_H

#include "emu/snes.h"

/* cart.c: the image, SRAM, and the page tables for ROM and WRAM. */
z3_status snes_cart_load(z3_snes *snes, const z3_rom *rom, z3_error *err);
void snes_cart_release(z3_snes_cart *cart);
void snes_map_pages(z3_snes *snes);
/* SRAM byte behind a CPU address, or NULL when the address is not SRAM. */
uint8_t *snes_sram_at(const z3_snes *snes, uint32_t addr);

/* bus.c: accesses without timing (also used by DMA for the A bus). */
uint8_t snes_read(z3_snes *snes, uint32_t addr, bool peek);
void snes_write(z3_snes *snes, uint32_t addr, uint8_t value);
/* The B bus ($21xx): PPU ports, APU ports, WRAM port. */
uint8_t snes_bbus_read(z3_snes *snes, uint8_t reg, bool peek);
void snes_bbus_write(z3_snes *snes, uint8_t reg, uint8_t value);

/* ppu_ports.c */
void snes_ppu_power(z3_snes_ppu *ppu);
uint8_t snes_ppu_read(z3_snes *snes, uint8_t reg, bool peek);
void snes_ppu_write(z3_snes *snes, uint8_t reg, uint8_t value);
/* Latches the H/V counters into $213C/$213D (a $2137 read or WRIO 1 -> 0). */
void snes_ppu_latch_counters(z3_snes *snes);

/* ppu.c: the renderer, driven by timing.c. */
/* Draws snes->line (1..224/239) into the frame up to pixel x (256: all of it). */
void snes_ppu_catch_up(z3_snes *snes, unsigned x);
/* The end of the picture of snes->line: the rest of it drawn, the next line's sprites fetched. */
void snes_ppu_line_end(z3_snes *snes);
/* A rendering register is about to change: the pixels before now keep the old state. */
void snes_ppu_before_write(z3_snes *snes);
void snes_ppu_frame_start(z3_snes *snes); /* line 0: latches overscan, clears $213E flags */
void snes_ppu_frame_end(z3_snes *snes);   /* vblank: the frame is complete */
/* First line of vblank: 225, or 240 when the frame was latched with overscan. */
static inline unsigned snes_vblank_line(const z3_snes *snes) {
  return snes->ppu.render.height + 1u;
}

/* io.c: $4016/$4017 and $4200-$421F. */
void snes_io_power(z3_snes *snes);
uint8_t snes_io_read(z3_snes *snes, uint16_t addr, bool peek);
void snes_io_write(z3_snes *snes, uint16_t addr, uint8_t value);
void snes_alu_step(z3_snes *snes);
/* Runs the multiply/divide unit to the end (the CPU idles through it). */
void snes_alu_finish(z3_snes *snes);

/* dma.c: $43x0-$43xF and general-purpose DMA. */
void snes_dma_power(z3_snes *snes);
uint8_t snes_dma_read(const z3_snes *snes, uint16_t addr);
void snes_dma_write(z3_snes *snes, uint16_t addr, uint8_t value);
/* Runs the channels in `mask` to completion, charging their time. */
void snes_dma_run(z3_snes *snes, uint8_t mask);
/* B-bus offsets of each byte of a unit per transfer pattern, and unit lengths. */
extern const uint8_t snes_dma_unit_offsets[8][4];
extern const uint8_t snes_dma_unit_length[8];
/* One byte between A-bus address a and B-bus register b, in DMAP's direction,
 * with the unreachable-address and WRAM-port rules. */
void snes_dma_transfer_byte(z3_snes *snes, const z3_snes_dma *d, uint32_t a, uint8_t b);

/* hdma.c: both return the clocks the CPU is halted for (0 when nothing ran). */
uint32_t snes_hdma_init(z3_snes *snes);
uint32_t snes_hdma_line(z3_snes *snes);

/* timing.c */
void snes_timing_power(z3_snes *snes);
/* Handles every event at or before the current hclock (called by advance). */
void snes_timing_events(z3_snes *snes);
/* $4200/$4207-$420A changed: the IRQ position and NMI line may move. */
void snes_timing_irq_changed(z3_snes *snes);
void snes_update_nmi_line(z3_snes *snes);
void snes_set_irq_flag(z3_snes *snes, bool on);
/* The PPU dot (0-339) of the current clock. */
unsigned snes_dot(const z3_snes *snes);
/* True when VRAM is writable: forced blank or vertical blank. */
bool snes_vram_open(const z3_snes *snes);
bool snes_in_vblank(const z3_snes *snes);

static inline void snes_advance(z3_snes *snes, uint32_t clocks) {
  snes->clock += clocks;
  snes->hclock += clocks;
  if (snes->hclock >= snes->next_event) snes_timing_events(snes);
}

#endif
