/*
 * emu/apu: the IPL loader's protocol driven from C as an S-CPU would drive
 * it, the $F0-$FF registers, the timers, the ROM stand-in bytes and the
 * clock against the master clock.
 */
#include <stdlib.h>
#include <string.h>

#include "emu/apu.h"
#include "test.h"

static z3_apu *new_apu(void) {
  z3_apu *apu = calloc(1, sizeof *apu);
  assert_non_null(apu);
  z3_apu_power_on(apu);
  return apu;
}

static void free_apu(z3_apu *apu) {
  z3_apu_release(apu);
  free(apu);
}

static void run_cycles(z3_apu *apu, uint64_t n) { z3_apu_run_to(apu, apu->cycles + n); }

/* Polls port 0 from the S-CPU side as an uploader does; false after ~1 s. */
static bool wait_port0(z3_apu *apu, uint8_t v) {
  for (int i = 0; i < 100000; i++) {
    if (z3_apu_cpu_read(apu, 0) == v) return true;
    run_cycles(apu, 10);
  }
  return false;
}

static void put_word(z3_apu *apu, unsigned port, uint16_t v) {
  z3_apu_cpu_write(apu, port, (uint8_t)v);
  z3_apu_cpu_write(apu, port + 1, (uint8_t)(v >> 8));
}

/* The S-CPU half of the protocol (hardware reference §5.5): one block, then
 * the jump. Port 0 is always written last. */
static void upload(z3_apu *apu, uint16_t addr, const uint8_t *data, size_t n, uint16_t entry) {
  assert_true(wait_port0(apu, 0xAA));
  assert_int_equal(z3_apu_cpu_read(apu, 1), 0xBB);
  put_word(apu, 2, addr);
  z3_apu_cpu_write(apu, 1, 1);
  z3_apu_cpu_write(apu, 0, 0xCC);
  assert_true(wait_port0(apu, 0xCC));
  for (size_t i = 0; i < n; i++) {
    z3_apu_cpu_write(apu, 1, data[i]);
    z3_apu_cpu_write(apu, 0, (uint8_t)i);
    assert_true(wait_port0(apu, (uint8_t)i));
  }
  uint8_t kick = (uint8_t)(n + 1);
  put_word(apu, 2, entry);
  z3_apu_cpu_write(apu, 1, 0);
  z3_apu_cpu_write(apu, 0, kick);
  assert_true(wait_port0(apu, kick));
}

/* MOV $F5,#$5A ; MOV $FA,#4 ; MOV $F1,#$01 ; BRA * */
static const uint8_t program[] = {0x8F, 0x5A, 0xF5, 0x8F, 0x04, 0xFA, 0x8F, 0x01, 0xF1, 0x2F, 0xFE};

Z3_TEST(test_apu_ipl__signature_upload_and_jump) {
  (void)state;
  z3_apu *apu = new_apu();
  assert_int_equal(z3_apu_cpu_read(apu, 0), 0x00); /* still clearing */
  upload(apu, 0x0300, program, sizeof program, 0x0300);
  assert_memory_equal(apu->ram + 0x300, program, sizeof program);
  assert_int_equal(apu->ipl, Z3_IPL_OFF);
  run_cycles(apu, 40);
  assert_int_equal(z3_apu_cpu_read(apu, 1), 0x5A); /* the program runs */
  /* registers at the jump: A = X = Y = 0, SP = $EF (the pushes of none) */
  assert_int_equal(apu->spc.r.x, 0);
  assert_int_equal(apu->spc.r.y, 0);
  assert_int_equal(apu->spc.r.sp, 0xEF);
  assert_true((apu->spc.r.pc & 0xFFF0) == 0x0300);
  /* the loader cleared $01-$EF on the way */
  for (unsigned a = 0x10; a < 0xEF; a++) assert_int_equal(apu->ram[a], 0);
  free_apu(apu);
}

Z3_TEST(test_apu_ipl__second_block_on_a_new_kick_and_long_blocks) {
  (void)state;
  z3_apu *apu = new_apu();
  assert_true(wait_port0(apu, 0xAA));
  put_word(apu, 2, 0x1000);
  z3_apu_cpu_write(apu, 1, 1);
  z3_apu_cpu_write(apu, 0, 0xCC);
  assert_true(wait_port0(apu, 0xCC));
  for (unsigned i = 0; i < 300; i++) { /* past 256: the loader carries into $01 */
    z3_apu_cpu_write(apu, 1, (uint8_t)(i * 7));
    z3_apu_cpu_write(apu, 0, (uint8_t)i);
    assert_true(wait_port0(apu, (uint8_t)i));
  }
  uint8_t kick = (uint8_t)(299 + 2);
  put_word(apu, 2, 0x2000); /* the second block */
  z3_apu_cpu_write(apu, 1, 1);
  z3_apu_cpu_write(apu, 0, kick);
  assert_true(wait_port0(apu, kick));
  z3_apu_cpu_write(apu, 1, 0x77);
  z3_apu_cpu_write(apu, 0, 0);
  assert_true(wait_port0(apu, 0));
  for (unsigned i = 0; i < 300; i++) assert_int_equal(apu->ram[0x1000 + i], (uint8_t)(i * 7));
  assert_int_equal(apu->ram[0x2000], 0x77);
  assert_int_equal(apu->ipl, Z3_IPL_BLOCK);
  free_apu(apu);
}

