/*
 * The APU: the SPC700's bus ($F0-$FF registers, the IPL stand-in bytes, the
 * RAM), the timers, the clock against the console's master clock, and the
 * recording of the DSP's samples. The IPL loader is in apu_ipl.c.
 *
 * Every SPC700 cycle (read, write or idle) first calls z3_apu_tick: the
 * timers' prescalers step every 16 cycles (timer 2 each time, timers 0/1
 * every 8th time) and the DSP produces a sample every 32 cycles.
 */
#include <string.h>

#include "base/base.h"
#include "emu/apu.h"

enum {
  TIMER2_PRESCALE = 16,
  TIMER01_EVERY = 8,   /* timer 0/1 ticks per timer 2 tick: 128 cycles */
  DSP_SAMPLE_CYCLES = 32,
  IPL_BASE = 0xFFC0,
  AUDIO_FIRST_CAP = 32000 * 2,
};

static void timer_tick(z3_apu_timer *t) {
  if (!t->enabled) return;
  if (++t->stage2 == t->target) { /* a target of 0 is 256: stage2 wraps to 0 */
    t->stage2 = 0;
    t->out = (t->out + 1) & 15;
  }
}

static bool timers_running(const z3_apu *apu) { return (apu->test & 0x09) == 0x08; }

static void record(z3_apu *apu, const int16_t s[2]) {
  if (!apu->recording) return;
  if (apu->audio_frames == apu->audio_cap) {
    size_t cap = apu->audio_cap ? apu->audio_cap * 2 : AUDIO_FIRST_CAP;
    int16_t *grown = z3_realloc(apu->audio, cap * 2 * sizeof *grown);
    if (!grown) {
      apu->audio_oom = true;
      return;
    }
    apu->audio = grown;
    apu->audio_cap = cap;
  }
  apu->audio[2 * apu->audio_frames] = s[0];
  apu->audio[2 * apu->audio_frames + 1] = s[1];
  apu->audio_frames++;
}

void z3_apu_tick(z3_apu *apu) {
  uint64_t c = ++apu->cycles;
  if (c % TIMER2_PRESCALE == 0 && timers_running(apu)) {
    timer_tick(&apu->timers[2]);
    if (c % (TIMER2_PRESCALE * TIMER01_EVERY) == 0) {
      timer_tick(&apu->timers[0]);
      timer_tick(&apu->timers[1]);
    }
  }
  if (c % DSP_SAMPLE_CYCLES == 0) {
    int16_t s[2];
    z3_dsp_sample(&apu->dsp, s);
    record(apu, s);
  }
}

/* ---- the SPC700's bus ---------------------------------------------------------------------- */

static bool rom_visible(const z3_apu *apu, uint16_t addr) {
  return addr >= IPL_BASE && (apu->control & 0x80);
}

/* Our stand-in for the IPL ROM's 64 bytes (see apu.h): STOP everywhere,
 * the reset vector pointing at $FFC0. */
static uint8_t rom_byte(uint16_t addr) {
  if (addr == 0xFFFE) return IPL_BASE & 0xFF;
  if (addr == 0xFFFF) return IPL_BASE >> 8;
  return 0xFF;
}

static uint8_t register_read(z3_apu *apu, uint16_t addr, bool peek) {
  switch (addr) {
  case 0xF2: return apu->dspaddr;
  case 0xF3: return z3_dsp_read(&apu->dsp, apu->dspaddr & 0x7F);
  case 0xF4: case 0xF5: case 0xF6: case 0xF7: return apu->from_cpu[addr - 0xF4];
  case 0xF8: case 0xF9: return apu->ram[addr];
  case 0xFD: case 0xFE: case 0xFF: {
    z3_apu_timer *t = &apu->timers[addr - 0xFD];
    uint8_t v = t->out;
    if (!peek) t->out = 0;
    return v;
  }
  default: return 0; /* TEST, CONTROL and the targets are write-only */
  }
}

static void control_write(z3_apu *apu, uint8_t v) {
  for (int i = 0; i < 3; i++) {
    bool on = v & (1u << i);
    if (on && !apu->timers[i].enabled) apu->timers[i].stage2 = apu->timers[i].out = 0;
    apu->timers[i].enabled = on;
  }
  if (v & 0x10) apu->from_cpu[0] = apu->from_cpu[1] = 0;
  if (v & 0x20) apu->from_cpu[2] = apu->from_cpu[3] = 0;
  apu->control = v;
}

