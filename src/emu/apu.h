/*
 * emu/apu: the SNES sound unit: the SPC700 (emu/spc700.h), its 64 KiB ARAM,
 * the I/O registers at $F0-$FF (TEST, CONTROL, DSPADDR/DSPDATA, the four
 * ports in both directions, three timers), the S-DSP (emu/dsp.h) and the
 * IPL boot loader, emulated at a high level.
 *
 * The IPL ROM. The repository holds no Nintendo bytes: the loader's
 * behaviour is C code (apu_ipl.c) that follows the upload protocol of the
 * hardware reference §5.5 (the $AA/$BB ready signature, the $CC kick and
 * its echo, byte-by-byte block transfers, further blocks on a new kick, the
 * jump to the entry with A = X = Y = 0, SP = $EF) and spends SPC700 cycles
 * per step as the real loop's instructions would, so handshakes take about
 * as long as on hardware. It runs after reset and whenever the SPC700
 * reaches $FFC0 (from the top, clearing $01-$EF) or $FFC9 (skipping the
 * clear) while CONTROL bit 7 maps the ROM in. While the ROM is mapped,
 * reads of $FFC0-$FFFF return our own stand-in bytes: $FF (STOP: a program
 * that runs into the ROM anywhere else halts visibly) and the reset vector
 * $FFC0 at $FFFE/$FFFF; writes always go to the RAM underneath.
 *
 * Time. The APU runs on its own clock: one SPC700 cycle is 24 clocks of a
 * 24.576 MHz oscillator (1.024 MHz), i.e. 5632 / 118125 SPC700 cycles per
 * NTSC master clock (21 477 272.7 Hz), an exact rational so runs are
 * deterministic. The console catches the APU up to its master clock
 * (z3_apu_catch_up) at every $2140-$217F access and at the start of each
 * frame; between those points the two sides do not interact. The APU
 * executes whole instructions, so it can run a few cycles past the target;
 * the next catch-up accounts for that.
 *
 * Not modelled: TEST's wait-state settings (bits 7-4) and RAM disable (bit
 * 2); the OR of both values when both sides touch a port in the same cycle.
 */
#ifndef Z3_EMU_APU_H
#define Z3_EMU_APU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "emu/dsp.h"
#include "emu/spc700.h"

enum {
  Z3_APU_RAM_SIZE = 0x10000,
  Z3_APU_CYCLES_PER = 5632,    /* SPC700 cycles per ... */
  Z3_APU_MASTER_PER = 118125,  /* ... this many NTSC master clocks */
  Z3_APU_CYCLES_PER_PAL = 102400,   /* 1.024 MHz against PAL's 21.28137 MHz master clock */
  Z3_APU_MASTER_PER_PAL = 2128137,
  Z3_APU_SAMPLE_RATE = 32000,  /* the DSP's output: one stereo sample per 32 cycles */
};

typedef struct z3_apu_timer {
  uint8_t target;  /* $FA-$FC; 0 means 256 */
  uint8_t stage2;  /* counts prescaler ticks up to target */
  uint8_t out;     /* the 4-bit counter read at $FD-$FF */
  bool enabled;
} z3_apu_timer;

/* Where the high-level IPL loader is (apu_ipl.c). */
typedef enum z3_apu_ipl_state {
  Z3_IPL_OFF = 0,      /* the SPC700 runs the program */
  Z3_IPL_CLEAR,        /* clearing $01-$EF, then the ready signature */
  Z3_IPL_SIGNATURE,    /* writing $AA/$BB */
  Z3_IPL_WAIT_CC,      /* until port 0 reads $CC */
  Z3_IPL_COMMAND,      /* reading address, kick and command */
  Z3_IPL_BLOCK_START,  /* until port 0 reads 0 */
  Z3_IPL_BLOCK,        /* byte by byte */
} z3_apu_ipl_state;

typedef struct z3_apu {
  z3_spc700 spc;
  z3_dsp dsp;
  uint8_t ram[Z3_APU_RAM_SIZE];
  uint8_t from_cpu[4];  /* what the S-CPU wrote to $2140-$2143, read at $F4-$F7 */
  uint8_t to_cpu[4];    /* what the SPC700 wrote to $F4-$F7, read at $2140-$2143 */
  uint8_t test, control, dspaddr;
  z3_apu_timer timers[3];
  uint64_t cycles;      /* SPC700 cycles since power-on */
  bool pal;             /* the console's master clock is PAL's (set by the console, kept across power-on) */
  z3_apu_ipl_state ipl;
  uint8_t ipl_index;    /* the block transfer's Y */
  bool ipl_carry;       /* the carry the loader's last compare leaves for the program */
  /* The DSP's output since recording began: interleaved left, right at
   * 32 kHz. Grown by the APU while `recording`; freed by z3_apu_release. */
  int16_t *audio;
  size_t audio_frames, audio_cap;
  bool recording;
  bool audio_oom;       /* the buffer could not grow: samples were dropped */
  /* Debugger watch (debug/), NULL when unused; kept across power-on: called
   * before each SPC700 instruction (Z3_APU_EXEC, addr = PC) and on each of
   * its reads (after, with the byte) and writes (before, with the new byte). */
  void (*watch)(void *ctx, uint16_t addr, uint8_t value, int access);
  void *watch_ctx;
} z3_apu;

enum { Z3_APU_EXEC = 0, Z3_APU_READ, Z3_APU_WRITE };

/* Power-on: RAM pattern, registers, DSP reset, the IPL loader starting.
 * Keeps (and clears) the recording buffer. */
void z3_apu_power_on(z3_apu *apu);
void z3_apu_release(z3_apu *apu);

/* Runs until `cycles` SPC700 cycles have passed since power-on. */
void z3_apu_run_to(z3_apu *apu, uint64_t cycles);
/* Runs up to the time of `master_clock` (NTSC master clocks since power-on). */
void z3_apu_catch_up(z3_apu *apu, uint64_t master_clock);

/* The S-CPU side of the ports (catch up first). */
static inline uint8_t z3_apu_cpu_read(const z3_apu *apu, unsigned port) { return apu->to_cpu[port & 3]; }
static inline void z3_apu_cpu_write(z3_apu *apu, unsigned port, uint8_t v) { apu->from_cpu[port & 3] = v; }

/* The SPC700's view of its address space, without side effects (no timer
 * clears). */
uint8_t z3_apu_peek(const z3_apu *apu, uint16_t addr);

/* Internal to emu/apu*.c: one SPC700 cycle of time (timers, DSP). */
void z3_apu_tick(z3_apu *apu);
/* apu_ipl.c: one step of the loader, spending its cycles. */
void z3_apu_ipl_step(z3_apu *apu);
/* apu_ipl.c: enters the loader at $FFC0 (clear_ram) or $FFC9. */
void z3_apu_ipl_enter(z3_apu *apu, bool clear_ram);

#endif
