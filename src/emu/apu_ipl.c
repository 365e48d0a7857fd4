/*
 * The IPL boot loader, emulated at a high level (no ROM bytes: see apu.h).
 *
 * State machine, one step per poll of the real loader's loop (hardware
 * reference §5.5):
 *
 *   CLEAR      SP = $EF, $01-$EF := 0                       -> SIGNATURE
 *   SIGNATURE  port 0 := $AA, port 1 := $BB                  -> WAIT_CC
 *   WAIT_CC    until port 0 reads $CC                        -> COMMAND
 *   COMMAND    $00/$01 := ports 2-3; echo port 0 (the kick);
 *              port 1 = 0: jump to [$00], else               -> BLOCK_START
 *   BLOCK_START until port 0 reads 0 (the first index)       -> BLOCK, Y = 0
 *   BLOCK      port 0 = Y: store port 1 at [$00]+Y, echo Y, Y += 1 (carry
 *              into $01 on wrap); port 0 1..128 ahead of Y   -> COMMAND
 *
 * Each step spends the SPC700 cycles of the loop it stands for (counted
 * from the instruction timings of a loop written that way: e.g. 25 cycles
 * per byte, 11 per unsuccessful poll), so uploads take about as long as on
 * hardware and timers and the DSP keep running meanwhile. The ports are
 * read once per step, which the real loop also does in effect: it samples
 * port 1 only after port 0 changed, and the S-CPU writes port 0 last.
 */
#include <string.h>

#include "emu/apu.h"

enum {
  CLEAR_CYCLES = 6 + 239 * 10 - 2, /* set-up, then 239 x (store, decrement, branch) */
  SIGNATURE_CYCLES = 10,
  WAIT_CC_CYCLES = 9,    /* compare port 0 with #$CC, branch back */
  COMMAND_CYCLES = 27,   /* two word reads, a word store, the echo, the test */
  JUMP_CYCLES = 6,
  WAIT_ZERO_CYCLES = 7,  /* read port 0, branch back */
  BYTE_CYCLES = 25,      /* compare, load, echo, indexed store, increment, branch */
  POLL_CYCLES = 11,      /* compare, branch, sign test, branch back */
};

static void spend(z3_apu *apu, int cycles) {
  for (int i = 0; i < cycles; i++) z3_apu_tick(apu);
}

void z3_apu_ipl_enter(z3_apu *apu, bool clear_ram) {
  apu->ipl = clear_ram ? Z3_IPL_CLEAR : Z3_IPL_SIGNATURE;
  apu->spc.halted = false;
}

static void jump(z3_apu *apu) {
  z3_spc700_regs *r = &apu->spc.r;
  spend(apu, JUMP_CYCLES);
  r->a = r->x = r->y = 0;
  r->sp = 0xEF;
  r->psw = (uint8_t)(Z3_SPC_Z | (apu->ipl_carry ? Z3_SPC_C : 0));
  r->pc = (uint16_t)(apu->ram[0] | apu->ram[1] << 8);
  apu->ipl = Z3_IPL_OFF;
}

static void command(z3_apu *apu) {
  spend(apu, COMMAND_CYCLES);
  apu->ram[0] = apu->from_cpu[2];
  apu->ram[1] = apu->from_cpu[3];
  apu->to_cpu[0] = apu->from_cpu[0];
  if (apu->from_cpu[1] == 0) jump(apu);
  else apu->ipl = Z3_IPL_BLOCK_START;
}

static void block_byte(z3_apu *apu) {
  uint8_t port0 = apu->from_cpu[0], y = apu->ipl_index;
  if (port0 == y) {
    spend(apu, BYTE_CYCLES);
    uint16_t base = (uint16_t)(apu->ram[0] | apu->ram[1] << 8);
    uint8_t data = apu->from_cpu[1];
    apu->to_cpu[0] = y;
    apu->ram[(uint16_t)(base + y)] = data;
    apu->ipl_index = (uint8_t)(y + 1);
    if (apu->ipl_index == 0) apu->ram[1]++;
    return;
  }
  spend(apu, POLL_CYCLES);
  if ((uint8_t)(y - port0) & 0x80) { /* a kick 1..128 ahead: the next command */
    apu->ipl_carry = y >= port0;
    apu->ipl = Z3_IPL_COMMAND;
  }
}

void z3_apu_ipl_step(z3_apu *apu) {
  switch (apu->ipl) {
  case Z3_IPL_CLEAR:
    spend(apu, CLEAR_CYCLES);
    apu->spc.r.sp = 0xEF;
    memset(apu->ram + 1, 0, 0xEF);
    apu->ipl = Z3_IPL_SIGNATURE;
    break;
  case Z3_IPL_SIGNATURE:
    spend(apu, SIGNATURE_CYCLES);
    apu->to_cpu[0] = 0xAA;
    apu->to_cpu[1] = 0xBB;
    apu->ipl = Z3_IPL_WAIT_CC;
    break;
  case Z3_IPL_WAIT_CC:
    spend(apu, WAIT_CC_CYCLES);
    if (apu->from_cpu[0] == 0xCC) {
      apu->ipl_carry = true; /* the compare that matched $CC */
      apu->ipl = Z3_IPL_COMMAND;
    }
    break;
  case Z3_IPL_COMMAND: command(apu); break;
  case Z3_IPL_BLOCK_START:
    spend(apu, WAIT_ZERO_CYCLES);
    if (apu->from_cpu[0] == 0) {
      apu->ipl_index = 0;
      apu->ipl = Z3_IPL_BLOCK;
    }
    break;
  case Z3_IPL_BLOCK: block_byte(apu); break;
  case Z3_IPL_OFF: break;
  }
}
