/*
 * CPU-side I/O registers: $4016/$4017 joypad ports, $4200-$420D controls,
 * $4210-$421F status, the multiply/divide unit and the auto-joypad results
 * (hardware reference §1.4-§1.8, §2.5).
 *
 * The multiply/divide unit runs one step per CPU cycle, so a program that
 * reads too early sees the partial result, as on hardware: multiply is 8
 * shift-and-add steps, divide 16 compare-and-subtract steps.
 */
#include "emu/snes_internal.h"

enum { CPU_VERSION = 2, MUL_STEPS = 8, DIV_STEPS = 16 };

void snes_io_power(z3_snes *snes) {
  z3_snes_io *io = &snes->io;
  *io = (z3_snes_io){0};
  io->wrio = 0xFF;
  io->wrmpya = 0xFF;
  io->wrdiv = 0xFFFF;
  io->htime = io->vtime = 0x1FF;
}

void snes_alu_step(z3_snes *snes) {
  z3_snes_io *io = &snes->io;
  if (io->alu_divide) {
    io->rddiv = (uint16_t)(io->rddiv << 1);
    io->alu_operand >>= 1;
    if (io->rdmpy >= io->alu_operand) {
      io->rdmpy = (uint16_t)(io->rdmpy - io->alu_operand);
      io->rddiv |= 1;
    }
  } else {
    if (io->rddiv & 1) io->rdmpy = (uint16_t)(io->rdmpy + io->alu_operand);
    io->rddiv >>= 1;
    io->alu_operand <<= 1;
  }
  io->alu_steps--;
}

void snes_alu_finish(z3_snes *snes) {
  while (snes->io.alu_steps) snes_alu_step(snes);
}

static void start_multiply(z3_snes_io *io, uint8_t b) {
  io->wrmpyb = b;
  io->rdmpy = 0;
  io->rddiv = (uint16_t)(b << 8 | io->wrmpya);
  io->alu_operand = b;
  io->alu_divide = false;
  io->alu_steps = MUL_STEPS;
}

static void start_divide(z3_snes_io *io, uint8_t divisor) {
  io->wrdivb = divisor;
  io->rdmpy = io->wrdiv;
  io->alu_operand = (uint32_t)divisor << 16;
  io->alu_divide = true;
  io->alu_steps = DIV_STEPS;
}

/* ---- joypads ---------------------------------------------------------- */

void z3_snes_set_pad(z3_snes *snes, int port, uint16_t buttons) {
  if (port >= 0 && port < 4) snes->io.pads[port] = buttons;
}

static void reload_pad_shifts(z3_snes_io *io) {
  /* 16 button bits, then the line reads 1 */
  for (int i = 0; i < 4; i++) io->pad_shift[i] = (uint32_t)io->pads[i] << 16 | 0xFFFF;
}

/* One bit from each data line of a port; the read clocks that port. */
static uint8_t manual_pad_read(z3_snes *snes, int port, bool peek) {
  z3_snes_io *io = &snes->io;
  uint32_t *d1 = &io->pad_shift[port], *d2 = &io->pad_shift[port + 2];
  if (io->pad_strobe && !peek) reload_pad_shifts(io);
  uint8_t bits = (uint8_t)((*d1 >> 31) | (*d2 >> 31) << 1);
  if (!peek) {
    *d1 = *d1 << 1 | 1;
    *d2 = *d2 << 1 | 1;
  }
  return bits;
}

/* Auto-read results as they stand now (timing.c schedules the read). */
static uint16_t joy_value(const z3_snes *snes, int i) {
  const z3_snes_io *io = &snes->io;
  if (io->joy_end && snes->clock >= io->joy_end) return io->joy_next[i];
  if (io->joy_end && snes->clock >= io->joy_start) return 0;
  return io->joy[i];
}

static bool joy_busy(const z3_snes *snes) {
  return snes->io.joy_end && snes->clock >= snes->io.joy_start && snes->clock < snes->io.joy_end;
}

/* ---- registers -------------------------------------------------------- */