static void register_write(z3_apu *apu, uint16_t addr, uint8_t v) {
  switch (addr) {
  case 0xF0: apu->test = v; break;
  case 0xF1: control_write(apu, v); break;
  case 0xF2: apu->dspaddr = v; break;
  case 0xF3:
    if (apu->dspaddr < 0x80) z3_dsp_write(&apu->dsp, apu->dspaddr, v);
    break;
  case 0xF4: case 0xF5: case 0xF6: case 0xF7: apu->to_cpu[addr - 0xF4] = v; break;
  case 0xFA: case 0xFB: case 0xFC: apu->timers[addr - 0xFA].target = v; break;
  default: break; /* $F8/$F9 are plain RAM; $FD-$FF are read-only */
  }
}

static uint8_t read_at(z3_apu *apu, uint16_t addr, bool peek) {
  if (addr >= 0xF0 && addr <= 0xFF) return register_read(apu, addr, peek);
  if (rom_visible(apu, addr)) return rom_byte(addr);
  return apu->ram[addr];
}

uint8_t z3_apu_peek(const z3_apu *apu, uint16_t addr) {
  return read_at((z3_apu *)apu, addr, true); /* peek changes nothing */
}

static uint8_t spc_read(void *ctx, uint16_t addr) {
  z3_apu *apu = ctx;
  z3_apu_tick(apu);
  uint8_t v = read_at(apu, addr, false);
  if (apu->watch) apu->watch(apu->watch_ctx, addr, v, Z3_APU_READ);
  return v;
}

static void spc_write(void *ctx, uint16_t addr, uint8_t v) {
  z3_apu *apu = ctx;
  z3_apu_tick(apu);
  if (apu->watch) apu->watch(apu->watch_ctx, addr, v, Z3_APU_WRITE);
  apu->ram[addr] = v; /* writes to the registers and under the ROM reach RAM too */
  if (addr >= 0xF0 && addr <= 0xFF) register_write(apu, addr, v);
}

static void spc_idle(void *ctx) { z3_apu_tick(ctx); }

/* ---- power, run ------------------------------------------------------------------------------ */

/* Power-on RAM: 32 bytes of $00 then 32 of $FF, repeating (a pattern seen on
 * consoles; hardware reference §5.1), so runs never depend on the host. */
static void fill_ram(uint8_t *ram) {
  for (size_t i = 0; i < Z3_APU_RAM_SIZE; i++) ram[i] = (i & 0x20) ? 0xFF : 0x00;
}

void z3_apu_power_on(z3_apu *apu) {
  int16_t *audio = apu->audio;
  size_t cap = apu->audio_cap;
  bool recording = apu->recording;
  void (*watch)(void *, uint16_t, uint8_t, int) = apu->watch;
  void *watch_ctx = apu->watch_ctx;
  bool pal = apu->pal;
  memset(apu, 0, sizeof *apu);
  apu->pal = pal;
  apu->audio = audio, apu->audio_cap = cap, apu->recording = recording;
  apu->watch = watch, apu->watch_ctx = watch_ctx;
  fill_ram(apu->ram);
  apu->test = 0x0A;
  apu->control = 0x80;
  z3_spc700_init(&apu->spc, (z3_spc700_bus){apu, spc_read, spc_write, spc_idle});
  z3_dsp_power_on(&apu->dsp, apu->ram);
  z3_apu_ipl_enter(apu, true);
}

void z3_apu_release(z3_apu *apu) {
  z3_free(apu->audio);
  apu->audio = NULL;
  apu->audio_frames = apu->audio_cap = 0;
}

void z3_apu_run_to(z3_apu *apu, uint64_t cycles) {
  while (apu->cycles < cycles) {
    if (apu->ipl != Z3_IPL_OFF) {
      z3_apu_ipl_step(apu);
      continue;
    }
    uint16_t pc = apu->spc.r.pc;
    if ((apu->control & 0x80) && (pc == IPL_BASE || pc == IPL_BASE + 9)) {
      z3_apu_ipl_enter(apu, pc == IPL_BASE);
      continue;
    }
    if (apu->watch) apu->watch(apu->watch_ctx, pc, 0, Z3_APU_EXEC);
    z3_spc700_step(&apu->spc);
  }
}

void z3_apu_catch_up(z3_apu *apu, uint64_t master_clock) {
  /* exact until the product overflows: after (2^64 - 1) / 5632 clocks, over 4 years
   * (PAL: / 102400, some 100 days) */
  z3_apu_run_to(apu, apu->pal ? master_clock * Z3_APU_CYCLES_PER_PAL / Z3_APU_MASTER_PER_PAL
                              : master_clock * Z3_APU_CYCLES_PER / Z3_APU_MASTER_PER);
}
