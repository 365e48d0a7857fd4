/* The console: power-on, the CPU's bus callbacks, the run loop, memory regions. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "emu/snes_internal.h"

enum { WRAM_FILL = 0x55, RESET_CLOCKS = 186 };

static uint8_t cpu_read(void *ctx, uint32_t addr) { return z3_snes_bus_read(ctx, addr); }
static void cpu_write(void *ctx, uint32_t addr, uint8_t v) { z3_snes_bus_write(ctx, addr, v); }
static void cpu_idle(void *ctx) { z3_snes_bus_idle(ctx); }

void z3_snes_power_on(z3_snes *snes) {
  memset(snes->wram, WRAM_FILL, sizeof snes->wram);
  if (snes->cart.sram) memset(snes->cart.sram, 0xFF, snes->cart.sram_size);
  snes_ppu_power(&snes->ppu);
  snes_io_power(snes);
  snes_dma_power(snes);
  snes->mdr = 0;
  z3_apu_power_on(&snes->apu);
  snes_timing_power(snes);
  z3_cpu_init(&snes->cpu, (z3_cpu_bus){.ctx = snes, .read = cpu_read, .write = cpu_write,
                                       .idle = cpu_idle});
  z3_cpu_reset(&snes->cpu);
  /* bsnes-mercury, the oracle, spends 186 clocks on the reset before the
   * first opcode fetch; our 65816 core's reset sequence took part of it */
  if (snes->clock < RESET_CLOCKS) snes_advance(snes, (uint32_t)(RESET_CLOCKS - snes->clock));
}

void z3_snes_set_pal(z3_snes *snes, bool pal) {
  snes->pal = pal;
  snes->apu.pal = pal;
  z3_snes_power_on(snes);
}

unsigned z3_snes_lines(const z3_snes *snes) {
  return (snes->pal ? Z3_SNES_LINES_PAL : Z3_SNES_LINES) + (snes->interlace_latch && !snes->field);
}

static bool header_says_pal(const z3_rom *rom) {
  z3_rom_header h;
  z3_rom_read_header(rom, &h);
  const char *video = z3_region_video(h.region);
  return video && strcmp(video, "PAL") == 0;
}

z3_status z3_snes_create(z3_snes **out, const z3_rom *rom, z3_error *err) {
  *out = NULL;
  z3_snes *snes = z3_calloc(1, sizeof *snes);
  if (!snes) return z3_error_set(err, Z3_E_NOMEM, "out of memory for the console");
  z3_status st = snes_cart_load(snes, rom, err);
  if (st) {
    z3_free(snes);
    return st;
  }
  snes_map_pages(snes);
  z3_snes_set_pal(snes, header_says_pal(rom));
  *out = snes;
  return Z3_OK;
}

void z3_snes_free(z3_snes *snes) {
  if (!snes) return;
  snes_cart_release(&snes->cart);
  z3_apu_release(&snes->apu);
  z3_free(snes);
}

/* WAI with nothing to wake it: let time run to the next timer event. */
static void wait_for_interrupt(z3_snes *snes) {
  snes_alu_finish(snes);
  uint32_t gap = snes->next_event > snes->hclock ? snes->next_event - snes->hclock : 1;
  snes_advance(snes, gap);
}

z3_snes_stop z3_snes_run(z3_snes *snes, uint64_t frames, bool until_pc, uint32_t pc24) {
  z3_cpu *cpu = &snes->cpu;
  uint64_t target = snes->frame + frames;
  while (snes->frame < target) {
    if (until_pc && ((uint32_t)cpu->r.pbr << 16 | cpu->r.pc) == pc24) return Z3_SNES_STOP_PC;
    if (cpu->stopped) return Z3_SNES_STOP_STP;
    if (cpu->waiting && !cpu->nmi_pending && !cpu->irq_line) {
      wait_for_interrupt(snes);
      continue;
    }
    z3_cpu_stop stop = z3_cpu_step(cpu, 1);
    if (stop == Z3_CPU_STOPPED) return Z3_SNES_STOP_STP;
    if (stop == Z3_CPU_HOOK || snes->break_requested) {
      snes->break_requested = false;
      return Z3_SNES_STOP_BREAK;
    }
  }
  return Z3_SNES_STOP_FRAMES;
}

/* ---- memory regions ----------------------------------------------------- */

static const char *const region_names[] = {"wram", "vram", "cgram", "oam", "sram", "bus", "apu"};

const char *z3_snes_region_name(z3_snes_region r) {
  return (unsigned)r <= Z3_REGION_APU ? region_names[r] : "unknown";
}

bool z3_snes_region_parse(const char *name, z3_snes_region *out) {
  for (unsigned r = 0; r <= Z3_REGION_APU; r++) {
    if (strcasecmp(name, region_names[r]) == 0) {
      *out = (z3_snes_region)r;
      return true;
    }
  }
  return false;
}

size_t z3_snes_region_size(const z3_snes *snes, z3_snes_region r) {
  switch (r) {
    case Z3_REGION_WRAM: return Z3_SNES_WRAM_SIZE;
    case Z3_REGION_VRAM: return Z3_SNES_VRAM_SIZE;
    case Z3_REGION_CGRAM: return Z3_SNES_CGRAM_SIZE;
    case Z3_REGION_OAM: return Z3_SNES_OAM_SIZE;
    case Z3_REGION_SRAM: return snes->cart.sram_size;
    case Z3_REGION_BUS: return 0x1000000;
    case Z3_REGION_APU: return Z3_APU_RAM_SIZE;
  }
  return 0;
}

uint8_t *z3_snes_region_bytes(z3_snes *snes, z3_snes_region r) {
  switch (r) {
    case Z3_REGION_WRAM: return snes->wram;
    case Z3_REGION_VRAM: return snes->ppu.vram;
    case Z3_REGION_CGRAM: return snes->ppu.cgram;
    case Z3_REGION_OAM: return snes->ppu.oam;
    case Z3_REGION_SRAM: return snes->cart.sram;
    case Z3_REGION_APU: return snes->apu.ram;
    case Z3_REGION_BUS: return NULL;
  }
  return NULL;
}

z3_status z3_snes_read_region(const z3_snes *snes, z3_snes_region r, uint32_t addr, size_t len,
                              uint8_t *out, z3_error *err) {
  size_t size = z3_snes_region_size(snes, r);
  if (size == 0) {
    z3_error_set(err, Z3_E_INVALID, "this cartridge has no %s", z3_snes_region_name(r));
    z3_error_hint(err, "the header's SRAM size byte ($FFD8) is 0");
    return Z3_E_INVALID;
  }
  if (addr >= size || len > size - addr) {
    z3_error_set(err, Z3_E_INVALID, "%s read of %zu bytes at 0x%X runs past its end (size 0x%zX)",
                 z3_snes_region_name(r), len, addr, size);
    return Z3_E_INVALID;
  }
  const uint8_t *bytes = z3_snes_region_bytes((z3_snes *)snes, r); /* only read */
  if (bytes) memcpy(out, bytes + addr, len);
  else
    for (size_t i = 0; i < len; i++) out[i] = z3_snes_peek(snes, addr + (uint32_t)i);
  return Z3_OK;
}
