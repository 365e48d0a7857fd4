/*
 * The frame and scanline timer (hardware reference §1.3-§1.9).
 *
 * A line is 1364 master clocks (NTSC: 1360 on line 240 of every other frame,
 * the short line, when not interlaced; PAL interlaced: 1368 on line 311 of
 * field 1, the long line); 262 lines make an NTSC frame, 312 a PAL one, one
 * more in field 0 of an interlaced picture. Events inside a line, by hclock:
 *   0     new line; line 0 clears vblank and the NMI flag, line 225 starts
 *         vblank (OAM address reload, auto-joypad read scheduled)
 *   2     line 225: NMI flag set (the CPU sees an NMI if NMITIMEN bit 7)
 *   10    V-IRQ (mode V) on line VTIME
 *   14+4H H-IRQ at dot HTIME (+2 per long dot passed), mode H or HV
 *   12    line 0: HDMA init (when any HDMAEN bit is set)
 *   536   WRAM refresh: the CPU is halted for 40 clocks
 *   512   lines 1-224 (1-239 with overscan): the PPU draws the line
 *   1104  lines 0-224: HDMA transfers (when any channel is active)
 * Vblank starts at line 225, or 240 when SETINI's overscan bit was set at
 * line 0 (hardware reference §4.13).
 * Rather than test every event on every access, `next_event` holds the
 * nearest pending hclock and snes_advance calls in only when it is reached.
 */
#include <stdint.h>

#include "emu/snes_internal.h"

enum {
  EV_NMI = 1u << 0,
  EV_IRQ = 1u << 1,
  EV_REFRESH = 1u << 2,
  EV_HDMA_INIT = 1u << 3,
  EV_HDMA_LINE = 1u << 4,
  EV_RENDER = 1u << 5,
  HDMA_INIT_CLOCK = 12,
  HDMA_LINE_CLOCK = 1104,
  NMI_CLOCK = 2,
  VIRQ_CLOCK = 10,
  REFRESH_LAST = 538, /* the latest refresh position: on the 8-clock DMA grid, 531..538 */
  REFRESH_LENGTH = 40,
  REFRESH_ALU_STEPS = 5,
  SHORT_LINE = 240,
  LONG_LINE = 311,           /* PAL, interlace, field 1: 1368 clocks */
  INTERLACE_SAMPLE_LINE = 128,
  JOY_DELAY = 130,     /* earliest start of the auto-joypad read in the line */
  JOY_GRID = 256,      /* ...on a 256-clock grid counted from power-on */
  JOY_LENGTH = 4224,
  NO_EVENT = UINT32_MAX,
};

/* The refresh starts on the 8-clock grid counted from power-on, as on CPU
 * version 2 (bsnes-mercury: 530 + 8 - the grid phase at the line's start). */
static uint32_t refresh_position(const z3_snes *snes) {
  return REFRESH_LAST - (uint32_t)((snes->clock - snes->hclock) & 7);
}

static uint32_t irq_position(const z3_snes *snes) {
  unsigned mode = (snes->io.nmitimen >> 4) & 3;
  if (mode == 0) return NO_EVENT;
  if ((mode & 2) && snes->line != snes->io.vtime) return NO_EVENT;
  if (mode == 2) return VIRQ_CLOCK;
  unsigned h = snes->io.htime;
  if (h > 339) return NO_EVENT;
  uint32_t pos = 14 + 4 * h + (h > 323 ? 2 : 0) + (h > 327 ? 2 : 0);
  /* the last dots' positions spill into the next line; keep them on this one */
  return pos < snes->line_clocks ? pos : snes->line_clocks - 1;
}

static uint32_t next_event(const z3_snes *snes) {
  uint32_t next = snes->line_clocks;
  if (!(snes->line_done & EV_NMI) && snes->line == snes_vblank_line(snes) && NMI_CLOCK < next)
    next = NMI_CLOCK;
  if (!(snes->line_done & EV_IRQ)) {
    uint32_t irq = irq_position(snes);
    if (irq < next) next = irq;
  }
  if (!(snes->line_done & EV_REFRESH) && refresh_position(snes) < next) next = refresh_position(snes);
  if (!(snes->line_done & EV_RENDER) && snes->line >= 1 && snes->line < snes_vblank_line(snes) &&
      Z3_PPU_RENDER_CLOCK < next)
    next = Z3_PPU_RENDER_CLOCK;
  if (!(snes->line_done & EV_HDMA_INIT) && snes->line == 0 && HDMA_INIT_CLOCK < next)
    next = HDMA_INIT_CLOCK;
  if (!(snes->line_done & EV_HDMA_LINE) && snes->line < snes_vblank_line(snes) && HDMA_LINE_CLOCK < next)
    next = HDMA_LINE_CLOCK;
  return next;
}

void snes_update_nmi_line(z3_snes *snes) {
  bool line = (snes->io.nmitimen & 0x80) && snes->io.nmi_flag;
  if (line && !snes->io.nmi_line) {
    z3_cpu_nmi(&snes->cpu);
    snes->nmi_count++;
  }
  snes->io.nmi_line = line;
}

void snes_set_irq_flag(z3_snes *snes, bool on) {
  snes->io.irq_flag = on;
  z3_cpu_set_irq(&snes->cpu, on);
}

static void commit_joypad(z3_snes *snes) {
  z3_snes_io *io = &snes->io;
  if (io->joy_end && snes->clock >= io->joy_end) {
    for (int i = 0; i < 4; i++) io->joy[i] = io->joy_next[i];
    io->joy_start = io->joy_end = 0;
  }
}