/* A program placed directly in RAM, the loader skipped. */
static void start_at(z3_apu *apu, uint16_t pc, const uint8_t *code, size_t n) {
  memcpy(apu->ram + pc, code, n);
  apu->ipl = Z3_IPL_OFF;
  apu->spc.r.pc = pc;
}

Z3_TEST(test_apu_timers__period_target_and_clear_on_read) {
  (void)state;
  z3_apu *apu = new_apu();
  start_at(apu, 0x0400, program, sizeof program);
  run_cycles(apu, 64);
  assert_true(apu->timers[0].enabled);
  assert_false(apu->control & 0x80); /* CONTROL $01 also unmapped the ROM */
  (void)z3_apu_peek(apu, 0xFD);
  apu->timers[0].out = 0;
  /* every 128 cycles a tick, every 4 ticks an output step: five steps in 2560 */
  run_cycles(apu, 5 * 4 * 128);
  assert_int_equal(z3_apu_peek(apu, 0xFD), 5);
  assert_int_equal(z3_apu_peek(apu, 0xFD), 5); /* peeking does not clear */
  assert_int_equal(z3_apu_peek(apu, 0xFE), 0); /* timer 1 is off */
  free_apu(apu);
}

Z3_TEST(test_apu_registers__ports_dsp_and_control) {
  (void)state;
  z3_apu *apu = new_apu();
  /* MOV $F2,#$0C ; MOV $F3,#$7F ; MOV A,$FD ; MOV $F1,#$30 ; BRA * */
  static const uint8_t code[] = {0x8F, 0x0C, 0xF2, 0x8F, 0x7F, 0xF3, 0xE4, 0xFD,
                                 0x8F, 0x30, 0xF1, 0x2F, 0xFE};
  z3_apu_cpu_write(apu, 0, 0x11);
  z3_apu_cpu_write(apu, 3, 0x33);
  start_at(apu, 0x0500, code, sizeof code);
  assert_int_equal(z3_apu_peek(apu, 0xF4), 0x11);
  assert_int_equal(z3_apu_peek(apu, 0xF7), 0x33);
  run_cycles(apu, 40);
  assert_int_equal(apu->dsp.regs[0x0C], 0x7F); /* MVOLL through DSPADDR/DSPDATA */
  assert_int_equal(z3_apu_peek(apu, 0xF3), 0x7F);
  assert_int_equal(z3_apu_peek(apu, 0xF4), 0); /* CONTROL bits 4-5 cleared the inputs */
  assert_int_equal(z3_apu_peek(apu, 0xF7), 0);
  assert_int_equal(z3_apu_peek(apu, 0xF1), 0); /* write-only */
  free_apu(apu);
}

Z3_TEST(test_apu_rom__stand_in_bytes_only_while_mapped) {
  (void)state;
  z3_apu *apu = new_apu();
  apu->ram[0xFFC0] = 0x12;
  apu->ram[0xFFFE] = 0x34;
  assert_int_equal(z3_apu_peek(apu, 0xFFC0), 0xFF); /* our stand-in: STOP */
  assert_int_equal(z3_apu_peek(apu, 0xFFFE), 0xC0); /* reset vector $FFC0 */
  assert_int_equal(z3_apu_peek(apu, 0xFFFF), 0xFF);
  apu->control = 0;
  assert_int_equal(z3_apu_peek(apu, 0xFFC0), 0x12);
  assert_int_equal(z3_apu_peek(apu, 0xFFFE), 0x34);
  free_apu(apu);
}

Z3_TEST(test_apu_ipl__jump_to_ffc0_reenters_the_loader) {
  (void)state;
  z3_apu *apu = new_apu();
  /* MOV $F4,#$00 ; JMP $FFC9: back into the loader without clearing */
  static const uint8_t code[] = {0x8F, 0x00, 0xF4, 0x5F, 0xC9, 0xFF};
  start_at(apu, 0x0600, code, sizeof code);
  apu->ram[0x20] = 0x99;
  run_cycles(apu, 6); /* MOV (5 cycles) and JMP (3) */
  assert_int_equal(z3_apu_cpu_read(apu, 0), 0x00);
  assert_int_equal(apu->spc.r.pc, 0xFFC9); /* the loader takes over at the next step */
  assert_true(wait_port0(apu, 0xAA));
  assert_int_equal(apu->ram[0x20], 0x99); /* $FFC9 skips the clear */
  free_apu(apu);
}

Z3_TEST(test_apu_clock__rate_against_the_master_clock) {
  (void)state;
  z3_apu *apu = new_apu();
  /* one NTSC second, 21 477 273 master clocks: 1 024 000 SPC700 cycles, 32 000 samples */
  z3_apu_catch_up(apu, 21477273);
  assert_true(apu->cycles >= 1024000 && apu->cycles < 1024000 + 16);
  assert_int_equal(apu->dsp.samples, apu->cycles / 32);
  free_apu(apu);
}

Z3_RUN(cmocka_unit_test(test_apu_ipl__signature_upload_and_jump),
       cmocka_unit_test(test_apu_ipl__second_block_on_a_new_kick_and_long_blocks),
       cmocka_unit_test(test_apu_timers__period_target_and_clear_on_read),
       cmocka_unit_test(test_apu_registers__ports_dsp_and_control),
       cmocka_unit_test(test_apu_rom__stand_in_bytes_only_while_mapped),
       cmocka_unit_test(test_apu_ipl__jump_to_ffc0_reenters_the_loader),
       cmocka_unit_test(test_apu_clock__rate_against_the_master_clock))