static uint8_t status_read(z3_snes *snes, uint16_t addr, bool peek) {
  z3_snes_io *io = &snes->io;
  uint8_t mdr = snes->mdr;
  switch (addr) {
    case 0x4210: {
      uint8_t v = (uint8_t)((io->nmi_flag ? 0x80 : 0) | (mdr & 0x70) | CPU_VERSION);
      if (!peek) {
        io->nmi_flag = false;
        snes_update_nmi_line(snes);
      }
      return v;
    }
    case 0x4211: {
      uint8_t v = (uint8_t)((io->irq_flag ? 0x80 : 0) | (mdr & 0x7F));
      if (!peek && io->irq_flag) snes_set_irq_flag(snes, false);
      return v;
    }
    case 0x4212: {
      bool hblank = snes->hclock < 4 || snes->hclock >= 1096;
      return (uint8_t)((snes_in_vblank(snes) ? 0x80 : 0) | (hblank ? 0x40 : 0) | (mdr & 0x3E) |
                       (joy_busy(snes) ? 1 : 0));
    }
    case 0x4213: return io->wrio;
    case 0x4214: return (uint8_t)io->rddiv;
    case 0x4215: return (uint8_t)(io->rddiv >> 8);
    case 0x4216: return (uint8_t)io->rdmpy;
    case 0x4217: return (uint8_t)(io->rdmpy >> 8);
    default: break;
  }
  if (addr >= 0x4218 && addr <= 0x421F) {
    uint16_t v = joy_value(snes, (addr - 0x4218) / 2);
    return (uint8_t)(addr & 1 ? v >> 8 : v);
  }
  return mdr; /* write-only $4200-$420F */
}

uint8_t snes_io_read(z3_snes *snes, uint16_t addr, bool peek) {
  if (addr == 0x4016) return (uint8_t)((snes->mdr & 0xFC) | manual_pad_read(snes, 0, peek));
  if (addr == 0x4017) return (uint8_t)((snes->mdr & 0xE0) | 0x1C | manual_pad_read(snes, 1, peek));
  return status_read(snes, addr, peek);
}

static void write_nmitimen(z3_snes *snes, uint8_t value) {
  z3_snes_io *io = &snes->io;
  io->nmitimen = value;
  if (!(value & 0x30) && io->irq_flag) snes_set_irq_flag(snes, false);
  if (!(value & 1) && joy_busy(snes)) { /* stops the read in progress */
    io->joy_start = io->joy_end = 0;
  }
  snes_timing_irq_changed(snes); /* also re-evaluates the NMI edge */
}

void snes_io_write(z3_snes *snes, uint16_t addr, uint8_t value) {
  z3_snes_io *io = &snes->io;
  switch (addr) {
    case 0x4016:
      io->pad_strobe = value & 1;
      if (io->pad_strobe) reload_pad_shifts(io);
      break;
    case 0x4200: write_nmitimen(snes, value); break;
    case 0x4201:
      if ((io->wrio & 0x80) && !(value & 0x80)) snes_ppu_latch_counters(snes);
      io->wrio = value;
      break;
    case 0x4202: io->wrmpya = value; break;
    case 0x4203: start_multiply(io, value); break;
    case 0x4204: io->wrdiv = (uint16_t)((io->wrdiv & 0xFF00) | value); break;
    case 0x4205: io->wrdiv = (uint16_t)((io->wrdiv & 0x00FF) | value << 8); break;
    case 0x4206: start_divide(io, value); break;
    case 0x4207: io->htime = (uint16_t)((io->htime & 0x100) | value); snes_timing_irq_changed(snes); break;
    case 0x4208: io->htime = (uint16_t)((io->htime & 0xFF) | (value & 1) << 8); snes_timing_irq_changed(snes); break;
    case 0x4209: io->vtime = (uint16_t)((io->vtime & 0x100) | value); snes_timing_irq_changed(snes); break;
    case 0x420A: io->vtime = (uint16_t)((io->vtime & 0xFF) | (value & 1) << 8); snes_timing_irq_changed(snes); break;
    case 0x420B: /* the DMA itself runs after the CPU's next bus cycle (bus.c) */
      snes->dma_pending = value;
      if (value && snes->dma_watch) snes->dma_watch(snes->debug_ctx, value);
      break;
    case 0x420C: io->hdmaen = value; break; /* read at the next HDMA point */
    case 0x420D: io->memsel = value & 1; break;
    default: break; /* read-only or unused */
  }
}