/* The read itself is lazy: io.c reports the old values before joy_start, zero
 * while it runs and joy_next from joy_end (controllers are sampled here). */
static void schedule_joypad(z3_snes *snes, uint64_t line_start) {
  z3_snes_io *io = &snes->io;
  commit_joypad(snes);
  if (!(io->nmitimen & 1)) return;
  uint64_t start = (line_start + JOY_DELAY + JOY_GRID - 1) / JOY_GRID * JOY_GRID;
  io->joy_start = start;
  io->joy_end = start + JOY_LENGTH;
  for (int i = 0; i < 4; i++) io->joy_next[i] = io->pads[i];
}

static void begin_vblank(z3_snes *snes, uint64_t line_start) {
  z3_snes_ppu *ppu = &snes->ppu;
  snes_ppu_frame_end(snes);
  if (!(ppu->inidisp & 0x80)) ppu->oam_addr = (uint16_t)(ppu->oam_reload << 1);
  schedule_joypad(snes, line_start);
}

static void new_line(z3_snes *snes) {
  snes->line_done = 0;
  if (++snes->line == z3_snes_lines(snes)) {
    snes->line = 0;
    snes->frame++;
    snes->field = !snes->field;
    snes->io.nmi_flag = false;
    snes_update_nmi_line(snes);
    snes_ppu_frame_start(snes);
    z3_apu_catch_up(&snes->apu, snes->clock); /* the APU never lags more than a frame */
  }
  bool interlace = snes->ppu.setini & 1;
  if (snes->line == INTERLACE_SAMPLE_LINE) snes->interlace_latch = interlace; /* as bsnes samples it */
  snes->line_clocks = Z3_SNES_LINE_CLOCKS;
  if (!snes->pal && !interlace && snes->field && snes->line == SHORT_LINE) snes->line_clocks -= 4;
  if (snes->pal && interlace && snes->field && snes->line == LONG_LINE) snes->line_clocks += 4;
  if (snes->line == snes_vblank_line(snes)) begin_vblank(snes, snes->clock - snes->hclock);
}

/* The CPU is halted while the line goes on (refresh, HDMA). */
static void halt_cpu(z3_snes *snes, uint32_t clocks) {
  snes->clock += clocks;
  snes->hclock += clocks;
}

static void refresh(z3_snes *snes) {
  halt_cpu(snes, REFRESH_LENGTH);
  if (snes->dma_resync) snes->dma_began += REFRESH_LENGTH; /* a DMA's resync does not count the refresh (bsnes) */
  for (int i = 0; i < REFRESH_ALU_STEPS && snes->io.alu_steps; i++) snes_alu_step(snes);
}

void snes_timing_events(z3_snes *snes) {
  for (;;) {
    if (!(snes->line_done & EV_NMI) && snes->line == snes_vblank_line(snes) && snes->hclock >= NMI_CLOCK) {
      snes->line_done |= EV_NMI;
      snes->io.nmi_flag = true;
      snes_update_nmi_line(snes);
    }
    if (!(snes->line_done & EV_IRQ) && irq_position(snes) <= snes->hclock) {
      snes->line_done |= EV_IRQ;
      snes_set_irq_flag(snes, true);
    }
    if (!(snes->line_done & EV_RENDER) && snes->hclock >= Z3_PPU_RENDER_CLOCK) {
      snes->line_done |= EV_RENDER;
      snes_ppu_line_end(snes);
    }
    if (!(snes->line_done & EV_REFRESH) && snes->hclock >= refresh_position(snes)) {
      snes->line_done |= EV_REFRESH;
      refresh(snes);
    }
    if (!(snes->line_done & EV_HDMA_INIT) && snes->line == 0 && snes->hclock >= HDMA_INIT_CLOCK) {
      snes->line_done |= EV_HDMA_INIT;
      halt_cpu(snes, snes_hdma_init(snes));
    }
    if (!(snes->line_done & EV_HDMA_LINE) && snes->line < snes_vblank_line(snes) &&
        snes->hclock >= HDMA_LINE_CLOCK) {
      snes->line_done |= EV_HDMA_LINE;
      halt_cpu(snes, snes_hdma_line(snes));
    }
    if (snes->hclock < snes->line_clocks) break;
    snes->hclock -= snes->line_clocks;
    new_line(snes);
  }
  snes->next_event = next_event(snes);
}

void snes_timing_irq_changed(z3_snes *snes) {
  /* a position already passed on this line does not fire late */
  uint32_t irq = irq_position(snes);
  if (irq != NO_EVENT && irq < snes->hclock) snes->line_done |= EV_IRQ;
  else snes->line_done &= ~(unsigned)EV_IRQ;
  snes_update_nmi_line(snes);
  snes->next_event = next_event(snes);
}

void snes_timing_power(z3_snes *snes) {
  snes->clock = 0;
  snes->hclock = 0;
  snes->line = 0;
  snes->field = false;
  snes->frame = 0;
  snes->line_done = 0;
  snes->line_clocks = Z3_SNES_LINE_CLOCKS;
  snes->dma_clocks = 0;
  snes->nmi_count = 0;
  snes->next_event = next_event(snes);
}

unsigned snes_dot(const z3_snes *snes) {
  uint32_t h = snes->hclock;
  if (snes->line_clocks == Z3_SNES_LINE_CLOCKS) h -= (h > 1292 ? 2 : 0) + (h > 1310 ? 2 : 0);
  return h / 4;
}

bool snes_in_vblank(const z3_snes *snes) { return snes->line >= snes_vblank_line(snes); }

bool snes_vram_open(const z3_snes *snes) {
  return (snes->ppu.inidisp & 0x80) || snes_in_vblank(snes);
}
